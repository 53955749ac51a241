"""Issue 51: big real events in whole. A Regional Championship as Melee publishes it (MTGODecklistCache JSON,
generated here by benchmarks/regional.py in that shape: Swiss rounds, a Day 2 cut after round 8, "3-0-0" slips, a
top 8) imports whole: its Day 2 is Hydra's Day 2 cut, its slips are read as published; compare_standings reads a
0-0-0 record beside points as not published."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from benchmarks.regional import regional_document
from eventfile.compare import standings_compare
from eventfile.importer import event_import
from tests.factories import OrganizerTokenFactory, UserFactory
from tournaments.models import Registration
from tournaments.selectors.placements import placements_for_event

pytestmark = pytest.mark.django_db


def _played_on(document: dict, after: int) -> set[str]:
    """The players who played a Swiss round after `after`, as the file shows them."""
    return {
        name
        for round_ in document["Rounds"]
        if round_["RoundName"].startswith("Round ") and int(round_["RoundName"].split()[1]) > after
        for match in round_["Matches"]
        for name in (match["Player1"], match["Player2"])
        if name != "-"
    }


def test_a_day_2_in_the_file_is_imported_as_the_day_2_cut():
    document = regional_document(players=96, rounds=11, cut_after=8, losses_allowed=3, seed=3, best_of_five_slips=0)
    event = event_import(document=document, user=UserFactory())
    assert (event.day2_cut_applied, event.day2_cut_round) == (True, 8)
    assert (event.day2_cut_kind, event.day2_cut_threshold) == ("record", 3)  # 15 match points after 8 rounds
    went_on = _played_on(document, 8)
    registrations = Registration.objects.filter(event=event).select_related("team")
    not_advanced = {r.team.name for r in registrations if r.day2_cut_round == 8}
    assert not_advanced and not not_advanced & went_on
    assert {r.team.name for r in registrations if r.day2_cut_round is None and r.dropped_round is None} <= went_on
    assert not [r for r in registrations if r.team.name in not_advanced and r.dropped_round is not None]
    assert any("A Day 2 cut after round 8 was inferred" in w for w in event.import_warnings)
    # The players who did not advance place below everyone who played Day 2.
    names = dict(registrations.values_list("id", "team__name"))
    order = [names[p.team] for p in placements_for_event(event=event)]
    last_day2 = max(order.index(name) for name in went_on)
    assert all(order.index(name) > last_day2 for name in not_advanced)


def test_a_small_event_whose_players_drop_has_no_day_2():
    document = regional_document(players=24, rounds=5, cut_after=3, losses_allowed=1, seed=2, best_of_five_slips=0)
    event = event_import(document=document, user=UserFactory())
    assert not event.day2_cut_applied and event.day2_cut_round is None
    assert not Registration.objects.filter(event=event, day2_cut_round__isnull=False).exists()
    assert Registration.objects.filter(event=event, dropped_round=3).exists()


def test_the_apis_import_reads_slips_as_published_and_says_so():
    document = regional_document(players=70, rounds=9, cut_after=7, losses_allowed=2, seed=5, best_of_five_slips=2)
    token = OrganizerTokenFactory()
    response = APIClient().post(
        "/api/v1/events/import", document, format="json", HTTP_AUTHORIZATION=f"Token {token.raw}"
    )
    assert response.status_code == 201, response.content
    warnings = response.json()["warnings"]
    slips = [w for w in warnings if "more than a best-of-three allows; read as published: " in w]
    assert len(slips) == 2, warnings


def test_a_zero_record_beside_points_is_not_published_not_a_difference():
    published = [
        {"Rank": 1, "Player": "Ann", "Points": 9, "Wins": 0, "Losses": 0, "Draws": 0},
        {"Rank": 2, "Player": "Ben", "Points": 3, "Wins": 1, "Losses": 1, "Draws": 0},
    ]
    hydra = {
        "Ann": {"rank": 1, "points": 9, "wins": 3, "losses": 0, "draws": 0},
        "Ben": {"rank": 2, "points": 3, "wins": 1, "losses": 2, "draws": 0},
    }
    report = standings_compare(hydra=hydra, published=published)
    assert [(d["player"], d["figure"]) for d in report["differences"]] == [("Ben", "losses")]
    assert report["not_published"] == 3
    hydra["Ann"]["points"] = 8  # the points beside the 0-0-0 are still compared
    assert ("Ann", "points") in [
        (d["player"], d["figure"]) for d in standings_compare(hydra=hydra, published=published)["differences"]
    ]


def test_compare_standings_of_a_regional_with_its_own_records_finds_no_difference(tmp_path):
    document = regional_document(players=80, rounds=9, cut_after=7, losses_allowed=2, seed=7, best_of_five_slips=1)
    for row in document["Standings"]:
        del row["Rank"]  # the generated file ranks by points only, not by the tiebreakers
    path = tmp_path / "regional.json"
    path.write_text(json.dumps(document))
    out = StringIO()
    call_command("compare_standings", str(path), stdout=out)
    report = json.loads(out.getvalue().strip().splitlines()[-1])
    assert report["players"] == 80 and report["differences"] == [], report["differences"][:5]


def test_pooled_opponents_weigh_each_opponent_by_what_it_played():
    """The "opponents pooled" convention compare_standings tries: all the opponents' floored points over all
    their possible points, instead of the MTR's mean of their percentages."""
    from fractions import Fraction

    from tournaments.standings import StandingsRules, TeamMatchRecord, compute_standings

    records = [
        TeamMatchRecord(round=1, team_a=1, team_b=2, outcome="A"),
        TeamMatchRecord(round=1, team_a=3, team_b=4, outcome="A"),
        TeamMatchRecord(round=2, team_a=1, team_b=3, outcome="A"),
        TeamMatchRecord(round=2, team_a=4, team_b=None, outcome="A"),
    ]  # 2 dropped after round 1
    mean = {row.team: row.omw.value for row in compute_standings(records, teams=[1, 2, 3, 4])}
    pooled = {
        row.team: row.omw.value
        for row in compute_standings(records, teams=[1, 2, 3, 4], rules=StandingsRules(pooled_opponents=True))
    }
    assert mean[1] == (Fraction(33, 100) + Fraction(1, 2)) / 2
    assert pooled[1] == (Fraction(33, 100) * 1 + Fraction(1, 2) * 2) / 3
