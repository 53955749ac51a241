"""Reading: events, teams, rounds, pairings, standings and the bracket; visibility; query counts."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.api.conftest import build_event
from tests.factories import EventFactory, OrganizerFactory, PlayerFactory, RegistrationFactory, UserFactory
from tournaments.enums import EventStatus, ResultState

pytestmark = pytest.mark.django_db


def _url(event, tail=""):
    return f"/api/v1/events/{event.pk}/{tail}"


def test_event_list_shows_public_events_only_to_anonymous(api):
    public = EventFactory(is_public=True)
    EventFactory(is_public=False)
    response = api.get("/api/v1/events/")
    assert response.status_code == 200
    assert [e["id"] for e in response.json()["results"]] == [public.pk]


def test_event_list_shows_organizer_their_hidden_events(api):
    hidden = EventFactory(is_public=False, organizer=UserFactory())
    EventFactory(is_public=False)
    api.force_login(hidden.organizer)
    ids = [e["id"] for e in api.get("/api/v1/events/").json()["results"]]
    assert ids == [hidden.pk]


@pytest.mark.parametrize("tail", ["", "teams/", "rounds/", "matches/", "standings/", "bracket/"])
def test_hidden_event_is_404_for_anonymous_and_other_events_players_and_seen_by_its_own(api, tail):
    event, registrations, _ = build_event(teams=2, rounds=1, is_public=False, top_cut=2)
    assert api.get(_url(event, tail)).status_code == 404
    _other, others, _ = build_event(teams=2, rounds=1)
    api.force_login(others[0].seats.first().player.user)
    response = api.get(_url(event, tail))
    assert response.status_code == 404
    assert response.json()["message"] == f"There is no event {event.pk}, or it is not public."
    # One answer at every door (tournaments.rights.may_see_event): a player of the event sees it, as in the portal.
    api.force_login(registrations[0].seats.first().player.user)
    assert api.get(_url(event, tail)).status_code == 200


@pytest.mark.parametrize("tail", ["", "teams/", "rounds/", "matches/", "standings/"])
def test_hidden_event_is_visible_to_its_organizer_and_staff(api, tail):
    event, _, _ = build_event(teams=2, rounds=1, is_public=False, organizer=UserFactory())
    api.force_login(event.organizer)
    assert api.get(_url(event, tail)).status_code == 200
    api.force_login(OrganizerFactory())
    assert api.get(_url(event, tail)).status_code == 200


def test_teams_list_members_by_seat_without_accounts(api):
    event = EventFactory(team_size=2, structure="seat")
    alice, bob = PlayerFactory(name="Alice"), PlayerFactory(name="Bob")
    registration = RegistrationFactory(event=event, team__name="Lions", seats=[alice, bob])
    body = api.get(_url(event, "teams/")).json()
    assert body["results"] == [
        {
            "id": registration.pk,
            "team_id": registration.team_id,
            "name": "Lions",
            "joined_round": 1,
            "dropped_round": None,
            "status": "active",
            "day2_cut_round": None,
            "members": [{"seat": "A", "player": "Alice"}, {"seat": "B", "player": "Bob"}],
            "byes_in_advance": 0,
        }
    ]
    # Must not leak: logins and e-mail addresses of players (nor a fixed table, the organizer's to know).
    assert alice.user.username not in str(body) and alice.user.email not in str(body)


def test_matches_show_seat_results_of_final_matches(api):
    event, registrations, _ = build_event(teams=2, rounds=1)
    body = api.get(_url(event, "matches/")).json()
    [match] = body["results"]
    assert match["result_state"] == "final" and match["outcome"] == "A"
    assert match["seats"] == [
        {"letter": "A", "wins_a": 2, "wins_b": 0, "draws": 0},
        {"letter": "B", "wins_a": 2, "wins_b": 1, "draws": 0},
        {"letter": "C", "wins_a": 0, "wins_b": 2, "draws": 0},
    ]
    assert match["team_a"] == {"id": registrations[0].pk, "name": registrations[0].team.name}


@pytest.mark.parametrize("state", [ResultState.REPORTED, ResultState.DISPUTED])
def test_unconfirmed_result_must_not_leak(api, state):
    event, _, _ = build_event(teams=2, rounds=1, state=state)
    match = event.rounds.get().matches.get()
    match.dispute_note = "They played a fifth game"
    match.save()
    for url in (_url(event, "matches/"), _url(event, f"matches/{match.pk}/")):
        body = api.get(url).json()
        shown = body["results"][0] if "results" in body else body
        assert (shown["result_state"], shown["outcome"], shown["seats"], shown["games"]) == ("pending", None, [], None)
        assert "dispute_note" not in shown
    standings = api.get(_url(event, "standings/")).json()["results"]
    assert [row["match_points"] for row in standings] == [0, 0]


def test_unconfirmed_result_is_shown_to_the_teams_of_the_match(api):
    event, registrations, _ = build_event(teams=2, rounds=1, state=ResultState.REPORTED)
    match = event.rounds.get().matches.get()
    api.force_login(registrations[1].seats.first().player.user)
    shown = api.get(_url(event, f"matches/{match.pk}/")).json()
    assert shown["result_state"] == "reported" and shown["outcome"] == "A"


def test_matches_filter_by_round_and_team(api):
    event, registrations, _ = build_event(teams=6, rounds=3)
    by_round = api.get(_url(event, "matches/"), {"round": 2}).json()["results"]
    assert {m["round"] for m in by_round} == {2} and len(by_round) == 3
    team = registrations[4].pk
    by_team = api.get(_url(event, "matches/"), {"team": team}).json()["results"]
    assert len(by_team) == 3
    assert all(team in (m["team_a"]["id"], (m["team_b"] or {}).get("id")) for m in by_team)


def test_standings_carry_every_tiebreaker_figure(api):
    event, registrations, _ = build_event(teams=3, rounds=1)
    rows = api.get(_url(event, "standings/")).json()["results"]
    assert [row["rank"] for row in rows] == [1, 2, 3]
    winner = next(row for row in rows if row["team"] == registrations[0].pk)
    assert winner["mw"] == {"value": "1.0000", "exact": "1", "points": 3, "played": 1, "floored": False}
    assert winner["omw"] == {"value": "0.3300", "exact": "33/100"}
    assert winner["opponents"] == [registrations[1].pk]
    assert set(winner) >= {"gw", "ogw", "record", "tiebreak", "decided_by", "byes", "dropped", "name"}
    bye = next(row for row in rows if row["team"] == registrations[2].pk)
    assert (bye["byes"], bye["match_points"], bye["gw"]["exact"]) == (1, 3, "1")


def test_standings_after_a_round_and_for_one_team(api):
    event, registrations, _ = build_event(teams=4, rounds=2)
    after_one = api.get(_url(event, "standings/"), {"round": 1}).json()["results"]
    assert {row["rounds_played"] for row in after_one} == {1}
    [row] = api.get(_url(event, "standings/"), {"team": registrations[0].pk}).json()["results"]
    assert row["team"] == registrations[0].pk


def test_bracket_is_provisional_before_the_top_cut(api):
    event, registrations, _ = build_event(teams=4, rounds=2, top_cut=4)
    body = api.get(_url(event, "bracket/")).json()
    assert (body["size"], body["provisional"], body["champion"]) == (4, True, None)
    [semis, final] = body["rounds"]
    assert [m["team_a"]["seed"] for m in semis["matches"]] == [1, 2]
    assert final["name"] == "Final" and final["matches"][0]["team_a"] is None


def test_bracket_of_event_without_top_cut_is_404_with_reason(api):
    event, _, _ = build_event(teams=2, rounds=1, top_cut=0)
    response = api.get(_url(event, "bracket/"))
    assert response.status_code == 404
    assert response.json()["message"] == f"Event {event.pk} has no top cut."


def test_bracket_with_too_few_teams_is_409(api):
    event, _, _ = build_event(teams=2, rounds=1, top_cut=8)
    response = api.get(_url(event, "bracket/"))
    assert response.status_code == 409
    assert "needs 8 teams" in response.json()["message"]


LIST_ENDPOINTS = ["/api/v1/events/", "teams/", "rounds/", "matches/", "standings/", "bracket/"]


def _queries(api, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = api.get(url, {"page_size": 500} if "bracket" not in url else {})
    assert response.status_code == 200, response.content
    return len(captured)


@pytest.mark.parametrize("tail", LIST_ENDPOINTS)
def test_list_queries_do_not_grow_with_the_event(api, tail):
    small, _, _ = build_event(teams=4, rounds=1, top_cut=4)
    large, _, _ = build_event(teams=17, rounds=4, top_cut=8)
    url = (lambda e: tail) if tail.startswith("/") else (lambda e: _url(e, tail))
    assert _queries(api, url(small)) == _queries(api, url(large))


def test_list_queries_do_not_grow_for_logged_in_users(api):
    small, _, _ = build_event(teams=4, rounds=1)
    large, _, _ = build_event(teams=12, rounds=3)
    api.force_login(OrganizerFactory())
    assert _queries(api, _url(small, "matches/")) == _queries(api, _url(large, "matches/"))


def test_event_detail_shows_status(api):
    event = EventFactory(status=EventStatus.RUNNING)
    body = api.get(_url(event)).json()
    assert (body["id"], body["status"], body["version"]) == (event.pk, "running", 0)


def test_playoff_rounds_are_named_quarterfinal_semifinal_final_never_round_n(api):
    from tests.factories import RoundFactory, TeamMatchFactory
    from tournaments.enums import RoundKind

    event = EventFactory(swiss_rounds=4, top_cut=8)
    a, b = RegistrationFactory(event=event), RegistrationFactory(event=event)
    for number in range(1, 8):
        kind = RoundKind.SWISS if number <= 4 else RoundKind.PLAYOFF
        TeamMatchFactory(round=RoundFactory(event=event, number=number, kind=kind), table=1, team_a=a, team_b=b)
    names = [r["name"] for r in api.get(_url(event, "rounds/")).json()["results"]]
    assert names == ["Round 1", "Round 2", "Round 3", "Round 4", "Quarterfinal", "Semifinal", "Final"]
    matches = api.get(_url(event, "matches/"), {"round": 7}).json()["results"]
    assert [m["round_name"] for m in matches] == ["Final"]
