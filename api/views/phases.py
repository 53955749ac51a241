"""Phases of a big event (issue 42, docs/phases.md): the plan (list, add, change, remove), starting the next phase
(its pods seated by the standings), a phase's pods and the decks kept from a finished phase."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.response import Response

from api.idempotency import idempotent_write
from api.permissions import IsTokenOrSessionUser
from api.selectors import event_get_to_run
from api.serializers.phases import (
    PhaseDeckSerializer,
    PhaseInputSerializer,
    PhaseSerializer,
    PhaseStartInputSerializer,
    PhaseUpdateSerializer,
    PhasePodSerializer,
)
from api.views.base import EventScopedMixin
from common.refusals import NotFound
from tournaments.models import Event, Phase
from tournaments.rights import may_change_event_settings, may_judge_event, may_score_event
from tournaments.selectors.phases import event_phases, phase_current, phase_decks, phase_pods_listing, spans_of
from tournaments.services.phases import phase_create, phase_delete, phase_start_next, phase_update


def phases_data(*, event: Event) -> list[dict]:
    """The event's plan as the API shows it, each phase with its rounds and (in pods, once started) its pods."""
    phases = event_phases(event=event)
    current = phase_current(event=event, phases=phases)
    return [
        phase_data(phase=phase, span=span, current=current)
        for phase, span in zip(phases, spans_of(phases), strict=True)
    ]


def phase_data(*, phase: Phase, span, current: Phase | None) -> dict:
    return {
        "number": phase.number,
        "name": phase.name,
        "label": phase.label,
        "format_kind": phase.format_kind,
        "constructed_format": phase.constructed_format,
        "rounds": phase.rounds,
        "first_round": span.first_round,
        "last_round": span.last_round,
        "pairing_scope": phase.pairing_scope,
        "pod_size": phase.pod_size,
        "started_at": phase.started_at,
        "is_current": current is not None and current.pk == phase.pk,
        "pods": phase_pods_listing(phase=phase) if phase.in_pods and phase.started_at else [],
    }


def _one(*, event: Event, number: int) -> dict:
    found = [p for p in phases_data(event=event) if p["number"] == number]
    if not found:
        raise NotFound(_("This event has no phase %(n)d.") % {"n": number})
    return found[0]


def _phase_get(*, event: Event, number: int) -> Phase:
    phase = Phase.objects.filter(event=event, number=number).first()
    if phase is None:
        raise NotFound(_("This event has no phase %(n)d.") % {"n": number})
    return phase


class PhaseListView(EventScopedMixin, generics.GenericAPIView):
    """The event's phases in order (empty: one phase in the event's own format, as always). POST adds a phase at the
    end of the plan (the organizer or a co-organizer): 201 with it; the event's Swiss rounds become the phases' sum.
    A plan the event can't play is a 400 naming the field: fewer than 1 round or more than 30 in all, a format the
    event's team size or structure can't play (a booster draft in a team event, a draft in a Commander night),
    pods for a format that doesn't draft in pods, a pod size out of range; 409 once the top cut started."""

    schema_tag = "phases"
    serializer_class = PhaseSerializer
    queryset = Phase.objects.none()
    pagination_class = None  # a plan, a pod list or a phase's decks is short: answered whole, as a list

    def get_permissions(self):
        return [IsTokenOrSessionUser()] if self.request.method == "POST" else super().get_permissions()

    @extend_schema(responses={200: PhaseSerializer(many=True)})
    def get(self, request, event_id: int):
        return Response(phases_data(event=self.load_event()))

    @extend_schema(request=PhaseInputSerializer, responses={201: PhaseSerializer})
    @idempotent_write
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id, rule=may_change_event_settings)
        data = PhaseInputSerializer(data=request.data if request.data else {})
        data.is_valid(raise_exception=True)

        def work():
            phase = phase_create(event=event, user=request.user, **data.validated_data)
            return Response(_one(event=event, number=phase.number), status=status.HTTP_201_CREATED)

        return work()


class PhaseDetailView(EventScopedMixin, generics.GenericAPIView):
    """One phase. PATCH changes it (the organizer): a started phase only its name and rounds; DELETE removes a phase
    that hasn't started (204), the later ones moving up a number."""

    schema_tag = "phases"
    serializer_class = PhaseSerializer
    queryset = Phase.objects.none()
    pagination_class = None  # a plan, a pod list or a phase's decks is short: answered whole, as a list

    def get_permissions(self):
        return [IsTokenOrSessionUser()] if self.request.method in ("PATCH", "DELETE") else super().get_permissions()

    def get(self, request, event_id: int, number: int):
        return Response(_one(event=self.load_event(), number=number))

    @extend_schema(request=PhaseUpdateSerializer, responses={200: PhaseSerializer})
    @idempotent_write
    def patch(self, request, event_id: int, number: int):
        event = event_get_to_run(request=request, event_id=event_id, rule=may_change_event_settings)
        phase = _phase_get(event=event, number=number)
        data = PhaseUpdateSerializer(data=request.data if request.data else {})
        data.is_valid(raise_exception=True)

        def work():
            phase_update(phase=phase, user=request.user, **data.validated_data)
            return Response(_one(event=event, number=number))

        return work()

    @extend_schema(request=None, responses={204: None})
    @idempotent_write
    def delete(self, request, event_id: int, number: int):
        event = event_get_to_run(request=request, event_id=event_id, rule=may_change_event_settings)
        phase = _phase_get(event=event, number=number)

        def work():
            phase_delete(phase=phase, user=request.user)
            return Response(status=status.HTTP_204_NO_CONTENT)

        return work()


class PhaseStartView(generics.GenericAPIView):
    """Start the event's next phase (the desk's work: the organizer, a co-organizer, a scorekeeper or the event's
    token): once the rounds before it are played and their results in, its pods are seated by the standings (pod 1
    the top), the finished phase's decks are kept, and its players register their decks anew. 201 with the phase
    and its pods; 409 while rounds or results are missing (with `tables`) or no phase is left."""

    schema_tag = "phases"
    serializer_class = PhaseSerializer
    queryset = Phase.objects.none()
    pagination_class = None  # a plan, a pod list or a phase's decks is short: answered whole, as a list
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(request=PhaseStartInputSerializer, responses={201: PhaseSerializer})
    @idempotent_write
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id, rule=may_score_event)
        data = PhaseStartInputSerializer(data=request.data if request.data else {})
        data.is_valid(raise_exception=True)

        def work():
            phase = phase_start_next(event=event, user=request.user, seed=data.validated_data.get("seed"))
            return Response(_one(event=event, number=phase.number), status=status.HTTP_201_CREATED)

        return work()


class PhasePodListView(EventScopedMixin, generics.GenericAPIView):
    """A phase's pods, pod 1 first, each with its seats (empty for a phase of the whole field or not started)."""

    schema_tag = "phases"
    serializer_class = PhasePodSerializer
    queryset = Phase.objects.none()
    pagination_class = None  # a plan, a pod list or a phase's decks is short: answered whole, as a list

    @extend_schema(responses={200: PhasePodSerializer(many=True)})
    def get(self, request, event_id: int, number: int):
        phase = _phase_get(event=self.load_event(), number=number)
        return Response(phase_pods_listing(phase=phase) if phase.in_pods else [])


class PhaseDeckListView(generics.GenericAPIView):
    """The decks registered for a finished phase, kept when the next one started (a sealed deck for phase 1, a draft
    deck for phase 2), for the event's judges and whoever runs it; the current phase's are the decklists."""

    schema_tag = "phases"
    serializer_class = PhaseDeckSerializer
    queryset = Phase.objects.none()
    pagination_class = None  # a plan, a pod list or a phase's decks is short: answered whole, as a list
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(responses={200: PhaseDeckSerializer(many=True)})
    def get(self, request, event_id: int, number: int):
        event = event_get_to_run(request=request, event_id=event_id, rule=may_judge_event)
        phase = _phase_get(event=event, number=number)
        return Response(
            [
                {
                    "team": deck.registration_id,
                    "team_name": deck.registration.team.name,
                    "seat": deck.letter,
                    "player": deck.player_name,
                    "text": deck.text,
                    "main": deck.main,
                    "sideboard": deck.sideboard,
                    "pool": deck.pool,
                    "submitted_at": deck.submitted_at,
                }
                for deck in phase_decks(phase=phase)
            ]
        )
