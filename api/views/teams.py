"""Teams of an event: the list, and the organizer's writes (register, import, edit, drop, reinstate, disqualify)."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import generics, parsers, serializers, status
from rest_framework.response import Response

from api.idempotency import idempotent_write
from api.parsers import LimitedJSONParser
from api.permissions import IsTokenOrSessionUser, event_runs
from api.selectors import event_get_to_run, registration_get, registrations_for_event
from api.serializers.common import StrictInputSerializer
from api.serializers.teams import (
    AvoidedPairingInputSerializer,
    AvoidedPairingSerializer,
    DisqualifyInputSerializer,
    DropInputSerializer,
    InviteListInputSerializer,
    InviteReportSerializer,
    TeamEditInputSerializer,
    TeamImportInputSerializer,
    TeamInputSerializer,
    TeamOutputSerializer,
)
from api.views.base import EventScopedMixin
from tournaments.models import Player, Registration
from tournaments.rights import may_run_event, may_score_event
from common.refusals import NotFound
from tournaments.selectors.pairings import avoided_pairings_for_event
from tournaments.selectors.placeholders import invited_seats
from tournaments.services.constraints import (
    avoided_pairing_add,
    avoided_pairing_remove,
    registration_set_byes,
    registration_set_fixed_table,
)
from tournaments.services.registrations import (
    SeatEntry,
    TeamEntry,
    individual_entry,
    registration_disqualify,
    registration_drop,
    registration_register,
    registration_register_player,
    registration_reinstate,
    registration_update,
    team_entries_from_rows,
    teams_import,
)
from signup.eventlink import invite_list_run
from tournaments.teamcsv import TeamFileError, team_rows_parse


def _seats(data) -> list[SeatEntry]:
    return [SeatEntry(letter=s["seat"], player=s["player"]) for s in data]


def _written(*, event, registrations) -> dict:
    """The serializer's context for the organizer's answer to a write: which seats wait for an invited account."""
    return {
        "runs_event": True,
        "invited": invited_seats(event_id=event.pk, registration_ids=[r.pk for r in registrations]),
    }


def _team_response(*, request, event, registration: Registration, code: int = 200) -> Response:
    fresh = registrations_for_event(event=event).get(pk=registration.pk)
    return Response(TeamOutputSerializer(fresh, context=_written(event=event, registrations=[fresh])).data, status=code)


class TeamListView(EventScopedMixin, generics.ListAPIView):
    """The teams registered in the event, with their members seat by seat.

    POST registers one team (the event's organizer): each player is your events' own unclaimed placeholder of that
    name, or a new placeholder; an existing account's username or e-mail is invited, never seated (docs/permissions.md).
    201 with the team.
    """

    schema_tag = "teams"
    serializer_class = TeamOutputSerializer
    queryset = Registration.objects.none()
    filter_backends: list = []

    def get_permissions(self):
        return [IsTokenOrSessionUser()] if self.request.method == "POST" else super().get_permissions()

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Registration.objects.none()
        return registrations_for_event(event=self.load_event())

    def get_serializer_context(self):
        context = super().get_serializer_context()
        event = getattr(self, "event", None)
        context["runs_event"] = event is not None and event_runs(request=self.request, event=event)
        return context

    @extend_schema(
        request=TeamInputSerializer,
        responses={201: TeamOutputSerializer},
        examples=[
            OpenApiExample(
                "A team of three",
                request_only=True,
                value={
                    "name": "Bolt Brigade",
                    "seats": [
                        {"seat": "A", "player": "Ann Lee"},
                        {"seat": "B", "player": "Bo Chen"},
                        {"seat": "C", "player": "Cy Diaz"},
                    ],
                },
            )
        ],
    )
    @idempotent_write
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        data = TeamInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data

        def work():
            if "player" in values:
                registration = registration_register_player(
                    event=event,
                    player=values["player"],
                    user=request.user,
                    joined_round=values.get("joined_round"),
                    missed_rounds_as_losses=values["missed_rounds_as_losses"],
                )
            else:
                registration = registration_register(
                    event=event,
                    team_name=values["name"],
                    seats=_seats(values["seats"]),
                    user=request.user,
                    joined_round=values.get("joined_round"),
                    missed_rounds_as_losses=values["missed_rounds_as_losses"],
                )
            if values["byes_in_advance"]:
                registration_set_byes(registration=registration, byes=values["byes_in_advance"], user=request.user)
            return _team_response(request=request, event=event, registration=registration, code=status.HTTP_201_CREATED)

        return work()


class CsvTextParser(parsers.BaseParser):
    """A team list sent as the body, Content-Type: text/csv; handed on as bytes so its encoding is checked."""

    media_type = "text/csv"

    def parse(self, stream, media_type=None, parser_context=None):
        return stream.read()


class TeamImportView(generics.GenericAPIView):
    """Register many teams at once, all or nothing: JSON `{"teams": [...]}` (each as for one team), or a CSV team
    list (`team,seat,player` rows; comma, semicolon or tab) as a `text/csv` body, a `file` upload or `{"csv": ...}`.
    One bad row refuses the whole file, with every bad row named. 201 with the teams registered."""

    schema_tag = "teams"
    serializer_class = TeamOutputSerializer
    queryset = Registration.objects.none()
    permission_classes = [IsTokenOrSessionUser]
    parser_classes = [LimitedJSONParser, CsvTextParser, parsers.MultiPartParser]

    @extend_schema(request=TeamImportInputSerializer, responses={201: TeamOutputSerializer(many=True)})
    @idempotent_write
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        entries, problems = self._entries(request)

        def work():
            registered = teams_import(event=event, teams=entries, user=request.user, problems=problems)
            rows = registrations_for_event(event=event).filter(pk__in=[r.pk for r in registered])
            by_id = {r.pk: r for r in rows}
            return Response(
                TeamOutputSerializer(
                    [by_id[r.pk] for r in registered],
                    many=True,
                    context=_written(event=event, registrations=registered),
                ).data,
                status=status.HTTP_201_CREATED,
            )

        return work()

    def _entries(self, request) -> tuple[list[TeamEntry], list[str]]:
        body = request.data
        if isinstance(body, bytes):
            return self._from_csv(body)
        upload = request.FILES.get("file") if hasattr(request, "FILES") else None
        if upload is not None:
            return self._from_csv(upload.read(2 * 1024 * 1024 + 1))
        data = TeamImportInputSerializer(data=body)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if ("teams" in values) == ("csv" in values):
            raise serializers.ValidationError(
                {"request": [_("Send either `teams` (a list) or `csv` (a team list as text), not both.")]}
            )
        if "csv" in values:
            return self._from_csv(values["csv"])
        return [
            individual_entry(
                player=t["player"],
                joined_round=t.get("joined_round"),
                where=_("Team %(n)d") % {"n": n},
                byes=t["byes_in_advance"],
            )
            if "player" in t
            else TeamEntry(
                name=t["name"],
                seats=tuple(_seats(t["seats"])),
                joined_round=t.get("joined_round"),
                where=_("Team %(n)d") % {"n": n},
                byes=t["byes_in_advance"],
            )
            for n, t in enumerate(values["teams"], start=1)
        ], []

    @staticmethod
    def _from_csv(data) -> tuple[list[TeamEntry], list[str]]:
        try:
            rows, problems = team_rows_parse(data)
        except TeamFileError as exc:
            raise ValidationError({"file": [str(exc)]}) from exc
        return team_entries_from_rows(rows), problems


class InviteListImportView(generics.GenericAPIView):
    """Import an EventLink invite list into an individual event (issue 53): a `text/csv` body, a `file` upload or
    `{"csv": ...}`; `?preview=1` says what importing would do and writes nothing. Each line is an e-mail address (an
    invitation or a claim link, never a shown name) or a display name (a player). Lines stand alone: malformed,
    repeated or already registered lines are reported and left out; the others are registered together. 201 (200
    for a preview) with the report line by line; 400 when the file can't be read or the event takes no such list."""

    schema_tag = "teams"
    serializer_class = InviteReportSerializer
    queryset = Registration.objects.none()
    permission_classes = [IsTokenOrSessionUser]
    parser_classes = [LimitedJSONParser, CsvTextParser, parsers.MultiPartParser]

    @extend_schema(request=InviteListInputSerializer, responses={201: InviteReportSerializer})
    @idempotent_write
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        preview = request.query_params.get("preview", "") in ("1", "true", "yes")
        body = request.data
        if isinstance(body, bytes):
            data = body
        elif hasattr(request, "FILES") and request.FILES.get("file") is not None:
            data = request.FILES["file"].read(2 * 1024 * 1024 + 1)
        else:
            given = InviteListInputSerializer(data=body)
            given.is_valid(raise_exception=True)
            data = given.validated_data["csv"]
        report = invite_list_run(event=event, data=data, user=request.user, preview=preview)
        if report.file_error:
            raise ValidationError({"file": [report.file_error]})
        answer = {
            "preview": preview,
            **report.counts,
            "lines": [{"line": o.line, "value": o.value, "status": o.status, "reason": o.reason} for o in report.lines],
        }
        return Response(
            InviteReportSerializer(answer).data,
            status=status.HTTP_200_OK if preview or not report.counts["imported"] else status.HTTP_201_CREATED,
        )


class TeamDetailView(EventScopedMixin, generics.GenericAPIView):
    """One team. PATCH renames it or changes its seats (seats lock once round 1 is paired: then only a judge's
    correction, with its reason)."""

    schema_tag = "teams"
    serializer_class = TeamOutputSerializer

    def get_permissions(self):
        return [IsTokenOrSessionUser()] if self.request.method == "PATCH" else super().get_permissions()

    def get(self, request, event_id: int, team_id: int):
        event = self.load_event()
        registration = registration_get(event=event, registration_id=team_id)
        runs = event_runs(request=request, event=event)
        return Response(TeamOutputSerializer(registration, context={"runs_event": runs}).data)

    @extend_schema(request=TeamEditInputSerializer, responses={200: TeamOutputSerializer})
    @idempotent_write
    def patch(self, request, event_id: int, team_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        registration = registration_get(event=event, registration_id=team_id)
        data = TeamEditInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data

        def work():
            registration_update(
                registration=registration,
                user=request.user,
                name=values.get("name"),
                seats=_seats(values["seats"]) if "seats" in values else None,
                judge_correction=values.get("judge_correction", ""),
            )
            if "byes_in_advance" in values:
                registration_set_byes(registration=registration, byes=values["byes_in_advance"], user=request.user)
            if "fixed_table" in values:
                registration_set_fixed_table(registration=registration, table=values["fixed_table"], user=request.user)
            return _team_response(request=request, event=event, registration=registration)

        return work()


class _TeamActionView(generics.GenericAPIView):
    queryset = Registration.objects.none()
    schema_tag = "teams"
    serializer_class = TeamOutputSerializer
    permission_classes = [IsTokenOrSessionUser]
    input_serializer = StrictInputSerializer
    rule = staticmethod(may_score_event)  # drops and reinstatements are the desk's work (tournaments.rights)

    def act(self, *, registration: Registration, values: dict):
        raise NotImplementedError

    def post(self, request, event_id: int, team_id: int):
        event = event_get_to_run(request=request, event_id=event_id, rule=self.rule)
        registration = registration_get(event=event, registration_id=team_id)
        data = self.input_serializer(data=request.data if request.data else {})
        data.is_valid(raise_exception=True)

        def work():
            self.act(registration=registration, values=data.validated_data)
            return _team_response(request=request, event=event, registration=registration)

        return work()


class TeamDropView(_TeamActionView):
    """Drop the whole team: it is paired no more after `after_round`. In the top cut, its opponent advances."""

    input_serializer = DropInputSerializer

    @extend_schema(request=DropInputSerializer, responses={200: TeamOutputSerializer})
    @idempotent_write
    def post(self, request, event_id: int, team_id: int):
        return super().post(request, event_id, team_id)

    def act(self, *, registration, values):
        registration_drop(registration=registration, after_round=values.get("after_round"), user=self.request.user)


class TeamReinstateView(_TeamActionView):
    """Undo a drop: the team is paired again from the next round. Refused once the event has cut to its playoff
    (MTR 2.10) and for a disqualified team."""

    @extend_schema(request=None, responses={200: TeamOutputSerializer})
    @idempotent_write
    def post(self, request, event_id: int, team_id: int):
        return super().post(request, event_id, team_id)

    def act(self, *, registration, values):
        registration_reinstate(registration=registration, user=self.request.user)


class TeamDisqualifyView(_TeamActionView):
    """Disqualify the team (with the reason): no further pairings; its earlier matches still count for its
    opponents' tiebreakers; in the top cut its opponent advances."""

    input_serializer = DisqualifyInputSerializer
    rule = staticmethod(may_run_event)

    @extend_schema(request=DisqualifyInputSerializer, responses={200: TeamOutputSerializer})
    @idempotent_write
    def post(self, request, event_id: int, team_id: int):
        return super().post(request, event_id, team_id)

    def act(self, *, registration, values):
        player = None
        if values.get("player"):
            player = Player.objects.filter(
                name__iexact=" ".join(values["player"].split()), seats__registration=registration
            ).first()
            if player is None:
                raise ValidationError({"player": _("%(player)s is not on this team.") % {"player": values["player"]}})
        registration_disqualify(
            registration=registration, reason=values["reason"], user=self.request.user, player=player
        )


class AvoidedPairingListView(generics.GenericAPIView):
    """The event's pairings to avoid (family, one household), for whoever runs the event: the pairing treats each
    pair like a rematch, made only when nothing else works (the round's log then says so). POST `{"teams": [a, b]}`
    adds one (201; adding it again changes nothing), DELETE with the same body removes it (204)."""

    schema_tag = "teams"
    serializer_class = AvoidedPairingSerializer
    queryset = Registration.objects.none()
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(responses={200: AvoidedPairingSerializer(many=True)})
    def get(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        return Response(AvoidedPairingSerializer(avoided_pairings_for_event(event=event), many=True).data)

    def _teams(self, request, event):
        data = AvoidedPairingInputSerializer(data=request.data if request.data else {})
        data.is_valid(raise_exception=True)
        first, second = data.validated_data["teams"]
        return (
            registration_get(event=event, registration_id=first),
            registration_get(event=event, registration_id=second),
        )

    @extend_schema(request=AvoidedPairingInputSerializer, responses={201: AvoidedPairingSerializer})
    @idempotent_write
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        first, second = self._teams(request, event)

        def work():
            pairing = avoided_pairing_add(event=event, first=first, second=second, user=request.user)
            fresh = avoided_pairings_for_event(event=event).get(pk=pairing.pk)
            return Response(AvoidedPairingSerializer(fresh).data, status=status.HTTP_201_CREATED)

        return work()

    @extend_schema(request=AvoidedPairingInputSerializer, responses={204: None})
    @idempotent_write
    def delete(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        first, second = self._teams(request, event)
        if not avoided_pairing_remove(event=event, first=first, second=second, user=request.user):
            raise NotFound(_("These two are not a pairing to avoid in this event."))
        return Response(status=status.HTTP_204_NO_CONTENT)
