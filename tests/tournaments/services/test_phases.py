"""Phases of a big event through the services (tournaments/services/phases.py and the pairing service): a 64-player
event of 3 sealed rounds, then 3 booster-draft rounds in pods of 8 seated by the standings, then a top 8 (issue 42)."""

import random

import pytest
from django.core.exceptions import ValidationError

from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory
from tournaments.enums import EventStatus, FormatKind, Outcome, PairingScope, ResultState, RoundKind
from tournaments.models import Decklist, EventLogEntry, PhaseDeck, PhaseSeat, Round, Seat
from tournaments.selectors.phases import phase_current, phase_for_round, registration_phase_seat
from tournaments.selectors.standings import standings_for_event
from tournaments.services.decklists import decklists_locked_reason
from tournaments.services.errors import ResultsMissing, StateConflict
from tournaments.services.pairing import round_pair_next
from tournaments.services.phases import phase_create, phase_delete, phase_start_next, phase_update
from tournaments.services.topcut import topcut_start

pytestmark = pytest.mark.django_db


def _play(round_: Round, rng: random.Random) -> None:
    """Every open match of the round gets a final result: 2-0 or 2-1 either way, now and then a draw."""
    for match in round_.matches.filter(team_b__isnull=False):
        roll = rng.random()
        outcome = Outcome.DRAW if roll < 0.05 else Outcome.A_WINS if roll < 0.55 else Outcome.B_WINS
        a, b = {Outcome.DRAW: (1, 1), Outcome.A_WINS: (2, rng.randint(0, 1)), Outcome.B_WINS: (rng.randint(0, 1), 2)}[
            outcome
        ]
        match.outcome, match.result_state, match.games_won_a, match.games_won_b = outcome, ResultState.FINAL, a, b
        match.save(update_fields=["outcome", "result_state", "games_won_a", "games_won_b"])


def _sealed_then_draft(*, players: int = 64, **event_fields):
    organizer = OrganizerFactory()
    fields = {
        "team_size": 1,
        "format_kind": FormatKind.TEAM_SEALED,
        "constructed_format": "",
        "real_product": True,
        "swiss_rounds": 6,
        "top_cut": 8,
        "organizer": organizer,
        **event_fields,
    }
    event = EventFactory(**fields)
    entrants = [RegistrationFactory(event=event) for _ in range(players)]
    phase_create(event=event, user=organizer, name="Day 1 sealed", format_kind=FormatKind.TEAM_SEALED, rounds=3)
    phase_create(
        event=event,
        user=organizer,
        format_kind=FormatKind.BOOSTER_DRAFT,
        rounds=3,
        pairing_scope=PairingScope.PODS,
        pod_size=8,
    )
    return organizer, event, entrants


def test_64_players_sealed_then_draft_in_pods_by_standings_then_top_8():
    organizer, event, entrants = _sealed_then_draft()
    rng = random.Random(42)
    event.refresh_from_db()
    assert event.swiss_rounds == 6 and event.format_kind == FormatKind.TEAM_SEALED

    # Phase 1: the whole field, a sealed deck registered by each player.
    for number in range(1, 4):
        round_ = round_pair_next(event=event, seed=number, user=organizer)
        assert phase_for_round(event=event, round_number=number).number == 1
        if number == 1:
            for seat in Seat.objects.filter(event=event):
                Decklist.objects.create(seat=seat, text=f"40 Plains\n# sealed {seat.pk}", main={"Plains": 40})
        _play(round_, rng)
    with pytest.raises(StateConflict):  # round 4 opens phase 2, which isn't started
        round_pair_next(event=event, user=organizer)

    after_three = [row.team for row in standings_for_event(event=event, upto_round=3)]
    phase = phase_start_next(event=event, user=organizer, seed=7)
    event.refresh_from_db()
    assert phase.number == 2 and event.format_kind == FormatKind.BOOSTER_DRAFT
    seats = {s.registration_id: (s.pod.number, s.seat) for s in PhaseSeat.objects.filter(phase=phase)}
    assert len(seats) == 64
    for k, team in enumerate(after_three):  # pod 1 is the top 8 after round 3, pod 2 the next 8 ...
        assert seats[team][0] == k // 8 + 1
    assert sorted(seat for pod, seat in seats.values() if pod == 1) == list(range(1, 9))

    # The sealed decks are kept for phase 1 and registration opens anew for the draft.
    assert PhaseDeck.objects.filter(phase__number=1, phase__event=event).count() == 64
    assert not Decklist.objects.filter(seat__event=event).exists()
    assert decklists_locked_reason(event=event) is None
    draft_deck = Seat.objects.filter(event=event).first()
    Decklist.objects.create(seat=draft_deck, text="17 Island\n23 Counterspell", main={"Island": 17})

    # Phase 2: every pairing stays within its pod.
    for number in range(4, 7):
        round_ = round_pair_next(event=event, seed=number, user=organizer)
        assert phase_for_round(event=event, round_number=number) == phase
        for a, b in round_.matches.filter(team_b__isnull=False).values_list("team_a_id", "team_b_id"):
            assert seats[a][0] == seats[b][0]
        _play(round_, rng)
    assert decklists_locked_reason(event=event) is not None

    # Standings run across the phases: six rounds of match points for everyone.
    rows = standings_for_event(event=event)
    assert sum(row.match_points for row in rows) >= 6 * 32 * 3 - 6 * 32  # draws give 1 + 1 instead of 3 + 0
    assert max(row.match_points for row in rows) <= 18
    played = {row.team: row.match_points for row in rows}
    assert len(played) == 64

    top = topcut_start(event=event, user=organizer)
    event.refresh_from_db()
    assert event.status == EventStatus.TOP_CUT and top.kind == RoundKind.PLAYOFF and top.matches.count() == 4
    assert phase_for_round(event=event, round_number=top.number) is None
    # Judges see each phase's deck: phase 1's kept, phase 2's current.
    kept = PhaseDeck.objects.get(phase__number=1, registration=draft_deck.registration)
    assert kept.text.startswith("40 Plains") and Decklist.objects.get(seat=draft_deck).main == {"Island": 17}
    assert EventLogEntry.objects.filter(event=event, action="phase_started", user=organizer).count() == 2


def test_phase_seat_shows_pod_and_seat_of_the_current_phase():
    organizer, event, entrants = _sealed_then_draft(players=20)
    assert registration_phase_seat(registration=entrants[0]) is None
    for number in range(1, 4):
        _play(round_pair_next(event=event, seed=number), random.Random(number))
    phase_start_next(event=event, user=organizer, seed=1)
    sizes = sorted(PhaseSeat.objects.filter(phase__event=event).values_list("pod__number", flat=True))
    assert [sizes.count(pod) for pod in (1, 2, 3)] == [7, 7, 6]  # as even as can be, the larger pods first
    seat = registration_phase_seat(registration=entrants[5])
    assert seat is not None and 1 <= seat.pod.number <= 3 and 1 <= seat.seat <= 7
    assert phase_current(event=event).number == 2


def test_next_phase_waits_for_its_rounds_and_results():
    organizer, event, entrants = _sealed_then_draft(players=8)
    assert phase_start_next(event=event, user=organizer).number == 1  # before round 1: phase 1, the whole field
    with pytest.raises(StateConflict):  # phase 2 starts after round 3
        phase_start_next(event=event, user=organizer)
    for number in range(1, 4):
        round_ = round_pair_next(event=event, seed=number)
        if number < 3:
            _play(round_, random.Random(number))
    with pytest.raises(ResultsMissing):
        phase_start_next(event=event, user=organizer)
    assert not PhaseSeat.objects.filter(phase__event=event).exists()


def test_first_round_in_pods_pairs_across_each_pod_by_seat():
    organizer = OrganizerFactory()
    event = EventFactory(
        team_size=1, format_kind=FormatKind.BOOSTER_DRAFT, constructed_format="", swiss_rounds=3, organizer=organizer
    )
    for _ in range(16):
        RegistrationFactory(event=event)
    phase = phase_create(
        event=event, user=organizer, format_kind=FormatKind.BOOSTER_DRAFT, rounds=3, pairing_scope=PairingScope.PODS
    )
    round_ = round_pair_next(event=event, seed=3, user=organizer)
    seat_of = {s.registration_id: (s.pod.number, s.seat) for s in PhaseSeat.objects.filter(phase=phase)}
    for a, b in round_.matches.values_list("team_a_id", "team_b_id"):
        assert seat_of[a][0] == seat_of[b][0] and abs(seat_of[a][1] - seat_of[b][1]) == 4


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"format_kind": FormatKind.BOOSTER_DRAFT, "rounds": 0}, "rounds"),
        ({"format_kind": FormatKind.BOOSTER_DRAFT, "rounds": 31}, "rounds"),
        ({"format_kind": FormatKind.TEAM_SEALED, "rounds": 3, "pairing_scope": PairingScope.PODS}, "pairing_scope"),
        (
            {"format_kind": FormatKind.BOOSTER_DRAFT, "rounds": 3, "pairing_scope": PairingScope.PODS, "pod_size": 9},
            "pod_size",
        ),
        ({"format_kind": FormatKind.THG_DRAFT, "rounds": 3}, "format_kind"),
        ({"format_kind": "chess", "rounds": 3}, "format_kind"),
    ],
)
def test_bad_phases_are_refused_field_by_field(fields, field):
    event = EventFactory(team_size=1, format_kind=FormatKind.TEAM_SEALED, constructed_format="")
    with pytest.raises(ValidationError) as refused:
        phase_create(event=event, **fields)
    assert field in refused.value.message_dict
    assert not event.phases.exists()


def test_draft_phase_refused_in_a_team_constructed_event_and_a_commander_night():
    team = EventFactory(team_size=3)
    with pytest.raises(ValidationError) as refused:
        phase_create(event=team, format_kind=FormatKind.BOOSTER_DRAFT, rounds=3)
    assert "booster draft" in str(refused.value)
    commander = EventFactory(team_size=1, structure="multiplayer_pods", top_cut=0)
    with pytest.raises(ValidationError):
        phase_create(event=commander, format_kind=FormatKind.TEAM_SEALED, rounds=2)


def test_plan_sets_the_rounds_and_a_started_phase_keeps_its_format():
    organizer, event, _entrants = _sealed_then_draft(players=8)
    first, second = event.phases.order_by("number")
    phase_update(phase=second, user=organizer, rounds=2)
    event.refresh_from_db()
    assert event.swiss_rounds == 5
    round_pair_next(event=event, seed=1)
    with pytest.raises(StateConflict):
        phase_update(phase=first, user=organizer, format_kind=FormatKind.BOOSTER_DRAFT)
    with pytest.raises(StateConflict):
        phase_delete(phase=first, user=organizer)
    phase_delete(phase=second, user=organizer)
    event.refresh_from_db()
    assert event.swiss_rounds == 3 and list(event.phases.values_list("number", flat=True)) == [1]
    assert EventLogEntry.objects.filter(event=event, action="phase_plan_changed", user=organizer).count() == 4


def test_event_without_phases_pairs_as_always():
    event = EventFactory(team_size=1, swiss_rounds=3)
    for _ in range(8):
        RegistrationFactory(event=event)
    round_ = round_pair_next(event=event, seed=5)
    assert round_.matches.count() == 4
    assert phase_for_round(event=event, round_number=1) is None and phase_current(event=event) is None
