"""Forms of the portal. They only read what the player typed; the rules are checked by the results service.

Players count games from their own team's side ("my player won 2, theirs 1"); `to_games` turns that into the
service's team-A view.
"""
from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.services.results import SeatGames, SharedGames

WIN_CHOICES = [(n, str(n)) for n in range(3)]
DRAW_CHOICES = [(n, str(n)) for n in range(4)]


def _count(label: str, choices, *, required: bool = True) -> forms.TypedChoiceField:
    """A count chosen from `choices`, starting empty: nothing is reported by a single tap (a 0-0 draw used to be),
    every count is chosen on purpose."""
    return forms.TypedChoiceField(
        label=label, choices=[("", "–"), *choices], coerce=int, empty_value=0 if not required else None,
        required=required, error_messages={"required": _("Choose the number of games.")},
    )


class SeatReportForm(forms.Form):
    """Seat against seat: each seat's best-of-three, games from the reporting team's side."""

    def __init__(self, *args, match_view, **kwargs):
        super().__init__(*args, **kwargs)
        self.match_view = match_view
        self.seat_groups = []
        for seat in match_view.seats:
            mine = seat.mine.player.name if seat.mine else _("our player")
            theirs = seat.theirs.player.name if seat.theirs else _("their player")
            names = (f"seat_{seat.letter}_mine", f"seat_{seat.letter}_theirs", f"seat_{seat.letter}_draws")
            self.fields[names[0]] = _count(_("Games won by %(name)s") % {"name": mine}, WIN_CHOICES)
            self.fields[names[1]] = _count(_("Games won by %(name)s") % {"name": theirs}, WIN_CHOICES)
            self.fields[names[2]] = _count(_("Drawn games"), DRAW_CHOICES)
            self.seat_groups.append((seat, [self[n] for n in names]))

    def to_games(self) -> dict:
        a_side = self.match_view.side == "A"
        seats = []
        for seat, _fields in self.seat_groups:
            mine = self.cleaned_data[f"seat_{seat.letter}_mine"]
            theirs = self.cleaned_data[f"seat_{seat.letter}_theirs"]
            draws = self.cleaned_data[f"seat_{seat.letter}_draws"]
            wins_a, wins_b = (mine, theirs) if a_side else (theirs, mine)
            seats.append(SeatGames(letter=seat.letter, wins_a=wins_a, wins_b=wins_b, draws=draws))
        return {"seats": seats}


class SharedReportForm(forms.Form):
    """Shared-game matches (Two-Headed Giant, Three-Headed Serpent): the games each team won."""

    mine = _count(_("Games won by my team"), WIN_CHOICES)
    theirs = _count(_("Games won by the other team"), WIN_CHOICES)
    draws = _count(_("Drawn games"), DRAW_CHOICES)

    def __init__(self, *args, match_view, **kwargs):
        super().__init__(*args, **kwargs)
        self.match_view = match_view

    def to_games(self) -> dict:
        mine, theirs, draws = (self.cleaned_data[k] for k in ("mine", "theirs", "draws"))
        wins_a, wins_b = (mine, theirs) if self.match_view.side == "A" else (theirs, mine)
        return {"games": SharedGames(wins_a=wins_a, wins_b=wins_b, draws=draws)}


def _current_report(match_view) -> dict:
    """The stored report from the viewer's side, to start a correction from."""
    if match_view.match.round.event.is_shared_game:
        mine, theirs, draws = match_view.games_for_me
        return {"mine": mine, "theirs": theirs, "draws": draws}
    initial = {}
    for seat in match_view.seats:
        if seat.my_wins is not None:
            initial.update({f"seat_{seat.letter}_mine": seat.my_wins, f"seat_{seat.letter}_theirs": seat.their_wins,
                            f"seat_{seat.letter}_draws": seat.draws})
    return initial


def report_form_for(match_view, data=None, *, correcting: bool = False) -> forms.Form:
    """The report form that fits the match's event: empty for a first report, the team's own report when it
    corrects it."""
    form_class = SharedReportForm if match_view.match.round.event.is_shared_game else SeatReportForm
    initial = _current_report(match_view) if correcting and data is None else None
    return form_class(data, match_view=match_view, initial=initial)


class DisputeForm(forms.Form):
    note = forms.CharField(
        label=_("What is wrong with the report?"), required=True, max_length=2000,
        error_messages={"required": _("Say what is wrong with the report: the organizer settles the dispute from your note.")},
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("The organizer reads this and settles the result."),
    )
