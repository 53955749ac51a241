"""The placings engine (RULES.md 4): playoff first, then Swiss order; pure, so every shape is checked here."""

from tournaments.placements import final_placings
from tournaments.topcut import PlayoffResult, bracket_state

SWISS = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]  # team ids, Swiss rank 1 first


def _places(placings):
    return [(p.place, p.team, p.stage) for p in placings]


def test_without_a_top_cut_the_placings_are_the_swiss_standings():
    assert _places(final_placings(swiss_order=SWISS, bracket=None)) == [
        (i + 1, t, "swiss") for i, t in enumerate(SWISS)
    ]


def test_top_8_decided_puts_winner_finalist_then_semifinal_and_quarterfinal_losers_by_swiss_rank():
    # Quarterfinals 1v8 (18 wins), 4v5 (14), 2v7 (12), 3v6 (16); semis 18 v 14 (14 wins), 12 v 16 (16 wins); final 16.
    results = [
        PlayoffResult(11, 18, "B"),
        PlayoffResult(14, 15, "A"),
        PlayoffResult(12, 17, "A"),
        PlayoffResult(13, 16, "B"),
        PlayoffResult(18, 14, "B"),
        PlayoffResult(12, 16, "B"),
        PlayoffResult(14, 16, "B"),
    ]
    bracket = bracket_state(standings_order=SWISS, size=8, results=results)
    assert bracket.champion == 16
    assert _places(final_placings(swiss_order=SWISS, bracket=bracket)) == [
        (1, 16, "final"),
        (2, 14, "final"),
        (3, 12, "semifinal"),
        (4, 18, "semifinal"),  # 12 is Swiss rank 2, 18 rank 8
        (5, 11, "quarterfinal"),
        (6, 13, "quarterfinal"),
        (7, 15, "quarterfinal"),
        (8, 17, "quarterfinal"),
        (9, 19, "swiss"),
        (10, 20, "swiss"),
    ]


def test_before_the_end_the_teams_still_in_come_first_with_the_stage_they_reached():
    bracket = bracket_state(standings_order=SWISS, size=4, results=[PlayoffResult(11, 14, "A")])
    assert _places(final_placings(swiss_order=SWISS, bracket=bracket)) == [
        (1, 11, "final"),
        (2, 12, "semifinal"),
        (3, 13, "semifinal"),
        (4, 14, "semifinal"),
        *[(5 + i, t, "swiss") for i, t in enumerate(SWISS[4:])],
    ]


def test_disqualified_teams_outside_the_playoff_are_placed_last_every_team_once():
    placings = final_placings(swiss_order=SWISS, bracket=None, disqualified={13})
    assert [p.team for p in placings] == [11, 12, 14, 15, 16, 17, 18, 19, 20, 13]
    assert [p.place for p in placings] == list(range(1, 11))


# ManaTraders Series, tournaments/30 (2022-08-31), its top 8 as published, with placement matches for every place
# (as MTGODecklistCache.Tools' BracketWithExtraMatchesLoaderTests records it). Seeds 1-8 rebuild its bracket.
ZURI, MODI, CINCIU, KVZA, HARRY, SCOUTER, DAKING, FINK = range(1, 9)
MANATRADERS_30 = [
    PlayoffResult(ZURI, FINK, "A"),
    PlayoffResult(KVZA, HARRY, "A"),
    PlayoffResult(MODI, DAKING, "A"),
    PlayoffResult(CINCIU, SCOUTER, "A"),
    PlayoffResult(HARRY, FINK, "A"),
    PlayoffResult(DAKING, SCOUTER, "A"),  # "Loser Semifinals"
    PlayoffResult(KVZA, ZURI, "A"),
    PlayoffResult(MODI, CINCIU, "A"),  # "Semifinals"
    PlayoffResult(SCOUTER, FINK, "A"),  # "Match for 7th and 8th places"
    PlayoffResult(DAKING, HARRY, "A"),  # "Match for 5th and 6th places"
    PlayoffResult(CINCIU, ZURI, "A"),  # "Match for 3rd and 4th places"
    PlayoffResult(MODI, KVZA, "A"),  # "Finals"
]


def test_placement_matches_decide_the_places_they_were_played_for():
    bracket = bracket_state(standings_order=list(range(1, 11)), size=8, results=MANATRADERS_30)
    assert bracket.champion == MODI and len(bracket.placement_matches) == 5
    places = [p.team for p in final_placings(swiss_order=list(range(1, 11)), bracket=bracket)]
    assert places == [MODI, KVZA, CINCIU, ZURI, DAKING, HARRY, SCOUTER, FINK, 9, 10]


def test_without_placement_matches_the_swiss_order_places_a_round_s_losers():
    bracket = bracket_state(
        standings_order=list(range(1, 11)),
        size=8,
        results=[r for i, r in enumerate(MANATRADERS_30) if i in (0, 1, 2, 3, 6, 7, 11)],
    )
    places = [p.team for p in final_placings(swiss_order=list(range(1, 11)), bracket=bracket)]
    assert places[:8] == [MODI, KVZA, ZURI, CINCIU, HARRY, SCOUTER, DAKING, FINK]
