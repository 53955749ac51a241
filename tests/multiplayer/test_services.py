"""Pods' writes (pods/services.py): seating rounds, the top pod, reports, confirmations and the desk's line."""

import pytest

from common.refusals import NotAllowed, NotFound, Refusal
from multiplayer.models import MultiplayerTable, MultiplayerBye, MultiplayerSeat, MultiplayerTableState
from multiplayer.selectors import multiplayer_final_places, multiplayer_standings, round_multiplayer_tables
from multiplayer.services import table_result_confirm, table_result_enter_line, table_result_report, tables_pair_next
from tests.factories import PlayerFactory, PodEventFactory, RegistrationFactory, UserFactory
from tournaments.enums import EventStatus, RoundKind
from tournaments.models import EventLogEntry
from tournaments.services.errors import StateConflict
from tournaments.services.pairing import round_pair_next

pytestmark = pytest.mark.django_db


def _event(players: int, **fields):
    event = PodEventFactory(**fields)
    users = [UserFactory() for _ in range(players)]
    registrations = [RegistrationFactory(event=event, seats=[PlayerFactory(user=user)]) for user in users]
    return event, users, registrations


def _user_of(registration):
    return registration.seats.get().player.user


def test_tables_pair_next_seats_thirteen_players_in_pods_of_four_and_three():
    event, _users, registrations = _event(13)
    round_ = tables_pair_next(event=event, by=event.organizer, seed=1)
    sizes = sorted(len(table.seats.all()) for table in round_multiplayer_tables(round_=round_))
    assert sizes == [3, 3, 3, 4]
    assert MultiplayerSeat.objects.filter(table__round=round_).count() == 13
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING
    assert EventLogEntry.objects.filter(event=event, action="round_paired", user=event.organizer).exists()


def test_tables_pair_next_gives_byes_when_the_organizer_chose_them():
    event, _users, _registrations = _event(13, pod_leftovers="byes")
    round_ = tables_pair_next(event=event, by=event.organizer, seed=1)
    assert MultiplayerBye.objects.filter(round=round_).count() == 1
    assert MultiplayerTable.objects.filter(round=round_).count() == 3


def test_a_round_waits_for_every_pods_final_result():
    event, _users, _registrations = _event(8)
    tables_pair_next(event=event, by=event.organizer, seed=1)
    with pytest.raises(StateConflict):
        tables_pair_next(event=event, by=event.organizer, seed=2)


def test_two_player_pairing_is_refused_for_a_pod_event():
    event, _users, _registrations = _event(8)
    with pytest.raises(StateConflict):
        round_pair_next(event=event, seed=1)


def test_a_players_report_waits_for_another_player_of_the_pod_to_confirm():
    event, _users, _registrations = _event(4)
    table = round_multiplayer_tables(round_=tables_pair_next(event=event, by=event.organizer, seed=1))[0]
    seats = list(table.seats.all())
    reporter, confirmer, winner = (
        _user_of(seats[0].registration),
        _user_of(seats[1].registration),
        seats[2].registration,
    )
    table = table_result_report(table=table, by=reporter, kind="win", players=[winner.pk])
    assert table.state == MultiplayerTableState.REPORTED
    with pytest.raises(NotAllowed):
        table_result_confirm(table=table, by=reporter)
    table = table_result_confirm(table=table, by=confirmer)
    assert table.state == MultiplayerTableState.FINAL
    points = {row.registration.pk: row.standing.points for row in multiplayer_standings(event=event)}
    assert points[winner.pk] == 5 and sorted(points.values()) == [0, 0, 0, 5]
    actions = set(EventLogEntry.objects.filter(event=event).values_list("action", flat=True))
    assert {"result_reported", "result_confirmed"} <= actions


def test_someone_outside_the_pod_can_neither_report_nor_confirm():
    event, _users, _registrations = _event(8)
    tables = round_multiplayer_tables(round_=tables_pair_next(event=event, by=event.organizer, seed=1))
    stranger = _user_of(tables[1].seats.all()[0].registration)
    with pytest.raises(NotFound):
        table_result_report(table=tables[0], by=stranger, kind="time", players=[])
    with pytest.raises(Refusal):
        table_result_report(
            table=tables[0], by=event.organizer, kind="win", players=[tables[1].seats.all()[0].registration.pk]
        )
    assert MultiplayerTable.objects.get(pk=tables[0].pk).state == MultiplayerTableState.PENDING
    assert not MultiplayerSeat.objects.filter(table=tables[0]).exclude(outcome="").exists()


def test_the_desks_line_enters_a_draw_final_by_seat():
    event, _users, _registrations = _event(4, pod_win_points=3)
    table = round_multiplayer_tables(round_=tables_pair_next(event=event, by=event.organizer, seed=1))[0]
    table = table_result_enter_line(event=event, by=event.organizer, line="1 d 1 3")
    outcomes = dict(MultiplayerSeat.objects.filter(table=table).values_list("position", "outcome"))
    assert (table.state, outcomes) == (MultiplayerTableState.FINAL, {1: "D", 2: "L", 3: "D", 4: "L"})
    with pytest.raises(Refusal):
        table_result_enter_line(event=event, by=event.organizer, line="2 1")
    with pytest.raises(Refusal):
        table_result_enter_line(event=event, by=event.organizer, line="1 5")


def test_top_pod_seats_the_first_four_and_its_winner_wins_the_event():
    event, _users, registrations = _event(9, swiss_rounds=2, top_cut=4)
    for seed in (1, 2):
        round_ = tables_pair_next(event=event, by=event.organizer, seed=seed)
        for table in round_multiplayer_tables(round_=round_):
            table_result_enter_line(event=event, by=event.organizer, line=f"{table.number} 1")
    swiss = [row.registration.pk for row in multiplayer_standings(event=event)]
    top = tables_pair_next(event=event, by=event.organizer, seed=3)
    assert top.kind == RoundKind.PLAYOFF
    assert [s.registration_id for s in round_multiplayer_tables(round_=top)[0].seats.all()] == swiss[:4]
    table_result_enter_line(event=event, by=event.organizer, line="1 4")
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    places = [r.pk for r in multiplayer_final_places(event=event)]
    assert places[0] == swiss[3] and places[1:4] == swiss[:3] and places[4:] == swiss[4:]
