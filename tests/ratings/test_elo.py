"""The DCI Elo engine against hand-worked updates (RULES.md 8)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.elo import START_RATING, RatedMatch, RatingError, expected_score, replay, update_match, win_probability


def test_expected_score_equal_and_400_points_apart():
    assert expected_score(1600, 1600) == 0.5
    # 400 points ahead: 10 to 1, so 10/11.
    assert expected_score(2000, 1600) == pytest.approx(10 / 11)


def test_update_match_win_between_equal_teams_moves_everyone_half_k():
    match = RatedMatch(event=1, team_a=(1, 2, 3), team_b=(4, 5, 6), outcome="A", k=16)
    new = update_match({}, match)
    # Everyone starts at 1600: expected 0.5, so the winners gain 16 * 0.5 = 8 and the losers lose 8.
    assert new == {1: 1608.0, 2: 1608.0, 3: 1608.0, 4: 1592.0, 5: 1592.0, 6: 1592.0}


def test_update_match_upset_moves_k_times_ten_elevenths():
    ratings = {1: 1400.0, 2: 1400.0, 3: 1400.0, 4: 1800.0, 5: 1800.0, 6: 1800.0}
    new = update_match(ratings, RatedMatch(event=1, team_a=(1, 2, 3), team_b=(4, 5, 6), outcome="A", k=32))
    # The underdogs were expected 1/11: each gains 32 * 10/11 = 29.0909..., each favourite loses as much.
    assert new[1] == pytest.approx(1429.0909, abs=1e-4)
    assert new[4] == pytest.approx(1770.9091, abs=1e-4)
    assert new[2] == new[3] == new[1] and new[5] == new[6] == new[4]


def test_update_match_draw_rates_each_member_against_the_other_teams_mean():
    ratings = {1: 1700.0, 2: 1500.0, 3: 1600.0, 4: 1600.0}
    new = update_match(ratings, RatedMatch(event=1, team_a=(1, 2), team_b=(3, 4), outcome="D", k=16))
    # Team A's mean is 1600, like each of B's members: B's expected score is 0.5 and a draw leaves them be.
    assert new[3] == new[4] == 1600.0
    # 1700 against B's mean 1600 expected 1/(1+10^-0.25) = 0.64006: 16 * (0.5 - 0.64006) = -2.2410.
    assert new[1] == pytest.approx(1697.7590, abs=1e-4)
    assert new[2] == pytest.approx(1502.2410, abs=1e-4)


def test_update_match_loss_from_team_b_side():
    new = update_match({}, RatedMatch(event=1, team_a=(1, 2), team_b=(3, 4), outcome="B", k=32))
    assert new == {1: 1584.0, 2: 1584.0, 3: 1616.0, 4: 1616.0}


def test_bye_changes_nothing():
    ratings = {1: 1650.0, 2: 1550.0}
    assert update_match(ratings, RatedMatch(event=1, team_a=(1, 2), team_b=(), outcome="A", k=32)) == {}
    result = replay([RatedMatch(event=1, team_a=(1, 2), team_b=(), outcome="A", k=32)])
    assert result.players == {} and result.history == [] and result.matches == 0


def test_replay_chains_matches_and_groups_history_by_event():
    matches = [
        RatedMatch(event=10, team_a=(1, 2), team_b=(3, 4), outcome="A", k=16),
        RatedMatch(event=10, team_a=(1, 2), team_b=(5, 6), outcome="A", k=16),
        RatedMatch(event=11, team_a=(3, 4), team_b=(1, 2), outcome="D", k=32),
    ]
    result = replay(matches)
    one = result.players[1]
    # 1600 -> 1608 (equal teams) -> 1608 + 16 * (1 - E(1608 v 1600)).
    second = 1608 + 16 * (1 - expected_score(1608, 1600))
    third = second + 32 * (0.5 - expected_score(second, 1592))
    assert one.rating == pytest.approx(third)
    assert (one.matches, one.wins, one.losses, one.draws) == (3, 2, 0, 1)
    assert one.peak == pytest.approx(max(second, third))
    entries = [(e.event, e.player) for e in result.history]
    assert entries == [(10, 1), (10, 2), (10, 3), (10, 4), (10, 5), (10, 6), (11, 3), (11, 4), (11, 1), (11, 2)]
    first_event = next(e for e in result.history if (e.event, e.player) == (10, 1))
    assert (first_event.before, first_event.after, first_event.matches, first_event.wins) == (
        START_RATING,
        second,
        2,
        2,
    )
    assert result.matches == 3


def test_replay_is_reproducible_and_zero_sum_for_equal_sized_teams():
    matches = [
        RatedMatch(event=e, team_a=(e, e + 100), team_b=(e + 1, e + 101), outcome="ABD"[e % 3], k=24)
        for e in range(1, 30)
    ]
    first, second = replay(matches), replay(matches)
    assert {p: r.rating for p, r in first.players.items()} == {p: r.rating for p, r in second.players.items()}
    total = sum(line.rating for line in first.players.values())
    assert total == pytest.approx(START_RATING * len(first.players))


@pytest.mark.parametrize(
    "match, message",
    [
        (RatedMatch(event=1, team_a=(1,), team_b=(1,), outcome="A", k=16), "both teams"),
        (RatedMatch(event=1, team_a=(1,), team_b=(2,), outcome="X", k=16), "unknown outcome"),
        (RatedMatch(event=1, team_a=(1,), team_b=(2,), outcome="A", k=-1), "negative"),
    ],
)
def test_update_match_refuses_impossible_matches(match, message):
    with pytest.raises(RatingError, match=message):
        update_match({}, match)


def test_win_probability_uses_team_means():
    assert win_probability([1700, 1500], [1600, 1600]) == 0.5
    assert win_probability([2000, 2000], [1600, 1600]) == pytest.approx(10 / 11)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(1, 3),
            st.permutations(range(1, 9)),
            st.sampled_from("ABD"),
            st.sampled_from([0, 16, 32]),
            st.booleans(),
        ),
        max_size=25,
    )
)
def test_replay_equals_update_match_applied_in_turn(rows):
    matches = [
        RatedMatch(event=event, team_a=tuple(order[:2]), team_b=() if bye else tuple(order[2:4]), outcome=outcome, k=k)
        for event, order, outcome, k, bye in rows
    ]
    expected: dict[int, float] = {}
    for match in matches:
        expected.update(update_match(expected, match))
    result = replay(matches)
    assert {p: line.rating for p, line in result.players.items()} == pytest.approx(expected)
    assert sum(line.matches for line in result.players.values()) == 4 * sum(1 for m in matches if m.team_b)
    assert sum(e.matches for e in result.history) == 4 * result.matches
