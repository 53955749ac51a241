"""Playoffs of pods (issue 50): a top 10, a top 16 and a top 40 seated stage by stage from the Swiss standings, each
pod's winner going on, the final pod finishing the event (multiplayer.engine.PLAYOFF_PLANS, services)."""

import pytest
from django.core.exceptions import ValidationError

from desk.selectors import desk_next_step
from multiplayer import engine
from multiplayer.selectors import (
    multiplayer_final_places,
    multiplayer_standings,
    next_seating,
    round_multiplayer_tables,
)
from multiplayer.services import table_result_enter_line, tables_pair_next
from tests.factories import EventFactory, PlayerFactory, PodEventFactory, RegistrationFactory
from tournaments.enums import EventStatus, RoundKind
from tournaments.services import events as event_services
from tournaments.services.errors import StateConflict

pytestmark = pytest.mark.django_db


def _played_swiss(players: int, rounds: int, **fields):
    event = PodEventFactory(swiss_rounds=rounds, pod_leftovers="byes", **fields)
    for _ in range(players):
        RegistrationFactory(event=event, seats=[PlayerFactory()])
    for seed in range(1, rounds + 1):
        round_ = tables_pair_next(event=event, by=event.organizer, seed=seed)
        for table in round_multiplayer_tables(round_=round_):
            table_result_enter_line(event=event, by=event.organizer, line=f"{table.number} {1 + table.number % 4}")
    return event, [row.registration.pk for row in multiplayer_standings(event=event)]


def _seated(round_):
    return [[s.registration_id for s in t.seats.order_by("position")] for t in round_multiplayer_tables(round_=round_)]


def test_a_top_10_seeds_three_to_ten_play_two_pods_whose_winners_meet_seeds_one_and_two():
    event, swiss = _played_swiss(14, 3, top_cut=10)
    assert desk_next_step(event=event).label == "Seat the playoff"
    assert next_seating(event=event) == "playoff"
    first = tables_pair_next(event=event, by=event.organizer, seed=9)
    assert first.kind == RoundKind.PLAYOFF
    assert desk_next_step(event=event).label == "Enter the playoff pods' results"
    seeds = {pk: n for n, pk in enumerate(swiss, start=1)}
    assert [[seeds[p] for p in pod] for pod in _seated(first)] == [[3, 6, 7, 10], [4, 5, 8, 9]]  # snake order
    table_result_enter_line(event=event, by=event.organizer, line="1 3")  # seed 7 wins pod 1
    table_result_enter_line(event=event, by=event.organizer, line="2 d 2 4")  # seeds 5 and 9 draw: 5 goes on
    event.refresh_from_db()
    assert event.status == EventStatus.TOP_CUT
    assert desk_next_step(event=event).label == "Seat the next playoff round"
    assert next_seating(event=event) == "top"
    final = tables_pair_next(event=event, by=event.organizer, seed=10)
    assert desk_next_step(event=event).label == "Enter the top pod's result"
    assert [[seeds[p] for p in pod] for pod in _seated(final)] == [[1, 2, 5, 7]]
    table_result_enter_line(event=event, by=event.organizer, line="1 4")  # seed 7 wins the event
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    places = [seeds[r.pk] for r in multiplayer_final_places(event=event)]
    assert places[:10] == [7, 1, 2, 5, 3, 4, 6, 8, 9, 10] and places[10:] == [11, 12, 13, 14]
    with pytest.raises(StateConflict):
        tables_pair_next(event=event, by=event.organizer)


def test_a_top_16_plays_four_pods_then_their_winners_final_pod():
    event, swiss = _played_swiss(20, 3, top_cut=16)
    first = tables_pair_next(event=event, by=event.organizer, seed=9)
    seeds = {pk: n for n, pk in enumerate(swiss, start=1)}
    assert [[seeds[p] for p in pod] for pod in _seated(first)] == [
        [1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14], [4, 5, 12, 13],
    ]  # fmt: skip
    for table in range(1, 5):
        table_result_enter_line(event=event, by=event.organizer, line=f"{table} 4")  # the lowest seed wins each
    final = tables_pair_next(event=event, by=event.organizer, seed=10)
    assert [[seeds[p] for p in pod] for pod in _seated(final)] == [[13, 14, 15, 16]]
    event.refresh_from_db()
    assert event.status == EventStatus.TOP_CUT  # not finished before the final pod


def test_a_top_needs_its_players_still_in():
    event, _swiss = _played_swiss(9, 2, top_cut=10)
    with pytest.raises(StateConflict, match="top 10 needs 10"):
        tables_pair_next(event=event, by=event.organizer)


def test_a_top_40_is_ten_pods_then_a_top_10_of_their_winners():
    swiss = list(range(1, 61))
    plan = engine.PLAYOFF_PLANS[40]
    pods, _ahead = engine.playoff_stage_seat(swiss[:40], pods=plan[0][0], straight=plan[0][1])
    assert len(pods) == 10 and sorted(p for pod in pods for p in pod) == swiss[:40]
    played = [[(pod, engine.TableResult(engine.WIN, (pod[-1],))) for pod in pods]]  # the lowest seed wins each
    entrants = engine.playoff_entrants(swiss, top_cut=40, played=played)
    assert entrants == sorted(pod[-1] for pod in pods) and len(entrants) == 10
    second, ahead = engine.playoff_stage_seat(entrants, pods=plan[1][0], straight=plan[1][1])
    assert ahead == entrants[:2] and len(second) == 2


def test_a_top_10_or_40_is_for_pod_events_only_and_pods_take_their_playoffs():
    assert engine.POD_TOP_CUTS == event_services.POD_TOP_CUTS
    for top_cut in (10, 40):
        with pytest.raises(ValidationError) as refused:
            event_services.event_update(event=EventFactory(), top_cut=top_cut)
        assert "top_cut" in refused.value.message_dict
        pods = PodEventFactory()
        assert event_services.event_update(event=pods, top_cut=top_cut).top_cut == top_cut
    with pytest.raises(ValidationError):
        event_services.event_update(event=PodEventFactory(), top_cut=8)
