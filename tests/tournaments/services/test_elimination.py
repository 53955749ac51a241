"""A single-elimination event from round 1 (issue 42): seeded by rating, list or random, byes to the top seeds,
played out through the same steps as a top cut (tournaments/services/topcut.py, services/rounds.py)."""

import pytest
from django.core.exceptions import ValidationError

from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory
from tournaments.enums import EventStatus, Outcome, ResultState
from tournaments.models import EventLogEntry, Registration
from tournaments.selectors.placements import placements_for_event
from tournaments.services.events import event_update
from tournaments.services.rounds import event_close, event_pair_next

pytestmark = pytest.mark.django_db


def _event(n: int, seeding: str):
    event = EventFactory(team_size=1, swiss_rounds=3, bracket_seeding=seeding)
    return event, [RegistrationFactory(event=event) for _ in range(n)]


def _better_seed_wins(round_) -> None:
    seeds = dict(Registration.objects.filter(event=round_.event).values_list("pk", "topcut_seed"))
    for match in round_.matches.filter(team_b__isnull=False):
        a_better = seeds[match.team_a_id] < seeds[match.team_b_id]
        match.outcome = Outcome.A_WINS if a_better else Outcome.B_WINS
        match.result_state = ResultState.FINAL
        match.save(update_fields=["outcome", "result_state"])


def test_single_elimination_of_13_players_byes_to_the_top_seeds_played_to_the_end():
    event, players = _event(13, "list")
    order = [p.pk for p in reversed(players)]  # the organizer's list: the last registered is seed 1
    organizer = OrganizerFactory()
    first = event_pair_next(event=event, user=organizer, order=order)
    event.refresh_from_db()
    assert (first.number, first.kind, event.top_cut, event.status) == (1, "playoff", 16, EventStatus.TOP_CUT)
    assert first.name == "Round of 16"
    byes = list(first.matches.filter(team_b__isnull=True).values_list("team_a_id", flat=True))
    assert sorted(byes) == sorted(order[:3])  # seeds 1, 2 and 3
    assert first.matches.filter(team_b__isnull=False).count() == 5
    assert dict(Registration.objects.filter(event=event).values_list("pk", "topcut_seed")) == {
        pk: seed for seed, pk in enumerate(order, start=1)
    }
    names = [first.name]
    round_ = first
    while True:
        _better_seed_wins(round_)
        try:
            round_ = event_pair_next(event=event, user=organizer)
        except ValidationError:
            break
        names.append(round_.name)
    assert names == ["Round of 16", "Quarterfinal", "Semifinal", "Final"]
    event_close(event=event, user=organizer)
    placings = placements_for_event(event=event)
    assert [p.team for p in placings[:2]] == order[:2]
    assert sorted(p.team for p in placings) == sorted(order)
    assert EventLogEntry.objects.filter(event=event, action="top_cut_paired", user=organizer).exists()


def test_five_players_round_two_waits_for_round_one_though_two_seeds_with_byes_are_ready():
    event, players = _event(5, "random")
    first = event_pair_next(event=event, seed=3)
    assert first.matches.filter(team_b__isnull=False).count() == 1  # 4 v 5; seeds 2 and 3 meet in round 2
    assert first.matches.filter(team_b__isnull=True).count() == 3
    _better_seed_wins(first)
    second = event_pair_next(event=event)
    assert (second.number, second.name, second.matches.count()) == (2, "Semifinal", 2)


def test_random_and_rating_seeding_use_every_active_player_once():
    for seeding in ("random", "rating"):
        event, players = _event(6, seeding)
        round_ = event_pair_next(event=event, seed=7)
        seeds = sorted(Registration.objects.filter(event=event).values_list("topcut_seed", flat=True))
        assert seeds == [1, 2, 3, 4, 5, 6]
        assert round_.matches.filter(team_b__isnull=True).count() == 2  # a bracket of 8: seeds 1 and 2 advance


def test_a_seed_list_that_is_not_the_field_is_refused_and_nothing_written():
    event, players = _event(5, "list")
    with pytest.raises(ValidationError) as error:
        event_pair_next(event=event, order=[p.pk for p in players[:4]])
    assert "missing" in str(error.value)
    assert not event.rounds.exists()
    assert not Registration.objects.filter(event=event, topcut_seed__isnull=False).exists()


def test_structure_fixed_once_the_bracket_started():
    event, players = _event(4, "random")
    event_pair_next(event=event, seed=1)
    with pytest.raises(ValidationError) as error:
        event_update(event=event, bracket_seeding="")
    assert "bracket_seeding" in error.value.message_dict


def test_round_one_taken_back_keeps_its_seeding_when_paired_again():
    from tournaments.services.registrations import registration_drop
    from tournaments.services.rounds import round_take_back

    event, players = _event(11, "random")
    organizer = OrganizerFactory()
    first = event_pair_next(event=event, user=organizer, seed=1)
    seeds = dict(Registration.objects.filter(event=event).values_list("pk", "topcut_seed"))
    pairs = sorted(first.matches.values_list("team_a_id", "team_b_id"))
    round_take_back(round_=first, user=organizer)
    event.refresh_from_db()
    assert event.status == EventStatus.REGISTRATION and not event.rounds.exists()
    again = event_pair_next(event=event, user=organizer, seed=2)  # another random draw would seed anew
    assert dict(Registration.objects.filter(event=event).values_list("pk", "topcut_seed")) == seeds
    assert sorted(again.matches.values_list("team_a_id", "team_b_id")) == pairs
    # Taken back again after a drop: the others keep their order and move up.
    round_take_back(round_=again, user=organizer)
    order = sorted(seeds, key=seeds.get)
    registration_drop(registration=Registration.objects.get(pk=order[0]), user=organizer)
    third = event_pair_next(event=event, user=organizer, seed=3)
    now = dict(Registration.objects.filter(event=event, dropped_round__isnull=True).values_list("pk", "topcut_seed"))
    assert sorted(now, key=now.get) == order[1:] and sorted(now.values()) == list(range(1, 11))
    assert third.matches.filter(team_b__isnull=True).count() == 6  # 10 in a bracket of 16: byes to seeds 1-6
