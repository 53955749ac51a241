"""Reads of an event's phases (issue 42, docs/phases.md): the plan, the phase of a round, the pods and seats of a
phase, the decks kept from finished phases."""

from tournaments.enums import RoundKind
from tournaments.models import Event, Phase, PhaseDeck, PhaseSeat, Registration
from tournaments.phases import PhaseSpan, phase_of_round, phase_spans


def event_phases(*, event: Event) -> list[Phase]:
    """The event's phases in order; empty for an event of one phase in its own format (no plan)."""
    return list(Phase.objects.filter(event=event).select_related("event").order_by("number"))


def spans_of(phases: list[Phase]) -> list[PhaseSpan]:
    """The rounds each phase of `phases` (in order) plays."""
    return phase_spans([p.rounds for p in phases])


def event_phase_spans(*, event: Event) -> list[PhaseSpan]:
    """The rounds each phase of the event's plan plays (empty without a plan): one query."""
    return phase_spans(list(Phase.objects.filter(event=event).order_by("number").values_list("rounds", flat=True)))


def round_phase_number(*, spans: list[PhaseSpan], number: int, kind: str) -> int | None:
    """The number of the phase a round belongs to: None for a playoff round or an event without a plan."""
    if kind != RoundKind.SWISS:
        return None
    span = phase_of_round(spans, number)
    return span.number if span else None


def phase_for_round(*, event: Event, round_number: int, phases: list[Phase] | None = None) -> Phase | None:
    """The phase that plays Swiss round `round_number`, or None (no plan, or a round past it: the top cut)."""
    phases = event_phases(event=event) if phases is None else phases
    span = phase_of_round(spans_of(phases), round_number) if phases else None
    return phases[span.number - 1] if span else None


def phase_first_round(*, phase: Phase, phases: list[Phase]) -> int:
    """The first Swiss round `phase` plays (phases: the event's plan, in order)."""
    return spans_of(phases)[phase.number - 1].first_round


def phase_current(*, event: Event, phases: list[Phase] | None = None) -> Phase | None:
    """The phase being played: the last one started, or the first while none has; None without a plan."""
    phases = event_phases(event=event) if phases is None else phases
    started = [p for p in phases if p.started_at is not None]
    return started[-1] if started else (phases[0] if phases else None)


def phase_next(*, event: Event, phases: list[Phase] | None = None) -> Phase | None:
    """The first phase not started yet, or None."""
    phases = event_phases(event=event) if phases is None else phases
    return next((p for p in phases if p.started_at is None), None)


def phase_pods_of_registrations(*, phase: Phase) -> dict[int, int]:
    """Registration id -> pod number in `phase` (empty for a phase of the whole field or one not seated)."""
    return dict(PhaseSeat.objects.filter(phase=phase).values_list("registration_id", "pod__number"))


def phase_pod_seating(*, phase: Phase) -> list[list[int]]:
    """The phase's pods, pod 1 first, each its registration ids in seat order."""
    pods: dict[int, list[int]] = {}
    for pod, registration in (
        PhaseSeat.objects.filter(phase=phase)
        .order_by("pod__number", "seat")
        .values_list("pod__number", "registration_id")
    ):
        pods.setdefault(pod, []).append(registration)
    return [pods[k] for k in sorted(pods)]


def phase_pods_listing(*, phase: Phase) -> list[dict]:
    """The phase's pods as pages and the API show them: each pod's number and its seats (seat, team id, name)."""
    pods: dict[int, list[dict]] = {}
    for seat in (
        PhaseSeat.objects.filter(phase=phase)
        .select_related("registration__team", "pod")
        .order_by("pod__number", "seat")
    ):
        pods.setdefault(seat.pod.number, []).append(
            {"seat": seat.seat, "team": seat.registration_id, "name": seat.registration.team.name}
        )
    return [{"pod": pod, "seats": seats} for pod, seats in sorted(pods.items())]


def registration_phase_seat(*, registration: Registration) -> PhaseSeat | None:
    """Where the entrant sits in the current phase's pods ("Pod 2, seat 5"), or None (no pods this phase)."""
    phase = phase_current(event=registration.event)
    if phase is None or not phase.in_pods:
        return None
    return PhaseSeat.objects.filter(phase=phase, registration=registration).select_related("phase", "pod").first()


def phase_decks(*, phase: Phase) -> list[PhaseDeck]:
    """The decks kept from `phase` (registered for it, kept when the next phase started), by team and seat."""
    return list(
        PhaseDeck.objects.filter(phase=phase)
        .select_related("registration__team")
        .order_by("registration__team__name", "letter")
    )


def event_kept_decks(*, event: Event, registration: Registration | None = None) -> list[dict]:
    """The decks kept from each finished phase of the event (of one entrant with `registration`), as the judges'
    pages list them: phase 1 first, each `{"phase", "decks"}` with each deck's `main_count`, `sideboard_count` and
    `pool_count` beside it, by team and seat; phases that kept no deck are left out (empty for an event without
    phases). Two queries, whatever the event's size."""
    kept = PhaseDeck.objects.filter(phase__event=event).select_related("registration__team")
    if registration is not None:
        kept = kept.filter(registration=registration)
    decks: dict[int, list[dict]] = {}
    for deck in kept.order_by("phase__number", "registration__team__name", "letter"):
        decks.setdefault(deck.phase_id, []).append(
            {
                "deck": deck,
                "main_count": sum(deck.main.values()),
                "sideboard_count": sum(deck.sideboard.values()),
                "pool_count": sum((deck.pool or {}).values()),
            }
        )
    return [{"phase": phase, "decks": decks[phase.pk]} for phase in event_phases(event=event) if phase.pk in decks]
