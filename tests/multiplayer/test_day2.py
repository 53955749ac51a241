"""A Day 2 cut for a pod event (issue 50): by points after a Swiss round, made when the next round is seated; the
players cut sit no more pods and are placed below every Day 2 player; a record cut is refused for pods."""

import pytest
from django.core.exceptions import ValidationError

from multiplayer.models import MultiplayerBye, MultiplayerSeat
from multiplayer.selectors import multiplayer_standings, round_multiplayer_tables
from multiplayer.services import table_result_enter_line, tables_pair_next
from tests.factories import PlayerFactory, PodEventFactory, RegistrationFactory
from tournaments.models import Registration
from tournaments.selectors.placements import placements_for_event
from tournaments.services.errors import ResultsMissing, StateConflict
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db


def _event(players: int = 16, **fields):
    event = PodEventFactory(swiss_rounds=4, **fields)
    for _ in range(players):
        RegistrationFactory(event=event, seats=[PlayerFactory()])
    return event


def _play(event, round_):
    for table in round_multiplayer_tables(round_=round_):
        table_result_enter_line(event=event, by=event.organizer, line=f"{table.number} 1")


def test_a_points_cut_after_round_2_is_made_when_round_3_is_seated():
    event = _event()
    event = event_update(event=event, day2_cut_round=2, day2_cut_kind="points", day2_cut_threshold=5)
    for seed in (1, 2):
        _play(event, tables_pair_next(event=event, by=event.organizer, seed=seed))
    points = {row.registration.pk: row.standing.points for row in multiplayer_standings(event=event)}
    advancing = {pk for pk, p in points.items() if p >= 5}
    assert 0 < len(advancing) < 16  # four winners a round: some advance, some don't
    third = tables_pair_next(event=event, by=event.organizer, seed=3)
    event.refresh_from_db()
    assert event.day2_cut_applied
    cut = set(Registration.objects.filter(event=event, day2_cut_round=2).values_list("pk", flat=True))
    assert cut == set(points) - advancing
    seated = set(MultiplayerSeat.objects.filter(table__round=third).values_list("registration_id", flat=True))
    byes = set(MultiplayerBye.objects.filter(round=third).values_list("registration_id", flat=True))
    assert not (seated | byes) & cut and seated | byes == advancing  # every Day 2 player, no one cut
    _play(event, third)
    places = [p.team for p in placements_for_event(event=event)]
    assert set(places[: len(advancing)]) == advancing  # every Day 2 player above every player cut
    assert set(places[len(advancing) :]) == cut


def test_the_cut_waits_for_every_pod_of_its_round():
    event = _event(8)
    event = event_update(event=event, day2_cut_round=1, day2_cut_kind="points", day2_cut_threshold=1)
    first = tables_pair_next(event=event, by=event.organizer, seed=1)
    table_result_enter_line(event=event, by=event.organizer, line="1 1")  # pod 2 still playing
    with pytest.raises((ResultsMissing, StateConflict)):
        tables_pair_next(event=event, by=event.organizer, seed=2)
    event.refresh_from_db()
    assert first.event.rounds.count() == 1 and not event.day2_cut_applied


def test_a_record_cut_or_an_unreachable_threshold_is_refused_for_pods():
    with pytest.raises(ValidationError) as refused:
        event_update(event=_event(8), day2_cut_round=2, day2_cut_kind="record", day2_cut_threshold=1)
    assert "day2_cut_kind" in refused.value.message_dict
    with pytest.raises(ValidationError) as refused:
        event_update(event=_event(8), day2_cut_round=2, day2_cut_kind="points", day2_cut_threshold=11)
    assert "day2_cut_threshold" in refused.value.message_dict  # at most 2 x 5 points after round 2
