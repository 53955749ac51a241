"""Pairing constraints through the API (issue 42): byes in advance on a team (POST, PATCH, the import's JSON and
CSV `byes` column), a fixed table (PATCH, organizer only in the answer), pairings to avoid, and bad input."""

import pytest
from django.db.models import Q

from tests.api.test_organizer_api import add_teams, auth, team
from tests.factories import EventFactory, OrganizerTokenFactory
from tournaments.models import AvoidedPairing, EventLogEntry, Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer():
    return OrganizerTokenFactory()


@pytest.fixture
def event(organizer):
    return EventFactory(organizer=organizer.user, swiss_rounds=3)


def test_team_with_byes_in_advance_and_a_fixed_table(api, organizer, event):
    body = dict(team("Bye Club", "Ann", "Bo", "Cy"), byes_in_advance=2)
    response = api.post(f"/api/v1/events/{event.pk}/teams/", body, format="json", **auth(organizer))
    assert response.status_code == 201, response.json()
    team_id = response.json()["id"]
    assert response.json()["byes_in_advance"] == 2
    response = api.patch(
        f"/api/v1/events/{event.pk}/teams/{team_id}/",
        {"fixed_table": 4, "byes_in_advance": 3},
        format="json",
        **auth(organizer),
    )
    assert response.status_code == 200, response.json()
    assert (response.json()["byes_in_advance"], response.json()["fixed_table"]) == (3, 4)
    registration = Registration.objects.get(pk=team_id)
    assert (registration.byes_in_advance, registration.fixed_table) == (3, 4)
    assert EventLogEntry.objects.filter(event=event, registration=registration).count() == 3
    # Anyone else reading the team sees the byes, never the table (an accessibility need is the organizer's to know).
    public = api.get(f"/api/v1/events/{event.pk}/teams/{team_id}/").json()
    assert public["byes_in_advance"] == 3 and "fixed_table" not in public


@pytest.mark.parametrize(
    "patch",
    [
        {"byes_in_advance": 4},
        {"byes_in_advance": -1},
        {"fixed_table": 0},
        {"fixed_table": "x"},
        {"byes_in_advance": "lots"},
    ],
)
def test_bad_byes_or_table_answer_400_and_change_nothing(api, organizer, event, patch):
    [team_id] = add_teams(api, organizer, event, 1)
    response = api.patch(f"/api/v1/events/{event.pk}/teams/{team_id}/", patch, format="json", **auth(organizer))
    assert response.status_code == 400
    registration = Registration.objects.get(pk=team_id)
    assert (registration.byes_in_advance, registration.fixed_table) == (0, None)


def test_a_table_kept_by_another_team_is_refused_with_its_name(api, organizer, event):
    first, second = add_teams(api, organizer, event, 2)
    assert (
        api.patch(
            f"/api/v1/events/{event.pk}/teams/{first}/", {"fixed_table": 2}, format="json", **auth(organizer)
        ).status_code
        == 200
    )
    response = api.patch(
        f"/api/v1/events/{event.pk}/teams/{second}/", {"fixed_table": 2}, format="json", **auth(organizer)
    )
    assert response.status_code == 400
    assert "T0" in str(response.json())


def test_import_csv_byes_column(api, organizer):
    solo = EventFactory(organizer=organizer.user, team_size=1)
    csv = "player,byes\nAnn,2\nBo,\nCy,0\n"
    response = api.post(f"/api/v1/events/{solo.pk}/teams/import", {"csv": csv}, format="json", **auth(organizer))
    assert response.status_code == 201, response.json()
    assert {t["name"]: t["byes_in_advance"] for t in response.json()} == {"Ann": 2, "Bo": 0, "Cy": 0}
    bad = api.post(
        f"/api/v1/events/{solo.pk}/teams/import", {"csv": "player,byes\nDee,5\n"}, format="json", **auth(organizer)
    )
    assert bad.status_code == 400 and "Line 2" in str(bad.json())


def test_import_json_byes(api, organizer, event):
    teams = [dict(team("A1", "a", "b", "c"), byes_in_advance=1), team("A2", "d", "e", "f")]
    response = api.post(f"/api/v1/events/{event.pk}/teams/import", {"teams": teams}, format="json", **auth(organizer))
    assert response.status_code == 201, response.json()
    assert [t["byes_in_advance"] for t in response.json()] == [1, 0]


def test_avoided_pairings_add_list_remove(api, organizer, event):
    a, b, c = add_teams(api, organizer, event, 3)
    url = f"/api/v1/events/{event.pk}/avoided-pairings/"
    response = api.post(url, {"teams": [b, a]}, format="json", **auth(organizer))
    assert response.status_code == 201, response.json()
    assert response.json()["teams"] == sorted([a, b])
    assert [p["names"] for p in api.get(url, **auth(organizer)).json()] == [["T0", "T1"]]
    assert api.post(url, {"teams": [a, a]}, format="json", **auth(organizer)).status_code == 400
    assert api.post(url, {"teams": [a]}, format="json", **auth(organizer)).status_code == 400
    assert api.post(url, {"teams": [a, 999999]}, format="json", **auth(organizer)).status_code == 404
    assert api.delete(url, {"teams": [a, c]}, format="json", **auth(organizer)).status_code == 404
    assert api.delete(url, {"teams": [a, b]}, format="json", **auth(organizer)).status_code == 204
    assert not AvoidedPairing.objects.exists()
    assert api.get(url).status_code in (401, 403, 404)


def test_pairing_through_the_api_keeps_the_constraints(api, organizer, event):
    ids = add_teams(api, organizer, event, 8)
    for team_id, body in ((ids[0], {"byes_in_advance": 1}), (ids[1], {"fixed_table": 3})):
        assert (
            api.patch(f"/api/v1/events/{event.pk}/teams/{team_id}/", body, format="json", **auth(organizer)).status_code
            == 200
        )
    api.post(
        f"/api/v1/events/{event.pk}/avoided-pairings/", {"teams": [ids[2], ids[3]]}, format="json", **auth(organizer)
    )
    response = api.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json", **auth(organizer))
    assert response.status_code == 201, response.json()
    round_ = event.rounds.get(number=1)
    # 8 teams, one sitting out on its bye in advance: the 7 others pair with one ordinary bye.
    assert ids[0] in set(round_.matches.filter(team_b__isnull=True).values_list("team_a_id", flat=True))
    assert round_.matches.filter(team_b__isnull=True).count() == 2
    assert round_.matches.get(Q(team_a_id=ids[1]) | Q(team_b_id=ids[1])).table == 3
    pairs = {frozenset(p) for p in round_.matches.values_list("team_a_id", "team_b_id")}
    assert frozenset((ids[2], ids[3])) not in pairs


def test_top_16_and_32_and_single_elimination_through_the_api(api, organizer):
    base = {"name": "RCQ", "date": "2026-12-04", "team_size": 1, "format_kind": "booster_draft", "swiss_rounds": 3}
    for cut in (16, 32):
        response = api.post("/api/v1/events/", {**base, "top_cut": cut}, format="json", **auth(organizer))
        assert response.status_code == 201 and response.json()["top_cut"] == cut, response.json()
    assert api.post("/api/v1/events/", {**base, "top_cut": 12}, format="json", **auth(organizer)).status_code == 400
    assert (
        api.post(
            "/api/v1/events/", {**base, "bracket_seeding": "alphabetical"}, format="json", **auth(organizer)
        ).status_code
        == 400
    )
    response = api.post("/api/v1/events/", {**base, "bracket_seeding": "list"}, format="json", **auth(organizer))
    assert response.status_code == 201, response.json()
    event_id = response.json()["id"]
    ids = []
    for name in ("Ann", "Bo", "Cy", "Dee", "Eve"):
        answer = api.post(f"/api/v1/events/{event_id}/teams/", {"player": name}, format="json", **auth(organizer))
        assert answer.status_code == 201, answer.json()
        ids.append(answer.json()["id"])
    rounds = f"/api/v1/events/{event_id}/rounds/"
    assert api.post(rounds, {"order": ids[:4]}, format="json", **auth(organizer)).status_code == 400
    response = api.post(rounds, {"order": list(reversed(ids))}, format="json", **auth(organizer))
    assert response.status_code == 201, response.json()
    bracket = api.get(f"/api/v1/events/{event_id}/bracket/", **auth(organizer)).json()
    assert bracket["size"] == 8
    byes = [m["team_a"]["id"] for m in bracket["rounds"][0]["matches"] if m["bye"]]
    assert byes == [ids[4], ids[3], ids[2]]  # seeds 1, 2 and 3 of the list, in bracket order (1 v 8, 2 v 7, 3 v 6)
    round_one = api.get(f"{rounds}1/", **auth(organizer)).json()
    assert round_one["name"] == "Quarterfinal"
