"""Draft logs out (docs/drafting.md): every pick of an event as CSV for its organizer, and the caller's own picks
as an MTGO draft log (after the draft; at Regular REL at once). Hidden picks stay on the server: the selectors of
drafting.selectors.picklog decide."""

from drf_spectacular.utils import OpenApiTypes, extend_schema
from rest_framework import generics

from api.permissions import IsTokenOrSessionUser
from api.selectors import event_get_to_run, event_get_visible
from common.http import attachment_response
from drafting.selectors.picklog import event_pick_log_text, event_picks_csv
from drafting.services.picks import draft_tables_refresh
from drafting.services.pods import thg_pods_refresh


class EventDraftPicksView(generics.GenericAPIView):
    """Every pick of the event's drafts (Rochester tables and pods) as CSV: event, format, draft, seat, drafter,
    pack, pick, card, via (player, timer, sweep, read, late, judge, last), picked_at, deadline_at. The event's
    organizer only."""

    schema_tag = "drafting"
    permission_classes = [IsTokenOrSessionUser]
    extra_error_codes = (401, 403)

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR})
    def get(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        draft_tables_refresh(event=event)
        thg_pods_refresh(event=event)
        return attachment_response(
            event_picks_csv(event=event),
            content_type="text/csv; charset=utf-8",
            filename=f"draft-picks-event-{event.pk}.csv",
        )


class MyDraftPicksView(generics.GenericAPIView):
    """The caller's own picks at the event's drafts as an MTGO draft log ("Pack 1 pick 1:", "--> Card"), which
    MagicProTools and 17lands read, one log a draft the caller drafted in (an empty body: none). 403 while one of
    them runs above Regular REL."""

    schema_tag = "drafting"
    permission_classes = [IsTokenOrSessionUser]
    extra_error_codes = (401, 403)

    @extend_schema(responses={(200, "text/plain"): OpenApiTypes.STR})
    def get(self, request, event_id: int):
        event = event_get_visible(request=request, event_id=event_id)
        draft_tables_refresh(event=event)
        thg_pods_refresh(event=event)
        text = event_pick_log_text(event=event, user=request.user)  # PickLogHidden: the API's 403 (common.refusals)
        return attachment_response(
            text or "", content_type="text/plain; charset=utf-8", filename=f"my-draft-event-{event.pk}.txt"
        )
