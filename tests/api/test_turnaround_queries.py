"""The event day's turnaround through the API costs the same number of queries whatever the field's size (issue 30):
pairing the next round, one round with its matches, the standings."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from api.serializers.matches import TeamMatchSerializer
from tests.api.conftest import build_event
from tests.factories import ApiTokenFactory
from tournaments.enums import EventStatus, ResultState
from tournaments.models import TeamMatch

pytestmark = pytest.mark.django_db


def _queries(call) -> tuple[int, object]:
    with CaptureQueriesContext(connection) as queries:
        response = call()
    return len(queries), response


def _pair_next(api, *, teams: int) -> tuple[int, object]:
    event, _registrations, _rounds = build_event(teams=teams, rounds=2, swiss_rounds=5, status=EventStatus.RUNNING)
    token = ApiTokenFactory(event=event)
    return _queries(
        lambda: api.post(
            f"/api/v1/events/{event.pk}/rounds/", {}, format="json", HTTP_AUTHORIZATION=f"Token {token.raw}"
        )
    )


def test_pairing_the_next_round_costs_the_same_queries_for_8_and_40_teams(api):
    small, small_response = _pair_next(api, teams=8)
    large, large_response = _pair_next(api, teams=40)
    assert small_response.status_code == large_response.status_code == 201
    assert (len(small_response.json()["matches"]), len(large_response.json()["matches"])) == (4, 20)
    assert small == large
    assert large <= 40


def _standings(api, *, teams: int) -> tuple[int, object]:
    event, _registrations, _rounds = build_event(teams=teams, rounds=3, is_public=True)
    return _queries(lambda: api.get(f"/api/v1/events/{event.pk}/standings/?page_size=500"))


def test_the_standings_cost_the_same_queries_for_8_and_60_teams(api):
    small, small_response = _standings(api, teams=8)
    large, large_response = _standings(api, teams=60)
    assert (small_response.json()["count"], large_response.json()["count"]) == (8, 60)
    assert small == large
    assert large <= 10


def _round_detail(api, *, teams: int) -> tuple[int, object]:
    event, _registrations, _rounds = build_event(teams=teams, rounds=2)
    return _queries(lambda: api.get(f"/api/v1/events/{event.pk}/rounds/2/"))


def test_one_round_with_its_matches_costs_the_same_queries_for_9_and_41_teams(api):
    small, small_response = _round_detail(api, teams=9)
    large, large_response = _round_detail(api, teams=41)
    assert (small_response.json()["match_count"], large_response.json()["match_count"]) == (5, 21)
    assert small == large


@pytest.mark.parametrize("runs", [False, True])
def test_a_round_read_as_values_shows_what_the_match_serializer_shows(api, runs):
    event, _registrations, rounds = build_event(teams=7, rounds=2, is_public=True)
    # A reported result (hidden from the public), a disputed one with its note, a pending one and the bye.
    matches = list(TeamMatch.objects.filter(round=rounds[1], team_b__isnull=False).order_by("table"))
    TeamMatch.objects.filter(pk=matches[0].pk).update(result_state=ResultState.REPORTED)
    TeamMatch.objects.filter(pk=matches[1].pk).update(result_state=ResultState.DISPUTED, dispute_note="2-1, not 1-2")
    TeamMatch.objects.filter(pk=matches[2].pk).update(result_state=ResultState.PENDING, outcome="")
    if runs:
        api.force_login(event.organizer)
    shown = api.get(f"/api/v1/events/{event.pk}/rounds/2/").json()["matches"]
    models = (
        TeamMatch.objects.filter(round=rounds[1])
        .select_related("round__event", "team_a__team", "team_b__team")
        .prefetch_related("seat_matches")
        .order_by("table")
    )
    assert shown == [TeamMatchSerializer(m, context={"full": runs, "shared_game": False}).data for m in models]
    assert [m["result_state"] for m in shown][:3] == (
        ["reported", "disputed", "pending"] if runs else ["pending", "pending", "pending"]
    )
    assert shown[0]["seats"] == (
        [
            {"letter": "A", "wins_a": 2, "wins_b": 0, "draws": 0},
            {"letter": "B", "wins_a": 2, "wins_b": 1, "draws": 0},
            {"letter": "C", "wins_a": 0, "wins_b": 2, "draws": 0},
        ]
        if runs
        else []
    )


def test_every_page_of_one_version_comes_from_one_computation_and_a_change_computes_again(api):
    event, registrations, _rounds = build_event(teams=12, rounds=2, is_public=True)
    url = f"/api/v1/events/{event.pk}/standings/"
    first, response = _queries(lambda: api.get(url, {"page_size": 5}))
    again, page_two = _queries(lambda: api.get(url, {"page_size": 5, "page": 2}))
    team, one_row = _queries(lambda: api.get(url, {"team": registrations[3].pk}))
    assert (first, again, team) == (5, 1, 1)  # no result, round, registration or late-entry query after the first
    rows = response.json()["results"] + page_two.json()["results"]
    assert [row["rank"] for row in rows] == list(range(1, 11))
    assert one_row.json()["results"][0]["team"] == registrations[3].pk
    # A result changes: the version moves on, and the standings are computed again.
    from tournaments.services.scoreboard import event_bump_version

    leader = rows[0]["team"]
    won = TeamMatch.objects.filter(round__event=event, team_a_id=leader, team_b__isnull=False).first()  # A wins all
    TeamMatch.objects.filter(pk=won.pk).update(outcome="B")
    event_bump_version(event_id=event.pk)
    after = api.get(url, {"team": leader}).json()["results"][0]
    assert after["match_points"] == rows[0]["match_points"] - 3
