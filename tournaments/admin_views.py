"""The organizer's printable pages and forms inside the admin: pairings, standings (HTML and CSV), swapping teams.

Thin views: they read through selectors and write through services.
"""

from fractions import Fraction
from functools import wraps

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from common.params import plain_int
from tournaments.doors import event_with_right
from tournaments.enums import EventStatus
from tournaments.exports import CONTENT_TYPES, dataset_bytes, decided_by_text, standings_dataset
from tournaments.models import Event, Registration, Round
from tournaments.rights import may_run_event
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.pairings import round_lines_by_team, round_tables
from tournaments.selectors.rounds import round_latest
from tournaments.selectors.standings import standings_for_event, team_names_for_event
from tournaments.selectors.team_marks import team_marks_for_event
from tournaments.services.decklists import registrations_deck_problems_complete
from tournaments.services.pairing import round_swap_teams
from tournaments.standings import OpponentAverage, StandingRow, WinPercentage, _round_4


def _runs_event(permission: str):
    """The admin site's own check is only is_staff: each page also asks tournaments.rights.may_run_event of its
    event (or its round's event; anyone else gets 404, as for an object that doesn't exist), then the model
    permission of what it shows or changes (403 without it)."""

    def decorator(view):
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs):
            if "round_id" in kwargs:
                event_id = Round.objects.filter(pk=kwargs["round_id"]).values_list("event_id", flat=True).first()
            else:
                event_id = kwargs["event_id"]
            if event_with_right(pk=event_id, subject=request.user, right=may_run_event) is None:
                raise Http404(_("No such event."))
            if not request.user.has_perm(f"tournaments.{permission}"):
                raise PermissionDenied(_("You don't have permission to open this page."))
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


def _context(request: HttpRequest, title: str, **extra) -> dict:
    return {**admin.site.each_context(request), "title": title, **extra}


def _round(event: Event, number: int | None) -> Round | None:
    rounds = event.rounds.order_by("-number")
    return rounds.filter(number=number).first() if number else round_latest(event=event)


@_runs_event("view_round")
def event_pairings(request: HttpRequest, event_id: int) -> TemplateResponse:
    """Printable pairings of a round (the latest by default): by table, then alphabetically by team."""
    event = get_object_or_404(Event, pk=event_id)
    round_ = _round(event, plain_int(request.GET.get("round"), max_digits=6))  # not a number: the latest
    return TemplateResponse(
        request,
        "tournaments/admin/pairings.html",
        _context(
            request,
            _("Pairings"),
            event=event,
            round=round_,
            rounds=event.rounds.order_by("number"),
            tables=round_tables(round_=round_) if round_ else [],
            by_team=round_lines_by_team(round_=round_) if round_ else [],
        ),
    )


@_runs_event("view_round")
def event_standings(request: HttpRequest, event_id: int) -> TemplateResponse:
    """Printable standings with every tiebreaker figure and its parts, so a judge can check it by hand."""
    event = get_object_or_404(Event, pk=event_id)
    names = team_names_for_event(event=event)
    marks = team_marks_for_event(event=event)
    lines = [
        (row, names.get(row.team, row.team), marks.get(row.team), _explain(row, names))
        for row in standings_for_event(event=event)
    ]
    placings = []
    if event.status == EventStatus.FINISHED:
        placings = [(p, names.get(p.team, p.team)) for p in placements_for_event(event=event)]
    return TemplateResponse(
        request,
        "tournaments/admin/standings.html",
        _context(request, _("Standings"), event=event, lines=lines, placings=placings),
    )


def _win_text(figure: WinPercentage) -> str:
    if not figure.played:
        return _("nothing played: the floor, %(value)s") % {"value": figure.rounded}
    raw = f"{figure.points} / (3 x {figure.played})"
    if figure.floored:
        return _("%(raw)s = %(value)s, raised to the floor of 0.3300") % {
            "raw": raw,
            "value": _round_4(Fraction(figure.points, 3 * figure.played)),
        }
    return f"{raw} = {figure.rounded}"


def _average_text(figure: OpponentAverage, names: dict[int, str]) -> str:
    if not figure.opponents:
        return _("no opponents: 0")
    parts = ", ".join(f"{names.get(team, team)}: {_round_4(value)}" for team, value in figure.parts)
    return _("average of %(parts)s = %(value)s") % {"parts": parts, "value": figure.rounded}


def _explain(row: StandingRow, names: dict[int, str]) -> dict[str, str]:
    """How each figure of the row came about, in the reader's language, opponents by team name."""
    return {
        "mw": _win_text(row.mw),
        "gw": _win_text(row.gw),
        "omw": _average_text(row.omw, names),
        "ogw": _average_text(row.ogw, names),
        "decided_by": decided_by_text(row.decided_by),
    }


@_runs_event("view_round")
def event_standings_csv(request: HttpRequest, event_id: int) -> HttpResponse:
    """The standings as CSV, one row per team, every figure exact to four decimals; once the event is over its final
    placings lead (RULES.md 4), ?swiss=1 gives the Swiss standings alone. Written by tournaments.exports, which
    keeps a spreadsheet from running a team name as a formula."""
    event = get_object_or_404(Event, pk=event_id)
    dataset = standings_dataset(event=event, swiss_only=bool(request.GET.get("swiss")), emails=True)
    response = HttpResponse(dataset_bytes(dataset, "csv"), content_type=CONTENT_TYPES["csv"])
    response["Content-Disposition"] = f'attachment; filename="{slugify(event.name) or "event"}-standings.csv"'
    return response


class SwapForm(forms.Form):
    first = forms.ModelChoiceField(queryset=Registration.objects.none(), label=_("Team"))
    second = forms.ModelChoiceField(queryset=Registration.objects.none(), label=_("swaps places with"))

    def __init__(self, *args, round_: Round, **kwargs):
        super().__init__(*args, **kwargs)
        teams = Registration.objects.filter(event=round_.event).select_related("team").order_by("team__name")
        self.fields["first"].queryset = teams
        self.fields["second"].queryset = teams


@_runs_event("change_round")
def round_swap(request: HttpRequest, round_id: int):
    """Swap two teams in a round by hand; the rules it breaks (a rematch, a second bye ...) show as warnings."""
    round_ = get_object_or_404(Round.objects.select_related("event"), pk=round_id)
    form = SwapForm(request.POST or None, round_=round_)
    if request.method == "POST" and form.is_valid():
        try:
            problems = round_swap_teams(
                round_=round_, first=form.cleaned_data["first"], second=form.cleaned_data["second"], user=request.user
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(
                request,
                _("Swapped %(a)s and %(b)s.") % {"a": form.cleaned_data["first"], "b": form.cleaned_data["second"]},
            )
            for problem in problems:
                messages.warning(request, problem.message)
            return redirect(reverse("admin:tournaments_round_change", args=[round_.pk]))
    return TemplateResponse(
        request, "tournaments/admin/swap.html", _context(request, _("Swap two teams"), round=round_, form=form)
    )


@_runs_event("view_decklist")
def event_decklists(request: HttpRequest, event_id: int) -> TemplateResponse:
    """Printable decklists: one section per team and seat, as parsed (English names), with the team's problems."""
    event = get_object_or_404(Event, pk=event_id)
    registrations = (
        Registration.objects.filter(event=event)
        .select_related("team")
        .prefetch_related("seats__player", "seats__decklist")
        .order_by("team__name")
    )
    registrations_deck_problems_complete(
        registrations=Registration.objects.filter(event=event).exclude(deck_problems=[]).select_related("event")
    )
    return TemplateResponse(
        request,
        "tournaments/admin/decklists.html",
        _context(request, _("Decklists"), event=event, registrations=registrations),
    )
