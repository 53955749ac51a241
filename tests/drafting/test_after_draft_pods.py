"""After a Two-Headed Giant booster draft: each team's pool becomes its sealed pool (two 40-card decks and the
shared sideboard registered against it), and the Swiss rounds pair the teams of each pod with each other (MTR 7.6)
unless the event lifts the pod rule at Regular REL."""

from collections import defaultdict

import pytest
from django.core.exceptions import ValidationError

from drafting.models import DraftStatus, PodTeam
from drafting.services.pods import thg_pod_end, thg_timeout_apply
from sealed.models import SealedPool
from sealed.services import PoolRefused, sealed_pool_register_lists, sealed_pools_open
from tests.drafting.pods import expire, make_pods, players, reload
from tests.factories import RegistrationFactory
from tournaments.enums import EnforcementLevel
from tournaments.models import TeamMatch
from tournaments.selectors.standings import standings_for_event
from tournaments.services.events import event_problems
from tournaments.services.pairing import round_pair_next, round_repair
from tournaments.services.publishing import round_publish
from tournaments.services.results import SharedGames, team_match_record_final

pytestmark = pytest.mark.django_db


def _draft_to_the_end(pod):
    while reload(pod).status == DraftStatus.RUNNING:
        current = expire(pod)
        thg_timeout_apply(pod_id=pod.pk, pack_round=current.pack_round, step=current.step)


def test_a_finished_draft_gives_each_team_its_pool_to_build_from():
    pod = make_pods(teams=3, pack_size=14)[0]
    _draft_to_the_end(pod)
    for team in PodTeam.objects.filter(pod=pod).select_related("registration"):
        pool = SealedPool.objects.get(registration=team.registration)
        assert pool.cards.count() == 6 * 14
        assert pool.booster_count == 6 and not pool.is_registered


def test_an_ended_draft_gives_the_cards_taken_so_far():
    pod = make_pods(teams=3)[0]
    expire(pod)
    thg_timeout_apply(pod_id=pod.pk, pack_round=0, step=0)
    thg_pod_end(pod_id=pod.pk, by=None, reason="fire alarm")
    assert (
        sorted(SealedPool.objects.filter(registration__pod_seats__pod=pod).values_list("cards__booster", flat=True))
        == [0] * 6
    )


def test_a_pod_ended_before_it_started_makes_no_pools():
    pod = make_pods(teams=3, start=False)[0]
    thg_pod_end(pod_id=pod.pk, by=None, reason="wrong event")
    assert not SealedPool.objects.filter(registration__pod_seats__pod=pod).exists()


def _lists(names, *, a=40, b=40):
    text = lambda cards: "\n".join(f"1 {n}" for n in cards)  # noqa: E731
    return {("A", "main"): text(names[:a]), ("B", "main"): text(names[a : a + b]), ("", "side"): text(names[a + b :])}


def test_two_40_card_decks_and_the_shared_sideboard_register_against_the_pool():
    pod = make_pods(teams=3, pack_size=15)[0]
    _draft_to_the_end(pod)
    team = PodTeam.objects.filter(pod=pod).select_related("registration").first()
    pool = SealedPool.objects.get(registration=team.registration)
    names = list(pool.cards.order_by("position").values_list("name", flat=True))
    user = players(team)[0]
    registered = sealed_pool_register_lists(pool=pool, user=user, lists=_lists(names))
    assert registered.is_registered
    assert pool.cards.filter(seat="", zone="side").count() == 90 - 80


def test_a_card_used_twice_or_not_in_the_pool_is_named():
    pod = make_pods(teams=3, pack_size=15)[0]
    _draft_to_the_end(pod)
    team = PodTeam.objects.filter(pod=pod).select_related("registration").first()
    pool = SealedPool.objects.get(registration=team.registration)
    names = list(pool.cards.order_by("position").values_list("name", flat=True))
    lists = _lists(names)
    lists[("A", "main")] += f"\n1 {names[45]}\n1 Black Lotus"
    with pytest.raises(PoolRefused) as refused:
        sealed_pool_register_lists(pool=pool, user=players(team)[0], lists=lists)
    text = " ".join(p.message for p in refused.value.problems)
    assert names[45] in text and "Black Lotus" in text
    assert not SealedPool.objects.get(pk=pool.pk).is_registered


def test_sealed_pools_are_not_opened_for_a_draft_event():
    pod = make_pods(teams=3, start=False)[0]
    with pytest.raises(ValidationError, match="drafts its pools in pods"):
        sealed_pools_open(event=pod.event)


def _opponents(event):
    seen = defaultdict(set)
    for a, b in TeamMatch.objects.filter(round__event=event, team_b__isnull=False).values_list("team_a", "team_b"):
        seen[a].add(b)
        seen[b].add(a)
    return seen


def test_swiss_rounds_pair_within_pods_every_pod_mate_once_then_standings():
    pods = make_pods(teams=8, start=False, swiss_rounds=3)
    event = pods[0].event
    pod_of = dict(PodTeam.objects.filter(pod__event=event).values_list("registration_id", "pod_id"))
    for _ in range(3):
        # Competitive REL: the round is a draft until published (issue 53).
        round_ = round_publish(round_=round_pair_next(event=event, seed=7), user=event.organizer)
        for match in round_.matches.all():
            assert match.team_b_id is not None and pod_of[match.team_a_id] == pod_of[match.team_b_id]
            team_match_record_final(match=match, user=event.organizer, games=SharedGames(1, 0))
    for team, opponents in _opponents(event).items():
        assert opponents == {t for t, p in pod_of.items() if p == pod_of[team] and t != team}
    standings = standings_for_event(event=event)
    assert len(standings) == 8 and standings[0].match_points >= standings[-1].match_points


def test_a_pod_of_three_has_its_own_bye():
    pods = make_pods(teams=7, start=False)
    event = pods[0].event
    round_ = round_pair_next(event=event, seed=3)
    byes = list(round_.matches.filter(team_b__isnull=True).values_list("team_a_id", flat=True))
    three = next(p for p in pods if p.teams.count() == 3)
    assert len(byes) == 1 and PodTeam.objects.get(registration_id=byes[0]).pod_id == three.pk


def test_lifting_the_pod_rule_needs_regular_rel_and_pairs_across_pods():
    pods = make_pods(teams=8, start=False, enforcement=EnforcementLevel.COMPETITIVE)
    event = pods[0].event
    event.pods_play_across = True
    assert "pods_play_across" in event_problems(event=event)
    event.enforcement_level = EnforcementLevel.REGULAR
    assert "pods_play_across" not in event_problems(event=event)
    event.save()
    pod_of = dict(PodTeam.objects.filter(pod__event=event).values_list("registration_id", "pod_id"))
    round_ = round_pair_next(event=event, seed=1)
    across = []
    for seed in range(2, 12):  # pairing again with other seeds: the field is one, so some pairs cross the pods
        across.append(sum(1 for m in round_.matches.all() if pod_of[m.team_a_id] != pod_of[m.team_b_id]))
        round_ = round_repair(round_=round_, seed=seed)
    assert max(across) >= 1


def test_a_late_entry_outside_any_pod_is_paired_with_the_others_outside():
    pods = make_pods(teams=6, start=False)
    event = pods[0].event
    late = [RegistrationFactory(event=event), RegistrationFactory(event=event)]
    round_ = round_pair_next(event=event, seed=5)
    match = round_.matches.get(team_a__in=late)
    assert {match.team_a_id, match.team_b_id} == {r.pk for r in late}


def test_the_decklist_registry_reads_the_pod_pool_with_its_shared_sideboard():
    """tournaments.pools: a 2HG booster draft's decklists are checked against the pool its pod drafted."""
    from collections import Counter

    from tournaments.pools import event_has_pools, team_pool

    pod = make_pods(teams=3, pack_size=14)[0]
    team = PodTeam.objects.filter(pod=pod).select_related("registration").first()
    assert event_has_pools(event=pod.event) and team_pool(registration=team.registration) is None  # not drafted yet
    _draft_to_the_end(pod)
    pool = team_pool(registration=team.registration)
    drafted = SealedPool.objects.get(registration=team.registration).cards.values_list("name", flat=True)
    assert pool.shared_sideboard and sum(pool.cards.values()) == 6 * 14
    assert pool.cards == dict(Counter(drafted))
