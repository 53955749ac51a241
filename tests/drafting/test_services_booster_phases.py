"""A live booster draft in a later phase of a big event (issue 42, docs/phases.md): 16 players play 2 rounds of
sealed, then a booster draft phase in pods of 8 seated by the standings drafts on the phones with the pods and seats
the phase gave, and the picks become the pools of phase 2."""

import random

import pytest

from drafting.models import DraftStatus, Pod, PodCard, PodTeam
from drafting.selectors.pods import thg_pods_for_event
from drafting.services.booster import booster_pods_seat
from drafting.services.picks import DraftRefused
from drafting.services.pods import thg_pick, thg_pod_enter_packs, thg_pod_start
from tests.drafting.boosterpods import front, player
from tests.drafting.pods import pod_card_name, reload
from tests.factories import EventFactory, OrganizerFactory, SoloRegistrationFactory
from tournaments.enums import FormatKind, Outcome, PairingScope, ResultState
from tournaments.models import PhaseDeck, Round
from tournaments.pools import team_pool
from tournaments.selectors.phases import phase_pod_seating
from tournaments.services.pairing import round_pair_next
from tournaments.services.phases import phase_create, phase_start_next

pytestmark = pytest.mark.django_db

PACK_SIZE = 8  # one pick per player per pack in a pod of eight: 24 picks each


def _play(round_: Round, rng: random.Random) -> None:
    """Every match of the round gets a final 2-0 or 2-1 result, either way."""
    for match in round_.matches.filter(team_b__isnull=False):
        a_wins = rng.random() < 0.5
        match.outcome = Outcome.A_WINS if a_wins else Outcome.B_WINS
        match.games_won_a, match.games_won_b = (2, rng.randint(0, 1)) if a_wins else (rng.randint(0, 1), 2)
        match.result_state = ResultState.FINAL
        match.save(update_fields=["outcome", "result_state", "games_won_a", "games_won_b"])


def _draft_whole_pod(pod: Pod) -> dict[int, dict[str, int]]:
    """Load the pod's packs, start it and let every player take the first card in front of them until the draft
    ends; returns each registration's picks (English name -> copies)."""
    seats = list(PodTeam.objects.filter(pod=pod).order_by("seat"))
    Pod.objects.filter(pk=pod.pk).update(review_seconds_by_round=[], round_review_seconds=None, pick_seconds={})
    packs = [
        [f"{pod_card_name(r, o, k)} p{pod.number}" for k in range(1, PACK_SIZE + 1)]
        for r in range(3)
        for o in range(len(seats))
    ]
    thg_pod_enter_packs(pod_id=pod.pk, by=None, packs=packs)
    thg_pod_start(pod_id=pod.pk, by=None)
    while reload(pod).status == DraftStatus.RUNNING:
        pod = reload(pod)
        for seat in seats:
            ids = front(pod, seat)
            if len(ids) > 1:
                thg_pick(pod_id=pod.pk, user=player(seat), card_ids=[ids[0]], pack_round=pod.pack_round, step=pod.step)
    assert reload(pod).status == DraftStatus.FINISHED
    picks: dict[int, dict[str, int]] = {}
    for card in PodCard.objects.filter(pod=pod).select_related("team"):
        names = picks.setdefault(card.team.registration_id, {})
        names[card.name] = names.get(card.name, 0) + 1
    return picks


def test_16_players_sealed_then_a_live_booster_draft_in_the_phases_pods():
    organizer = OrganizerFactory()
    event = EventFactory(
        team_size=1,
        format_kind=FormatKind.TEAM_SEALED,
        constructed_format="",
        real_product=False,
        swiss_rounds=5,
        top_cut=0,
        organizer=organizer,
    )
    for _ in range(16):
        SoloRegistrationFactory(event=event)
    phase_create(event=event, user=organizer, format_kind=FormatKind.TEAM_SEALED, rounds=2)
    phase_create(
        event=event,
        user=organizer,
        format_kind=FormatKind.BOOSTER_DRAFT,
        rounds=2,
        pairing_scope=PairingScope.PODS,
        pod_size=8,
    )
    phase_create(event=event, user=organizer, format_kind=FormatKind.TEAM_SEALED, rounds=1)
    rng = random.Random(5)
    for number in (1, 2):
        _play(round_pair_next(event=event, seed=number, user=organizer), rng)

    # Before phase 2 starts its draft can't be seated: its pods come from the standings.
    with pytest.raises(DraftRefused, match="start the phase first"):
        booster_pods_seat(event=event, by=organizer)
    assert not Pod.objects.filter(event=event).exists()

    phase = phase_start_next(event=event, user=organizer, seed=3)
    event.refresh_from_db()
    pods = booster_pods_seat(event=event, by=organizer, seed=11)

    # The live draft's tables are the phase's pods, seat for seat: pod 1 the top eight after round 2.
    expected = phase_pod_seating(phase=phase)
    assert len(expected) == 2 and all(len(members) == 8 for members in expected)
    assert [p.number for p in pods] == [1, 2] and {p.phase_number for p in pods} == {2}
    for pod, members in zip(pods, expected):
        assert (
            list(PodTeam.objects.filter(pod=pod).order_by("seat").values_list("registration_id", flat=True)) == members
        )
    assert [p.pk for p in thg_pods_for_event(event=event)] == [p.pk for p in pods]
    with pytest.raises(DraftRefused, match="already has its pods"):
        booster_pods_seat(event=event, by=organizer)

    # Picks work on the phones; each player's picks become their pool for phase 2's deck registration.
    picks: dict[int, dict[str, int]] = {}
    for pod in pods:
        picks.update(_draft_whole_pod(pod))
    assert len(picks) == 16
    for registration in event.registrations.all():
        pool = team_pool(registration=registration)
        assert pool.cards == picks[registration.pk]
        assert sum(pool.cards.values()) == 3 * PACK_SIZE

    # Round 3 (phase 2's first) pairs within the pods.
    pod_of = {r: k for k, members in enumerate(expected) for r in members}
    for number in (3, 4):
        round_ = round_pair_next(event=event, seed=number, user=organizer)
        for a, b in round_.matches.filter(team_b__isnull=False).values_list("team_a_id", "team_b_id"):
            assert pod_of[a] == pod_of[b]
        _play(round_, rng)

    # The pools belong to phase 2: starting phase 3 keeps them with phase 2 and removes them.
    phase_start_next(event=event, user=organizer)
    kept = {deck.registration_id: deck.pool for deck in PhaseDeck.objects.filter(phase=phase)}
    assert kept == picks
    assert all(team_pool(registration=r) is None for r in event.registrations.all())
