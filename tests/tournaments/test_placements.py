"""The placings engine (RULES.md 4): playoff first, then Swiss order; pure, so every shape is checked here."""
from tournaments.placements import final_placings
from tournaments.topcut import PlayoffResult, bracket_state

SWISS = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]  # team ids, Swiss rank 1 first


def _places(placings):
    return [(p.place, p.team, p.stage) for p in placings]


def test_without_a_top_cut_the_placings_are_the_swiss_standings():
    assert _places(final_placings(swiss_order=SWISS, bracket=None)) == [(i + 1, t, "swiss") for i, t in enumerate(SWISS)]


def test_top_8_decided_puts_winner_finalist_then_semifinal_and_quarterfinal_losers_by_swiss_rank():
    # Quarterfinals 1v8 (18 wins), 4v5 (14), 2v7 (12), 3v6 (16); semis 18 v 14 (14 wins), 12 v 16 (16 wins); final 16.
    results = [PlayoffResult(11, 18, "B"), PlayoffResult(14, 15, "A"), PlayoffResult(12, 17, "A"),
               PlayoffResult(13, 16, "B"), PlayoffResult(18, 14, "B"), PlayoffResult(12, 16, "B"),
               PlayoffResult(14, 16, "B")]
    bracket = bracket_state(standings_order=SWISS, size=8, results=results)
    assert bracket.champion == 16
    assert _places(final_placings(swiss_order=SWISS, bracket=bracket)) == [
        (1, 16, "final"), (2, 14, "final"),
        (3, 12, "semifinal"), (4, 18, "semifinal"),  # 12 is Swiss rank 2, 18 rank 8
        (5, 11, "quarterfinal"), (6, 13, "quarterfinal"), (7, 15, "quarterfinal"), (8, 17, "quarterfinal"),
        (9, 19, "swiss"), (10, 20, "swiss"),
    ]


def test_before_the_end_the_teams_still_in_come_first_with_the_stage_they_reached():
    bracket = bracket_state(standings_order=SWISS, size=4, results=[PlayoffResult(11, 14, "A")])
    assert _places(final_placings(swiss_order=SWISS, bracket=bracket)) == [
        (1, 11, "final"), (2, 12, "semifinal"), (3, 13, "semifinal"), (4, 14, "semifinal"),
        *[(5 + i, t, "swiss") for i, t in enumerate(SWISS[4:])],
    ]


def test_disqualified_teams_outside_the_playoff_are_placed_last_every_team_once():
    placings = final_placings(swiss_order=SWISS, bracket=None, disqualified={13})
    assert [p.team for p in placings] == [11, 12, 14, 15, 16, 17, 18, 19, 20, 13]
    assert [p.place for p in placings] == list(range(1, 11))
