"""Services of the Two-Headed Giant booster draft in pods (drafting.services.pods, RULES.md 7, MTR 9.7)."""

import datetime as dt

import pytest
from django.utils import timezone

from drafting.models import DraftStatus, PickVia, Pod, PodCard, PodTeam
from drafting.selectors.tables import draft_log_entries
from drafting.services.picks import DraftRefused
from drafting.services.pods import (
    thg_pick,
    thg_pod_pause,
    thg_pod_refresh,
    thg_pod_resume,
    thg_pod_start,
    thg_pods_seat,
    thg_pods_sweep_overdue,
    thg_tentative,
    thg_timeout_apply,
)
from tests.drafting.pods import expire, make_pods, pack_ids, picked, players, pod_card_name, reload
from tests.factories import RegistrationFactory, RochesterEventFactory, ThgDraftEventFactory
from tournaments.enums import EnforcementLevel

pytestmark = pytest.mark.django_db


def _teams(pod):
    return list(PodTeam.objects.filter(pod=pod).select_related("registration").order_by("seat"))


def test_thg_pods_seat_eight_teams_two_pods_of_four_every_team_once():
    pods = make_pods(teams=8, start=False)
    assert [p.teams.count() for p in pods] == [4, 4]
    assert sorted(p.number for p in pods) == [1, 2]
    assert PodTeam.objects.filter(pod__in=pods).values("registration").distinct().count() == 8
    assert [t.seat for t in _teams(pods[0])] == [0, 1, 2, 3]
    assert draft_log_entries(draft=pods[0]).filter(action="pods_seated").exists()


def test_thg_pods_seat_seven_teams_four_and_three():
    assert sorted(p.teams.count() for p in make_pods(teams=7, start=False)) == [3, 4]


def test_thg_pods_seat_five_teams_need_the_organizers_confirmation():
    event = ThgDraftEventFactory()
    for _ in range(5):
        RegistrationFactory(event=event)
    with pytest.raises(DraftRefused, match="confirm"):
        thg_pods_seat(event=event, by=None)
    assert not Pod.objects.filter(event=event).exists()
    assert [p.teams.count() for p in thg_pods_seat(event=event, by=None, confirm_five=True)] == [5]


def test_thg_pods_seat_refuses_other_formats_too_few_teams_and_seating_twice():
    rochester = RochesterEventFactory()
    with pytest.raises(DraftRefused, match="Two-Headed Giant"):
        thg_pods_seat(event=rochester, by=None)
    event = ThgDraftEventFactory()
    RegistrationFactory(event=event)
    RegistrationFactory(event=event)
    with pytest.raises(DraftRefused, match="at least three"):
        thg_pods_seat(event=event, by=None)
    RegistrationFactory(event=event)
    thg_pods_seat(event=event, by=None)
    with pytest.raises(DraftRefused, match="already has its pods"):
        thg_pods_seat(event=event, by=None)


def test_thg_pod_start_first_packs_open_with_the_full_pack_clock():
    pod = make_pods(teams=4)[0]
    assert pod.status == DraftStatus.RUNNING and (pod.pack_round, pod.step) == (0, 0)
    assert 79 < (pod.deadline - timezone.now()).total_seconds() <= 80
    assert pod.picks_open_at is None  # the first pack round has no review before it


def test_thg_pod_start_uses_the_events_pick_seconds():
    pod = make_pods(teams=3, pick_seconds={"15": 30, "3": 5})[0]
    assert 29 < (pod.deadline - timezone.now()).total_seconds() <= 30


def test_thg_pick_either_teammate_two_cards_go_to_the_teams_pool():
    pod = make_pods(teams=4)[0]
    team = _teams(pod)[1]
    ids = pack_ids(pod, team)[-2:]
    cards = thg_pick(pod_id=pod.pk, user=players(team)[1], card_ids=ids, pack_round=0, step=0)
    assert sorted(c.pk for c in cards) == sorted(ids)
    assert set(PodCard.objects.filter(team=team).values_list("name", flat=True)) == {
        pod_card_name(0, 1, 14),
        pod_card_name(0, 1, 15),
    }
    assert reload(pod).step == 0  # the other teams haven't picked: the packs stay


def test_thg_pick_teammate_pressing_after_the_pick_refused_nothing_written():
    pod = make_pods(teams=4)[0]
    team = _teams(pod)[0]
    a, b = players(team)
    thg_pick(pod_id=pod.pk, user=a, card_ids=pack_ids(pod, team)[:2], pack_round=0, step=0)
    with pytest.raises(DraftRefused, match="already picked from this pack"):
        thg_pick(pod_id=pod.pk, user=b, card_ids=pack_ids(pod, team)[:2], pack_round=0, step=0)
    assert picked(pod) == 2


def test_thg_pick_all_teams_picked_packs_pass_left_in_round_one():
    pod = make_pods(teams=4)[0]
    teams = _teams(pod)
    for team in teams:
        thg_pick(pod_id=pod.pk, user=players(team)[0], card_ids=pack_ids(pod, team)[:2], pack_round=0, step=0)
    pod = reload(pod)
    assert (pod.pack_round, pod.step) == (0, 1)
    assert 64 < (pod.deadline - timezone.now()).total_seconds() <= 65  # 13 cards: less time
    # Seat 0 now holds the pack seat 3 (on its right) opened and passed left: 13 cards, its oldest two taken.
    names = list(PodCard.objects.filter(pk__in=pack_ids(pod, teams[0])).values_list("name", flat=True))
    assert names == [pod_card_name(0, 3, k) for k in range(3, 16)]


@pytest.mark.parametrize("how", ["one", "three", "twice", "other pack", "unknown"])
def test_thg_pick_bad_cards_refused_with_a_message_nothing_written(how):
    pod = make_pods(teams=4)[0]
    teams = _teams(pod)
    mine, theirs = pack_ids(pod, teams[0]), pack_ids(pod, teams[1])
    card_ids = {
        "one": mine[:1],
        "three": mine[:3],
        "twice": [mine[0], mine[0]],
        "other pack": [mine[0], theirs[0]],
        "unknown": [mine[0], 10**9],
    }[how]
    message = "exactly two" if how in ("one", "three", "twice") else "isn't in the pack in front of your team"
    with pytest.raises(DraftRefused, match=message):
        thg_pick(pod_id=pod.pk, user=players(teams[0])[0], card_ids=card_ids, pack_round=0, step=0)
    assert picked(pod) == 0
    assert PodTeam.objects.get(pk=teams[0].pk).picked_through == -1


def test_thg_pick_by_a_player_of_another_pod_refused():
    pods = make_pods(teams=8)
    stranger = players(_teams(pods[1])[0])[0]
    with pytest.raises(DraftRefused, match="don't draft in this pod"):
        thg_pick(
            pod_id=pods[0].pk, user=stranger, card_ids=pack_ids(pods[0], _teams(pods[0])[0])[:2], pack_round=0, step=0
        )
    assert picked(pods[0]) == 0


def test_thg_pick_another_teams_player_takes_for_their_own_team_only():
    pod = make_pods(teams=4)[0]
    teams = _teams(pod)
    # A player of team 2 sending the cards of team 1's pack: not in front of their team.
    with pytest.raises(DraftRefused, match="isn't in the pack"):
        thg_pick(pod_id=pod.pk, user=players(teams[1])[0], card_ids=pack_ids(pod, teams[0])[:2], pack_round=0, step=0)
    assert picked(pod) == 0


def test_thg_pick_after_the_pack_moved_on_refused():
    pod = make_pods(teams=3)[0]
    teams = _teams(pod)
    for team in teams:
        thg_pick(pod_id=pod.pk, user=players(team)[0], card_ids=pack_ids(pod, team)[:2], pack_round=0, step=0)
    before = picked(pod)
    with pytest.raises(DraftRefused, match="moved on"):
        thg_pick(pod_id=pod.pk, user=players(teams[0])[0], card_ids=pack_ids(pod, teams[0])[:2], pack_round=0, step=0)
    assert picked(pod) == before


def test_thg_pick_paused_or_not_started_refused():
    pod = make_pods(teams=3, start=False)[0]
    team = _teams(pod)[0]
    with pytest.raises(DraftRefused, match="hasn't started"):
        thg_pick(pod_id=pod.pk, user=players(team)[0], card_ids=[1, 2], pack_round=0, step=0)
    thg_pod_start(pod_id=pod.pk, by=None)
    thg_pod_pause(pod_id=pod.pk, by=None)
    with pytest.raises(DraftRefused, match="paused"):
        thg_pick(pod_id=pod.pk, user=players(team)[0], card_ids=pack_ids(pod, team)[:2], pack_round=0, step=0)
    assert picked(pod) == 0


def test_thg_pick_late_gets_the_two_oldest_cards_and_says_so():
    pod = make_pods(teams=3)[0]
    team = _teams(pod)[0]
    newest = pack_ids(pod, team)[-2:]
    expire(pod)
    with pytest.raises(DraftRefused, match="two oldest cards"):
        thg_pick(pod_id=pod.pk, user=players(team)[0], card_ids=newest, pack_round=0, step=0)
    assert sorted(PodCard.objects.filter(team=team).values_list("position", flat=True)) == [1, 2]
    assert set(PodCard.objects.filter(team=team).values_list("via", flat=True)) == {PickVia.LATE}


def test_thg_timeout_gives_the_teams_that_didnt_pick_their_two_oldest_cards():
    pod = make_pods(teams=4)[0]
    teams = _teams(pod)
    thg_pick(pod_id=pod.pk, user=players(teams[0])[0], card_ids=pack_ids(pod, teams[0])[-2:], pack_round=0, step=0)
    assert not thg_timeout_apply(pod_id=pod.pk, pack_round=0, step=0)  # deadline ahead: nothing
    expire(pod)
    assert thg_timeout_apply(pod_id=pod.pk, pack_round=0, step=0)
    assert not thg_timeout_apply(pod_id=pod.pk, pack_round=0, step=0)  # twice: once
    for team in teams[1:]:
        cards = PodCard.objects.filter(team=team)
        assert sorted(cards.values_list("position", flat=True)) == [1, 2]
        assert set(cards.values_list("via", flat=True)) == {PickVia.TIMER}
    assert sorted(PodCard.objects.filter(team=teams[0]).values_list("position", flat=True)) == [14, 15]
    assert (reload(pod).pack_round, reload(pod).step) == (0, 1)


def test_whole_draft_by_timeouts_every_card_once_ninety_per_team_six_rounds_left_right():
    pod = make_pods(teams=4)[0]
    rounds_seen = []
    while reload(pod).status == DraftStatus.RUNNING:
        current = expire(pod)
        rounds_seen.append(current.pack_round)
        assert thg_timeout_apply(pod_id=pod.pk, pack_round=current.pack_round, step=current.step)
    assert sorted(set(rounds_seen)) == [0, 1, 2, 3, 4, 5]
    assert PodCard.objects.filter(pod=pod, team__isnull=True).count() == 0
    for team in _teams(pod):
        assert PodCard.objects.filter(team=team).count() == 90  # 6 rounds x 15 cards, the last card of each pack
    # Round 2 passes right: at its second step seat 0 took from the pack seat 1 opened.
    second = PodCard.objects.filter(team=_teams(pod)[0], pack_round=1, pick_step=1)
    assert set(second.values_list("opener", flat=True)) == {1}
    assert PodCard.objects.filter(pod=pod, via=PickVia.LAST).count() == 6 * 4


def test_new_pack_round_opens_with_a_review_of_the_pools_then_picks():
    pod = make_pods(teams=3, pack_size=4, review=30)[0]
    teams = _teams(pod)
    # 4-card packs: step 0 chooses two, step 1 the last two go at once; round 2 opens with its review.
    for team in teams:
        thg_pick(pod_id=pod.pk, user=players(team)[0], card_ids=pack_ids(pod, team)[:2], pack_round=0, step=0)
    pod = reload(pod)
    assert (pod.pack_round, pod.step) == (1, 0)
    assert 29 < (pod.picks_open_at - timezone.now()).total_seconds() <= 30
    assert pod.deadline > pod.picks_open_at
    with pytest.raises(DraftRefused, match="picks open in"):
        thg_pick(pod_id=pod.pk, user=players(teams[0])[0], card_ids=pack_ids(pod, teams[0])[:2], pack_round=1, step=0)
    assert PodCard.objects.filter(team=teams[0]).count() == 4


def test_thg_tentative_choice_is_stored_for_the_teammate_and_cleared_by_the_pick():
    pod = make_pods(teams=3)[0]
    team = _teams(pod)[0]
    a, b = players(team)
    ids = pack_ids(pod, team)
    version = reload(pod).version
    thg_tentative(pod_id=pod.pk, user=a, card_ids=[ids[3], ids[5], 10**9], pack_round=0, step=0)
    team.refresh_from_db()
    assert team.tentative == [ids[3], ids[5]]
    assert team.tentative_by == a.player.name
    assert reload(pod).version > version
    thg_pick(pod_id=pod.pk, user=b, card_ids=team.tentative, pack_round=0, step=0)
    team.refresh_from_db()
    assert team.tentative == [] and team.tentative_by == ""


def test_thg_pod_pause_keeps_the_time_left_and_resume_restores_it():
    pod = make_pods(teams=3)[0]
    Pod.objects.filter(pk=pod.pk).update(deadline=timezone.now() + dt.timedelta(seconds=12))
    paused = thg_pod_pause(pod_id=pod.pk, by=None, review_break=True, reason="judge call")
    assert paused.status == DraftStatus.PAUSED and paused.review_break and paused.deadline is None
    assert 11 < paused.paused_deadline_left <= 12
    resumed = thg_pod_resume(pod_id=pod.pk, by=None)
    assert resumed.status == DraftStatus.RUNNING and not resumed.review_break
    assert 11 < (resumed.deadline - timezone.now()).total_seconds() <= 12
    assert list(draft_log_entries(draft=pod).filter().values_list("action", flat=True))[-2:] == [
        "review_break",
        "resume",
    ]


def test_sweep_and_read_apply_overdue_timeouts_without_a_worker():
    pods = make_pods(teams=8)
    expire(pods[0], ago=2)
    expire(pods[1], ago=0.01)
    assert thg_pods_sweep_overdue() == 1  # only the one past the grace
    assert reload(pods[0]).step == 1
    assert set(PodCard.objects.filter(pod=pods[0]).exclude(via="").values_list("via", flat=True)) == {PickVia.SWEEP}
    fresh = thg_pod_refresh(pod=reload(pods[1]))
    assert fresh.step == 1
    assert set(PodCard.objects.filter(pod=pods[1]).exclude(via="").values_list("via", flat=True)) == {PickVia.READ}


def test_competitive_pods_hide_the_pool_between_picks_regular_shows_it():
    assert not make_pods(teams=3, start=False)[0].review_between_picks
    assert make_pods(teams=3, start=False, enforcement=EnforcementLevel.REGULAR)[0].review_between_picks


def test_thg_tentative_toggle_adds_removes_and_a_third_replaces_the_first():
    pod = make_pods(teams=3)[0]
    team = _teams(pod)[0]
    a, b = players(team)
    ids = pack_ids(pod, team)
    toggle = lambda user, card: thg_tentative(pod_id=pod.pk, user=user, toggle=card, pack_round=0, step=0).tentative  # noqa: E731
    assert toggle(a, ids[0]) == [ids[0]]
    assert toggle(b, ids[1]) == [ids[0], ids[1]]  # the teammate adds to the same choice
    assert toggle(a, ids[2]) == [ids[1], ids[2]]
    assert toggle(b, ids[2]) == [ids[1]]
    with pytest.raises(DraftRefused, match="isn't in the pack"):
        toggle(a, pack_ids(pod, _teams(pod)[1])[0])
