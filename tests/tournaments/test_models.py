"""Database constraints of the team-event model, with the message a person gets."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tests.factories import (
    EventFactory,
    PlayerFactory,
    RegistrationFactory,
    RoundFactory,
    TeamFactory,
    TeamMatchFactory,
)
from tournaments.enums import FormatKind, Outcome, ResultState, Structure
from tournaments.models import Event, Registration, Seat, SeatMatch, TeamMatch

pytestmark = pytest.mark.django_db


def _violation(instance) -> list[str]:
    with pytest.raises(ValidationError) as info:
        instance.full_clean()
    return [m for messages in info.value.message_dict.values() for m in messages]


def test_seat_player_on_two_teams_of_one_event_is_refused_by_the_database():
    event = EventFactory()
    first = RegistrationFactory(event=event)
    second = RegistrationFactory(event=event)
    player = first.seats.get(letter="A").player
    seat = second.seats.get(letter="A")
    seat.player = player
    assert "This player is already on a team in this event." in _violation(seat)
    with pytest.raises(IntegrityError), transaction.atomic():
        seat.save()


def test_seat_same_player_in_two_events_is_allowed():
    player = PlayerFactory()
    RegistrationFactory(seats=[player, PlayerFactory(), PlayerFactory()])
    RegistrationFactory(seats=[player, PlayerFactory(), PlayerFactory()])
    assert Seat.objects.filter(player=player).count() == 2


def test_registration_team_twice_in_one_event_is_refused():
    registration = RegistrationFactory()
    again = Registration(event=registration.event, team=registration.team)
    assert "This team is already registered for this event." in _violation(again)
    with pytest.raises(IntegrityError), transaction.atomic():
        again.save()


def test_seat_letter_twice_on_one_team_is_refused():
    registration = RegistrationFactory()
    duplicate = Seat(registration=registration, event=registration.event, letter="A", player=PlayerFactory())
    assert "Each seat of a team holds one player." in _violation(duplicate)


def test_seat_event_follows_its_registration_whatever_is_set():
    registration = RegistrationFactory()
    other_event = EventFactory()
    seat = Seat(registration=registration, event=other_event, letter="D", player=PlayerFactory())
    seat.save()
    assert seat.event_id == registration.event_id


@pytest.mark.parametrize("size", [0, 9])
def test_event_team_size_out_of_range_is_refused(size):
    event = EventFactory.build(team_size=size, organizer=EventFactory().organizer)
    assert "A team has 1 to 8 members (1: an individual event of single players)." in _violation(event)
    with pytest.raises(IntegrityError), transaction.atomic():
        event.save()


def test_event_of_single_players_is_an_individual_event():
    event = EventFactory(team_size=1)
    assert event.is_individual and event.seat_letters == "A"
    assert not EventFactory(team_size=2).is_individual


def test_event_top_cut_other_than_2_4_8_is_refused():
    event = EventFactory.build(top_cut=3, organizer=EventFactory().organizer)
    messages = _violation(event)
    assert messages == ["Value 3 is not a valid choice."]
    with pytest.raises(IntegrityError), transaction.atomic():
        event.save()


def test_event_two_headed_giant_format_needs_teams_of_two():
    event = EventFactory.build(
        team_size=3,
        structure=Structure.TWO_HEADED_GIANT,
        format_kind=FormatKind.THG_SEALED,
        shared_life=30,
        shared_poison=15,
        organizer=EventFactory().organizer,
    )
    messages = _violation(event)
    assert "Two-Headed Giant is played by teams of 2." in messages


def test_event_shared_game_without_totals_is_refused():
    event = EventFactory.build(structure=Structure.THREE_HEADED_SERPENT, organizer=EventFactory().organizer)
    assert "A shared-game event needs its starting life and poison limit." in _violation(event)


def test_team_match_team_against_itself_is_refused():
    match = TeamMatchFactory()
    match.team_b = match.team_a
    assert "A team can't play itself." in _violation(match)


def test_team_match_team_twice_in_a_round_is_refused():
    match = TeamMatchFactory()
    again = TeamMatch(
        round=match.round, table=99, team_a=match.team_a, team_b=RegistrationFactory(event=match.round.event)
    )
    assert "This team already plays in this round." in _violation(again)


def test_team_match_bye_must_be_a_final_win():
    round_ = RoundFactory()
    bye = TeamMatch(round=round_, table=1, team_a=RegistrationFactory(event=round_.event), team_b=None)
    assert "A bye is a final match win for its team." in _violation(bye)
    bye.outcome, bye.result_state = Outcome.A_WINS, ResultState.FINAL
    bye.full_clean()
    bye.save()
    assert bye.is_bye


def test_team_match_reported_without_outcome_is_refused():
    match = TeamMatchFactory()
    match.result_state = ResultState.REPORTED
    assert "A reported result needs an outcome." in _violation(match)


@pytest.mark.parametrize("wins_a, wins_b", [(4, 0), (3, 3)])
def test_seat_match_beyond_a_best_of_five_is_refused(wins_a, wins_b):
    # A best of five is the most a playoff plays (issue 46); scoring keeps the Swiss to a best of three.
    match = TeamMatchFactory()
    seat = SeatMatch(team_match=match, letter="A", wins_a=wins_a, wins_b=wins_b)
    assert "An individual match is at most a best of five: at most 3 wins per player." in _violation(seat)


def test_event_seat_letters_follow_team_size():
    assert EventFactory(team_size=2).seat_letters == "AB"
    assert EventFactory(team_size=4).seat_letters == "ABCD"


def test_team_name_is_unique_ignoring_case():
    TeamFactory(name="Bolt Brigade")
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamFactory(name="bolt brigade")


def test_round_number_twice_in_an_event_is_refused():
    round_ = RoundFactory()
    assert Event.objects.count() == 1
    again = type(round_)(event=round_.event, number=round_.number)
    assert "This event already has a round with this number." in _violation(again)


def test_registration_event_cant_change_once_created():
    registration = RegistrationFactory()
    first_event = registration.event
    registration = Registration.objects.get(pk=registration.pk)
    registration.event = EventFactory()
    assert any("can't move to another event" in m for m in _violation(registration))
    with pytest.raises(ValidationError, match="can't move to another event"):
        registration.save()
    assert Registration.objects.get(pk=registration.pk).event == first_event
    assert set(Seat.objects.filter(registration=registration).values_list("event_id", flat=True)) == {first_event.pk}


def test_registration_saves_normally_when_its_event_is_unchanged():
    registration = Registration.objects.get(pk=RegistrationFactory().pk)
    registration.joined_round = 2
    registration.save()
    assert Registration.objects.get(pk=registration.pk).joined_round == 2


@pytest.mark.parametrize(
    ("cut", "names"),
    [
        (8, ["Round 5", "Quarterfinal", "Semifinal", "Final"]),
        (4, ["Round 5", "Semifinal", "Final"]),
    ],
)
def test_round_name_playoff_rounds_are_never_called_round_n(cut, names):
    from tournaments.enums import RoundKind

    event = EventFactory(swiss_rounds=5, top_cut=cut)
    rounds = [RoundFactory(event=event, number=5, kind=RoundKind.SWISS)] + [
        RoundFactory(event=event, number=5 + k, kind=RoundKind.PLAYOFF) for k in range(1, len(names))
    ]
    assert [r.name for r in rounds] == names
    assert str(rounds[-1]) == f"{event.name}, Final"
