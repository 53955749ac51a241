"""A whole 9-team event with a top cut of 4, run through the organizer's API alone, on PostgreSQL (issue 13).

Results follow the teams' strength (the stronger team wins 2-1 in seats; T4 and T5 draw when they meet). The
expected standings are worked out in this file from the pairings the API made, by the MTR's definitions written
out here (RULES.md 3), independently of Hydra's standings engine; the placings from the bracket by hand.
"""

from fractions import Fraction

import pytest

from tests.factories import OrganizerTokenFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

STRENGTH = {f"T{i}": i for i in range(1, 10)}
CSV = "team,seat,player\n" + "".join(f"T{i},{s},Player {i}{s}\n" for i in range(1, 10) for s in "ABC")


def _result(name_a: str, name_b: str) -> dict:
    if {name_a, name_b} == {"T4", "T5"}:
        return {
            "seats": [
                {"letter": "A", "wins_a": 2, "wins_b": 0},
                {"letter": "B", "wins_a": 0, "wins_b": 2},
                {"letter": "C", "wins_a": 1, "wins_b": 1},
            ]
        }
    a_wins = STRENGTH[name_a] > STRENGTH[name_b]
    won, lost = (2, 1) if a_wins else (1, 2)
    seats = [(2, 0), (2, 1), (0, 2)] if a_wins else [(0, 2), (1, 2), (2, 0)]
    del won, lost
    return {"seats": [{"letter": x, "wins_a": w[0], "wins_b": w[1]} for x, w in zip("ABC", seats)]}


def _expected(matches: list[dict]) -> dict[int, dict]:
    """Points, MW%, OMW%, GW% and OGW% of every team from the Swiss matches, by RULES.md 3."""
    points, played, opponents = {}, {}, {}
    for m in matches:
        a = m["team_a"]["id"]
        for team in (a, m["team_b"]["id"] if m["team_b"] else None):
            if team is not None:
                points.setdefault(team, 0), played.setdefault(team, 0), opponents.setdefault(team, [])
        played[a] += 1
        if m["team_b"] is None:
            points[a] += 3  # a bye: one won team match
            continue
        b = m["team_b"]["id"]
        played[b] += 1
        opponents[a].append(b), opponents[b].append(a)
        if m["outcome"] == "A":
            points[a] += 3
        elif m["outcome"] == "B":
            points[b] += 3
        else:
            points[a] += 1
            points[b] += 1
    mw = {t: max(Fraction(33, 100), Fraction(points[t], 3 * played[t])) for t in points}  # the floor is 0.33
    omw = {t: sum((mw[o] for o in opponents[t]), Fraction(0)) / len(opponents[t]) for t in points}
    # Team events: each team match is one "game" (a bye one won game), so GW% = MW% and OGW% = OMW%.
    return {t: {"points": points[t], "mw": mw[t], "omw": omw[t], "gw": mw[t], "ogw": omw[t]} for t in points}


def test_a_nine_team_event_with_a_top_cut_of_four_runs_through_the_api_alone(client):
    from rest_framework.test import APIClient

    api = APIClient()
    token = OrganizerTokenFactory()
    auth = {"HTTP_AUTHORIZATION": f"Token {token.raw}"}
    created = api.post(
        "/api/v1/events/",
        {
            "name": "Nine Team Open",
            "date": "2026-12-05",
            "team_size": 3,
            "format_kind": "team_sealed",
            "swiss_rounds": 4,
            "top_cut": 4,
            "is_public": True,
        },
        format="json",
        **auth,
    )
    assert created.status_code == 201, created.json()
    base = f"/api/v1/events/{created.json()['id']}"
    imported = api.generic("POST", f"{base}/teams/import", CSV.encode(), content_type="text/csv", **auth)
    assert imported.status_code == 201, imported.json()
    assert len(imported.json()) == 9

    swiss = []
    for number in range(1, 5):
        paired = api.post(f"{base}/rounds/", {}, format="json", **auth)
        assert paired.status_code == 201, paired.json()
        assert paired.json()["number"] == number and paired.json()["kind"] == "swiss"
        byes = [m for m in paired.json()["matches"] if m["is_bye"]]
        assert len(byes) == 1 and len(paired.json()["matches"]) == 5  # 9 teams: 4 tables and a bye
        for m in paired.json()["matches"]:
            if m["is_bye"]:
                continue
            posted = api.post(
                f"{base}/matches/{m['id']}/result",
                _result(m["team_a"]["name"], m["team_b"]["name"]),
                format="json",
                **auth,
            )
            assert posted.status_code == 200 and posted.json()["result_state"] == "final"
        swiss += api.get(f"{base}/rounds/{number}/", **auth).json()["matches"]
    # Every pair met at most once and no team had two byes.
    pairs = [frozenset((m["team_a"]["id"], m["team_b"]["id"])) for m in swiss if m["team_b"]]
    assert len(pairs) == len(set(pairs))
    bye_teams = [m["team_a"]["id"] for m in swiss if m["is_bye"]]
    assert len(bye_teams) == len(set(bye_teams)) == 4

    standings = api.get(f"{base}/standings/").json()["results"]
    expected = _expected(swiss)
    assert len(standings) == 9
    for row in standings:
        want = expected[row["team"]]
        assert row["match_points"] == want["points"], row["name"]
        assert Fraction(row["mw"]["exact"]) == want["mw"], row["name"]
        assert Fraction(row["omw"]["exact"]) == want["omw"], row["name"]
        assert Fraction(row["gw"]["exact"]) == want["gw"], row["name"]
        assert Fraction(row["ogw"]["exact"]) == want["ogw"], row["name"]
    keys = [
        (
            expected[r["team"]]["points"],
            expected[r["team"]]["omw"],
            expected[r["team"]]["gw"],
            expected[r["team"]]["ogw"],
        )
        for r in standings
    ]
    assert keys == sorted(keys, reverse=True)  # the order is by points, OMW%, GW%, OGW%
    # Strength decides every match but the T4-T5 draw: T9 wins all four rounds.
    assert standings[0]["name"] == "T9" and standings[0]["match_points"] == 12

    # The top cut: 1 v 4 and 2 v 3 by Swiss rank, then the final; the stronger team wins each.
    swiss_rank = [r["name"] for r in standings]
    top4 = swiss_rank[:4]
    semis = api.post(f"{base}/rounds/", {}, format="json", **auth)
    assert semis.status_code == 201 and semis.json()["kind"] == "playoff" and semis.json()["name"] == "Semifinal"
    assert {frozenset((m["team_a"]["name"], m["team_b"]["name"])) for m in semis.json()["matches"]} == {
        frozenset((top4[0], top4[3])),
        frozenset((top4[1], top4[2])),
    }
    early = api.post(f"{base}/close", {}, format="json", **auth)
    assert early.status_code == 409
    for m in semis.json()["matches"]:
        assert (
            api.post(
                f"{base}/matches/{m['id']}/result",
                _result(m["team_a"]["name"], m["team_b"]["name"]),
                format="json",
                **auth,
            ).status_code
            == 200
        )
    semi_losers = [min((m["team_a"]["name"], m["team_b"]["name"]), key=STRENGTH.get) for m in semis.json()["matches"]]
    so_far = api.get(f"{base}/placements/").json()
    assert [p["stage"] for p in so_far[:4]] == ["final", "final", "semifinal", "semifinal"]
    final = api.post(f"{base}/rounds/", {}, format="json", **auth)
    assert final.status_code == 201 and final.json()["name"] == "Final"
    [m] = final.json()["matches"]
    assert (
        api.post(
            f"{base}/matches/{m['id']}/result", _result(m["team_a"]["name"], m["team_b"]["name"]), format="json", **auth
        ).status_code
        == 200
    )
    nothing = api.post(f"{base}/rounds/", {}, format="json", **auth)
    assert nothing.status_code == 409
    closed = api.post(f"{base}/close", {}, format="json", **auth)
    assert closed.status_code == 200 and closed.json()["status"] == "finished"

    finalists = sorted((m["team_a"]["name"], m["team_b"]["name"]), key=STRENGTH.get, reverse=True)
    by_swiss_rank = sorted(semi_losers, key=swiss_rank.index)
    rest = [name for name in swiss_rank if name not in top4]
    placements = api.get(f"{base}/placements/").json()
    assert [(p["place"], p["name"], p["stage"]) for p in placements] == (
        [(1, finalists[0], "final"), (2, finalists[1], "final")]
        + [(3 + i, name, "semifinal") for i, name in enumerate(by_swiss_rank)]
        + [(5 + i, name, "swiss") for i, name in enumerate(rest)]
    )
    ids = {r["name"]: r["team"] for r in standings}
    assert all(p["team"] == ids[p["name"]] for p in placements)
