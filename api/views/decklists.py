"""Decklists (docs/decklists-and-judging.md): a player reads and registers the list of their own seat; the event's
judges, its organizers and the team's members read a team's lists. Typed limited decks of events with real product
(no pool) go through the same endpoint, refused with every reason (400) when a name can't be read or the main deck
has fewer than 40 cards.

GET/PUT /api/v1/events/{id}/decklist          the caller's own list (a player's session)
GET     /api/v1/events/{id}/teams/{team}/decklists/   a team's lists
"""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from api.permissions import IsPlayerInPerson, caller
from api.selectors import event_get_visible, registration_get
from api.serializers.decklists import (
    DecklistInputSerializer,
    MyDecklistOutputSerializer,
    TeamDecklistsOutputSerializer,
)
from tournaments import rights
from tournaments.models import Seat
from cards.selectors import decklist_commanders
from tournaments.selectors.decklists import (
    event_deck_formats,
    event_takes_typed_decks,
    registration_decklist_seats,
    seat_decklist,
)
from tournaments.services.decklists import (
    deck_problem_message,
    decklist_submit,
    decklists_open,
    registrations_deck_problems_complete,
)


def _decklist_body(seat: Seat) -> dict:
    decklist = seat_decklist(seat)
    return {
        "seat": seat.letter,
        "player": seat.player.name,
        "submitted": decklist is not None,
        "text": decklist.text if decklist else "",
        "main": decklist.main if decklist else {},
        "sideboard": decklist.sideboard if decklist else {},
        "commanders": decklist_commanders(
            text=decklist.text,
            main=decklist.main,
            sideboard=decklist.sideboard,
            formats=event_deck_formats(event=seat.event),
        )
        if decklist
        else {},
        "main_count": decklist.main_count if decklist else 0,
        "sideboard_count": decklist.sideboard_count if decklist else 0,
        "submitted_at": decklist.submitted_at if decklist else None,
        "unread_lines": [e.get("message", "") for e in decklist.errors] if decklist else [],
    }


def _problems(registration) -> list[str]:
    registration.refresh_from_db(fields=["deck_problems"])
    registrations_deck_problems_complete(registrations=[registration])
    return [deck_problem_message(p) for p in registration.deck_problems or []]


class MyDecklistView(APIView):
    """The caller's own decklist at the event: GET reads it with whether registration is open; PUT registers it
    (again) from typed text. A limited event with real product takes a typed list without a pool; one with a
    known pool checks it against the pool. Only the seat's player, logged in (never a token)."""

    schema_tag = "decklists"
    permission_classes = [IsPlayerInPerson]
    extra_error_codes = (401, 403)

    def _seat(self, request, event_id: int) -> Seat:
        event = event_get_visible(request=request, event_id=event_id)
        seat = (
            Seat.objects.select_related("registration__event", "player")
            .filter(event=event, player__user_id=request.user.pk)
            .first()
        )
        if seat is None or not rights.may_register_decklist(caller(request), seat):
            raise NotFound(_("You hold no seat in event %(id)s.") % {"id": event_id})
        return seat

    def _body(self, seat: Seat) -> dict:
        event = seat.registration.event
        reason = decklists_open(event=event)
        seat = Seat.objects.select_related("player", "decklist").get(pk=seat.pk)
        return MyDecklistOutputSerializer(
            {
                "open": reason is None,
                "closed_reason": reason or "",
                "real_product": event_takes_typed_decks(event=event),
                "decklist": _decklist_body(seat),
                "problems": _problems(seat.registration),
            }
        ).data

    @extend_schema(responses={200: MyDecklistOutputSerializer})
    def get(self, request, event_id: int):
        return Response(self._body(self._seat(request, event_id)))

    @extend_schema(
        request=DecklistInputSerializer,
        responses={200: MyDecklistOutputSerializer},
        operation_id="events_decklist_register",
    )
    def put(self, request, event_id: int):
        seat = self._seat(request, event_id)
        data = DecklistInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        decklist_submit(
            seat=seat,
            user=request.user,
            text=data.validated_data["text"],  # refusals: 400, 404
            commanders=data.validated_data.get("commanders", []),
        )
        return Response(self._body(seat))


class TeamDecklistsView(APIView):
    """A team's decklists, seat by seat, with its problems: the event's judges and organizers, the team's own
    members, and everyone for a published team after the event. Anyone else: 404, as for a missing team."""

    schema_tag = "decklists"

    @extend_schema(responses={200: TeamDecklistsOutputSerializer})
    def get(self, request, event_id: int, team_id: int):
        event = event_get_visible(request=request, event_id=event_id)
        registration = registration_get(event=event, registration_id=team_id)
        if not rights.may_see_team_decklists(caller(request), registration):
            raise NotFound(_("There is no team %(id)s in this event.") % {"id": team_id})
        return Response(
            TeamDecklistsOutputSerializer(
                {
                    "team": registration.pk,
                    "name": registration.team.name,
                    "decklists": [
                        _decklist_body(seat) for seat in registration_decklist_seats(registration=registration)
                    ],
                    "problems": _problems(registration),
                }
            ).data
        )
