"""Draft logs out (docs/drafting.md): a drafter downloads their picks as an MTGO log; an organizer every pick of the
event as CSV. Thin: the selectors decide what may be read (drafting.selectors.picklog)."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from common.http import attachment_response
from drafting.models import DraftTable, Pod
from drafting.selectors.picklog import draft_pick_log_text, event_picks_csv
from drafting.services.picks import draft_table_refresh
from drafting.services.pods import thg_pod_refresh
from tournaments.doors import event_permission_required
from tournaments.models import Event
from tournaments.rights import may_run_event


def _pick_log(request: HttpRequest, draft, *, filename: str) -> HttpResponse:
    text = draft_pick_log_text(draft=draft, user=request.user)  # PickLogHidden: 403 with its sentence (common.refusals)
    if text is None:  # not a drafter here: as if the draft didn't exist (docs/permissions.md)
        raise Http404(_("You don't draft here."))
    return attachment_response(text, content_type="text/plain; charset=utf-8", filename=filename)


@login_required
@require_GET
def table_picks(request: HttpRequest, pk: int) -> HttpResponse:
    """The viewer's picks at this table, as an MTGO draft log (after the draft; at Regular REL at once)."""
    table = draft_table_refresh(table=get_object_or_404(DraftTable.objects.select_related("event"), pk=pk))
    return _pick_log(request, table, filename=f"draft-table-{table.pk}.txt")


@login_required
@require_GET
def pod_picks(request: HttpRequest, pk: int) -> HttpResponse:
    """The viewer's picks in this pod, as an MTGO draft log (after the draft; at Regular REL at once)."""
    pod = thg_pod_refresh(pod=get_object_or_404(Pod.objects.select_related("event"), pk=pk))
    return _pick_log(request, pod, filename=f"draft-pod-{pod.pk}.txt")


@login_required
@require_GET
@event_permission_required(may_run_event)
def event_picks(request: HttpRequest, event: Event) -> HttpResponse:
    """Every pick of the event's drafts as CSV, for its organizers."""
    return attachment_response(
        event_picks_csv(event=event),
        content_type="text/csv; charset=utf-8",
        filename=f"draft-picks-event-{event.pk}.csv",
    )
