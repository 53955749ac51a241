"""The round clock (issue 16): an organizer's session or the event's token drives it.

POST /api/v1/events/{id}/rounds/{n}/clock  {"action": "start" | "pause" | "resume" | "add" | "end",
"seconds": ..., "table": ..., "reason": ...} answers the clock as round_clock_state returns it (the same object
GET /api/v1/events/{id}/rounds/{n}/ carries as "clock").
"""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import APIView

from api.permissions import caller
from api.selectors import event_get_visible
from api.serializers.clock import ClockStateSerializer, RoundClockInputSerializer
from tournaments import rights
from tournaments.models import Event, Round
from tournaments.selectors.clock import round_clock_state
from tournaments.services.clock import round_clock_act


def clock_may_drive(*, request, event: Event) -> bool:
    """Who may drive an event's clock: whoever runs its timers (tournaments.rights.may_run_timers): its
    organizers' sessions and organizer tokens, its scorekeepers, its own event tokens."""
    return rights.may_run_timers(caller(request), event)


class RoundClockView(APIView):
    """Start, pause, resume, add time to (a table's time extension with `table` and `reason`, MTR 2.6) or end
    the round's clock. The server's clock is the truth; the answer is the clock as it now stands."""

    schema_tag = "rounds"

    @extend_schema(request=RoundClockInputSerializer, responses={200: ClockStateSerializer})
    def post(self, request, event_id: int, number: int):
        event = event_get_visible(request=request, event_id=event_id)
        if not request.user or not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        if not clock_may_drive(request=request, event=event):
            raise exceptions.PermissionDenied(
                _("Only the event's organizer, staff or a token of this event drive its clock.")
            )
        round_ = Round.objects.filter(event=event, number=number).select_related("event").first()
        if round_ is None:
            raise exceptions.NotFound(_("Event %(event)s has no round %(n)s.") % {"event": event_id, "n": number})
        data = RoundClockInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        round_clock_act(
            round_=round_,
            by=request.user,
            action=values["action"],
            seconds=values.get("seconds"),
            table=values.get("table"),
            reason=values.get("reason", ""),
        )
        response = Response(round_clock_state(round_=round_))
        response["Cache-Control"] = "no-store"
        return response
