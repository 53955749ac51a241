"""The called draft's pure rules (drafting/called.py): MTR Appendix B pick times by the cards in the pack for every
pack size, the reviews between packs, left-right-left, and where a timer stands after so many seconds, paused or
not."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drafting import called
from drafting.booster import INDIVIDUAL_PICK_SECONDS, REVIEW_SECONDS

# MTR Appendix B, read out by cards left in the pack.
APPENDIX_B = {15: 40, 14: 40, 13: 35, 12: 30, 11: 25, 10: 25, 9: 20, 8: 20, 7: 15, 6: 10, 5: 10, 4: 5, 3: 5, 2: 5}


@pytest.mark.parametrize("pack_size", range(2, 16))
def test_called_pick_times_follow_appendix_b_for_every_pack_size(pack_size):
    picks = [s for s in called.called_draft_schedule(pack_size=pack_size, packs=1) if s.kind == called.PICK]
    assert [s.seconds for s in picks] == [APPENDIX_B[c] for c in range(pack_size, 1, -1)]
    assert [s.pick for s in picks] == list(range(1, pack_size))
    assert [s.cards for s in picks] == list(range(pack_size, 1, -1))


def test_called_fourteen_card_pack_reads_as_rules_md_says():
    picks = [s.seconds for s in called.called_draft_schedule(pack_size=14, packs=1)]
    assert picks == [40, 35, 30, 25, 25, 20, 20, 15, 10, 10, 5, 5, 5]


def test_called_fifteen_card_draft_totals_and_reviews_and_directions():
    schedule = called.called_draft_schedule(pack_size=15, packs=3)
    reviews = [(s.pack, s.seconds) for s in schedule if s.kind == called.REVIEW]
    assert reviews == [(2, REVIEW_SECONDS[0]), (3, REVIEW_SECONDS[1])]
    assert {s.pack: s.passing for s in schedule if s.kind == called.PICK} == {1: "left", 2: "right", 3: "left"}
    one_pack = sum(APPENDIX_B.values())
    assert called.total_seconds(schedule) == 3 * one_pack + sum(REVIEW_SECONDS)
    assert schedule[0] == called.Segment(kind="pick", seconds=40, pack=1, pick=1, cards=15, passing="left")


def test_called_pack_larger_than_the_table_takes_the_largest_entry():
    assert called.pick_seconds(16) == INDIVIDUAL_PICK_SECONDS[15]
    assert called.pick_seconds(1) == 0


def test_called_event_table_replaces_the_mtr_times():
    schedule = called.called_draft_schedule(pack_size=4, packs=1, table={4: 9, 3: 7, 2: 1})
    assert [s.seconds for s in schedule] == [9, 7, 1]


@pytest.mark.parametrize("size,packs", [(1, 3), (21, 3), (15, 0), (15, 7)])
def test_called_refuses_sizes_out_of_range(size, packs):
    with pytest.raises(called.ScheduleRefused):
        called.called_draft_schedule(pack_size=size, packs=packs)


def test_called_position_walks_the_schedule_and_ends():
    schedule = called.called_draft_schedule(pack_size=15, packs=3)
    assert called.position(schedule, 0) == called.Position(index=0, left=40)
    assert called.position(schedule, 39.5) == called.Position(index=0, left=0.5)
    assert called.position(schedule, 40) == called.Position(index=1, left=40)
    assert called.position(schedule, 80.25).index == 2 and called.position(schedule, 80.25).left == 34.75
    assert called.position(schedule, called.total_seconds(schedule)).over
    first_review = next(i for i, s in enumerate(schedule) if s.kind == called.REVIEW)
    assert called.position(schedule, sum(APPENDIX_B.values())).index == first_review


def test_called_elapsed_stops_while_paused_and_skips_the_pause():
    assert called.elapsed_seconds(started=100, now=130, paused_at=None, paused_total=0) == 30
    assert called.elapsed_seconds(started=100, now=500, paused_at=110, paused_total=0) == 10
    assert called.elapsed_seconds(started=100, now=150, paused_at=None, paused_total=20) == 30
    assert called.elapsed_seconds(started=100, now=90, paused_at=None, paused_total=0) == 0


def test_called_deck_building_is_one_stretch():
    assert called.deck_building_schedule(minutes=25) == [called.Segment(kind="build", seconds=1500)]
    with pytest.raises(called.ScheduleRefused):
        called.deck_building_schedule(minutes=0)


@given(pack_size=st.integers(2, 20), packs=st.integers(1, 6), elapsed=st.floats(0, 5000))
def test_called_position_is_inside_its_segment(pack_size, packs, elapsed):
    schedule = called.called_draft_schedule(pack_size=pack_size, packs=packs)
    where = called.position(schedule, elapsed)
    if where.over:
        assert elapsed >= called.total_seconds(schedule)
    else:
        before = sum(s.seconds for s in schedule[: where.index])
        assert before <= elapsed < before + schedule[where.index].seconds
        assert where.left == pytest.approx(before + schedule[where.index].seconds - elapsed)


# --- Two-Headed Giant with real packs (RULES.md 7): six packs, two cards a pick, the 2HG pick times ---------------

THG_TIMES = {c: APPENDIX_B[c] + APPENDIX_B.get(c - 1, 0) for c in range(3, 16)}  # both picks a 2HG pick replaces


@pytest.mark.parametrize("pack_size", range(3, 16))
def test_thg_called_picks_two_cards_with_the_2hg_times_for_every_pack_size(pack_size):
    schedule = called.thg_called_draft_schedule(pack_size=pack_size)
    picks = [s for s in schedule if s.kind == called.PICK and s.pack == 1]
    # A pick takes two cards while more than two are left; the last one or two go on with no call.
    assert [s.cards for s in picks] == list(range(pack_size, 2, -2))
    assert [s.seconds for s in picks] == [THG_TIMES[c] for c in range(pack_size, 2, -2)]
    assert [s.pick for s in picks] == list(range(1, len(picks) + 1))
    assert {s.take for s in schedule if s.kind == called.PICK} == {2}
    assert max(s.pack for s in schedule) == 6


def test_thg_called_passes_left_right_six_times_with_a_review_before_every_later_pack():
    schedule = called.thg_called_draft_schedule(pack_size=15)
    assert {s.pack: s.passing for s in schedule if s.kind == called.PICK} == {
        1: "left",
        2: "right",
        3: "left",
        4: "right",
        5: "left",
        6: "right",
    }
    assert [(s.pack, s.seconds) for s in schedule if s.kind == called.REVIEW] == [(p, 30) for p in range(2, 7)]
    # 15 cards: 80 + 65 + 50 + 40 + 25 + 15 + 10 s a pack.
    assert called.total_seconds(schedule) == 6 * 285 + 5 * 30
    assert schedule[0].as_json() == {
        "kind": "pick",
        "seconds": 80,
        "pack": 1,
        "pick": 1,
        "cards": 15,
        "passing": "left",
        "take": 2,
    }


def test_thg_called_takes_the_events_table_and_no_review():
    schedule = called.thg_called_draft_schedule(pack_size=7, packs=1, table={7: 30, 3: 9}, review_seconds=0)
    assert [(s.cards, s.seconds) for s in schedule] == [(7, 30), (5, 9), (3, 9)]  # 5 cards: the entry below
    two_packs = called.thg_called_draft_schedule(pack_size=7, packs=2, table={7: 30, 3: 9}, review_seconds=0)
    assert all(s.kind == called.PICK for s in two_packs)


# --- Team Rochester with real packs (RULES.md 6): the horseshoe, 20 s review, 5 s a pick -------------------------

OFFICIAL_1B = "1B 1C 2A 2B 2C 1A 1A 2C 2B 2A 1C 1B 1B 1C 2A".split()  # RULES.md 6's example, 1B active


def test_rochester_call_names_the_official_pick_order_and_leaves_the_last_card_uncalled():
    schedule = called.rochester_call_schedule(team_size=3, pack_size=15, first_team=1)
    first_pack = [s for s in schedule if s.pack == 1]
    assert first_pack[0] == called.Segment(
        kind=called.REVIEW, seconds=20, pack=1, cards=15, passing="clockwise", seat="1B", round=1
    )
    picks = first_pack[1:]
    assert [s.seat for s in picks] == OFFICIAL_1B[:14]  # the 15th card goes to 2A with no call
    assert [s.seconds for s in picks] == [5] * 14 and [s.cards for s in picks] == list(range(15, 1, -1))
    assert [s.next_opener for s in picks] == [""] * 13 + ["1C"]  # who lays out pack 2


@pytest.mark.parametrize("team_size,first_team", [(3, 1), (3, 2), (2, 1), (2, 2)])
def test_rochester_call_has_every_pack_in_the_horseshoe_order(team_size, first_team):
    from drafting import rochester

    schedule = called.rochester_call_schedule(team_size=team_size, pack_size=14, first_team=first_team)
    plan = rochester.draft_plan(team_size=team_size, pack_size=14, first_team=first_team)
    reviews = [s for s in schedule if s.kind == called.REVIEW]
    assert [(s.pack, s.round, s.seat, s.passing) for s in reviews] == [
        (p.index + 1, p.round, str(p.opener), p.direction.value) for p in plan
    ]
    assert len(reviews) == 3 * 2 * team_size
    assert reviews[0].seat == f"{first_team}B"
    for pack in plan:
        assert [s.seat for s in schedule if s.kind == called.PICK and s.pack == pack.index + 1] == [
            str(seat) for seat in pack.picks[:-1]
        ]
    assert called.total_seconds(schedule) == 3 * 2 * team_size * (20 + 13 * 5)
    assert schedule[-1].next_opener == ""


@pytest.mark.parametrize("pack_size", range(2, 21))
def test_rochester_call_for_every_pack_size(pack_size):
    schedule = called.rochester_call_schedule(
        team_size=3, pack_size=pack_size, first_team=2, review_seconds=10, pick_seconds=3
    )
    assert called.total_seconds(schedule) == 18 * (10 + 3 * (pack_size - 1))
    assert sum(1 for s in schedule if s.kind == called.PICK) == 18 * (pack_size - 1)


def test_rochester_call_then_deck_building_and_no_review():
    schedule = called.rochester_call_schedule(
        team_size=2, pack_size=3, first_team=1, review_seconds=0, build_minutes=40
    )
    assert schedule[-1] == called.Segment(kind=called.BUILD, seconds=2400)
    assert not any(s.kind == called.REVIEW for s in schedule)


def test_rochester_call_paused_stands_still_and_runs_on_by_the_pause():
    schedule = [s.as_json() for s in called.rochester_call_schedule(team_size=3, pack_size=15, first_team=1)]
    # 20 s review, then 5 s picks: 31 s in is pick 3 (2A) with 4 s left; a 100 s pause at 31 s keeps it there.
    elapsed = called.elapsed_seconds(started=0, now=500, paused_at=31, paused_total=0)
    where = called.position(schedule, elapsed)
    assert schedule[where.index]["seat"] == "2A" and where.left == pytest.approx(4)
    resumed = called.elapsed_seconds(started=0, now=131, paused_at=None, paused_total=100)
    assert called.position(schedule, resumed) == where
    assert schedule[called.position(schedule, 20 + 14 * 5).index]["seat"] == "1C"  # pack 2's review: 1C lays out


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(team_size=3, pack_size=1, first_team=1),
        dict(team_size=3, pack_size=15, first_team=3),
        dict(team_size=1, pack_size=15, first_team=1),
        dict(team_size=3, pack_size=15, first_team=1, pick_seconds=0),
        dict(team_size=3, pack_size=15, first_team=1, build_minutes=500),
    ],
)
def test_rochester_call_refuses_what_cant_be_called(kwargs):
    with pytest.raises(called.ScheduleRefused):
        called.rochester_call_schedule(**kwargs)


def test_schedule_cut_keeps_what_ran_and_drops_the_rest():
    schedule = called.called_draft_schedule(pack_size=3, packs=1, table={3: 10, 2: 10, 1: 5})
    total = called.total_seconds(schedule)
    cut = called.schedule_cut(schedule, 14.7)
    assert [s["seconds"] for s in cut] == [10, 4] and cut[0] == schedule[0].as_json()
    assert called.position(cut, 14.7).over and not called.position(schedule, 14.7).over
    assert called.schedule_cut(schedule, total + 5) == [s.as_json() for s in schedule]
    assert called.schedule_cut(called.deck_building_schedule(minutes=25), 0.4) == []
    assert called.position([], 0).over
    build = called.schedule_cut([s.as_json() for s in called.deck_building_schedule(minutes=25)], 600)
    assert build == [{"kind": "build", "seconds": 600, "pack": 0, "pick": 0, "cards": 0, "passing": ""}]
