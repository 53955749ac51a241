import pytest
from django.core.exceptions import ValidationError

from tests.factories import EventFactory, PlayerFactory, RegistrationFactory, TeamFactory
from tournaments.models import Registration, Seat
from tournaments.services.registrations import (
    registration_create,
    registration_drop,
    registration_reinstate,
    registration_seat_problems,
)

pytestmark = pytest.mark.django_db


def test_registration_create_puts_players_on_seats_in_order():
    event = EventFactory(team_size=3)
    players = [PlayerFactory(name=n) for n in ("Ann", "Ben", "Cat")]
    registration = registration_create(event=event, team=TeamFactory(), players=players)
    assert [(s.letter, s.player.name) for s in registration.seats.all()] == [("A", "Ann"), ("B", "Ben"), ("C", "Cat")]


def test_registration_create_wrong_seat_count_names_the_team_size_and_writes_nothing():
    event = EventFactory(team_size=3)
    with pytest.raises(ValidationError) as info:
        registration_create(event=event, team=TeamFactory(), players=[PlayerFactory(), PlayerFactory()])
    assert info.value.messages == ["This event has teams of 3: give exactly 3 players, one per seat A, B, C (got 2)."]
    assert Registration.objects.count() == 0
    assert Seat.objects.count() == 0


def test_registration_create_player_on_another_team_names_both():
    event = EventFactory(team_size=2)
    taken = PlayerFactory(name="Dana")
    other = RegistrationFactory(event=event, seats=[taken, PlayerFactory()])
    with pytest.raises(ValidationError) as info:
        registration_create(event=event, team=TeamFactory(), players=[taken, PlayerFactory()])
    assert info.value.messages == [f"Dana is already on team {other.team.name} in this event."]


def test_registration_create_same_team_twice_is_refused_with_its_name():
    event = EventFactory(team_size=2)
    first = RegistrationFactory(event=event)
    with pytest.raises(ValidationError) as info:
        registration_create(event=event, team=first.team, players=[PlayerFactory(), PlayerFactory()])
    assert info.value.messages == [f"{first.team.name} is already registered for this event."]


def test_registration_seat_problems_same_player_twice():
    event = EventFactory(team_size=2)
    player = PlayerFactory()
    assert registration_seat_problems(event=event, seats=[("A", player), ("B", player)]) == [
        "A player can hold only one seat."
    ]


def test_registration_seat_problems_wrong_letters():
    event = EventFactory(team_size=2)
    problems = registration_seat_problems(event=event, seats=[("A", PlayerFactory()), ("C", PlayerFactory())])
    assert problems == ["Use the seats A, B, each once."]


def test_registration_drop_and_reinstate_change_the_scoreboard_version():
    registration = RegistrationFactory()
    version = registration.event.version
    registration_drop(registration=registration, after_round=2)
    registration.refresh_from_db()
    assert registration.dropped_round == 2
    registration_reinstate(registration=registration)
    registration.refresh_from_db()
    assert registration.dropped_round is None
    registration.event.refresh_from_db()
    assert registration.event.version == version + 2


# --- Disqualification, re-entry and seat locks (issues 13 and 14) --------------------------------------------------
from tournaments.enums import EventStatus as _Status  # noqa: E402
from tournaments.models import EventLogEntry as _Log  # noqa: E402
from tournaments.services.errors import StateConflict as _Conflict  # noqa: E402
from tournaments.services.pairing import round_pair_next as _pair  # noqa: E402
from tournaments.services.registrations import (  # noqa: E402
    SeatEntry,
    registration_disqualify,
    registration_register,
    registration_update,
)


@pytest.mark.django_db
def test_disqualified_team_gets_no_further_pairing_and_keeps_its_results_for_opponents():
    from tests.api.conftest import build_event
    from tournaments.selectors.standings import standings_for_event

    event, teams, _ = build_event(teams=4, rounds=1, swiss_rounds=3)
    before = {row.team: row.omw.value for row in standings_for_event(event=event)}
    registration_disqualify(registration=teams[1], reason="Cheating", user=None)
    teams[1].refresh_from_db()
    assert teams[1].is_disqualified and teams[1].dropped_round == 1
    assert {row.team: row.omw.value for row in standings_for_event(event=event)} == before
    round_ = _pair(event=event)
    paired = {t for m in round_.matches.all() for t in (m.team_a_id, m.team_b_id)}
    assert teams[1].pk not in paired
    assert _Log.objects.filter(event=event, action="disqualified").get().message.endswith("Cheating")
    with pytest.raises(_Conflict):
        registration_reinstate(registration=teams[1])


@pytest.mark.django_db
def test_reentry_is_refused_once_the_event_has_cut_to_its_playoff():
    from tests.api.conftest import build_event

    event, teams, _ = build_event(teams=4, rounds=1, swiss_rounds=1, top_cut=2)
    registration_drop(registration=teams[3])
    registration_reinstate(registration=teams[3])  # during the Swiss rounds: allowed
    registration_drop(registration=teams[3])
    event.status = _Status.TOP_CUT
    event.save(update_fields=["status"])
    with pytest.raises(_Conflict, match="MTR 2.10"):
        registration_reinstate(registration=teams[3])


@pytest.mark.django_db
def test_seats_lock_when_round_one_is_paired_and_a_judges_correction_is_logged():
    event = EventFactory(team_size=2)
    a = registration_register(event=event, team_name="Ones", seats=[SeatEntry("A", "Ann"), SeatEntry("B", "Bob")])
    registration_register(event=event, team_name="Twos", seats=[SeatEntry("A", "Cat"), SeatEntry("B", "Dan")])
    registration_update(registration=a, seats=[SeatEntry("A", "Bob"), SeatEntry("B", "Ann")])  # before round 1: free
    _pair(event=event)
    with pytest.raises(_Conflict, match="judge"):
        registration_update(registration=a, seats=[SeatEntry("A", "Ann"), SeatEntry("B", "Bob")])
    registration_update(
        registration=a,
        seats=[SeatEntry("A", "Ann"), SeatEntry("B", "Bob")],
        judge_correction="Seats swapped at registration",
    )
    assert a.seats.get(letter="A").player.name == "Ann"
    assert "Seats swapped at registration" in _Log.objects.filter(event=event, action="seats_corrected").last().message
