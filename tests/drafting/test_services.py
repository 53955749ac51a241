"""The draft's services, played through on the embedded database (RULES.md 6)."""

import datetime as dt
from collections import Counter

import pytest
from django.utils import timezone

from drafting.models import DraftAction, DraftCard, DraftStatus, DraftTable, PickVia
from drafting.selectors.tables import draft_log_entries
from drafting.rochester import draft_plan
from drafting.services.picks import (
    DraftRefused,
    draft_pick,
    draft_table_refresh,
    draft_tables_sweep_overdue,
    draft_timeout_apply,
)
from drafting.services.tables import (
    draft_table_choose,
    draft_table_end,
    draft_table_enter_packs,
    draft_table_generate_packs,
    draft_table_pause,
    draft_table_resume,
    draft_table_start,
    draft_table_undo_last_pick,
    draft_tables_create,
)
from tests.drafting.conftest import card_name, end_review, expire, make_table, reload, seat_to_pick
from tests.factories import (
    DraftSettingsFactory,
    EventFactory,
    OrganizerFactory,
    RegistrationFactory,
    RochesterEventFactory,
)
from tournaments.enums import DraftStructure

ONE_DRAFT = DraftStructure.ONE_DRAFT

pytestmark = pytest.mark.django_db


def pick_oldest_but_one(table: DraftTable) -> DraftCard:
    """A player's pick that differs from what the timer would take (the newest card), to tell them apart."""
    table = end_review(table)
    card = DraftCard.objects.filter(table=table, pack_index=table.pack_index, pick_number__isnull=True).last()
    return draft_pick(
        table_id=table.pk,
        seat=seat_to_pick(table),
        card_id=card.pk,
        pack_index=table.pack_index,
        pick_number=table.pick_number,
    )


def play_through(table: DraftTable, *, timeout_every: int = 0) -> None:
    """Every seat picks the newest card, except every `timeout_every`-th pick, which times out."""
    plan = draft_plan(team_size=table.team_size, pack_size=max(table.pack_sizes), first_team=table.first_team)
    n = 0
    while (table := reload(table)).status == DraftStatus.RUNNING:
        n += 1
        if timeout_every and n % timeout_every == 0:
            DraftTable.objects.filter(pk=table.pk).update(picks_open_at=None, deadline=timezone.now())
            assert draft_timeout_apply(table_id=table.pk, pack_index=table.pack_index, pick_number=table.pick_number)
            continue
        card = DraftCard.objects.filter(table=table, pack_index=table.pack_index, pick_number__isnull=True).last()
        seat = str(plan[table.pack_index].picks[table.pick_number - 1])
        draft_pick(
            table_id=table.pk, seat=seat, card_id=card.pk, pack_index=table.pack_index, pick_number=table.pick_number
        )


def picks_by_plan(table: DraftTable) -> list[tuple[int, int, str]]:
    return list(
        DraftCard.objects.filter(table=table)
        .order_by("pack_index", "pick_number")
        .values_list("pack_index", "pick_number", "picked_by")
    )


def expected_by_plan(*, team_size: int, pack_size: int, first_team: int) -> list[tuple[int, int, str]]:
    plan = draft_plan(team_size=team_size, pack_size=pack_size, first_team=first_team)
    return [(p.index, k, str(seat)) for p in plan for k, seat in enumerate(p.picks, start=1)]


def test_draft_tables_create_seats_two_teams_per_table_and_records_the_draw():
    settings = DraftSettingsFactory(review_seconds=30, pick_seconds=None, event__draft_structure=ONE_DRAFT)
    for _ in range(4):
        RegistrationFactory(event=settings.event)
    organizer = OrganizerFactory()
    tables = draft_tables_create(event=settings.event, by=organizer, seed=7)
    assert [t.number for t in tables] == [1, 2]
    teams = {t.team1_id for t in tables} | {t.team2_id for t in tables}
    assert len(teams) == 4
    assert all(t.chooser in (1, 2) and t.first_team is None for t in tables)
    assert [(t.review_seconds, t.pick_seconds, t.set_code) for t in tables] == [(30, None, "DOM")] * 2
    entry = draft_log_entries(draft=tables[0]).get()
    assert (entry.action, entry.user) == (DraftAction.TABLES_CREATED, organizer)
    assert "pairing seed 7" in entry.data["detail"] and f"team {tables[0].chooser} decides" in entry.data["detail"]


def test_draft_tables_create_same_seed_same_tables():
    events = [DraftSettingsFactory(event__draft_structure=ONE_DRAFT).event for _ in range(2)]
    layouts = []
    for event in events:
        for k in range(6):
            RegistrationFactory(event=event, team__name=f"{event.pk}-{k}")
        tables = draft_tables_create(event=event, by=None, seed=42)
        layouts.append([(t.team1.team.name.split("-")[1], t.team2.team.name.split("-")[1], t.chooser) for t in tables])
    assert layouts[0] == layouts[1]


def test_draft_tables_create_odd_number_of_teams_refused():
    event = DraftSettingsFactory(event__draft_structure=ONE_DRAFT).event
    for _ in range(3):
        RegistrationFactory(event=event)
    with pytest.raises(DraftRefused, match="even number of teams, two per table; this event has 3"):
        draft_tables_create(event=event, by=None)


def test_draft_tables_create_with_an_empty_seat_refused_naming_team_and_seat():
    event = DraftSettingsFactory(event__draft_structure=ONE_DRAFT).event
    teams = [RegistrationFactory(event=event) for _ in range(4)]
    teams[2].seats.filter(letter="B").delete()
    with pytest.raises(DraftRefused, match=rf"seats without one: {teams[2].team.name} \(B\)\.$"):
        draft_tables_create(event=event, by=None)
    assert not DraftTable.objects.filter(event=event).exists()


def test_draft_table_undo_after_the_organizer_ended_the_table_is_refused():
    table = make_table(review=0)
    pick_oldest_but_one(table)
    draft_table_end(table_id=table.pk, by=None, reason="Fire alarm")
    with pytest.raises(DraftRefused, match="ended this table's draft before its last pick"):
        draft_table_undo_last_pick(table_id=table.pk, by=None, reason="Misclick")
    table = reload(table)
    assert table.status == DraftStatus.FINISHED
    assert DraftCard.objects.filter(table=table, pick_number__isnull=False).count() == 1


def test_draft_tables_create_for_an_event_that_drafts_every_round_refused():
    event = DraftSettingsFactory().event  # the default: a draft every round
    for _ in range(4):
        RegistrationFactory(event=event)
    with pytest.raises(DraftRefused, match="drafts every round: pairing a round seats"):
        draft_tables_create(event=event, by=None)


def test_draft_tables_create_not_a_rochester_event_refused():
    with pytest.raises(DraftRefused, match="Only a team Rochester draft"):
        draft_tables_create(event=EventFactory(), by=None)


def test_draft_table_choose_records_the_choice_of_the_drawn_team():
    table = make_table(start=False, first_team=None, chooser=2)
    draft_table_choose(table_id=table.pk, first_team=2, by=None)
    assert reload(table).first_team == 2
    assert (
        draft_log_entries(draft=table).filter(action=DraftAction.CHOICE).get().data["detail"]
        == "team 2 chose: team 2 picks first"
    )


def test_draft_table_start_without_the_choice_is_refused():
    table = make_table(start=False, first_team=None, chooser=2)
    with pytest.raises(DraftRefused, match=r"Record which team picks first \(team 2 decides\)"):
        draft_table_start(table_id=table.pk, by=None)


def test_draft_table_start_without_packs_is_refused():
    event = RochesterEventFactory()
    from tests.factories import DraftTableFactory

    table = DraftTableFactory(event=event)
    with pytest.raises(DraftRefused, match="Load the packs first"):
        draft_table_start(table_id=table.pk, by=None)


def test_draft_table_start_opens_review_then_first_pick_deadline():
    before = timezone.now()
    table = make_table(review=20, pick=5)
    assert table.status == DraftStatus.RUNNING
    assert before + dt.timedelta(seconds=20) <= table.picks_open_at <= timezone.now() + dt.timedelta(seconds=20)
    assert table.deadline - table.picks_open_at == dt.timedelta(seconds=5)


def test_draft_table_generate_packs_follows_the_product_and_stores_the_seed():
    table = make_table(start=False)
    draft_table_generate_packs(table_id=table.pk, by=None, set_code="dom", seed="s1")
    first = list(DraftCard.objects.filter(table=table).values_list("pack_index", "position", "name"))
    table = reload(table)
    assert (table.set_code, table.booster_seed, table.pack_source) == ("DOM", "s1", "generated")
    assert table.pack_sizes == [15] * 18
    assert [pos for idx, pos, _ in first if idx == 0] == list(range(1, 16))
    draft_table_generate_packs(table_id=table.pk, by=None, set_code="DOM", seed="s1")
    assert list(DraftCard.objects.filter(table=table).values_list("pack_index", "position", "name")) == first


def test_draft_table_generate_packs_strixhaven_packs_hold_14_cards():
    table = make_table(start=False, team_size=2)
    draft_table_generate_packs(table_id=table.pk, by=None, set_code="STX", seed="x")
    assert reload(table).pack_sizes == [14] * 12


def test_draft_table_enter_packs_wrong_count_and_unknown_names_refused():
    table = make_table(start=False, team_size=2)
    with pytest.raises(DraftRefused, match="drafts 12 packs .* 1 were entered"):
        draft_table_enter_packs(table_id=table.pk, by=None, packs=[["Shock"]])
    packs = [["Shivan Fire"] * 14 for _ in range(12)]
    packs[3][0] = "Not A Card"
    with pytest.raises(DraftRefused, match="Pack 4: not a card of DOM: Not A Card"):
        draft_table_enter_packs(table_id=table.pk, by=None, packs=packs, set_code="DOM")


@pytest.mark.parametrize(
    ("team_size", "pack_size", "first_team"), [(3, 15, 1), (3, 14, 2), (2, 15, 1), (2, 14, 2), (4, 15, 2)]
)
def test_draft_whole_draft_played_through_follows_the_plan(team_size, pack_size, first_team):
    table = make_table(team_size=team_size, pack_size=pack_size, first_team=first_team, review=0)
    play_through(table, timeout_every=4)
    table = reload(table)
    assert table.status == DraftStatus.FINISHED
    assert table.picks_made == table.pick_count == 3 * 2 * team_size * pack_size
    assert picks_by_plan(table) == expected_by_plan(team_size=team_size, pack_size=pack_size, first_team=first_team)
    per_seat = Counter(DraftCard.objects.filter(table=table).values_list("picked_by", flat=True))
    assert set(per_seat.values()) == {3 * pack_size}  # everyone opens three packs, so everyone gets 3 packs' worth


def test_draft_official_example_first_pack_at_the_table():
    table = make_table(review=0)
    for _ in range(14):  # the 15th card is the last one left: 2A takes it at once
        pick_oldest_but_one(table)
    seats = (
        DraftCard.objects.filter(table=table, pack_index=0).order_by("pick_number").values_list("picked_by", flat=True)
    )
    assert " ".join(seats) == "1B 1C 2A 2B 2C 1A 1A 2C 2B 2A 1C 1B 1B 1C 2A"
    assert DraftCard.objects.get(table=table, pack_index=0, pick_number=15).via == PickVia.LAST
    table = reload(table)
    assert (table.pack_index, table.pick_number) == (1, 1)


def test_draft_timeout_takes_the_oldest_card_left():
    table = make_table(review=0)
    pick_oldest_but_one(table)  # takes position 15
    table = expire(reload(table))
    DraftCard.objects.filter(table=table, pack_index=0, position=1).update(picked_by="1A", pick_number=99)
    assert draft_timeout_apply(table_id=table.pk, pack_index=0, pick_number=2)
    card = DraftCard.objects.get(table=table, pack_index=0, pick_number=2)
    assert (card.position, card.picked_by, card.via) == (2, "1C", PickVia.TIMER)
    assert card.deadline_at is not None and card.picked_at >= card.deadline_at


def test_draft_timeout_for_a_pick_already_made_does_nothing():
    table = make_table(review=0)
    pick_oldest_but_one(table)
    expire(table)
    assert not draft_timeout_apply(table_id=table.pk, pack_index=0, pick_number=1)
    assert DraftCard.objects.filter(table=table, pick_number__isnull=False).count() == 1


def test_draft_timeout_before_the_deadline_does_nothing():
    table = make_table(review=0)
    assert not draft_timeout_apply(table_id=table.pk, pack_index=0, pick_number=1)
    assert reload(table).picks_made == 0


def test_draft_pick_out_of_turn_is_refused():
    table = end_review(make_table())
    card = DraftCard.objects.filter(table=table).first()
    with pytest.raises(DraftRefused, match="1B is picking."):
        draft_pick(table_id=table.pk, seat="2A", card_id=card.pk, pack_index=0, pick_number=1)


def test_draft_pick_twice_is_refused_and_records_one_pick():
    table = end_review(make_table())
    cards = list(DraftCard.objects.filter(table=table, pack_index=0))
    draft_pick(table_id=table.pk, seat="1B", card_id=cards[3].pk, pack_index=0, pick_number=1)
    with pytest.raises(DraftRefused, match="That pick has already been made"):
        draft_pick(table_id=table.pk, seat="1B", card_id=cards[4].pk, pack_index=0, pick_number=1)
    assert DraftCard.objects.filter(table=table, pick_number__isnull=False).count() == 1


def test_draft_pick_of_a_card_already_taken_is_refused():
    table = end_review(make_table())
    card = DraftCard.objects.filter(table=table, pack_index=0).first()
    draft_pick(table_id=table.pk, seat="1B", card_id=card.pk, pack_index=0, pick_number=1)
    with pytest.raises(DraftRefused, match=f"{card.name} has already been taken."):
        draft_pick(table_id=table.pk, seat="1C", card_id=card.pk, pack_index=0, pick_number=2)


def test_draft_pick_of_a_card_from_another_pack_is_refused():
    table = end_review(make_table())
    card = DraftCard.objects.filter(table=table, pack_index=5).first()
    with pytest.raises(DraftRefused, match="isn't in the pack on the table"):
        draft_pick(table_id=table.pk, seat="1B", card_id=card.pk, pack_index=0, pick_number=1)


def test_draft_pick_during_review_is_refused():
    table = make_table(review=20)
    card = DraftCard.objects.filter(table=table, pack_index=0).first()
    with pytest.raises(DraftRefused, match=r"still being reviewed; picks open in (19|20) s"):
        draft_pick(table_id=table.pk, seat="1B", card_id=card.pk, pack_index=0, pick_number=1)


def test_draft_pick_after_the_deadline_gets_the_oldest_card():
    table = expire(make_table())
    newest = DraftCard.objects.filter(table=table, pack_index=0).last()
    with pytest.raises(DraftRefused, match=f"Your time ran out: you got the oldest card, {card_name(0, 1)}."):
        draft_pick(table_id=table.pk, seat="1B", card_id=newest.pk, pack_index=0, pick_number=1)
    taken = DraftCard.objects.get(table=table, pick_number=1, pack_index=0)
    assert (taken.position, taken.via) == (1, PickVia.LATE)


def test_draft_pick_while_paused_is_refused():
    table = end_review(make_table())
    draft_table_pause(table_id=table.pk, by=None)
    card = DraftCard.objects.filter(table=table, pack_index=0).first()
    with pytest.raises(DraftRefused, match="The draft is paused"):
        draft_pick(table_id=table.pk, seat="1B", card_id=card.pk, pack_index=0, pick_number=1)


def test_draft_table_refresh_applies_an_overdue_pick_with_no_worker():
    table = expire(make_table(review=0, pick=5))
    table = draft_table_refresh(table=table)
    assert (table.pack_index, table.pick_number) == (0, 2)
    assert table.deadline > timezone.now() + dt.timedelta(seconds=4)
    assert DraftCard.objects.get(table=table, pick_number=1).via == PickVia.READ


def test_draft_tables_sweep_overdue_picks_for_every_table_past_its_grace():
    late = [expire(make_table(review=0), ago=2) for _ in range(2)]
    just_due = expire(make_table(review=0), ago=0.01)
    assert draft_tables_sweep_overdue(grace_seconds=0.5) == 2
    assert [reload(t).pick_number for t in late] == [2, 2]
    assert reload(just_due).pick_number == 1
    assert set(DraftCard.objects.filter(pick_number=1).values_list("via", flat=True)) == {PickVia.SWEEP}


def test_draft_table_pause_and_resume_move_the_deadline_with_the_pause():
    table = make_table(review=20, pick=5)
    paused = draft_table_pause(table_id=table.pk, by=None)
    assert paused.status == DraftStatus.PAUSED and paused.deadline is None
    assert 24 < paused.paused_deadline_left <= 25 and 19 < paused.paused_review_left <= 20
    DraftTable.objects.filter(pk=table.pk).update(paused_deadline_left=3.0, paused_review_left=0.0)
    resumed = draft_table_resume(table_id=table.pk, by=None)
    assert resumed.status == DraftStatus.RUNNING
    assert dt.timedelta(seconds=2.5) < resumed.deadline - timezone.now() <= dt.timedelta(seconds=3)
    assert [e.action for e in draft_log_entries(draft=table).filter()][-2:] == [DraftAction.PAUSE, DraftAction.RESUME]


def test_draft_table_review_break_granted_on_a_paused_table_keeps_the_time_left():
    table = make_table(review=0, pick=5)
    paused = draft_table_pause(table_id=table.pk, by=None)
    left = paused.paused_deadline_left
    on_break = draft_table_pause(table_id=table.pk, by=None, review_break=True, reason="Judge call at table 3")
    assert (on_break.status, on_break.review_break, on_break.paused_deadline_left) == (DraftStatus.PAUSED, True, left)
    assert [e.action for e in draft_log_entries(draft=table).filter()][-2:] == [
        DraftAction.PAUSE,
        DraftAction.REVIEW_BREAK,
    ]
    with pytest.raises(DraftRefused, match="already paused"):
        draft_table_pause(table_id=table.pk, by=None)
    assert draft_table_resume(table_id=table.pk, by=None).review_break is False


def test_draft_table_pause_with_no_limit_keeps_no_limit():
    table = make_table(review=0, pick=None)
    draft_table_pause(table_id=table.pk, by=None)
    assert draft_table_resume(table_id=table.pk, by=None).deadline is None


def test_draft_table_pause_applies_an_overdue_pick_first():
    table = expire(make_table(review=0))
    draft_table_pause(table_id=table.pk, by=None)
    assert DraftCard.objects.get(table=table, pick_number=1).via == PickVia.TIMER
    assert reload(table).pick_number == 2


def test_draft_table_undo_last_pick_puts_the_card_back_and_audits_who_and_why():
    judge = OrganizerFactory(username="judge")
    table = make_table(review=0)
    pick_oldest_but_one(table)
    card = pick_oldest_but_one(table)
    undone = draft_table_undo_last_pick(table_id=table.pk, by=judge, reason="Misclick confirmed by the floor judge")
    assert undone.pk == card.pk
    card.refresh_from_db()
    assert (card.picked_by, card.pick_number) == ("", None)
    table = reload(table)
    assert (table.pack_index, table.pick_number, table.status) == (0, 2, DraftStatus.RUNNING)
    entry = draft_log_entries(draft=table).filter(action=DraftAction.UNDO).get()
    assert entry.user == judge
    assert entry.data["detail"] == f"1C pick 1.2 {card.name} (player): Misclick confirmed by the floor judge"


def test_draft_table_undo_last_pick_of_a_finished_draft_reopens_it():
    table = make_table(team_size=2, pack_size=1, review=0)
    play_through(table)
    draft_table_undo_last_pick(table_id=table.pk, by=None, reason="Wrong card handed over")
    table = reload(table)
    assert (table.status, table.pack_index, table.pick_number) == (DraftStatus.RUNNING, 11, 1)
    assert table.deadline is not None


def test_draft_table_undo_without_a_reason_is_refused():
    table = make_table(review=0)
    pick_oldest_but_one(table)
    with pytest.raises(DraftRefused, match="Say why"):
        draft_table_undo_last_pick(table_id=table.pk, by=None, reason="  ")


def test_draft_table_end_stops_the_clock_and_leaves_cards_untaken():
    table = make_table(review=0)
    pick_oldest_but_one(table)
    ended = draft_table_end(table_id=table.pk, by=None, reason="Fire alarm")
    assert (ended.status, ended.deadline) == (DraftStatus.FINISHED, None)
    assert DraftCard.objects.filter(table=table, pick_number__isnull=True).count() == 18 * 15 - 1
    assert not draft_timeout_apply(table_id=table.pk, pack_index=0, pick_number=2)


def test_draft_last_card_of_a_pack_is_taken_at_once_by_its_taker():
    table = make_table(review=0, pick=5)
    plan = draft_plan(team_size=3, pack_size=15, first_team=1)[0]
    for _ in range(14):
        pick_oldest_but_one(table)
    last = DraftCard.objects.get(table=table, pack_index=0, pick_number=15)
    assert (last.picked_by, last.via, last.position) == (str(plan.picks[14]), PickVia.LAST, 1)
    assert last.picked_at is not None and last.deadline_at is not None
    table = reload(table)
    # No timer was waited for: the next pack is on the table with its own clock.
    assert (table.pack_index, table.pick_number, table.status) == (1, 1, DraftStatus.RUNNING)
    assert not DraftCard.objects.filter(table=table, pack_index=0, pick_number__isnull=True).exists()


def test_draft_table_undo_after_a_last_card_taken_at_once_puts_both_back():
    table = make_table(review=0)
    for _ in range(14):
        pick_oldest_but_one(table)
    draft_table_undo_last_pick(table_id=table.pk, by=None, reason="Wrong card")
    table = reload(table)
    assert (table.pack_index, table.pick_number, table.status) == (0, 14, DraftStatus.RUNNING)
    assert DraftCard.objects.filter(table=table, pack_index=0, pick_number__isnull=True).count() == 2
    detail = draft_log_entries(draft=table).get(action=DraftAction.UNDO).data["detail"]
    assert "pick 1.15" in detail and "(last)" in detail and "pick 1.14" in detail and detail.endswith(": Wrong card")
