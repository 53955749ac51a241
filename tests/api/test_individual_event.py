"""A whole 17-player individual event (team_size 1) with a top 8, run through the organizer's API alone (issue 27).

Players register from a `player` CSV, one more enters late after round 1 and one drops after round 2. Results
follow the players' strength, typed as the desk types them ("2-1", "1-2", "1-1-1", "ID"). The expected figures are
worked out here from the pairings the API made, by MTR Appendix C written out in this file (game points, a bye as
a 2-0, an intentional draw as 0-0-3, the 0.33 floor), independently of Hydra's standings engine.
"""

from fractions import Fraction

import pytest

from tests.factories import OrganizerTokenFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

FLOOR = Fraction(33, 100)
NAMES = [f"Player {i:02d}" for i in range(1, 17)]
LATE = "Late Larry"
STRENGTH = {**{name: i for i, name in enumerate(NAMES, start=1)}, LATE: 9.5}
CSV = "player\n" + "".join(f"{name}\n" for name in NAMES)
ROUNDS = 5


def _result(a: str, b: str, number: int, table: int) -> str:
    """What the desk types for a v b, from a's side: the stronger player wins, except at table 1, where round 1
    ends in a drawn match with a drawn game and the last round in an intentional draw (the top table's ID)."""
    if table == 1 and number == 1:
        return "1-1-1"
    if table == 1 and number == ROUNDS:
        return "ID"
    stronger = STRENGTH[a] > STRENGTH[b]
    big = abs(STRENGTH[a] - STRENGTH[b]) >= 5
    return ("2-0" if big else "2-1") if stronger else ("0-2" if big else "1-2")


def _games(result: str) -> tuple[int, int, int]:
    if result == "ID":
        return 0, 0, 3  # MTR 2.4
    won, lost, *drawn = (int(x) for x in result.split("-"))
    return won, lost, (drawn[0] if drawn else 0)


def _expected(played: list[tuple[str, str | None, str]]) -> dict[str, dict]:
    """MTR Appendix C, written out: points, MW%, OMW%, GW% (game points) and OGW% of every player."""
    points, rounds, game_points, games, opponents = {}, {}, {}, {}, {}
    for a, b, result in played:
        for p in (a, b):
            if p is not None:
                for table in (points, rounds, game_points, games):
                    table.setdefault(p, 0)
                opponents.setdefault(p, [])
        rounds[a] += 1
        if b is None:  # a bye: a match win, a 2-0
            points[a] += 3
            game_points[a] += 6
            games[a] += 2
            continue
        rounds[b] += 1
        opponents[a].append(b)
        opponents[b].append(a)
        won, lost, drawn = _games(result)
        if won > lost:
            points[a] += 3
        elif lost > won:
            points[b] += 3
        else:
            points[a] += 1
            points[b] += 1
        game_points[a] += 3 * won + drawn
        game_points[b] += 3 * lost + drawn
        games[a] += won + lost + drawn
        games[b] += won + lost + drawn
    mw = {p: max(FLOOR, Fraction(points[p], 3 * rounds[p])) for p in points}
    gw = {p: max(FLOOR, Fraction(game_points[p], 3 * games[p])) for p in points}
    return {
        p: {
            "points": points[p],
            "mw": mw[p],
            "gw": gw[p],
            "omw": sum((mw[o] for o in opponents[p]), Fraction(0)) / len(opponents[p]),
            "ogw": sum((gw[o] for o in opponents[p]), Fraction(0)) / len(opponents[p]),
        }
        for p in points
    }


def test_a_17_player_event_with_a_top_8_runs_through_the_api_alone():
    from rest_framework.test import APIClient

    api = APIClient()
    token = OrganizerTokenFactory()
    auth = {"HTTP_AUTHORIZATION": f"Token {token.raw}"}
    created = api.post(
        "/api/v1/events/",
        {
            "name": "Friday Night Modern",
            "date": "2026-12-04",
            "team_size": 1,
            "format_kind": "team_constructed",
            "constructed_format": "modern",
            "swiss_rounds": ROUNDS,
            "top_cut": 8,
            "is_public": True,
        },
        format="json",
        **auth,
    )
    assert created.status_code == 201, created.json()
    assert created.json()["team_size"] == 1
    base = f"/api/v1/events/{created.json()['id']}"
    imported = api.generic("POST", f"{base}/teams/import", CSV.encode(), content_type="text/csv", **auth)
    assert imported.status_code == 201, imported.json()
    assert [t["members"] for t in imported.json()][:1] == [[{"seat": "A", "player": "Player 01"}]]
    ids = {t["name"]: t["id"] for t in imported.json()}

    played: list[tuple[str, str | None, str]] = []
    players_in: dict[int, set[str]] = {}
    for number in range(1, ROUNDS + 1):
        if number == 2:
            late = api.post(f"{base}/teams/", {"player": LATE}, format="json", **auth)
            assert late.status_code == 201, late.json()
            assert late.json()["joined_round"] == 2 and late.json()["name"] == LATE
            ids[LATE] = late.json()["id"]
        if number == 3:
            dropped = api.post(f"{base}/teams/{ids['Player 01']}/drop", {}, format="json", **auth)
            assert dropped.status_code == 200 and dropped.json()["dropped_round"] == 2
        paired = api.post(f"{base}/rounds/", {}, format="json", **auth)
        assert paired.status_code == 201, paired.json()
        matches = paired.json()["matches"]
        in_round = [m["team_a"]["name"] for m in matches] + [m["team_b"]["name"] for m in matches if m["team_b"]]
        assert len(in_round) == len(set(in_round)) == (16 if number in (1, 3, 4, 5) else 17)
        players_in[number] = set(in_round)
        for m in matches:
            a = m["team_a"]["name"]
            if m["is_bye"]:
                played.append((a, None, "bye"))
                continue
            b = m["team_b"]["name"]
            result = _result(a, b, number, m["table"])
            posted = api.post(f"{base}/matches/{m['id']}/result", {"result": result}, format="json", **auth)
            assert posted.status_code == 200, posted.json()
            assert posted.json()["result_state"] == "final"
            assert posted.json()["outcome"] == {(1, 0): "A", (0, 1): "B"}.get(
                (int(_games(result)[0] > _games(result)[1]), int(_games(result)[1] > _games(result)[0])), "D"
            )
            played.append((a, b, result))
    assert LATE not in players_in[1] and LATE in players_in[2]
    assert "Player 01" in players_in[2] and not any("Player 01" in players_in[n] for n in range(3, ROUNDS + 1))
    assert [r for _a, _b, r in played].count("ID") == 1 and [r for _a, _b, r in played].count("1-1-1") == 1

    standings = api.get(f"{base}/standings/").json()["results"]
    expected = _expected(played)
    assert len(standings) == 17
    for row in standings:
        want = expected[row["name"]]
        assert row["match_points"] == want["points"], row["name"]
        assert Fraction(row["mw"]["exact"]) == want["mw"], row["name"]
        assert Fraction(row["omw"]["exact"]) == want["omw"], row["name"]
        assert Fraction(row["gw"]["exact"]) == want["gw"], row["name"]
        assert Fraction(row["ogw"]["exact"]) == want["ogw"], row["name"]
    keys = [
        (
            expected[r["name"]]["points"],
            expected[r["name"]]["omw"],
            expected[r["name"]]["gw"],
            expected[r["name"]]["ogw"],
        )
        for r in standings
    ]
    assert keys == sorted(keys, reverse=True)  # by points, OMW%, GW%, OGW%
    swiss_rank = [r["name"] for r in standings]

    # The top 8: 1 v 8, 4 v 5, 2 v 7, 3 v 6; a drawn playoff match is refused; the stronger player wins.
    top8 = swiss_rank[:8]
    quarters = api.post(f"{base}/rounds/", {}, format="json", **auth)
    assert quarters.status_code == 201 and quarters.json()["name"] == "Quarterfinal"
    assert {frozenset((m["team_a"]["name"], m["team_b"]["name"])) for m in quarters.json()["matches"]} == {
        frozenset((top8[0], top8[7])),
        frozenset((top8[3], top8[4])),
        frozenset((top8[1], top8[6])),
        frozenset((top8[2], top8[5])),
    }
    losers = {}
    for stage in ("quarterfinal", "semifinal", "final"):
        paired = quarters if stage == "quarterfinal" else api.post(f"{base}/rounds/", {}, format="json", **auth)
        assert paired.status_code == 201, paired.json()
        for m in paired.json()["matches"]:
            a, b = m["team_a"]["name"], m["team_b"]["name"]
            url = f"{base}/matches/{m['id']}/result"
            assert api.post(url, {"result": "ID"}, format="json", **auth).status_code in (400, 409)
            result = "2-1" if STRENGTH[a] > STRENGTH[b] else "1-2"
            assert api.post(url, {"result": result}, format="json", **auth).status_code == 200
            losers.setdefault(stage, []).append(min((a, b), key=STRENGTH.get))
        if stage == "final":
            champion = max((a, b), key=STRENGTH.get)
    closed = api.post(f"{base}/close", {}, format="json", **auth)
    assert closed.status_code == 200 and closed.json()["status"] == "finished"

    placements = api.get(f"{base}/placements/").json()
    by_rank = sorted(losers["semifinal"], key=swiss_rank.index) + sorted(losers["quarterfinal"], key=swiss_rank.index)
    assert [(p["place"], p["name"]) for p in placements[:8]] == (
        [(1, champion), (2, losers["final"][0])] + [(3 + i, name) for i, name in enumerate(by_rank)]
    )
    assert [p["name"] for p in placements[8:]] == swiss_rank[8:]
    assert [p["stage"] for p in placements[:8]] == ["final", "final"] + ["semifinal"] * 2 + ["quarterfinal"] * 4


@pytest.mark.django_db
def test_player_registration_and_typed_results_refuse_what_does_not_fit():
    from rest_framework.test import APIClient

    from tests.api.conftest import build_event

    api = APIClient()
    token = OrganizerTokenFactory()
    auth = {"HTTP_AUTHORIZATION": f"Token {token.raw}"}
    team_event = api.post(
        "/api/v1/events/",
        {"name": "Team Open", "date": "2026-12-05", "team_size": 3, "format_kind": "team_sealed"},
        format="json",
        **auth,
    ).json()
    alone = api.post(f"/api/v1/events/{team_event['id']}/teams/", {"player": "Ann"}, format="json", **auth)
    assert alone.status_code == 400 and "teams of 3" in str(alone.json())
    both = api.post(
        f"/api/v1/events/{team_event['id']}/teams/", {"player": "Ann", "name": "X", "seats": []}, format="json", **auth
    )
    assert both.status_code == 400 and "not both" in str(both.json())

    event, _registrations, rounds = build_event(teams=4, rounds=1, top_cut=0)
    match = rounds[0].matches.exclude(team_b=None).first()
    from tournaments.models import Event

    Event.objects.filter(pk=event.pk).update(organizer=token.user)
    url = f"/api/v1/events/{event.pk}/matches/{match.pk}/result"
    typo = api.post(url, {"result": "21 12"}, format="json", **auth)
    assert typo.status_code == 400 and "one result per seat" in str(typo.json())
    two_ways = api.post(url, {"result": "21 12 20", "seats": []}, format="json", **auth)
    assert two_ways.status_code == 400
    typed = api.post(url, {"result": "21 12 20"}, format="json", **auth)
    assert typed.status_code == 200 and typed.json()["outcome"] == "A"
