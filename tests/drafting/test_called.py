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
        before = sum(s.seconds for s in schedule[:where.index])
        assert before <= elapsed < before + schedule[where.index].seconds
        assert where.left == pytest.approx(before + schedule[where.index].seconds - elapsed)
