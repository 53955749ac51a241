"""bench_standings and the made-up events it times (benchmarks/events.py); no database."""

import io
import json

from django.core.management import call_command

from benchmarks.events import random_event_records


def test_bench_events_are_reproducible_and_well_formed():
    first = random_event_records(teams=9, rounds=4, seed=11)
    assert first == random_event_records(teams=9, rounds=4, seed=11)
    # 9 teams: 4 matches and 1 bye a round.
    assert len(first) == 4 * 5
    assert sum(1 for record in first if record.team_b is None) == 4


def test_bench_standings_prints_one_json_line():
    out = io.StringIO()
    call_command("bench_standings", teams=33, rounds=3, seed=2, runs=1, stdout=out)
    report = json.loads(out.getvalue())
    assert (report["teams"], report["rounds"], report["records"], report["runs"]) == (33, 3, 3 * 17, 1)
    assert report["ms"] >= 0


def test_bench_standings_times_the_individual_variant():
    records = random_event_records(teams=9, rounds=2, seed=3, games=True)
    assert all(r.games is not None for r in records if r.team_b is not None)
    assert all(r.games is None for r in records if r.team_b is None)
    out = io.StringIO()
    call_command("bench_standings", teams=33, rounds=3, seed=2, runs=1, individual=True, stdout=out)
    report = json.loads(out.getvalue().strip().splitlines()[-1])
    assert report["individual"] is True and report["records"] == 3 * 17
