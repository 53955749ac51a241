"""One reading of a typed result for the desk, the API and a player's report (tournaments.entry, issue 38)."""

import pytest

from tournaments.entry import EntryError, parse_result, reported_results, result_token


@pytest.mark.parametrize(
    "typed, games",
    [
        ("2-0", (2, 0, 0)),
        ("1-0", (1, 0, 0)),
        ("0-1", (0, 1, 0)),
        ("1-1", (1, 1, 0)),
        ("111", (1, 1, 1)),
        ("id", (0, 0, 3)),
        ("0-0-3", (0, 0, 3)),
        ("0-0-1", (0, 0, 1)),
    ],
)
def test_parse_result_reads_every_way_a_match_ends(typed, games):
    assert parse_result(typed) == games


@pytest.mark.parametrize("typed", ["", "2-1 1-2", "win", "0-0"])
def test_parse_result_refuses_what_is_no_result(typed):
    with pytest.raises(EntryError):
        parse_result(typed)


def test_result_token_is_parse_results_inverse_for_every_reported_result():
    for best_of in (1, 3):
        common, more = reported_results(best_of=best_of)
        for value in (*common, *more):
            assert result_token(parse_result(value)) == value
    assert result_token((0, 0, 3)) == "ID"
