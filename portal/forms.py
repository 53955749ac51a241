"""Forms of the portal. They only read what the player typed; the rules are checked by the results service.

A result is one choice per seat (or per shared-game match) among the ways a best-of-N ends, from the reporting
team's side ("2-1" = our player won two games, theirs one; "ID" an intentional draw, 0-0-3), read by the desk's own
parser (tournaments.entry); `to_games` turns that into the service's team-A view.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.entry import parse_result, reported_results, result_token
from tournaments.services.results import SeatGames, SharedGames
from tournaments.wording import entrant_sentence

# The label of a result whose typed token doesn't say it by itself; the others read as typed ("2-1").
_LABELS = {
    3: {"ID": _("ID (intentional draw)")},
    1: {"1-0": _("Won"), "0-1": _("Lost"), "0-0-1": _("Draw")},
}


def result_choices(*, best_of: int = 3) -> list[tuple[str, str]]:
    """Every way a best-of-`best_of` match ends, from the reporter's side (tournaments.entry.reported_results): the
    common ones first. Each value is the result as the desk types it ("2-1", "1-0", "1-1-1", "ID")."""
    common, more = reported_results(best_of=best_of)
    return [(value, _LABELS[best_of].get(value, value)) for value in (*common, *more)]


def result_games(value: str) -> tuple[int, int, int]:
    """(games we won, games they won, drawn games) of a choice of `result_choices`, read by the desk's parser."""
    return parse_result(value)


def result_value(games: tuple[int, int, int], *, best_of: int = 3) -> str | None:
    """The choice that stands for stored games, or None when they are none of the choices (the desk entered them)."""
    value = result_token(tuple(games))
    return value if value in dict(result_choices(best_of=best_of)) else None


class ResultField(forms.ChoiceField):
    """One tap per seat: no choice is made for the player, so a stray submit reports nothing. `common` holds the
    values shown first; the page keeps the rest one tap away."""

    def __init__(self, label: str, *, best_of: int = 3):
        super().__init__(
            label=label,
            choices=result_choices(best_of=best_of),
            widget=forms.RadioSelect(attrs={"class": "result-choice"}),
            error_messages={
                "required": _("Choose how the match ended."),
                "invalid_choice": _("Choose one of the results shown."),
            },
        )
        self.common = reported_results(best_of=best_of)[0]


class SeatReportForm(forms.Form):
    """Seat against seat: each seat's best-of-three, one choice from the reporting team's side."""

    def __init__(self, *args, match_view, **kwargs):
        super().__init__(*args, **kwargs)
        self.match_view = match_view
        self.seat_groups = []
        for seat in match_view.seats:
            mine = seat.mine.player.name if seat.mine else _("our player")
            theirs = seat.theirs.player.name if seat.theirs else _("their player")
            name = f"seat_{seat.letter}"
            self.fields[name] = ResultField(
                entrant_sentence(
                    event=match_view.match.round.event,
                    key="seat_against",
                    seat=seat.letter,
                    mine=mine,
                    theirs=theirs,
                )
            )
            self.seat_groups.append((seat, self[name]))

    def to_games(self) -> dict:
        a_side = self.match_view.side == "A"
        seats = []
        for seat, _field in self.seat_groups:
            mine, theirs, draws = result_games(self.cleaned_data[f"seat_{seat.letter}"])
            wins_a, wins_b = (mine, theirs) if a_side else (theirs, mine)
            seats.append(SeatGames(letter=seat.letter, wins_a=wins_a, wins_b=wins_b, draws=draws))
        return {"seats": seats}


class SharedReportForm(forms.Form):
    """Shared-game matches (Two-Headed Giant, Three-Headed Serpent): how the match of the two teams ended."""

    def __init__(self, *args, match_view, **kwargs):
        super().__init__(*args, **kwargs)
        self.match_view = match_view
        self.best_of = match_view.match.round.event.shared_games_per_match
        self.fields["result"] = ResultField(_("Our team against the other team"), best_of=self.best_of)

    def to_games(self) -> dict:
        mine, theirs, draws = result_games(self.cleaned_data["result"])
        wins_a, wins_b = (mine, theirs) if self.match_view.side == "A" else (theirs, mine)
        return {"games": SharedGames(wins_a=wins_a, wins_b=wins_b, draws=draws)}


def _current_report(match_view) -> dict:
    """The stored report from the viewer's side, to start a correction from."""
    event = match_view.match.round.event
    if event.is_shared_game:
        return {"result": result_value(match_view.games_for_me, best_of=event.shared_games_per_match)}
    return {
        f"seat_{seat.letter}": result_value((seat.my_wins, seat.their_wins, seat.draws))
        for seat in match_view.seats
        if seat.my_wins is not None
    }


def report_form_for(match_view, data=None, *, correcting: bool = False) -> forms.Form:
    """The report form that fits the match's event: empty for a first report, the team's own report when it
    corrects it."""
    form_class = SharedReportForm if match_view.match.round.event.is_shared_game else SeatReportForm
    initial = _current_report(match_view) if correcting and data is None else None
    return form_class(data, match_view=match_view, initial=initial)


class DisputeForm(forms.Form):
    note = forms.CharField(
        label=_("What is wrong with the report?"),
        required=True,
        max_length=2000,
        error_messages={
            "required": _("Say what is wrong with the report: the organizer settles the dispute from your note.")
        },
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("The organizer reads this and settles the result."),
    )
