"""Paper: match slips, printed pairings and standings."""

import datetime as dt

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.urls import reverse
from django.views.decorators.http import require_GET

from common.venue import venue_absolute_uri
from desk import selectors
from tournaments.doors import event_permission_required
from tournaments.models import Event
from tournaments.rights import may_score_event
from tournaments.selectors.standings import standings_for_event, team_names_for_event
from desk.views._common import qr_svg, round_or_404


@login_required
@require_GET
@event_permission_required(may_score_event)
def slips(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """One match slip per table of round `number` (byes left out), a print stylesheet for A4 and Letter."""
    round_ = round_or_404(event, number)
    matches = _with_report_qr(request, [m for m in selectors.event_tables_for_print(round_=round_) if not m.is_bye])
    return render(
        request, "desk/slips.html", {"event": event, "round": round_, "matches": matches, "games": range(1, 4)}
    )


def _with_report_qr(request: HttpRequest, matches: list) -> list:
    """The matches, each with `report_qr`: the QR code of its page in the portal, where its players report the
    result (issue 41: one tap from the table; anyone else who scans it is answered 404)."""
    for match in matches:
        if not match.is_bye:
            url = venue_absolute_uri(request=request, path=reverse("portal:match", args=[match.pk]))
            match.report_qr = mark_safe(qr_svg(url))  # noqa: S308 - segno's own SVG
    return matches


@login_required
@require_GET
@event_permission_required(may_score_event)
def print_pairings(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Pairings of round `number` by table and by team name, for the wall."""
    round_ = round_or_404(event, number)
    return render(
        request,
        "desk/print_pairings.html",
        {
            "event": event,
            "round": round_,
            "matches": _with_report_qr(request, selectors.event_tables_for_print(round_=round_)),
            "lines": selectors.screen_pairings(round_=round_),
        },
    )


@login_required
@require_GET
@event_permission_required(may_score_event)
def print_standings(request: HttpRequest, event: Event) -> HttpResponse:
    """The standings (final once the event is finished), printable."""
    names = team_names_for_event(event=event)
    rows = [(rank, row, names.get(row.team, "?")) for rank, row in enumerate(standings_for_event(event=event), 1)]
    return render(request, "desk/print_standings.html", {"event": event, "rows": rows, "printed_at": dt.datetime.now()})
