"""Team Rochester drafts every round within its pod (RULES.md 6, MTR 7.6 and 8.5): draft tables belong to a round,
numbered like its matches; the one-draft structure; team sizes; the deck-building clock."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from drafting.models import DraftStatus, DraftTable
from drafting.services.picks import DraftRefused
from drafting.services.tables import draft_table_choose, draft_table_enter_packs, draft_table_start, draft_tables_create
from tests.drafting.conftest import card_name
from tests.factories import DraftSettingsFactory, RegistrationFactory, RochesterEventFactory
from tournaments.enums import DraftStructure, EventStatus
from tournaments.models import Round, TeamMatch
from tournaments.services.pairing import round_pair_next, round_repair, round_swap_teams
from tournaments.services.results import SeatGames, team_match_record_final

pytestmark = pytest.mark.django_db


def _event(teams: int, **kwargs):
    event = RochesterEventFactory(**kwargs)
    return event, [RegistrationFactory(event=event) for _ in range(teams)]


def _finish_round(round_: Round) -> None:
    for match in TeamMatch.objects.filter(round=round_, team_b__isnull=False):
        team_match_record_final(match=match, user=None, seats=[SeatGames(c, 2, 0) for c in "ABC"])


def _start(table: DraftTable) -> None:
    draft_table_choose(table_id=table.pk, first_team=table.chooser, by=None)
    draft_table_enter_packs(table_id=table.pk, by=None, packs=[[card_name(p, 1)] for p in range(table.pack_count)])
    draft_table_start(table_id=table.pk, by=None)


def test_pairing_a_round_seats_each_pair_at_the_draft_table_with_its_match_number_and_the_bye_drafts_nothing():
    event, teams = _event(5)
    round_ = round_pair_next(event=event, seed=3)
    matches = list(TeamMatch.objects.filter(round=round_).order_by("table"))
    tables = list(DraftTable.objects.filter(event=event).order_by("number"))
    assert [(t.round_id, t.number, t.team1_id, t.team2_id) for t in tables] == [
        (round_.pk, m.table, m.team_a_id, m.team_b_id) for m in matches if not m.is_bye
    ]
    bye = next(m for m in matches if m.is_bye)
    assert not DraftTable.objects.filter(event=event, team1=bye.team_a).exists()
    assert not DraftTable.objects.filter(event=event, team2=bye.team_a).exists()
    assert all(t.status == DraftStatus.SETUP and t.chooser in (1, 2) for t in tables)


def test_every_round_drafts_again_at_tables_of_its_own():
    event, _teams = _event(4)
    first = round_pair_next(event=event, seed=1)
    _finish_round(first)
    second = round_pair_next(event=event, seed=2)
    assert DraftTable.objects.filter(round=first).count() == 2
    assert DraftTable.objects.filter(round=second).count() == 2
    for table in DraftTable.objects.filter(round=second):
        match = TeamMatch.objects.get(round=second, table=table.number)
        assert {table.team1_id, table.team2_id} == {match.team_a_id, match.team_b_id}


def test_the_draw_of_a_round_s_tables_comes_from_the_round_s_seed():
    choosers = []
    for _ in range(2):
        event, _teams = _event(8)
        round_pair_next(event=event, seed=99)
        choosers.append([(t.number, t.seed, t.chooser) for t in DraftTable.objects.filter(event=event)])
    assert choosers[0] == choosers[1]


def test_one_draft_event_gets_no_tables_from_pairing_and_drafts_once():
    event, _teams = _event(4, draft_structure=DraftStructure.ONE_DRAFT)
    DraftSettingsFactory(event=event)
    tables = draft_tables_create(event=event, by=None, seed=5)
    assert [t.round_id for t in tables] == [None, None]
    round_pair_next(event=event, seed=1)
    assert DraftTable.objects.filter(event=event).count() == 2


def test_pairing_refused_when_a_seat_has_no_player_and_nothing_is_written():
    event, teams = _event(4)
    teams[1].seats.filter(letter="C").delete()
    with pytest.raises(ValidationError, match=rf"seats without one: {teams[1].team.name} \(C\)"):
        round_pair_next(event=event)
    assert not Round.objects.filter(event=event).exists()
    assert not DraftTable.objects.filter(event=event).exists()
    event.refresh_from_db()
    assert event.status == EventStatus.REGISTRATION


def test_pairing_again_replaces_tables_not_started_and_keeps_unchanged_ones():
    event, _teams = _event(8)
    round_ = round_pair_next(event=event, seed=1)
    before = {t.pk: (t.number, t.team1_id, t.team2_id) for t in DraftTable.objects.filter(round=round_)}
    round_repair(round_=round_, seed=2)
    after = {t.pk: (t.number, t.team1_id, t.team2_id) for t in DraftTable.objects.filter(round=round_)}
    pairs = {(m.table, m.team_a_id, m.team_b_id) for m in TeamMatch.objects.filter(round=round_)}
    assert set(after.values()) == pairs
    assert {pk for pk, row in before.items() if row in pairs} <= set(after)


def test_pairing_again_refused_when_a_table_whose_teams_change_has_started():
    event, teams = _event(4)
    round_ = round_pair_next(event=event, seed=1)
    table = DraftTable.objects.get(round=round_, number=1)
    _start(table)
    other = DraftTable.objects.get(round=round_, number=2)
    with pytest.raises(ValidationError, match=r"draft table\(s\) 1, 2 have started|draft table\(s\) 1 have started"):
        round_swap_teams(round_=round_, first=table.team1, second=other.team1)
    # Rolled back: the pairing and the tables are as they were.
    match = TeamMatch.objects.get(round=round_, table=1)
    assert (match.team_a_id, match.team_b_id) == (table.team1_id, table.team2_id)
    assert DraftTable.objects.get(pk=table.pk).status == DraftStatus.RUNNING


def test_swapping_teams_before_the_draft_moves_them_to_their_new_draft_tables():
    event, _teams = _event(4)
    round_ = round_pair_next(event=event, seed=1)
    one, two = DraftTable.objects.get(round=round_, number=1), DraftTable.objects.get(round=round_, number=2)
    round_swap_teams(round_=round_, first=one.team1, second=two.team1)
    for table in DraftTable.objects.filter(round=round_):
        match = TeamMatch.objects.get(round=round_, table=table.number)
        assert (table.team1_id, table.team2_id) == (match.team_a_id, match.team_b_id)
    assert DraftTable.objects.get(round=round_, number=1).team1_id == two.team1_id


def test_deleting_a_round_deletes_its_draft_tables():
    event, _teams = _event(4)
    round_ = round_pair_next(event=event, seed=1)
    _start(DraftTable.objects.filter(round=round_).first())
    round_.delete()
    assert not DraftTable.objects.filter(event=event).exists()


def test_the_playoff_of_a_team_rochester_event_drafts_too():
    from tournaments.services.topcut import topcut_start

    event, _teams = _event(4, swiss_rounds=1, top_cut=2)
    _finish_round(round_pair_next(event=event, seed=1))
    final = topcut_start(event=event)
    match = TeamMatch.objects.get(round=final)
    table = DraftTable.objects.get(round=final)
    assert (table.number, table.team1_id, table.team2_id) == (match.table, match.team_a_id, match.team_b_id)


@pytest.mark.parametrize("size", [4, 5])
def test_teams_of_four_or_more_are_refused_a_team_rochester_draft(size):
    event, _teams = _event(2, team_size=size)
    with pytest.raises(ValidationError, match="teams of three"):
        round_pair_next(event=event)
    one_draft, _teams = _event(2, team_size=size, draft_structure=DraftStructure.ONE_DRAFT)
    with pytest.raises(DraftRefused, match="teams of three"):
        draft_tables_create(event=one_draft, by=None)


def test_teams_of_two_need_the_house_rule_picked_on_purpose():
    event, _teams = _event(2, team_size=2, rochester_teams_of_two=False)
    with pytest.raises(ValidationError, match="house rule"):
        round_pair_next(event=event)
    event.rochester_teams_of_two = True
    event.save()
    round_ = round_pair_next(event=event)
    table = DraftTable.objects.get(round=round_)
    assert table.pack_count == 12


def test_deck_building_clock_runs_40_minutes_from_the_end_of_the_draft():
    event, _teams = _event(2)
    table = DraftTable.objects.get(round=round_pair_next(event=event))
    assert table.deck_building_minutes == 40 and table.deck_building_ends_at is None
    _start(table)
    table = DraftTable.objects.get(pk=table.pk)
    assert table.deck_building_ends_at is None  # drafting: no clock yet
    from drafting.services.tables import draft_table_end

    draft_table_end(table_id=table.pk, by=None)
    table = DraftTable.objects.get(pk=table.pk)
    assert table.deck_building_ends_at == table.finished_at + dt.timedelta(minutes=40)


def test_deck_building_minutes_follow_the_event_setting():
    event, _teams = _event(2, deck_building_minutes=30)
    table = DraftTable.objects.get(round=round_pair_next(event=event))
    assert table.deck_building_minutes == 30


# --- Pages -----------------------------------------------------------------------------------------------------------


def test_match_page_links_the_draft_and_shows_the_deck_building_clock_to_both_teams(client):
    from drafting.services.tables import draft_table_end

    event, _teams = _event(2)
    round_ = round_pair_next(event=event)
    table = DraftTable.objects.get(round=round_)
    match = TeamMatch.objects.get(round=round_)
    _start(table)
    draft_table_end(table_id=table.pk, by=None)
    draft_url = reverse("drafting:table", args=[table.pk])
    for team in (match.team_a, match.team_b):
        client.force_login(team.seats.first().player.user)
        text = client.get(reverse("portal:match", args=[match.pk])).content.decode()
        assert draft_url in text
        assert 'data-format="clock"' in text and "Deck building (40 minutes)" in text


def test_draft_table_page_shows_the_round(client):
    event, _teams = _event(2)
    round_ = round_pair_next(event=event)
    table = DraftTable.objects.get(round=round_)
    client.force_login(table.team1.seats.first().player.user)
    text = client.get(reverse("drafting:table", args=[table.pk])).content.decode()
    assert "Round 1 · Table 1" in text


def test_event_page_announces_one_draft_and_the_teams_of_two_house_rule(client):
    event = RochesterEventFactory(team_size=2, draft_structure=DraftStructure.ONE_DRAFT)
    text = client.get(reverse("portal:event", args=[event.pk])).content.decode()
    assert "pod rule lifted (Regular REL)" in text
    assert "house rule" in text
    every = RochesterEventFactory()
    text = client.get(reverse("portal:event", args=[every.pk])).content.decode()
    assert "A draft every round" in text and "house rule" not in text
