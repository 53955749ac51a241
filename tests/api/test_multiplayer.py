"""A whole 13-player Commander night (issue 43) through the organizer's API alone: structure "multiplayer_pods",
pods of 4 (three pods of 3 take the leftovers), three Swiss rounds and a top pod of 4.

Results follow the players' strength (the strongest at a pod wins), but round 2's pod 1 ends in a draw between its
two strongest players and round 3's pod 1 on time (everyone still in). The expected points and opponents'
tiebreaker are worked out here from the pods the API seated, by docs/multiplayer.md's rules written out in this file.
"""

from fractions import Fraction

import pytest

from tests.factories import OrganizerTokenFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

NAMES = [f"Player {i:02d}" for i in range(1, 14)]
STRENGTH = {name: i for i, name in enumerate(NAMES, start=1)}
CSV = "player\n" + "".join(f"{name}\n" for name in NAMES)
ROUNDS, WIN, DRAW = 3, 5, 1


def _play(number: int, table: dict) -> tuple[dict, dict[str, str]]:
    """The body the desk posts for a pod and each player's outcome."""
    names = [s["name"] for s in table["seats"]]
    ranked = sorted(names, key=STRENGTH.get, reverse=True)
    if table["number"] == 1 and number == 2:
        ids = [s["id"] for s in table["seats"] if s["name"] in ranked[:2]]
        return {"result": "draw", "players": ids}, {n: "D" if n in ranked[:2] else "L" for n in names}
    if table["number"] == 1 and number == 3:
        return {"result": "time"}, {n: "D" for n in names}
    winner = next(s["id"] for s in table["seats"] if s["name"] == ranked[0])
    return {"result": "win", "players": [winner]}, {n: "W" if n == ranked[0] else "L" for n in names}


def _expected(games: list[tuple[str, list[str], str]]) -> dict[str, tuple[int, Fraction]]:
    points = {n: 0 for n in NAMES}
    played = {n: 0 for n in NAMES}
    opponents = {n: [] for n in NAMES}
    for name, others, outcome in games:
        points[name] += {"W": WIN, "D": DRAW, "L": 0}[outcome]
        played[name] += 1
        opponents[name] += others
    share = {n: max(Fraction(1, 4), Fraction(points[n], played[n] * WIN)) for n in NAMES}
    return {n: (points[n], sum((share[o] for o in opponents[n]), Fraction(0)) / len(opponents[n])) for n in NAMES}


def test_a_13_player_commander_night_with_a_top_pod_runs_through_the_api_alone():
    from rest_framework.test import APIClient

    api = APIClient()
    token = OrganizerTokenFactory()
    auth = {"HTTP_AUTHORIZATION": f"Token {token.raw}"}
    created = api.post(
        "/api/v1/events/",
        {
            "name": "Commander Night",
            "date": "2026-12-04",
            "team_size": 1,
            "format_kind": "team_constructed",
            "constructed_format": "commander",
            "structure": "multiplayer_pods",
            "pod_size": 4,
            "swiss_rounds": ROUNDS,
            "top_cut": 4,
            "is_public": True,
        },
        format="json",
        **auth,
    )
    assert created.status_code == 201, created.json()
    assert (created.json()["structure"], created.json()["pod_size"]) == ("multiplayer_pods", 4)
    base = f"/api/v1/events/{created.json()['id']}"
    imported = api.generic("POST", f"{base}/teams/import", CSV.encode(), content_type="text/csv", **auth)
    assert imported.status_code == 201, imported.json()
    assert api.post(f"{base}/rounds/", {}, format="json", **auth).status_code == 409  # two-player pairing refused

    games: list[tuple[str, list[str], str]] = []
    for number in range(1, ROUNDS + 1):
        seated = api.post(f"{base}/table-rounds/", {}, format="json", **auth)
        assert seated.status_code == 201, seated.json()
        tables = seated.json()["pods"]
        assert sorted(len(p["seats"]) for p in tables) == [3, 3, 3, 4] and seated.json()["byes"] == []
        assert sorted(s["name"] for p in tables for s in p["seats"]) == NAMES
        early = api.post(f"{base}/table-rounds/", {}, format="json", **auth)
        assert early.status_code == 409  # the pods wait for their results
        for table in tables:
            body, outcomes = _play(number, table)
            posted = api.post(f"{base}/tables/{table['id']}/result", body, format="json", **auth)
            assert posted.status_code == 200, posted.json()
            assert posted.json()["state"] == "final"
            assert {s["name"]: s["outcome"] for s in posted.json()["seats"]} == outcomes
            names = [s["name"] for s in table["seats"]]
            games += [(n, [o for o in names if o != n], outcomes[n]) for n in names]
    bad = api.post(f"{base}/tables/{tables[0]['id']}/result", {"result": "win", "players": []}, format="json", **auth)
    assert bad.status_code == 400

    standings = api.get(f"{base}/table-standings/").json()
    expected = _expected(games)
    assert len(standings["results"]) == 13
    for row in standings["results"]:
        assert (row["points"], Fraction(row["opponents"]["exact"])) == expected[row["name"]], row["name"]
    keys = [expected[r["name"]] for r in standings["results"]]
    assert keys == sorted(keys, reverse=True)  # points, then the opponents' share
    swiss = [r["name"] for r in standings["results"]]

    top = api.post(f"{base}/table-rounds/", {}, format="json", **auth)
    assert top.status_code == 201 and top.json()["kind"] == "playoff"
    seats = top.json()["pods"][0]["seats"]
    assert [s["name"] for s in seats] == swiss[:4]  # seated by seed: the first in the standings plays first
    champion = min(seats, key=lambda s: STRENGTH[s["name"]])  # the weakest of the four wins the final game
    final = api.post(
        f"{base}/tables/{top.json()['pods'][0]['id']}/result",
        {"result": "win", "players": [champion["id"]]},
        format="json",
        **auth,
    )
    assert final.status_code == 200, final.json()
    event = api.get(f"{base}/", **auth).json()
    assert event["status"] == "finished"
    places = api.get(f"{base}/table-standings/").json()["places"]
    by_id = {r["id"]: r["name"] for r in standings["results"]}
    assert [by_id[p] for p in places] == [champion["name"]] + [n for n in swiss if n != champion["name"]]
    assert api.post(f"{base}/table-rounds/", {}, format="json", **auth).status_code == 409


def test_the_pod_paths_of_before_issue_55_answer_as_the_table_paths_do_and_are_deprecated():
    """/pod-rounds/, /pod-tables/{id}/result and /pod-standings/ are kept for one release (docs/multiplayer.md): the
    same views, the same answers; the schema marks them deprecated and the new ones not."""
    from drf_spectacular.generators import SchemaGenerator
    from rest_framework.test import APIClient

    from multiplayer.selectors import round_multiplayer_tables
    from multiplayer.services import tables_pair_next
    from tests.factories import ApiTokenFactory, PlayerFactory, PodEventFactory, RegistrationFactory

    event = PodEventFactory(is_public=True)
    for _ in range(8):
        RegistrationFactory(event=event, seats=[PlayerFactory()])
    first, second = round_multiplayer_tables(round_=tables_pair_next(event=event, by=event.organizer, seed=1))
    api, base = APIClient(), f"/api/v1/events/{event.pk}"
    auth = {"HTTP_AUTHORIZATION": f"Token {ApiTokenFactory(event=event).raw}"}
    winner = {"result": "win", "players": [first.seats.first().registration_id]}
    old = api.post(f"{base}/pod-tables/{first.pk}/result", winner, format="json", **auth)
    new = api.post(f"{base}/tables/{first.pk}/result", winner, format="json", **auth)
    assert (old.status_code, new.status_code) == (200, 200) and old.json() == new.json()
    assert old.json()["state"] == "final"
    for old_path, new_path in (("pod-rounds/", "table-rounds/"), ("pod-standings/", "table-standings/")):
        assert api.get(f"{base}/{old_path}").json() == api.get(f"{base}/{new_path}").json()
    assert api.post(f"{base}/pod-tables/{second.pk}/confirm", format="json").status_code in (401, 403)

    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    for old_path, new_path in (
        ("pod-rounds/", "table-rounds/"),
        ("pod-standings/", "table-standings/"),
        ("pod-tables/{table_id}/result", "tables/{table_id}/result"),
        ("pod-tables/{table_id}/confirm", "tables/{table_id}/confirm"),
    ):
        for method, operation in paths[f"/api/v1/events/{{event_id}}/{old_path}"].items():
            assert operation.get("deprecated") is True, (old_path, method)
            assert "deprecated" not in paths[f"/api/v1/events/{{event_id}}/{new_path}"][method], (new_path, method)
