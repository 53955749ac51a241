"""The individual booster draft through the services: seating, one-card picks, timeouts, the reviews between
packs, the whole draft to each player's pool for deck registration, and round 1 paired across the pod."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from drafting.models import DraftStatus, PickVia, Pod, PodCard, PodFormat, PodTeam
from drafting.passing import PHONE_PICK_FLOOR_SECONDS
from drafting.selectors.tables import draft_log_entries
from drafting.services.booster import booster_pods_seat
from drafting.services.picks import DraftRefused
from drafting.services.pods import thg_pick, thg_pod_pause, thg_pod_resume, thg_timeout_apply
from tests.drafting.boosterpods import front, make_booster_pods, player
from tests.drafting.pods import expire, reload
from tests.factories import BoosterDraftEventFactory, RegistrationFactory, SoloRegistrationFactory
from tournaments.enums import EnforcementLevel
from tournaments.pools import team_pool
from tournaments.services.pairing import round_pair_next

pytestmark = pytest.mark.django_db


def _pick_everyone(pod, *, take_last=False):
    """Every seat with a choice picks a card in front of it: the first laid out, or the last with take_last."""
    pod = reload(pod)
    for seat in PodTeam.objects.filter(pod=pod).order_by("seat"):
        ids = front(pod, seat)
        if len(ids) > 1:
            thg_pick(
                pod_id=pod.pk,
                user=player(seat),
                card_ids=[ids[-1] if take_last else ids[0]],
                pack_round=pod.pack_round,
                step=pod.step,
            )
    return reload(pod)


def _statements(captured) -> list[str]:
    """The SQL a call ran that does work: without the transaction's own statements (BEGIN, SAVEPOINT ...) and
    SQLite's no-op UPDATE that stands in for FOR UPDATE (core.draft_lock)."""
    return [
        q["sql"]
        for q in captured
        if not q["sql"].startswith(("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE"))
        and 'SET "version" = "drafting_pod"."version"' not in q["sql"]
    ]


def test_booster_pick_runs_six_statements_four_of_them_under_the_pods_lock():
    """The pick's cost (docs/drafting.md, "The pick's cost"): the seat of the user before the lock; under it the
    pod's row, the seat's claim, the card, "has everyone picked?" and the version. The pick that completes the step
    reads the seats and the packs and moves them on instead of bumping the version."""
    pod = make_booster_pods(players=4)[0]
    seats = list(PodTeam.objects.filter(pod=pod).order_by("seat"))
    counts = []
    for seat in seats:
        ids, user = front(pod, seat), player(seat)
        with CaptureQueriesContext(connection) as captured:
            taken = thg_pick(pod_id=pod.pk, user=user, card_ids=[ids[2]], pack_round=0, step=0)
        sql = _statements(captured.captured_queries)
        locked = next(k for k, text in enumerate(sql) if text.startswith('SELECT "drafting_pod"'))
        assert locked == 1 and sql[0].startswith('SELECT "drafting_podteam"')  # the seat is found before the lock
        counts.append((len(sql), len(sql) - locked - 1))
        with CaptureQueriesContext(connection) as read:
            assert (taken[0].pk, taken[0].via, taken[0].name) == (
                ids[2],
                PickVia.PLAYER,
                PodCard.objects.get(pk=ids[2]).name,
            )
        assert len(read.captured_queries) == 2  # the name is read when asked for (and once more by the test)
    assert counts == [(6, 4)] * 3 + [(8, 6)]
    assert reload(pod).step == 1


def test_booster_pick_of_a_card_the_previous_holder_took_refused_nothing_written():
    pod = make_booster_pods(players=4)[0]
    seats = list(PodTeam.objects.filter(pod=pod).order_by("seat"))
    taken_by_seat_0 = front(pod, seats[0])[5]
    for seat in seats:
        card = taken_by_seat_0 if seat == seats[0] else front(pod, seat)[0]
        thg_pick(pod_id=pod.pk, user=player(seat), card_ids=[card], pack_round=0, step=0)
    # Pack 1 passes left: seat 1 holds seat 0's pack now, without the card seat 0 took.
    with pytest.raises(DraftRefused, match="That card isn't in the pack in front of your team."):
        thg_pick(pod_id=pod.pk, user=player(seats[1]), card_ids=[taken_by_seat_0], pack_round=0, step=1)
    assert PodTeam.objects.get(pk=seats[1].pk).picked_through == 0  # the claim of step 1 was rolled back
    assert PodCard.objects.get(pk=taken_by_seat_0).team_id == seats[0].pk


def test_booster_pods_seat_players_in_pods_of_up_to_eight_with_the_mtr_timing():
    event = BoosterDraftEventFactory()
    for _ in range(9):
        SoloRegistrationFactory(event=event)
    pods = booster_pods_seat(event=event, by=None, seed=7)
    assert [p.teams.count() for p in pods] == [5, 4]
    pod = pods[0]
    assert (pod.format, pod.pick_seconds, pod.review_seconds_by_round, pod.deck_building_minutes) == (
        PodFormat.BOOSTER,
        {},
        [30, 45],
        40,  # the event's deck building minutes, 40 by default (issue 56; docs/desk.md)
    )
    assert draft_log_entries(draft=pod).filter(action="pods_seated").exists()


def test_booster_pods_seat_refuses_a_registration_of_two_players_naming_it():
    event = BoosterDraftEventFactory()
    SoloRegistrationFactory(event=event)
    team = RegistrationFactory(event=event)
    with pytest.raises(DraftRefused, match=f"one player per registration.*{team.team.name} \\(2 players\\)"):
        booster_pods_seat(event=event, by=None)
    assert not Pod.objects.filter(event=event).exists()


def test_booster_pods_seat_refuses_another_format():
    event = BoosterDraftEventFactory(format_kind="team_sealed")
    with pytest.raises(DraftRefused, match="Only a booster draft event"):
        booster_pods_seat(event=event, by=None)


def test_booster_pick_takes_one_card_and_the_packs_move_left_once_everyone_picked():
    pod = make_booster_pods(players=4)[0]
    seats = list(PodTeam.objects.filter(pod=pod).order_by("seat"))
    first = front(pod, seats[0])
    taken = thg_pick(pod_id=pod.pk, user=player(seats[0]), card_ids=[first[3]], pack_round=0, step=0)
    assert [c.pk for c in taken] == [first[3]]
    assert reload(pod).step == 0  # the others haven't picked
    with pytest.raises(DraftRefused, match="You have already picked from this pack; wait for the other players."):
        thg_pick(pod_id=pod.pk, user=player(seats[0]), card_ids=[first[4]], pack_round=0, step=0)
    for seat in seats[1:]:
        ids = front(pod, seat)
        thg_pick(pod_id=pod.pk, user=player(seat), card_ids=[ids[0]], pack_round=0, step=0)
    pod = reload(pod)
    assert (pod.pack_round, pod.step) == (0, 1)
    # pack 1 passes left: seat 1 now holds the pack seat 0 opened, 14 cards, without the one seat 0 took
    assert len(front(pod, seats[1])) == 14 and first[3] not in front(pod, seats[1])
    assert set(front(pod, seats[1])) < set(first)


def test_booster_pick_of_two_cards_is_refused_with_one_card_asked():
    pod = make_booster_pods(players=2)[0]
    seat = PodTeam.objects.get(pod=pod, seat=0)
    ids = front(pod, seat)
    with pytest.raises(DraftRefused, match="Choose one card."):
        thg_pick(pod_id=pod.pk, user=player(seat), card_ids=ids[:2], pack_round=0, step=0)


def test_booster_timeout_gives_each_player_out_of_time_the_oldest_card():
    pod = make_booster_pods(players=3, pick_seconds={"1": 40})[0]
    seats = list(PodTeam.objects.filter(pod=pod).order_by("seat"))
    oldest = {s.pk: front(pod, s)[0] for s in seats}
    thg_pick(pod_id=pod.pk, user=player(seats[0]), card_ids=[front(pod, seats[0])[-1]], pack_round=0, step=0)
    expire(pod)
    assert thg_timeout_apply(pod_id=pod.pk, pack_round=0, step=0)
    for seat in seats[1:]:
        card = PodCard.objects.get(team=seat)
        assert (card.pk, card.via) == (oldest[seat.pk], PickVia.TIMER)
    assert reload(pod).step == 1


def test_booster_review_before_packs_2_and_3_is_30_and_45_seconds():
    pod = make_booster_pods(players=2, pack_size=3, review=[30, 45])[0]
    for _ in range(2):
        pod = _pick_everyone(pod)
    assert pod.pack_round == 1
    assert 28 <= (pod.picks_open_at - timezone.now()).total_seconds() <= 30
    # The MTR's 5 s for a pick from 3 cards, raised to the phone floor (docs/drafting.md).
    assert (pod.deadline - pod.picks_open_at).total_seconds() == PHONE_PICK_FLOOR_SECONDS
    Pod.objects.filter(pk=pod.pk).update(picks_open_at=None)
    for _ in range(2):
        pod = _pick_everyone(pod)
    assert pod.pack_round == 2
    assert 43 <= (pod.picks_open_at - timezone.now()).total_seconds() <= 45


def test_booster_whole_draft_gives_each_player_a_pool_of_45_for_deck_registration():
    pods = make_booster_pods(players=8)
    pod = pods[0]
    while reload(pod).status == DraftStatus.RUNNING:
        pod = _pick_everyone(pod, take_last=True)
    assert pod.status == DraftStatus.FINISHED
    for seat in PodTeam.objects.filter(pod=pod).select_related("registration__event"):
        assert PodCard.objects.filter(team=seat).count() == 45
        pool = team_pool(registration=seat.registration)
        assert sum(pool.cards.values()) == 45
        assert not pool.shared_sideboard
    assert PodCard.objects.filter(pod=pod, via=PickVia.LAST).count() == 3 * 8


def test_booster_pause_and_resume_keep_the_time_left_on_the_core():
    pod = make_booster_pods(players=2)[0]
    thg_pod_pause(pod_id=pod.pk, by=None)
    assert reload(pod).status == DraftStatus.PAUSED
    seat = PodTeam.objects.get(pod=pod, seat=0)
    with pytest.raises(DraftRefused, match="paused"):
        thg_pick(pod_id=pod.pk, user=player(seat), card_ids=[front(pod, seat)[0]], pack_round=0, step=0)
    thg_pod_resume(pod_id=pod.pk, by=None)
    assert list(draft_log_entries(draft=pod).filter().values_list("action", flat=True))[-2:] == ["pause", "resume"]


def test_booster_round_1_pairs_seat_n_against_seat_n_plus_4_across_the_pod():
    pod = make_booster_pods(players=8, start=False)[0]
    seats = list(PodTeam.objects.filter(pod=pod).order_by("seat").values_list("registration_id", flat=True))
    round_ = round_pair_next(event=pod.event, seed=3)
    pairs = {frozenset((m.team_a_id, m.team_b_id)) for m in round_.matches.all()}
    assert pairs == {frozenset((seats[n], seats[n + 4])) for n in range(4)}


def test_booster_round_1_with_two_odd_pods_pairs_their_last_seats_and_gives_one_bye():
    pods = make_booster_pods(players=9, start=False, enforcement=EnforcementLevel.REGULAR)
    round_ = round_pair_next(event=pods[0].event, seed=3)
    matches = list(round_.matches.all())
    assert len(matches) == 5
    assert sum(m.team_b_id is None for m in matches) == 1


def test_booster_pods_take_the_events_pick_times_and_refuse_a_garbled_table():
    from drafting.models import DraftSettings

    event = BoosterDraftEventFactory()
    for _ in range(2):
        SoloRegistrationFactory(event=event)
    DraftSettings.objects.create(event=event, booster_pick_seconds={"15": "x"})
    with pytest.raises(DraftRefused, match="Pick seconds: a table of cards in the pack to seconds"):
        booster_pods_seat(event=event, by=None)
    DraftSettings.objects.filter(event=event).update(booster_pick_seconds={"15": 60, "5": 10})
    pod = booster_pods_seat(event=event, by=None)[0]
    assert pod.pick_seconds == {"15": 60, "5": 10}
    assert pod.rules.pick_seconds(14, pod.pick_seconds) == 10 and pod.rules.pick_seconds(15, pod.pick_seconds) == 60


def test_booster_pick_after_the_deadline_gets_the_oldest_card_and_says_so():
    pod = make_booster_pods(players=2)[0]
    seat = PodTeam.objects.get(pod=pod, seat=0)
    ids = front(pod, seat)
    oldest = PodCard.objects.get(pk=ids[0])
    expire(pod)
    with pytest.raises(DraftRefused, match=f"Your time ran out: you got the oldest card, {oldest.name}."):
        thg_pick(pod_id=pod.pk, user=player(seat), card_ids=[ids[-1]], pack_round=0, step=0)
    assert list(PodCard.objects.filter(team=seat).values_list("pk", "via")) == [(oldest.pk, PickVia.LATE)]


def test_booster_pods_take_the_events_own_deck_building_minutes():
    """Issue 56: the pods' deck building is the event's setting (40 by default), not a figure of their own."""
    event = BoosterDraftEventFactory(deck_building_minutes=30)
    for _ in range(4):
        SoloRegistrationFactory(event=event)
    assert {pod.deck_building_minutes for pod in booster_pods_seat(event=event, by=None, seed=1)} == {30}
