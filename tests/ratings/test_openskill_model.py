"""The OpenSkill adapter: teams in, mu and sigma out, the same matches giving the same ratings."""

import pytest

from ratings.elo import RatedMatch, RatingError
from ratings.openskill_model import OpenSkillReplay, openskill_replay


def test_winners_rise_losers_fall_and_uncertainty_shrinks():
    replay = openskill_replay([RatedMatch(event=1, team_a=(1, 2), team_b=(3, 4), outcome="A", k=16)])
    lines = replay.lines()
    assert lines[1].mu > 25 > lines[3].mu
    assert lines[1].sigma < 25 / 3 and lines[3].sigma < 25 / 3
    assert lines[1].ordinal == pytest.approx(lines[1].mu - 3 * lines[1].sigma)


def test_draw_between_equal_teams_keeps_mu_and_bye_changes_nothing():
    replay = openskill_replay(
        [
            RatedMatch(event=1, team_a=(1, 2), team_b=(3, 4), outcome="D", k=16),
            RatedMatch(event=1, team_a=(5, 6), team_b=(), outcome="A", k=16),
        ]
    )
    lines = replay.lines()
    assert lines[1].mu == pytest.approx(25.0) and lines[3].mu == pytest.approx(25.0)
    assert 5 not in lines and replay.matches == 1


def test_win_probability_follows_results():
    replay = OpenSkillReplay()
    assert replay.win_probability((1, 2), (3, 4)) == pytest.approx(0.5)
    for _ in range(5):
        replay.play(RatedMatch(event=1, team_a=(1, 2), team_b=(3, 4), outcome="A", k=16))
    assert replay.win_probability((1, 2), (3, 4)) > 0.8


def test_refuses_a_player_on_both_teams():
    with pytest.raises(RatingError):
        OpenSkillReplay().play(RatedMatch(event=1, team_a=(1, 2), team_b=(2, 3), outcome="A", k=16))
