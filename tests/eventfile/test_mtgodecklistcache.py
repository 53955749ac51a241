"""Events from elsewhere (issue 27): MTGODecklistCache JSON imported as individual events, and compare_standings.

The files in tests/eventfile/data/ are real Melee events from github.com/Badaro/MTGODecklistCache (Tournaments/
melee.gg/2024/03/...), with their "Decks" left out (they are not imported) and everything else as published.
"""

import json
from fractions import Fraction
from io import StringIO
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from eventfile.importer import event_import
from eventfile.mtgodecklistcache import CacheFileError, cache_to_event_file
from tests.factories import OrganizerTokenFactory, UserFactory
from tournaments.enums import RoundKind
from tournaments.models import Event, EventLogEntry, Registration, SeatMatch
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import standings_for_event, team_names_for_event

DATA = Path(__file__).parent / "data"
WEEKLY = DATA / "melee-weekly-mont-legacy-68120-2024-03-07.json"
CHARLOTTE = DATA / "melee-charlotte-legacy-league-week-9-54841-2024-03-05.json"


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _small(rounds, standings=()):
    return {
        "Tournament": {"Name": "Friday Modern", "Date": "2024-05-03T18:00:00Z", "Uri": "https://example.org/1"},
        "Decks": [],
        "Rounds": rounds,
        "Standings": list(standings),
    }


def _m(one, two, result):
    return {"Player1": one, "Player2": two, "Result": result}


def _twenty_players(rounds: int) -> list[dict]:
    """Swiss rounds of players P01 ... P20 in which P01 beats P02, P03 beats P04 ... 2-1 every round."""
    players = [f"P{i:02d}" for i in range(1, 21)]
    return [
        {"RoundName": f"Round {n}", "Matches": [_m(players[2 * i], players[2 * i + 1], "2-1-0") for i in range(10)]}
        for n in range(1, rounds + 1)
    ]


# The pure conversion.


def test_conversion_makes_teams_of_one_with_byes_draws_and_drops():
    document = cache_to_event_file(
        _small(
            [
                {
                    "RoundName": "Round 1",
                    "Matches": [_m("Ann", "Bo", "2-1-0"), _m("Cy", "Di", "0-0-3"), _m("Ed", "-", "2-0-0")],
                },
                {"RoundName": "Round 2", "Matches": [_m("Ann", "Cy", "1-2-0"), _m("Ed", "Bo", "1-1-1")]},
            ]
        )
    )
    assert document["event"]["team_size"] == 1 and document["event"]["swiss_rounds"] == 2
    assert document["event"]["constructed_format"] == "modern" and document["event"]["top_cut"] == 0
    teams = {t["name"]: t for t in document["teams"]}
    assert teams["Ann"]["seats"] == [{"seat": "A", "player": "Ann"}]
    assert teams["Di"]["dropped_round"] == 1 and teams["Ann"]["dropped_round"] is None
    first, second = document["rounds"]
    assert first["matches"][1]["outcome"] == "D"
    assert first["matches"][1]["seats"] == [{"letter": "A", "wins_a": 0, "wins_b": 0, "draws": 3}]
    assert first["matches"][2] == {
        "table": 3,
        "team_a": "Ed",
        "team_b": None,
        "result_state": "final",
        "outcome": "A",
        "seats": [],
    }
    assert second["matches"][0]["outcome"] == "B" and second["matches"][1]["outcome"] == "D"


def test_conversion_reads_the_playoff_as_a_seeded_top_cut():
    # Hydra's Swiss order: P1 (GW% 1), P3 (7/9), P5 (2/3), P7 (7/12); the published ranks (the final places) are
    # not the Swiss order and don't decide the seeds.
    swiss = [_m("P1", "P2", "2-0-0"), _m("P3", "P4", "2-0-1"), _m("P5", "P6", "2-1-0"), _m("P7", "P8", "2-1-1")]
    document = cache_to_event_file(
        _small(
            [
                {"RoundName": "Round 1", "Matches": swiss},
                {"RoundName": "Semifinals", "Matches": [_m("P1", "P7", "2-1-0"), _m("P3", "P5", "0-2-0")]},
                {"RoundName": "Finals", "Matches": [_m("P1", "P5", "2-0-0")]},
            ],
            standings=[{"Rank": r, "Player": f"P{p}"} for r, p in enumerate((5, 1, 3, 7, 2, 4, 6, 8), start=1)],
        )
    )
    assert document["event"]["top_cut"] == 4
    assert [r["kind"] for r in document["rounds"]] == ["swiss", "playoff", "playoff"]
    assert [r["number"] for r in document["rounds"]] == [1, 2, 3]
    seeds = {t["name"]: t["topcut_seed"] for t in document["teams"] if t["topcut_seed"]}
    assert seeds == {"P1": 1, "P3": 2, "P5": 3, "P7": 4}


def test_a_top_8_melee_numbers_as_rounds_is_read_as_the_playoff():
    # As melee.gg publishes it (South Wales Legacy Showcase, 62356): 6 Swiss rounds, then "Round 7" to "Round 9"
    # hold the quarterfinals, semifinals and final.
    swiss = _twenty_players(6)
    playoff = [
        {
            "RoundName": "Round 7",
            "Matches": [
                _m("P01", "P08", "2-0-0"),
                _m("P04", "P05", "0-2-0"),
                _m("P02", "P07", "2-1-0"),
                _m("P03", "P06", "2-0-0"),
            ],
        },
        {"RoundName": "Round 8", "Matches": [_m("P01", "P05", "2-0-0"), _m("P02", "P03", "1-2-0")]},
        {"RoundName": "Round 9", "Matches": [_m("P01", "P03", "2-1-0")]},
    ]
    document = cache_to_event_file(_small(swiss + playoff))
    assert document["event"]["swiss_rounds"] == 6 and document["event"]["top_cut"] == 8
    assert [r["kind"] for r in document["rounds"]] == ["swiss"] * 6 + ["playoff"] * 3
    assert not any(t["dropped_round"] for t in document["teams"])
    # The seeds rebuild the bracket as it was played: P01 v P08 and P04 v P05 fed one semifinal.
    seeds = {t["name"]: t["topcut_seed"] for t in document["teams"] if t["topcut_seed"]}
    pairs = {frozenset((seeds[m["team_a"]], seeds[m["team_b"]])) for m in document["rounds"][6]["matches"]}
    assert pairs == {frozenset(p) for p in ((1, 8), (4, 5), (2, 7), (3, 6))}
    assert {seeds["P01"], seeds["P08"], seeds["P04"], seeds["P05"]} in ({1, 8, 4, 5}, {2, 7, 3, 6})


def test_a_last_swiss_round_with_few_tables_is_not_taken_for_a_playoff():
    matches = [_m("A", "B", "2-0-0"), _m("C", "D", "2-0-0")]
    document = cache_to_event_file(
        _small(
            [{"RoundName": "Round 1", "Matches": matches}, {"RoundName": "Round 2", "Matches": [_m("A", "C", "2-0-0")]}]
        )
    )
    assert document["event"]["top_cut"] == 0 and document["event"]["swiss_rounds"] == 2


def test_conversion_reads_topdeck_round_numbers_empty_byes_and_a_match_written_twice():
    document = cache_to_event_file(
        _small(
            [
                {
                    "RoundName": "1",
                    "Matches": [_m("Ann", "Bo", "0-0-1"), _m("Bo", "Ann", "0-0-1"), _m("Cy", "", "0-0-1")],
                },
            ]
        )
    )
    (round_,) = document["rounds"]
    assert len(round_["matches"]) == 2
    assert round_["matches"][1]["team_b"] is None and round_["matches"][1]["outcome"] == "A"


def test_a_playoff_hydra_cannot_run_is_left_out_and_said_in_the_log():
    swiss = [_m(f"P{i}", f"P{i + 1}", "2-0-0") for i in range(1, 33, 2)]
    top16 = [_m(f"P{i}", f"P{i + 1}", "2-0-0") for i in range(1, 17, 2)]
    document = cache_to_event_file(
        _small([{"RoundName": "Round 1", "Matches": swiss}, {"RoundName": "Top 16", "Matches": top16}])
    )
    assert document["event"]["top_cut"] == 0 and [r["kind"] for r in document["rounds"]] == ["swiss"]
    assert "left out" in document["log"][0]["message"]


@pytest.mark.parametrize(
    "rounds, where, words",
    [
        (None, "Rounds", "no rounds"),
        ([{"RoundName": "Quarterfinals", "Matches": [_m("A", "B", "2-0-0")]}], "Rounds", "no Swiss round"),
        ([{"RoundName": "Round 1", "Matches": [_m("A", "B", "two-nil")]}], "Rounds[0].Matches[0].Result", "won-lost"),
        (
            [{"RoundName": "Round 1", "Matches": [_m("A", "B", "2-0-0"), _m("A", "C", "2-0-0")]}],
            "Rounds[0].Matches[1]",
            "plays twice",
        ),
        ([{"RoundName": "Lunch", "Matches": []}], "Rounds[0].RoundName", "neither a Swiss round"),
    ],
)
def test_conversion_names_each_problem_by_its_place(rounds, where, words):
    with pytest.raises(CacheFileError) as caught:
        cache_to_event_file(_small(rounds))
    assert where in caught.value.problems
    assert words in " ".join(caught.value.problems[where])


# Through the importer (the same one as Hydra's own event files).


@pytest.mark.django_db
def test_a_real_melee_event_imports_as_an_individual_event_with_its_figures():
    user = UserFactory(username="importer")
    event = event_import(document=_load(WEEKLY), user=user)
    assert event.is_individual and event.team_size == 1 and event.organizer == user
    assert event.name == "Weekly Mont" and str(event.date) == "2024-03-07" and event.status == "finished"
    assert Registration.objects.filter(event=event).count() == 23
    assert SeatMatch.objects.filter(team_match__round__event=event).count() == 47 - 3  # 47 matches, 3 byes
    gustavo = Registration.objects.get(event=event, team__name="Gustavo Gazzola Smarito")
    assert gustavo.dropped_round == 3
    names = team_names_for_event(event=event)
    rows = {names[row.team]: row for row in standings_for_event(event=event)}
    # Caio Zanini: 2-1, 2-0, 2-0, 2-0 and opponents of 6, 7, 6, 6 points in 4 rounds: as published.
    caio = rows["Caio Zanini"]
    assert (caio.rank, caio.match_points, caio.gw.points, caio.gw.played) == (1, 12, 24, 9)
    assert caio.omw.value == (Fraction(6, 12) + Fraction(7, 12) + Fraction(6, 12) + Fraction(6, 12)) / 4
    # Vianna's round-1 bye is a 2-0: 2-0 + 1-2 + 1-2 + 2-0 = 6 of 10 games, as published (0.6).
    assert rows["Vianna"].gw.value == Fraction(18, 30)
    # PedroPaulo's intentional draw 0-0-3 is three drawn games worth a point each (MTR Appendix C); the source
    # counted them as games worth nothing (0.6).
    assert rows["PedroPaulo"].gw.value == Fraction(21, 30)
    entry = EventLogEntry.objects.get(event=event, action="imported")
    assert entry.user == user and "melee.gg/Tournament/View/68120" in entry.message


@pytest.mark.django_db
def test_a_cache_file_with_problems_writes_nothing():
    before = Event.objects.count()
    with pytest.raises(ValidationError) as caught:
        event_import(document=_small([{"RoundName": "Round 1", "Matches": [_m("A", "B", "2-x")]}]), user=UserFactory())
    assert "Rounds[0].Matches[0].Result" in caught.value.message_dict
    assert Event.objects.count() == before


@pytest.mark.django_db
def test_the_api_imports_a_cache_file_as_an_individual_event():
    from rest_framework.test import APIClient

    token = OrganizerTokenFactory()
    response = APIClient().post(
        "/api/v1/events/import", _load(CHARLOTTE), format="json", HTTP_AUTHORIZATION=f"Token {token.raw}"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["team_size"] == 1
    event = Event.objects.get(pk=response.json()["id"])
    assert event.organizer == token.user and event.rounds.filter(kind=RoundKind.SWISS).count() == 3
    assert [p.place for p in placements_for_event(event=event)] == list(range(1, 21))


@pytest.mark.django_db
def test_import_event_command_reads_a_cache_file():
    UserFactory(username="dana")
    out = StringIO()
    call_command("import_event", str(CHARLOTTE), "--organizer", "dana", stdout=out, stderr=StringIO())
    assert Event.objects.get(pk=int(out.getvalue().strip())).is_individual


# compare_standings


def _compare(*args) -> dict:
    out = StringIO()
    call_command("compare_standings", *args, stdout=out)
    return json.loads(out.getvalue().strip().splitlines()[-1])


@pytest.mark.django_db
def test_compare_standings_names_each_difference_and_keeps_nothing():
    before = Event.objects.count()
    report = _compare(str(WEEKLY))
    assert Event.objects.count() == before
    assert report["players"] == 23
    differences = {(d["player"], d["figure"]): d for d in report["differences"]}
    assert report["differ"] == len({player for player, _figure in differences})
    # The published figures Hydra agrees with are not listed: Caio Zanini's, every rank and every record.
    assert not any(player == "Caio Zanini" for player, _figure in differences)
    assert not {figure for _player, figure in differences} & {"rank", "points", "wins", "losses", "draws", "player"}
    # Where they differ, both values are given: the intentional draw's games and the 0.33 floor (docs/standings.md).
    assert differences[("PedroPaulo", "GW%")]["hydra"] == 0.7
    assert differences[("PedroPaulo", "GW%")]["published"] == 0.6
    assert differences[("BoletoAgiota", "GW%")]["hydra"] == 0.33
    assert differences[("BoletoAgiota", "GW%")]["published"] == 0.333333
    # Every difference is the source's own arithmetic, named: the 1/3 floor, drawn games worth nothing (this
    # March 2024 Melee file still counts them so: PedroPaulo's 0-0-3), or both.
    assert report["explained"] == len(report["differences"]) == 33
    assert report["by_convention"] == {
        "the 1/3 floor": 23,
        "drawn games worth 0": 8,
        "the 1/3 floor + drawn games worth 0": 2,
    }
    assert differences[("PedroPaulo", "GW%")]["explained_by"] == "drawn games worth 0"
    assert differences[("BoletoAgiota", "GW%")]["explained_by"] == "the 1/3 floor"
    assert report["precision"] == 6


@pytest.mark.django_db
def test_compare_standings_of_an_imported_event_reports_rank_changes_from_the_floor():
    event = event_import(document=_load(CHARLOTTE), user=UserFactory())
    report = _compare(str(CHARLOTTE), "--event", str(event.pk))
    assert report["players"] == 20
    ranks = {d["player"]: (d["hydra"], d["published"]) for d in report["differences"] if d["figure"] == "rank"}
    # Conor Panuccio beat Lauren Kelly (0-3): Hydra floors her at 0.33 (MTR Appendix C), Melee at 1/3, so his
    # OMW% drops below Charlie Hearne's and the two swap places.
    assert ranks["Conor Panuccio"] == (3, 2) and ranks["Charlie Hearne"] == (2, 3)
    assert report["explained"] == len(report["differences"])


@pytest.mark.django_db
def test_compare_standings_refuses_what_it_cannot_compare(tmp_path):
    team_event = tmp_path / "hydra.json"
    team_event.write_text(json.dumps({"format": "hydra-event"}))
    with pytest.raises(CommandError, match="not an MTGODecklistCache event"):
        call_command("compare_standings", str(team_event))
    no_standings = tmp_path / "none.json"
    no_standings.write_text(json.dumps(_small([{"RoundName": "Round 1", "Matches": [_m("A", "B", "2-0-0")]}])))
    with pytest.raises(CommandError, match="publishes no standings"):
        call_command("compare_standings", str(no_standings))
    with pytest.raises(CommandError, match="Can't read"):
        call_command("compare_standings", str(tmp_path / "missing.json"))


@pytest.mark.django_db
def test_an_individual_event_goes_out_as_a_file_and_comes_back_the_same():
    from eventfile.export import event_export

    event = event_import(document=_load(CHARLOTTE), user=UserFactory())
    first = event_export(event=event)
    assert first["event"]["team_size"] == 1
    assert first["teams"][0]["seats"] == [{"seat": "A", "player": first["teams"][0]["name"], "decklist": None}]
    copy = event_import(document=json.loads(json.dumps(first)), user=UserFactory())
    second = event_export(event=copy)
    assert {k: v for k, v in second.items() if k != "source_event_id"} == {
        k: v for k, v in first.items() if k != "source_event_id"
    }
    assert [r.rank for r in standings_for_event(event=copy)] == list(range(1, 21))


@pytest.mark.django_db
def test_compare_standings_of_a_topdeck_event_with_match_level_results():
    # topdeck.gg publishes match results only ("1-0-0"), byes as "" with "0-0-1", and no match points (0 for all).
    report = _compare(str(DATA / "topdeck-fnm-the-keep-modern-2024-11-15.json"))
    assert report["players"] == 22
    figures = {d["figure"] for d in report["differences"]}
    # OMW% needs only the match results, which the file has: it agrees for every player. Points aren't compared.
    assert "OMW%" not in figures and "points" not in figures
    # Its GW% came from games the file doesn't hold; and it didn't count Steven Anderson's round-5 bye as a win.
    assert "GW%" in figures
    wins = [d for d in report["differences"] if d["figure"] == "wins"]
    assert wins == [{"player": "Steven Anderson", "figure": "wins", "hydra": 2, "published": 1, "explained_by": ""}]


@pytest.mark.django_db
def test_an_imported_top_8_gives_the_places_the_bracket_gave():
    swiss = _twenty_players(3)
    playoff = [
        {
            "RoundName": "Quarterfinals",
            "Matches": [
                _m("P01", "P03", "2-0-0"),
                _m("P05", "P07", "0-2-0"),
                _m("P09", "P11", "2-1-0"),
                _m("P13", "P15", "2-0-0"),
            ],
        },
        {"RoundName": "Semifinals", "Matches": [_m("P01", "P13", "2-0-0"), _m("P07", "P09", "1-2-0")]},
        {"RoundName": "Finals", "Matches": [_m("P09", "P01", "2-1-0")]},
    ]
    event = event_import(document=_small(swiss + playoff), user=UserFactory())
    names = team_names_for_event(event=event)
    places = [(names[p.team], p.stage) for p in placements_for_event(event=event)]
    assert places[:2] == [("P09", "final"), ("P01", "final")]
    assert {name for name, stage in places[2:4]} == {"P13", "P07"} and {s for _n, s in places[2:4]} == {"semifinal"}
    assert {name for name, _stage in places[4:8]} == {"P03", "P05", "P11", "P15"}


@pytest.mark.django_db
def test_compare_explains_a_top_8_the_source_counted_as_rounds(tmp_path):
    from eventfile.mtgodecklistcache import playoff_numbered_as_rounds

    playoff = [
        {
            "RoundName": "Round 4",
            "Matches": [
                _m("P01", "P03", "2-0-0"),
                _m("P05", "P07", "0-2-0"),
                _m("P09", "P11", "2-1-0"),
                _m("P13", "P15", "2-0-0"),
            ],
        },
        {"RoundName": "Round 5", "Matches": [_m("P01", "P13", "2-0-0"), _m("P07", "P09", "1-2-0")]},
        {"RoundName": "Round 6", "Matches": [_m("P09", "P01", "2-1-0")]},
    ]
    document = _small(_twenty_players(3) + playoff)
    assert playoff_numbered_as_rounds(document)
    assert not playoff_numbered_as_rounds(_small(_twenty_players(3)))
    # What the source would publish: P09 won all six matches it played, counting the playoff as rounds.
    document["Standings"] = [{"Rank": 1, "Player": "P09", "Points": 18, "Wins": 6, "Losses": 0, "Draws": 0}]
    path = tmp_path / "top8.json"
    path.write_text(json.dumps(document))
    report = _compare(str(path))
    p09 = {d["figure"]: d for d in report["differences"] if d["player"] == "P09"}
    assert (p09["points"]["hydra"], p09["points"]["published"]) == (9, 18)
    assert {d["explained_by"] for d in p09.values() if d["figure"] in ("points", "wins")} == {"playoffs folded in"}


# Issue 46: what real sources publish, read; what had to be interpreted or doesn't add up, said.

SEASON_FINALE = [
    DATA / "melee-season-finale-pioneer-seat-1-64572-2024-03-09.json",
    DATA / "melee-season-finale-standard-seat-2-64572-2024-03-09.json",
]


def _without_round(document: dict, name: str) -> dict:
    return {**document, "Rounds": [r for r in document["Rounds"] if r["RoundName"] != name]}


def _warnings(document: dict) -> list[str]:
    return cache_to_event_file(document)["log"][0]["warnings"]


def test_the_real_files_convert_with_the_warnings_each_deserves():
    assert _warnings(_load(WEEKLY)) == []
    assert _warnings(_load(CHARLOTTE)) == []
    # topdeck.gg didn't count Steven Anderson's bye as a win: the published record doesn't add up.
    assert _warnings(_load(DATA / "topdeck-fnm-the-keep-modern-2024-11-15.json")) == [
        "Steven Anderson: the published standings say 1-3-0, the file's matches give 2-3-0."
    ]


def test_a_round_missing_from_the_file_is_said():
    warnings = _warnings(_without_round(_load(WEEKLY), "Round 3"))
    assert "Swiss rounds 3 are missing from the file (it has rounds 1, 2, 4)." in warnings
    assert (
        "The published standings count up to 4 matches for one player, but the file has 3 rounds: rounds are "
        "missing from it." in warnings
    )
    assert "Caio Zanini: the published standings say 4-0-0, the file's matches give 3-0-0." in warnings


def test_a_listed_player_without_any_match_is_said_and_floored():
    document = _load(WEEKLY)
    document["Standings"].append(
        {
            "Rank": 24,
            "Player": "Never Came",
            "Points": 0,
            "Wins": 0,
            "Losses": 0,
            "Draws": 0,
            "OMWP": 0,
            "GWP": 0,
            "OGWP": 0,
        }
    )
    assert "Listed without any match in the file: Never Came." in _warnings(document)


@pytest.mark.django_db
def test_a_no_show_has_the_floor_and_compare_names_the_source_s_unfloored_figure(tmp_path):
    document = _load(WEEKLY)
    document["Standings"].append(
        {
            "Rank": 24,
            "Player": "Never Came",
            "Points": 0,
            "Wins": 0,
            "Losses": 0,
            "Draws": 0,
            "OMWP": 0,
            "GWP": 0,
            "OGWP": 0,
        }
    )
    event = event_import(document=document, user=UserFactory())
    names = team_names_for_event(event=event)
    row = next(r for r in standings_for_event(event=event) if names[r.team] == "Never Came")
    assert row.gw.value == Fraction(33, 100) and row.mw.value == Fraction(33, 100)
    path = tmp_path / "no-show.json"
    path.write_text(json.dumps(document))
    report = _compare(str(path), "--event", str(event.pk))
    gw = next(d for d in report["differences"] if d["player"] == "Never Came" and d["figure"] == "GW%")
    assert (gw["hydra"], gw["published"], gw["explained_by"]) == (0.33, 0, "unfloored GW%")


def test_a_player_named_bye_is_a_bye():
    document = _load(WEEKLY)
    for round_ in document["Rounds"]:
        for match in round_["Matches"]:
            if match["Player2"] == "-":
                match["Player2"] = "Bye"
    converted = cache_to_event_file(document)
    assert "bye" not in {t["name"].lower() for t in converted["teams"]}
    assert converted["rounds"] == cache_to_event_file(_load(WEEKLY))["rounds"]
    assert converted["log"][0]["warnings"] == [
        'A player named "Bye" was read as a bye (3 matches): a win for the other side, left out of opponents\' averages.'
    ]


def _top8(final_result="2-0-0"):
    """Eight players' Swiss round, then ManaTraders Series tournaments/30's playoff as it published it (2022-08-31,
    MTGODecklistCache.Tools' BracketWithExtraMatchesLoaderTests): quarterfinals, the losers' semifinals, the
    semifinals, the matches for 7th, 5th and 3rd place, and the final."""
    order = ["zuri1988", "ModiSapiras", "Cinciu", "kvza", "Harry13", "ScouterTF2", "Daking3603", "Fink64"]
    swiss = [
        {"RoundName": f"Round {n}", "Matches": [_m(order[i], order[i + 4], "2-0-0") for i in range(4)]} for n in (1,)
    ]
    swiss[0]["Matches"] += [_m(f"X{i}", f"Y{i}", "2-0-0") for i in range(6)]
    playoff = [
        {
            "RoundName": "Quarterfinals",
            "Matches": [
                _m("zuri1988", "Fink64", "2-1-0"),
                _m("kvza", "Harry13", "2-0-0"),
                _m("ModiSapiras", "Daking3603", "2-0-0"),
                _m("Cinciu", "ScouterTF2", "2-0-0"),
            ],
        },
        {
            "RoundName": "Loser Semifinals",
            "Matches": [_m("Harry13", "Fink64", "2-0-0"), _m("Daking3603", "ScouterTF2", "2-0-0")],
        },
        {"RoundName": "Semifinals", "Matches": [_m("kvza", "zuri1988", "2-1-0"), _m("ModiSapiras", "Cinciu", "2-0-0")]},
        {"RoundName": "Match for 7th and 8th places", "Matches": [_m("ScouterTF2", "Fink64", "2-0-0")]},
        {"RoundName": "Match for 5th and 6th places", "Matches": [_m("Daking3603", "Harry13", "2-0-0")]},
        {"RoundName": "Match for 3rd and 4th places", "Matches": [_m("Cinciu", "zuri1988", "2-0-0")]},
        {"RoundName": "Finals", "Matches": [_m("ModiSapiras", "kvza", final_result)]},
    ]
    return _small(swiss + playoff)


@pytest.mark.django_db
def test_placement_rounds_are_playoff_rounds_that_decide_their_places():
    document = _top8()
    converted = cache_to_event_file(document)
    assert converted["event"]["top_cut"] == 8
    assert [r["kind"] for r in converted["rounds"]] == ["swiss"] + ["playoff"] * 7
    assert sum("read as a playoff round deciding the places" in w for w in converted["log"][0]["warnings"]) == 4
    event = event_import(document=document, user=UserFactory())
    names = team_names_for_event(event=event)
    assert [names[p.team] for p in placements_for_event(event=event)][:8] == [
        "ModiSapiras",
        "kvza",
        "Cinciu",
        "zuri1988",
        "Daking3603",
        "Harry13",
        "ScouterTF2",
        "Fink64",
    ]


@pytest.mark.django_db
def test_a_best_of_five_playoff_result_imports_and_a_swiss_one_is_read_as_published():
    """Issue 51: a "3-0-0" in a Swiss round (a slip at the event, or a best of five) is read as the file publishes
    it and said among the warnings, never a refusal of the whole event."""
    event = event_import(document=_top8(final_result="3-1-0"), user=UserFactory())
    final = SeatMatch.objects.get(
        team_match__round__event=event,
        team_match__team_a__team__name="ModiSapiras",
        team_match__team_b__team__name="kvza",
    )
    assert (final.wins_a, final.wins_b, final.team_match.outcome) == (3, 1, "A")
    event = event_import(
        document=_small([{"RoundName": "Round 1", "Matches": [_m("A", "B", "3-0-0")]}]), user=UserFactory()
    )
    seat = SeatMatch.objects.get(team_match__round__event=event)
    assert (seat.wins_a, seat.wins_b, seat.team_match.outcome) == (3, 0, "A")
    said = [w for w in event.import_warnings if "Round 1, table 1 (A against B)" in w]
    assert len(said) == 1 and "more than a best-of-three allows" in said[0] and "3-0-0" in said[0]
    logged = EventLogEntry.objects.get(event=event, action="imported")
    assert said[0] in logged.warnings


# Team events from the caches (one file per seat, each team named after its first player).


def test_seat_files_with_the_same_results_are_one_team_event_of_team_match_results():
    from eventfile.mtgodecklistcache import cache_to_team_event_file

    converted = cache_to_team_event_file([_load(path) for path in SEASON_FINALE], team_size=3)
    assert converted["event"]["team_size"] == 3 and len(converted["teams"]) == 29
    farriol = next(t for t in converted["teams"] if t["name"] == "Gabriel Farriol")
    assert [s["player"] for s in farriol["seats"]] == ["Gabriel Farriol", "Gabriel Farriol (B)", "Gabriel Farriol (C)"]
    first = converted["rounds"][0]["matches"][0]
    assert (first["team_a"], first["team_b"], first["outcome"], first["seats"]) == (
        "Gabriel Farriol",
        "Basileo",
        "A",
        [],
    )
    assert first["games"] == {"wins_a": 2, "wins_b": 1, "draws": 0}
    assert converted["log"][0]["warnings"][-1].startswith("The files give each team match's result only")


def test_seat_files_with_different_results_are_seat_results():
    from eventfile.mtgodecklistcache import cache_to_team_event_file

    seats = [
        _small([{"RoundName": "Round 1", "Matches": [_m("Ann", "Bo", result), _m("Cy", "-", "2-0-0")]}])
        for result in ("2-0-0", "0-2-0", "2-1-0")
    ]
    converted = cache_to_team_event_file(seats, team_size=3)
    match, bye = converted["rounds"][0]["matches"]
    assert [s["letter"] for s in match["seats"]] == ["A", "B", "C"] and match["outcome"] == "A"
    assert match["games"] == {"wins_a": 2, "wins_b": 1, "draws": 0}
    assert bye["team_b"] is None and bye["outcome"] == "A"
    with pytest.raises(CacheFileError, match="one file per seat"):
        cache_to_team_event_file(seats[:2], team_size=3)
    with pytest.raises(CacheFileError, match="pairings differ"):
        cache_to_team_event_file(
            [seats[0], _small([{"RoundName": "Round 1", "Matches": [_m("Ann", "Cy", "2-0-0")]}])], team_size=3
        )


@pytest.mark.django_db
def test_import_event_with_team_size_reads_the_seat_files_as_one_team_event():
    UserFactory(username="dana")
    out, err = StringIO(), StringIO()
    call_command(
        "import_event", *map(str, SEASON_FINALE), "--team-size", "3", "--organizer", "dana", stdout=out, stderr=err
    )
    event = Event.objects.get(pk=int(out.getvalue().strip()))
    assert event.team_size == 3 and not event.is_individual and event.registrations.count() == 29
    assert "Warning: The files give each team match's result only" in err.getvalue()
    names = team_names_for_event(event=event)
    rows = {names[row.team]: row for row in standings_for_event(event=event)}
    # The team variant: GW% is MW% for every team; Fabian Tschök's round-1 bye is one won team match.
    assert all(row.gw.value == row.mw.value for row in rows.values())
    assert (rows["Fabian Tschök"].gw.points, rows["Fabian Tschök"].gw.played) == (15, 6)


@pytest.mark.django_db
def test_compare_names_why_a_team_event_s_published_figures_differ():
    report = _compare(*map(str, SEASON_FINALE), "--team-size", "3")
    assert report["players"] == 29 and report["explained"] == len(report["differences"])
    # Melee ran the trios' results through the individual arithmetic: GW% from the individual matches.
    assert "individual matches counted as games" in report["by_convention"]
    # Read as an individual event, every difference is the 1/3 floor or a figure frozen when the player dropped.
    individual = _compare(str(SEASON_FINALE[0]))
    assert individual["explained"] == len(individual["differences"]) == 35
    assert set(individual["by_convention"]) == {
        "the 1/3 floor",
        "dropped players' figures frozen at the round they dropped",
    }


@pytest.mark.django_db
def test_the_api_imports_a_team_event_from_its_seat_files_and_answers_warnings():
    from rest_framework.test import APIClient

    token = OrganizerTokenFactory()
    body = {"team_size": 3, "files": [_load(path) for path in SEASON_FINALE]}
    response = APIClient().post("/api/v1/events/import", body, format="json", HTTP_AUTHORIZATION=f"Token {token.raw}")
    assert response.status_code == 201, response.json()
    assert response.json()["team_size"] == 3 and response.json()["warnings"][-1].startswith("The files give")
    single = APIClient().post(
        "/api/v1/events/import",
        {**_load(WEEKLY), "team_size": 1},
        format="json",
        HTTP_AUTHORIZATION=f"Token {token.raw}",
    )
    assert single.status_code == 201 and single.json()["warnings"] == []
    wrong = APIClient().post(
        "/api/v1/events/import", {**body, "team_size": "three"}, format="json", HTTP_AUTHORIZATION=f"Token {token.raw}"
    )
    assert wrong.status_code == 400 and "team_size" in str(wrong.json())


@pytest.mark.django_db
def test_a_team_named_as_long_as_the_sources_name_it_imports():
    long_name = "Team " + " / ".join(["Alexandra Konstantinopoulou-Vasilakis"] * 3) + " and friends"
    assert len(long_name) > 120
    document = _small([{"RoundName": "Round 1", "Matches": [_m(long_name, "Bo", "2-1-0")]}])
    event = event_import(document={"team_size": 3, "files": [document]}, user=UserFactory())
    assert event.registrations.filter(team__name=long_name).exists()


@pytest.mark.django_db
def test_a_team_size_is_for_cache_files_only_and_hydra_s_own_files_bring_no_warnings():
    from eventfile.export import event_export

    event = event_import(document=_load(CHARLOTTE), user=UserFactory())
    exported = json.loads(json.dumps(event_export(event=event)))
    copy = event_import(document=exported, user=UserFactory())
    assert copy.import_warnings == []
    with pytest.raises(ValidationError) as caught:
        event_import(document=exported, user=UserFactory(), team_size=3)
    assert "MTGODecklistCache files only" in " ".join(caught.value.message_dict["team_size"])
