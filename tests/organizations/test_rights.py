"""An organization's members hold their role at every event of its stores, through the one rights module
(tournaments/rights.py, tournaments/affiliations.py); a second organization's events stay out; a person's own
events are as before."""

import pytest

from organizations.services import event_location_set, member_remove, member_set
from tournaments.rights import (
    events_judged_by,
    events_run_by,
    events_scored_by,
    events_staffed_by,
    events_visible_to,
    may_judge_event,
    may_manage_organization,
    may_organize,
    may_run_event,
    may_score_event,
    may_see_event,
    may_use_location,
    roles_at,
)

pytestmark = pytest.mark.django_db


def test_a_scorekeeper_of_the_organization_scores_at_both_stores_and_runs_neither(network):
    n = network
    for event in (n.at_berlin, n.at_munich):
        assert may_score_event(n.keeper, event)
        assert not may_run_event(n.keeper, event) and not may_judge_event(n.keeper, event)
    assert set(events_scored_by(n.keeper)) == {n.at_berlin, n.at_munich}
    assert not events_run_by(n.keeper).exists()


def test_a_judge_of_the_organization_judges_at_both_stores(network):
    n = network
    assert all(may_judge_event(n.judge, e) and not may_score_event(n.judge, e) for e in (n.at_berlin, n.at_munich))
    assert set(events_judged_by(n.judge)) == {n.at_berlin, n.at_munich}


def test_an_organizer_of_the_organization_runs_every_event_of_its_stores(network):
    n = network
    member_set(organization=n.first, who=n.rival.username, role="organizer", by=n.owner)
    assert may_run_event(n.rival, n.at_berlin) and may_run_event(n.rival, n.at_munich)
    assert may_use_location(n.rival, n.berlin)
    assert not may_manage_organization(n.rival, n.first)  # organizers run events; owners manage the organization


def test_a_second_organizations_events_stay_out(network):
    n = network
    assert not may_score_event(n.keeper, n.at_cave) and not may_run_event(n.owner, n.at_cave)
    assert not may_score_event(n.rival_keeper, n.at_berlin) and not may_score_event(n.rival_keeper, n.at_munich)
    assert set(events_staffed_by(n.rival_keeper)) == {n.at_cave}
    assert not may_use_location(n.owner, n.cave) and not may_use_location(n.rival, n.berlin)


def test_a_private_event_of_a_store_is_seen_by_the_organizations_members_only(network):
    n = network
    n.at_berlin.is_public = False
    n.at_berlin.save()
    assert may_see_event(n.keeper, n.at_berlin) and n.at_berlin in events_visible_to(n.keeper)
    assert not may_see_event(n.rival_keeper, n.at_berlin)
    assert n.at_berlin not in events_visible_to(n.rival_keeper)


def test_a_persons_own_events_are_unchanged(network):
    n = network
    assert roles_at(n.loner, n.own) == frozenset({"owner"})
    assert set(events_run_by(n.loner)) == {n.own}
    for outsider in (n.owner, n.keeper, n.rival, n.rival_keeper):
        assert not roles_at(outsider, n.own)


def test_a_removed_member_loses_the_role_at_once(network):
    n = network
    assert may_score_event(n.keeper, n.at_berlin)
    member_remove(organization=n.first, user=n.keeper, by=n.owner)
    assert not may_score_event(n.keeper, n.at_berlin)  # the rights module forgot what it remembered
    assert not events_staffed_by(n.keeper).exists()


def test_members_reach_the_console(network):
    assert may_organize(network.keeper) and may_organize(network.judge)


def test_an_event_moved_out_of_the_store_is_its_organizers_own_again(network):
    n = network
    event_location_set(event=n.at_munich, location=None, by=n.owner)
    assert not may_score_event(n.keeper, n.at_munich) and may_run_event(n.owner, n.at_munich)
