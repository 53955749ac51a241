"""Forms of the portal. They only read what the player typed; the rules are checked by the results service.

Players count games from their own team's side ("my player won 2, theirs 1"); `to_games` turns that into the
service's team-A view.
"""
from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.services.results import SeatGames, SharedGames

WIN_CHOICES = [(n, str(n)) for n in range(3)]
DRAW_CHOICES = [(n, str(n)) for n in range(4)]


def _count(label: str, choices) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(label=label, choices=choices, coerce=int, initial=0)


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


def report_form_for(match_view, data=None) -> forms.Form:
    """The report form that fits the match's event."""
    form_class = SharedReportForm if match_view.match.round.event.is_shared_game else SeatReportForm
    return form_class(data, match_view=match_view)


class DisputeForm(forms.Form):
    note = forms.CharField(
        label=_("What is wrong with the report?"), required=False, max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("The organizer reads this and settles the result."),
    )
