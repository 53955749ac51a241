"""What a team sees of its pod (drafting.selectors.pods): its pack and its teammate's tentative choice; its pool
only at the end of a pack round, after the draft, in a review break, or between picks at Regular REL; other teams'
picks never."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from drafting.models import Pod, PodCard, PodTeam
from drafting.selectors.tables import PoolHidden
from drafting.selectors.pods import thg_pod_state, thg_pods_overview, thg_pool
from drafting.services.pods import thg_pick, thg_pod_pause, thg_tentative
from tests.drafting.pods import make_pods, pack_ids, players, pod_card_name, reload
from tournaments.enums import EnforcementLevel

pytestmark = pytest.mark.django_db


def _teams(pod):
    return list(PodTeam.objects.filter(pod=pod).order_by("seat"))


def _after_first_step(pod):
    """Every team took the newest two of its first pack; returns the names each took."""
    taken = {}
    for team in _teams(pod):
        ids = pack_ids(pod, team)[-2:]
        taken[team.seat] = set(PodCard.objects.filter(pk__in=ids).values_list("name", flat=True))
        thg_pick(pod_id=pod.pk, user=players(team)[0], card_ids=ids, pack_round=0, step=0)
    return taken


def test_state_shows_the_team_its_pack_and_nothing_of_another_teams_picks():
    pod = make_pods(teams=4)[0]
    taken = _after_first_step(pod)
    pod = reload(pod)
    team0 = _teams(pod)[0]
    state = thg_pod_state(pod=pod, team=team0, now=timezone.now())
    assert [c.name for c in state.pack] == [pod_card_name(0, 3, k) for k in range(1, 14)]
    assert state.must_pick and (state.pack_round, state.pick, state.passing) == (1, 2, "left")
    assert not state.pool_visible and state.pool == []
    shown = {c.name for c in state.pack}
    for _seat, names in taken.items():
        assert not names & shown  # no pick of any team, its own included, is on the page
    assert [t.has_picked for t in state.teams] == [False] * 4
    assert [t.cards_in_front for t in state.teams] == [13] * 4


def test_state_of_a_team_that_picked_shows_no_pack_until_the_packs_move():
    pod = make_pods(teams=3)[0]
    team = _teams(pod)[0]
    thg_pick(pod_id=pod.pk, user=players(team)[0], card_ids=pack_ids(pod, team)[:2], pack_round=0, step=0)
    state = thg_pod_state(pod=reload(pod), team=team, now=timezone.now())
    assert state.pack == [] and not state.must_pick
    assert [t.has_picked for t in state.teams] == [True, False, False]


def test_teammates_tentative_choice_shows_to_the_team_only():
    pod = make_pods(teams=3)[0]
    mine, other = _teams(pod)[:2]
    ids = pack_ids(pod, mine)
    thg_tentative(pod_id=pod.pk, user=players(mine)[0], card_ids=ids[:2], pack_round=0, step=0)
    state = thg_pod_state(pod=reload(pod), team=PodTeam.objects.get(pk=mine.pk), now=timezone.now())
    assert state.tentative == ids[:2] and state.tentative_by == players(mine)[0].player.name
    assert thg_pod_state(pod=reload(pod), team=other, now=timezone.now()).tentative == []
    assert thg_pod_state(pod=reload(pod), team=None, now=timezone.now()).pack == []


def test_pool_hidden_during_a_pack_round_at_competitive():
    pod = make_pods(teams=3)[0]
    with pytest.raises(PoolHidden):
        thg_pool(pod=pod, team=_teams(pod)[0], now=timezone.now())


def test_pool_visible_in_the_review_before_the_next_pack_round_and_after_the_draft():
    pod = make_pods(teams=3, pack_size=4, review=30)[0]
    _after_first_step(pod)
    pod = reload(pod)
    team = _teams(pod)[0]
    assert pod.pack_round == 1 and pod.picks_open_at > timezone.now()
    assert len(thg_pool(pod=pod, team=team, now=timezone.now())) == 4
    assert thg_pod_state(pod=pod, team=team, now=timezone.now()).pool_visible
    Pod.objects.filter(pk=pod.pk).update(picks_open_at=timezone.now() - dt.timedelta(seconds=1))
    with pytest.raises(PoolHidden):
        thg_pool(pod=reload(pod), team=team, now=timezone.now())


def test_pool_visible_in_a_review_break_and_between_picks_at_regular_rel():
    pod = make_pods(teams=3)[0]
    thg_pod_pause(pod_id=pod.pk, by=None, review_break=True)
    assert thg_pool(pod=reload(pod), team=_teams(pod)[0], now=timezone.now()) == []
    regular = make_pods(teams=3, enforcement=EnforcementLevel.REGULAR)[0]
    assert thg_pod_state(pod=regular, team=_teams(regular)[0], now=timezone.now()).pool_visible


def test_overview_has_counts_and_turns_never_card_names():
    pods = make_pods(teams=8)
    _after_first_step(pods[0])
    team = _teams(pods[1])[2]
    thg_pick(pod_id=pods[1].pk, user=players(team)[0], card_ids=pack_ids(pods[1], team)[:2], pack_round=0, step=0)
    overview = thg_pods_overview(event=pods[0].event)
    assert [p["number"] for p in overview] == [1, 2]
    first, second = overview
    assert (first["pack_round"], first["pick"], first["passing"]) == (1, 2, "left")
    assert [t["cards_in_front"] for t in first["teams"]] == [13] * 4
    assert [t["has_picked"] for t in second["teams"]] == [False, False, True, False]
    assert second["cards_left"] == 6 * 4 * 15 - 2
    assert second["packs_left"] == 24
    assert "R1-" not in repr(overview)


def test_overview_queries_do_not_grow_with_pods():
    small, large = make_pods(teams=4), make_pods(teams=16)

    def count(pods):
        with CaptureQueriesContext(connection) as captured:
            thg_pods_overview(event=pods[0].event)
        return len(captured)

    assert count(small) == count(large) == 4  # the phase plan (event_pods), the pods, the seats, the cards
