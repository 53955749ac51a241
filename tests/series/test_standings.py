"""The series standings engine (series/standings.py): pure, so its rules are checked here shape by shape."""

from series.standings import MATCH_POINTS, EventResult, SeriesRules, event_points, series_standings

TABLE = SeriesRules(points_table=(10, 8, 6), participation_points=1)


def _by_player(rows):
    return {row.player: row for row in rows}


def test_event_points_from_the_table_and_participation_below_it():
    assert [event_points(rules=TABLE, place=p, match_points=0) for p in (1, 2, 3, 4, 40)] == [10, 8, 6, 1, 1]


def test_event_points_from_match_points():
    rules = SeriesRules(points_source=MATCH_POINTS, points_table=(10,))
    assert event_points(rules=rules, place=1, match_points=7) == 7


def test_best_n_counts_the_best_events_and_the_earlier_of_equal_ones():
    rules = SeriesRules(points_table=(10, 8, 6), participation_points=1, best_of=2)
    results = [EventResult(1, 7, 2, 3), EventResult(2, 7, 1, 6), EventResult(3, 7, 2, 3)]
    row = series_standings(rules=rules, results=results, event_order=[1, 2, 3])[0]
    assert (row.total, row.counted, row.points) == (18, frozenset({1, 2}), {1: 8, 2: 10, 3: 8})


def test_tiebreakers_events_played_then_best_placing_then_match_points_then_a_shared_rank():
    results = [
        EventResult(1, 1, 1, 6),
        EventResult(2, 1, 3, 0),  # 16 points, 2 events, best 1st, 6 match points
        EventResult(1, 2, 2, 6),
        EventResult(2, 2, 2, 6),  # 16 points, 2 events, best 2nd
        EventResult(1, 3, 3, 3),
        EventResult(2, 3, 1, 6),  # 16 points, 2 events, best 1st, 9 match points
        EventResult(3, 4, 1, 0),
        EventResult(4, 4, 3, 0),  # 16 points, 2 events, best 1st, fewer match points
        EventResult(3, 5, 1, 0),
        EventResult(4, 5, 3, 0),  # the same as player 4: shares the rank
        EventResult(3, 6, 4, 0),
        EventResult(4, 6, 4, 0),
        EventResult(1, 6, 4, 0),  # 3 events, 3 points
    ]
    rows = series_standings(rules=TABLE, results=results)
    assert [(row.player, row.rank) for row in rows] == [(3, 1), (1, 2), (4, 3), (5, 3), (2, 5), (6, 6)]


def test_qualification_by_top_places_and_by_points():
    results = [EventResult(1, player, place, 0) for player, place in ((1, 1), (2, 2), (3, 3), (4, 4))]
    top = series_standings(rules=SeriesRules(points_table=(10, 8, 6), qualify_top=2), results=results)
    points = series_standings(rules=SeriesRules(points_table=(10, 8, 6), qualify_points=6), results=results)
    assert [row.qualified for row in top] == [True, True, False, False]
    assert [row.qualified for row in points] == [True, True, True, False]


def test_no_results_no_rows():
    assert series_standings(rules=TABLE, results=[]) == []
