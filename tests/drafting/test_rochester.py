"""Order of play of a team Rochester draft (RULES.md section 6)."""

import json
from collections import Counter
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from drafting.rochester import Direction, Seat, draft_plan, pick_order, seat_for_pick, table


def seats(text: str) -> list[Seat]:
    return [Seat.parse(name) for name in text.split()]


def test_pick_order_official_example():
    # RULES.md section 6 / MTR 8.5: 1B active, 15-card pack, clockwise.
    order = pick_order(opener=Seat(1, "B"), direction=Direction.CLOCKWISE, team_size=3, pack_size=15)
    assert [str(seat) for seat in order] == [
        "1B", "1C", "2A", "2B", "2C", "1A", "1A", "2C", "2B", "2A", "1C", "1B", "1B", "1C", "2A",
    ]  # fmt: skip


def test_draft_plan_first_pack_is_the_official_example():
    first = draft_plan(team_size=3, pack_size=15)[0]
    assert (first.round, first.pack, first.index, str(first.opener)) == (1, 1, 0, "1B")
    assert first.picks == tuple(seats("1B 1C 2A 2B 2C 1A 1A 2C 2B 2A 1C 1B 1B 1C 2A"))


# The 18 layouts of a draft between two teams of three, written by hand from the rules:
# round 1 starts with 1B (player B of the team picking first) and moves clockwise around
# 1A 1B 1C 2A 2B 2C, so it ends with 1A; 1A, the last opener, opens round 2, which moves
# counter-clockwise and ends with 1B; 1B opens round 3, clockwise again, ending with 1A.
OPENERS_TEAMS_OF_THREE = {
    1: "1B 1C 2A 2B 2C 1A",
    2: "1A 2C 2B 2A 1C 1B",
    3: "1B 1C 2A 2B 2C 1A",
}


def test_draft_plan_openers_teams_of_three_match_hand_table():
    plan = draft_plan(team_size=3, pack_size=15)
    assert len(plan) == 18
    for round_number, openers in OPENERS_TEAMS_OF_THREE.items():
        in_round = [pack for pack in plan if pack.round == round_number]
        assert [pack.opener for pack in in_round] == seats(openers)
        assert [pack.pack for pack in in_round] == [1, 2, 3, 4, 5, 6]
    assert [pack.index for pack in plan] == list(range(18))


def test_draft_plan_last_opener_opens_next_round():
    for team_size in (2, 3, 4):
        plan = draft_plan(team_size=team_size, pack_size=15)
        for before, after in zip(plan, plan[1:]):
            if after.round != before.round:
                assert after.opener == before.opener


@pytest.mark.parametrize("team_size", [2, 3, 4])
def test_draft_plan_every_player_opens_once_per_round(team_size):
    plan = draft_plan(team_size=team_size, pack_size=15)
    assert len(plan) == 3 * 2 * team_size
    for round_number in (1, 2, 3):
        openers = [pack.opener for pack in plan if pack.round == round_number]
        assert sorted(openers) == sorted(table(team_size=team_size))


def test_draft_plan_direction_changes_in_round_two():
    plan = draft_plan(team_size=3, pack_size=15)
    assert [pack.direction for pack in plan if pack.pack == 1] == [
        Direction.CLOCKWISE,
        Direction.COUNTER_CLOCKWISE,
        Direction.CLOCKWISE,
    ]
    round_two_first = plan[6]
    # Counter-clockwise from 1A: the seat to 1A's right is 2C; the snake turns at 1B.
    assert round_two_first.picks == tuple(seats("1A 2C 2B 2A 1C 1B 1B 1C 2A 2B 2C 1A 1A 2C 2B"))


@pytest.mark.parametrize("team_size", [2, 3, 4])
@pytest.mark.parametrize("pack_size", range(1, 21))
def test_pick_order_snake_gives_everyone_a_fair_share(team_size, pack_size):
    for pack in draft_plan(team_size=team_size, pack_size=pack_size):
        assert len(pack.picks) == pack_size
        assert pack.picks[0] == pack.opener
        counts = Counter(pack.picks)
        everyone = [counts[seat] for seat in table(team_size=team_size)]
        assert max(everyone) - min(everyone) <= 1
        # Only once the pack has a card for everyone does every player pick from it.
        assert (min(everyone) >= 1) == (pack_size >= 2 * team_size)


@pytest.mark.parametrize("team_size", [2, 3, 4])
def test_pick_order_turns_back_with_two_picks_at_each_end(team_size):
    players = 2 * team_size
    for pack in draft_plan(team_size=team_size, pack_size=20):
        picks = pack.picks
        step = pack.direction.step
        positions = [table(team_size=team_size).index(seat) for seat in picks]
        for k in range(1, len(picks)):
            lap, place = divmod(k, players)
            if place == 0:  # the turn: the end player of the last lap picks again
                assert picks[k] == picks[k - 1]
            else:
                moving = step if lap % 2 == 0 else -step
                assert positions[k] == (positions[k - 1] + moving) % players


def test_pick_order_pack_of_fourteen_teams_of_three():
    order = pick_order(opener=Seat(1, "B"), direction=Direction.CLOCKWISE, team_size=3, pack_size=14)
    assert order == tuple(seats("1B 1C 2A 2B 2C 1A 1A 2C 2B 2A 1C 1B 1B 1C"))


def test_draft_plan_teams_of_two_has_twelve_packs():
    plan = draft_plan(team_size=2, pack_size=15)
    assert len(plan) == 12
    # Seats 1A 1B 2A 2B: round 1 clockwise from 1B, round 2 back from 1A, round 3 from 1B.
    assert [pack.opener for pack in plan] == seats("1B 2A 2B 1A  1A 2B 2A 1B  1B 2A 2B 1A")
    assert plan[0].picks == tuple(seats("1B 2A 2B 1A 1A 2B 2A 1B 1B 2A 2B 1A 1A 2B 2A"))


def test_draft_plan_teams_of_four_has_twenty_four_packs():
    plan = draft_plan(team_size=4, pack_size=14)
    assert len(plan) == 24
    assert [str(seat) for seat in table(team_size=4)] == ["1A", "1B", "1C", "1D", "2A", "2B", "2C", "2D"]
    assert [pack.opener for pack in plan[:8]] == seats("1B 1C 1D 2A 2B 2C 2D 1A")
    assert [pack.opener for pack in plan[8:16]] == seats("1A 2D 2C 2B 2A 1D 1C 1B")
    assert plan[0].picks == tuple(seats("1B 1C 1D 2A 2B 2C 2D 1A 1A 2D 2C 2B 2A 1D"))


def test_draft_plan_first_team_two_opens_with_2b():
    plan = draft_plan(team_size=3, pack_size=15, first_team=2)
    # Seats keep their table names; the draft starts at 2B and otherwise runs the same way.
    assert [pack.opener for pack in plan[:6]] == seats("2B 2C 1A 1B 1C 2A")
    assert [pack.opener for pack in plan[6:12]] == seats("2A 1C 1B 1A 2C 2B")
    assert [pack.opener for pack in plan[12:]] == seats("2B 2C 1A 1B 1C 2A")
    assert plan[0].picks == tuple(seats("2B 2C 1A 1B 1C 2A 2A 1C 1B 1A 2C 2B 2B 2C 1A"))


def test_seat_for_pick_is_one_based():
    plan = draft_plan(team_size=3, pack_size=15)
    assert str(seat_for_pick(plan, 0, 1)) == "1B"
    assert str(seat_for_pick(plan, 0, 7)) == "1A"
    assert str(seat_for_pick(plan, 6, 2)) == "2C"


def test_seat_for_pick_out_of_range_raises():
    plan = draft_plan(team_size=3, pack_size=15)
    with pytest.raises(ValueError):
        seat_for_pick(plan, 18, 1)
    with pytest.raises(ValueError):
        seat_for_pick(plan, 0, 16)
    with pytest.raises(ValueError):
        seat_for_pick(plan, 0, 0)


def test_draft_plan_rejects_bad_arguments():
    with pytest.raises(ValueError):
        draft_plan(team_size=1, pack_size=15)
    with pytest.raises(ValueError):
        draft_plan(team_size=3, pack_size=0)
    with pytest.raises(ValueError):
        draft_plan(team_size=3, pack_size=15, first_team=3)


def test_seat_parse_round_trips():
    assert [str(seat) for seat in table(team_size=3)] == ["1A", "1B", "1C", "2A", "2B", "2C"]
    assert Seat.parse("2c") == Seat(team=2, letter="C")
    with pytest.raises(ValueError):
        Seat.parse("3A")


def test_rochester_plan_command_json_lists_packs_in_layout_order():
    out = StringIO()
    call_command("rochester_plan", "--team-size", "3", "--pack-size", "15", "--first-team", "1", "--json", stdout=out)
    packs = json.loads(out.getvalue())
    assert len(packs) == 18
    assert packs[0] == {
        "round": 1,
        "pack": 1,
        "opener": "1B",
        "picks": ["1B", "1C", "2A", "2B", "2C", "1A", "1A", "2C", "2B", "2A", "1C", "1B", "1B", "1C", "2A"],
    }
    expected = draft_plan(team_size=3, pack_size=15)
    assert [(p["round"], p["pack"], p["opener"]) for p in packs] == [
        (pack.round, pack.pack, str(pack.opener)) for pack in expected
    ]


def test_rochester_plan_command_sheet_shows_every_pack():
    out = StringIO()
    call_command("rochester_plan", "--team-size", "2", "--pack-size", "14", "--first-team", "2", stdout=out)
    sheet = out.getvalue()
    assert "Round 2 (counter-clockwise)" in sheet
    rows = [line.split() for line in sheet.splitlines() if line[:4].strip().isdigit()]
    assert [row[0] for row in rows] == [str(n) for n in range(1, 13)]
    assert rows[0][1:3] == ["2B", "2B"]  # opener, then the opener's first pick
    assert all(len(row) == 2 + 14 for row in rows)


@pytest.mark.parametrize(
    ("argument", "value", "message"),
    [
        ("--team-size", "5", "--team-size must be 2 to 4"),
        ("--team-size", "1", "--team-size must be 2 to 4"),
        ("--pack-size", "0", "--pack-size must be 1 to 20"),
        ("--pack-size", "21", "--pack-size must be 1 to 20"),
        ("--first-team", "3", "--first-team must be 1 or 2"),
    ],
)
def test_rochester_plan_command_rejects_bad_arguments(argument, value, message):
    with pytest.raises(CommandError, match=message):
        call_command("rochester_plan", argument, value)
