"""A Commander night's final order and standings as every reader reads them (issue 56): multiplayer.selectors'
multiplayer_placings and multiplayer_standing_rows, registered in tournaments/finalorder.py, answer
placements_for_event and standings_for_event for a pod event."""

from fractions import Fraction

import pytest
from django.utils import timezone

from multiplayer.selectors import multiplayer_standings, round_multiplayer_tables
from multiplayer.services import table_result_enter_line, tables_event_close, tables_pair_next
from tests.factories import EventFactory, PlayerFactory, PodEventFactory, RegistrationFactory
from tournaments.finalorder import structure_order
from tournaments.models import Registration
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import standings_for_event
from tournaments.services.errors import StateConflict

pytestmark = pytest.mark.django_db


def _night(players: int = 8, **fields):
    event = PodEventFactory(**fields)
    for _ in range(players):
        RegistrationFactory(event=event, seats=[PlayerFactory()])
    return event


def _play_swiss(event, *, seat: int = 1) -> None:
    for number in range(1, event.swiss_rounds + 1):
        round_ = tables_pair_next(event=event, by=event.organizer, seed=number)
        for table in round_multiplayer_tables(round_=round_):
            table_result_enter_line(event=event, by=event.organizer, line=f"{table.number} {seat}")


def _swiss(event) -> list[int]:
    return [row.registration.pk for row in multiplayer_standings(event=event)]


def test_only_a_pod_event_has_an_order_of_its_own():
    assert structure_order(event=PodEventFactory()) is not None
    assert structure_order(event=EventFactory()) is None


def test_the_standings_rows_are_the_pod_standings_with_their_figures():
    event = _night()
    _play_swiss(event)
    rows = standings_for_event(event=event)
    pods = multiplayer_standings(event=event)
    assert [row.team for row in rows] == [line.registration.pk for line in pods]
    for row, line in zip(rows, pods, strict=True):
        s = line.standing
        assert (row.rank, row.match_points, row.wins, row.draws, row.byes) == (s.rank, s.points, s.wins, s.draws, 0)
        assert row.losses == s.games - s.wins - s.draws and row.rounds_played == 3
        assert row.omw.value == s.opponent_score  # the opponents' average, exact
        assert row.ogw.value == s.seat_average  # the average seat
        assert row.mw.value == Fraction(s.points, 3 * event.pod_win_points)
    assert rows[0].decided_by == ""
    assert {row.decided_by for row in rows[1:]} <= {
        "points",
        "opponents' average",
        "pods won",
        "seat order",
        "final tiebreak",
    }
    # After round 1 only: the rounds up to it.
    assert all(row.rounds_played == 1 for row in standings_for_event(event=event, upto_round=1))


def test_without_a_top_pod_the_standings_are_the_placings_and_the_event_closes_once_played():
    event = _night(top_cut=0)
    tables_pair_next(event=event, by=event.organizer, seed=1)
    with pytest.raises(StateConflict):  # a pod waits for its result
        tables_event_close(event=event, by=event.organizer)
    for table in round_multiplayer_tables(round_=event.rounds.get(number=1)):
        table_result_enter_line(event=event, by=event.organizer, line=f"{table.number} 2")
    with pytest.raises(StateConflict):  # rounds 2 and 3 are still to seat
        tables_event_close(event=event, by=event.organizer)
    for number in (2, 3):
        for table in round_multiplayer_tables(round_=tables_pair_next(event=event, by=event.organizer, seed=number)):
            table_result_enter_line(event=event, by=event.organizer, line=f"{table.number} 2")
    tables_event_close(event=event, by=event.organizer)
    event.refresh_from_db()
    assert event.status == "finished"
    placings = placements_for_event(event=event)
    assert [p.team for p in placings] == _swiss(event) and {p.stage for p in placings} == {"swiss"}


def test_the_top_pod_comes_first_its_winner_first_and_a_draw_shares_the_top_by_swiss_place():
    event = _night(players=9, top_cut=4)
    _play_swiss(event)
    swiss = _swiss(event)
    top = tables_pair_next(event=event, by=event.organizer, seed=9)
    assert top.name == "Top pod" and top.kind == "playoff"
    # Seated, not played: the placings so far put the top pod first, in seed order.
    placings = placements_for_event(event=event)
    assert [p.team for p in placings] == swiss and [p.stage for p in placings[:5]] == ["top_pod"] * 4 + ["swiss"]
    with pytest.raises(StateConflict):  # the top pod waits for its result
        tables_event_close(event=event, by=event.organizer)
    table_result_enter_line(event=event, by=event.organizer, line="1 d 4 3")  # seeds 4 and 3 draw
    event.refresh_from_db()
    assert event.status == "finished"  # the top pod's final result closes the event
    placings = placements_for_event(event=event)
    assert [p.team for p in placings] == [swiss[2], swiss[3], swiss[0], swiss[1], *swiss[4:]]
    assert [p.place for p in placings] == list(range(1, 10))


def test_a_disqualified_player_outside_the_top_pod_is_placed_last():
    event = _night(top_cut=0)
    _play_swiss(event)
    swiss = _swiss(event)
    out = swiss[1]
    Registration.objects.filter(pk=out).update(disqualified_at=timezone.now())
    assert [p.team for p in placements_for_event(event=event)] == [t for t in swiss if t != out] + [out]


def test_the_apis_close_closes_a_pod_event_on_its_pods_results():
    from rest_framework.test import APIClient

    from tests.factories import OrganizerTokenFactory

    event = _night(top_cut=0, swiss_rounds=1)
    token = OrganizerTokenFactory(user=event.organizer)
    api, auth = APIClient(), {"HTTP_AUTHORIZATION": f"Token {token.raw}"}
    tables_pair_next(event=event, by=event.organizer, seed=1)
    refused = api.post(f"/api/v1/events/{event.pk}/close", {}, format="json", **auth)
    assert refused.status_code == 409 and "no final result" in str(refused.json())
    for table in round_multiplayer_tables(round_=event.rounds.get(number=1)):
        table_result_enter_line(event=event, by=event.organizer, line=f"{table.number} 1")
    closed = api.post(f"/api/v1/events/{event.pk}/close", {}, format="json", **auth)
    assert closed.status_code == 200 and closed.json()["status"] == "finished"
