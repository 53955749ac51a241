"""Standings before any result, the bye without a table, and the marker of teams out of the event."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import RegistrationFactory, TeamMatchFactory
from tournaments.enums import Outcome, ResultState
from tournaments.models import Registration
from tournaments.services.results import SeatGames, team_match_confirm, team_match_report

GAMES = [SeatGames("A", 2, 0), SeatGames("B", 2, 1), SeatGames("C", 0, 2)]


def _standings(client, scene):
    return client.get(reverse("portal:standings", args=[scene.event.pk])).text


def test_standings_before_any_result_list_the_registered_teams_without_ranks(scene, client):
    page = _standings(client, scene)
    assert 'id="registered-teams"' in page and "No results yet" in page
    assert '<table class="standings"' not in page and "Rank" not in page
    for team in scene.teams:
        assert team.team.name in page
    # with their players by seat, each name linking to the player's profile
    assert (
        f'A: <a class="player-link" href="{reverse("signup:player", args=[scene.alice.player.pk])}">Alice</a>' in page
    )


def test_standings_show_ranks_once_a_result_counts(scene, client):
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    assert 'id="registered-teams"' in _standings(client, scene)  # reported, not confirmed: nothing counts yet
    team_match_confirm(match=scene.match, user=scene.bob)
    page = _standings(client, scene)
    assert '<table class="standings' in page and 'id="registered-teams"' not in page


def test_standings_and_team_lists_mark_a_dropped_team_with_the_round(scene, client):
    dropped = scene.teams[3]
    Registration.objects.filter(pk=dropped.pk).update(dropped_round=1)
    mark = '<span class="team-mark team-mark-dropped">(dropped after round 1)</span>'
    page = _standings(client, scene)  # the registered teams, before results
    line = page[page.index(f"<strong>{dropped.team.name}</strong>") :]
    assert line.startswith(f"<strong>{dropped.team.name}</strong> {mark}")
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    team_match_confirm(match=scene.match, user=scene.bob)
    page = _standings(client, scene)
    assert f'<th scope="row">{dropped.team.name} {mark}</th>' in page
    assert page.count('class="team-mark ') == 1
    by_team = client.get(reverse("portal:pairings_by_team", args=[scene.event.pk])).text
    assert f"{dropped.team.name} {mark}" in by_team
    by_table = client.get(reverse("portal:pairings", args=[scene.event.pk])).text
    assert f"{dropped.team.name} {mark}" in by_table


def test_a_team_that_left_before_round_1_is_marked_so(scene, client):
    late = RegistrationFactory(event=scene.event)
    Registration.objects.filter(pk=late.pk).update(dropped_round=0)
    assert "(dropped before round 1)" in _standings(client, scene)


@pytest.mark.skipif(not hasattr(Registration, "is_disqualified"), reason="Registration has no disqualified state")
def test_a_disqualified_team_is_marked_disqualified_not_dropped(scene, client):
    team = scene.teams[2]
    Registration.objects.filter(pk=team.pk).update(dropped_round=1, disqualified_at=timezone.now())
    page = _standings(client, scene)
    assert '<span class="team-mark team-mark-disqualified">(disqualified after round 1)</span>' in page
    assert "dropped after" not in page


def test_pairings_give_the_bye_no_table_number(scene, client):
    bye_team = RegistrationFactory(event=scene.event)
    TeamMatchFactory(
        round=scene.round, table=3, team_a=bye_team, team_b=None, outcome=Outcome.A_WINS, result_state=ResultState.FINAL
    )
    by_table = client.get(reverse("portal:pairings", args=[scene.event.pk])).text
    assert "Table 1" in by_table and "Table 2" in by_table and "Table 3" not in by_table
    item = by_table[by_table.index(bye_team.team.name) - 200 : by_table.index(bye_team.team.name)]
    assert '<span class="table-number bye">Bye</span>' in item
    by_team = client.get(reverse("portal:pairings_by_team", args=[scene.event.pk])).text
    assert "Table 3" not in by_team
