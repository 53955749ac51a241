"""The projector (the venue's screen): the clock, pairings, standings and QR codes, cycling by themselves."""

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from common.conditional import not_modified, page_etag, poll_seconds, with_validators
from common.venue import venue_absolute_uri
from desk import rendering, selectors
from multiplayer.selectors import multiplayer_standings_data, round_multiplayer_tables
from drafting.selectors.paper import event_has_paper_tables, event_timers_state, paper_pods_for_event
from sealed.selectors import sealed_real_product
from tournaments.doors import event_permission_required
from tournaments.enums import FormatKind
from tournaments.models import Event, Round
from tournaments.rights import may_see_event
from tournaments.selectors.announcements import announcements_for_event
from tournaments.selectors.clock import round_clock_state
from tournaments.selectors.events import event_latest_round
from tournaments.selectors.standings import standings_for_event, team_names_for_event
from tournaments.services.clock import now
from desk.views._common import join_at_door, qr_svg


PROJECTOR_PAGE_SIZE = 24


SCREEN_CACHE_SECONDS = 600


def _chunks(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


def _screen_pages(request: HttpRequest, event: Event, round_: Round | None) -> tuple[list[str], list[str], list[str]]:
    """The projector's pairing, standing and table (QR code) pages as HTML rows, kept in the cache per event
    version, language and address: they change only when Event.version does, while every screen and phone polling
    them would otherwise have the standings computed again."""
    key = (
        f"desk:screen:{event.pk}:{event.version}:{get_language()}:{round_.pk if round_ else 0}:"
        f"{venue_absolute_uri(request=request, path='/')}"
    )
    pages = cache.get(key)
    if pages is None:
        lines = selectors.screen_pairings(round_=round_) if round_ else []
        pairing_pages = [str(rendering.pairing_rows(p)) for p in _chunks(lines, PROJECTOR_PAGE_SIZE)] if lines else []
        standing_pages = []
        table_pages = []
        if round_:
            names = team_names_for_event(event=event)
            rows = [(row.rank, row, names.get(row.team, "?")) for row in standings_for_event(event=event)]
            standing_pages = [str(rendering.standing_rows(p)) for p in _chunks(rows, PROJECTOR_PAGE_SIZE)]
            tables = selectors.screen_tables(round_=round_)
            if tables:

                def qr_for(match_id: int) -> str:
                    return qr_svg(venue_absolute_uri(request=request, path=reverse("portal:match", args=[match_id])))

                table_pages = [str(rendering.table_qr_rows(p, qr_for)) for p in _chunks(tables, PROJECTOR_PAGE_SIZE)]
        pages = (pairing_pages, standing_pages, table_pages)
        cache.set(key, pages, timeout=SCREEN_CACHE_SECONDS)
    return tuple([mark_safe(p) for p in group] for group in pages)  # noqa: S308 - built escaped


def _pod_screen(event: Event, round_: Round | None) -> dict | None:
    """A pod event's projector: the round's pods in seat order and the standings' top 32 (docs/multiplayer.md)."""
    if not event.is_multiplayer:
        return None
    return {
        "pods": round_multiplayer_tables(round_=round_) if round_ else [],
        "standings": multiplayer_standings_data(event=event)[:32],
    }


@require_GET
@event_permission_required(may_see_event)
def screen(request: HttpRequest, event: Event) -> HttpResponse:
    """The venue's screen: the clock, pairings by team name, standings, cycling by themselves; a QR code."""
    round_ = event_latest_round(event=event, players=True)  # the screen is the players': no draft pairings
    # A round whose results are all in (the final before the event is closed, say) needs no clock on the wall: it
    # would say "50:00 Not started" over a round that is over.
    clock_state = round_clock_state(round_=round_) if round_ and selectors.round_open_results(round_=round_) else None
    etag = page_etag(request, event.pk, event.version, event.status, clock_state["state"] if clock_state else "")
    partial = request.GET.get("partial") == "1"
    if partial and (cached := not_modified(request, etag)):
        return cached
    pairing_pages, standing_pages, table_pages = _screen_pages(request, event, round_)
    draft_tables = []
    if event.format_kind in (FormatKind.TEAM_ROCHESTER, FormatKind.THG_DRAFT):
        draft_tables = list(event.draft_tables.select_related("team1__team", "team2__team").order_by("number"))
    context = {
        "event": event,
        "round": round_,
        "clock": clock_state,
        "server_now": now().isoformat(),
        "pairing_pages": pairing_pages,
        "standing_pages": standing_pages,
        "table_pages": table_pages,
        "draft_tables": draft_tables,
        "pod_screen": _pod_screen(event, round_),
        "placings": selectors.event_final_placings(event=event),
        "announcements": announcements_for_event(event=event, limit=1),
        "qr": mark_safe(qr_svg(venue_absolute_uri(request=request, path=f"/events/{event.pk}/"))),  # noqa: S308 - segno's own SVG
        "join": join_at_door(request, event, round_),
        "etag": etag,
        "poll_seconds": poll_seconds(),
    }
    if not partial and event.format_kind in (FormatKind.BOOSTER_DRAFT, FormatKind.THG_DRAFT, FormatKind.TEAM_ROCHESTER):
        # A paper draft's seats and its calls (the pods', or every team Rochester table's of the round) stand above
        # the live part: each call counts by itself, and the page fetches calls started later.
        context["paper_pods"] = paper_pods_for_event(event=event)
        context["paper_tables"] = event_has_paper_tables(event=event)
        context["timers"] = (
            event_timers_state(event=event, now=now()) if context["paper_pods"] or context["paper_tables"] else None
        )
    elif not partial and sealed_real_product(event=event):
        # A prerelease's deck building timer stands above the pairings, big, until round 1 is paired or it ends.
        timers = event_timers_state(event=event, now=now())
        context["timers"] = timers if timers["build"] or round_ is None else None
    template = "desk/screen_live.html" if partial else "desk/screen.html"
    return with_validators(render(request, template, context), etag)
