"""sharedgame.services: changes recorded with who and when, undo, lost games, the report, and no lost taps."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from sharedgame.models import GameState, LifeChange
from sharedgame.selectors import shared_game_state
from sharedgame.services import (
    ChangeRefused,
    life_change_apply,
    life_change_undo,
    shared_game_next,
    shared_game_report,
)
from tests.factories import (
    RegistrationFactory,
    SharedGameEventFactory,
    SharedMatchFactory,
    TeamMatchFactory,
    UserFactory,
)
from tournaments.enums import Outcome, ResultState, Structure
from tournaments.models import TeamMatch
from tournaments.services.results import NotYourMatch


def player(match: TeamMatch, side: str = "A", letter: str = "A"):
    registration = match.team_a if side == "A" else match.team_b
    return registration.seats.get(letter=letter).player.user


def game(match: TeamMatch, number: int = 1) -> GameState:
    return GameState.objects.get(match=match, number=number)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("structure", "team_size", "custom", "expected"),
    [
        (Structure.TWO_HEADED_GIANT, 2, {}, (30, 15)),
        (Structure.THREE_HEADED_SERPENT, 2, {}, (40, 20)),
        (Structure.THREE_HEADED_SERPENT, 3, {}, (60, 30)),
        (Structure.THREE_HEADED_SERPENT, 4, {}, (80, 40)),
        (Structure.CUSTOM_SHARED, 4, {"shared_life": 50, "shared_poison": 25}, (50, 25)),
    ],
)
def test_life_change_apply_game_starts_at_the_event_preset(structure, team_size, custom, expected):
    event = SharedGameEventFactory(structure=structure, team_size=team_size, format_kind="team_constructed", **custom)
    match = SharedMatchFactory(round__event=event)
    assert shared_game_state(match=match)["games"][0]["a"]["life"] == expected[0]  # before any change, nothing written
    assert not GameState.objects.filter(match=match).exists()
    life_change_apply(match=match, user=player(match), game=1, team="B", life=-1)
    state = game(match)
    assert (state.starting_life, state.poison_limit, state.life_a, state.life_b) == (
        expected[0],
        expected[1],
        expected[0],
        expected[0] - 1,
    )


@pytest.mark.django_db
def test_life_change_apply_records_who_and_when():
    match = SharedMatchFactory()
    user = player(match, "B", "B")
    change = life_change_apply(match=match, user=user, game=1, team="A", life=-4, poison=2)
    assert (change.by, change.team, change.life, change.poison) == (user, "A", -4, 2)
    assert change.at is not None
    state = game(match)
    assert (state.life_a, state.poison_a, state.life_b, state.version) == (26, 2, 30, 1)


@pytest.mark.django_db
def test_life_change_apply_two_phones_one_after_the_other_both_count():
    match = SharedMatchFactory()
    phone_a, phone_b = player(match, "A", "A"), player(match, "A", "B")
    # Both phones show 30 and tap -1 for team B; each change applies to the stored total, not the one shown.
    life_change_apply(match=match, user=phone_a, game=1, team="B", life=-1)
    life_change_apply(match=match, user=phone_b, game=1, team="B", life=-1)
    assert game(match).life_b == 28
    assert LifeChange.objects.filter(game__match=match).count() == 2


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_life_change_apply_two_phones_at_once_lose_no_change():
    match = SharedMatchFactory()
    phones = [player(match, "A", "A"), player(match, "B", "A")]
    taps = 15
    start = threading.Barrier(len(phones))
    errors: list[BaseException] = []

    def tap(user):
        try:
            start.wait(timeout=10)
            for _ in range(taps):
                life_change_apply(match=match, user=user, game=1, team="A", life=-1, poison=1)
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=tap, args=(user,)) for user in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    state = game(match)
    assert (state.life_a, state.poison_a, state.version) == (30 - 2 * taps, 2 * taps, 2 * taps)
    assert LifeChange.objects.filter(game=state).count() == 2 * taps
    assert state.winner == "B"  # 30 poison is past the limit of 15


@pytest.mark.django_db
def test_life_change_apply_zero_life_or_poison_limit_loses_the_game():
    match = SharedMatchFactory()
    user = player(match)
    life_change_apply(match=match, user=user, game=1, team="B", life=-29)
    assert game(match).winner == ""
    life_change_apply(match=match, user=user, game=1, team="B", life=-1)
    assert game(match).winner == "A"
    assert shared_game_state(match=match)["games"][0]["b"]["lost"] is True

    other = SharedMatchFactory()
    life_change_apply(match=other, user=player(other), game=1, team="A", poison=15)
    assert game(other).winner == "B"


@pytest.mark.django_db
def test_life_change_apply_outsider_is_refused_and_organizer_may_change():
    match = SharedMatchFactory()
    stranger = RegistrationFactory(event=match.round.event).seats.first().player.user
    with pytest.raises(NotYourMatch):
        life_change_apply(match=match, user=stranger, game=1, team="A", life=-1)
    with pytest.raises(NotYourMatch):
        life_change_apply(match=match, user=UserFactory(), game=1, team="A", life=-1)
    life_change_apply(match=match, user=match.round.event.organizer, game=1, team="A", life=-1)
    assert game(match).life_a == 29


@pytest.mark.django_db
def test_life_change_apply_refuses_seat_events_stale_games_and_negative_poison():
    seat_match = TeamMatchFactory()
    with pytest.raises(ChangeRefused, match="seat against seat"):
        life_change_apply(match=seat_match, user=player(seat_match), game=1, team="A", life=-1)
    match = SharedMatchFactory()
    with pytest.raises(ChangeRefused, match="Game 2 is not being played"):
        life_change_apply(match=match, user=player(match), game=2, team="A", life=-1)
    with pytest.raises(ChangeRefused, match="can't lose 1"):
        life_change_apply(match=match, user=player(match), game=1, team="A", poison=-1)


@pytest.mark.django_db
def test_life_change_undo_reverses_the_players_own_last_change():
    match = SharedMatchFactory()
    me, teammate = player(match, "A", "A"), player(match, "A", "B")
    mine = life_change_apply(match=match, user=me, game=1, team="B", life=-3)
    life_change_apply(match=match, user=teammate, game=1, team="B", life=-5)
    undone = life_change_undo(match=match, user=me, game=1)
    assert undone.pk == mine.pk and undone.undone_by == me
    assert game(match).life_b == 25
    with pytest.raises(ChangeRefused, match="no change of yours"):
        life_change_undo(match=match, user=me, game=1)


@pytest.mark.django_db
def test_life_change_undo_organizer_undoes_any_change():
    match = SharedMatchFactory()
    first = life_change_apply(match=match, user=player(match, "A"), game=1, team="B", life=-3)
    life_change_apply(match=match, user=player(match, "B"), game=1, team="A", life=-2)
    life_change_undo(match=match, user=match.round.event.organizer, game=1, change_id=first.pk)
    state = game(match)
    assert (state.life_a, state.life_b) == (28, 30)


@pytest.mark.django_db
def test_life_change_undo_of_the_lethal_change_revives_the_team():
    match = SharedMatchFactory()
    life_change_apply(match=match, user=player(match), game=1, team="B", life=-30)
    assert game(match).winner == "A"
    life_change_undo(match=match, user=player(match), game=1)
    assert game(match).winner == ""


@pytest.mark.django_db
def test_shared_game_report_carries_the_winner_into_the_match_report():
    match = SharedMatchFactory()
    life_change_apply(match=match, user=player(match, "B"), game=1, team="A", life=-30)
    reported = shared_game_report(match=match, user=player(match, "B"))
    assert (reported.result_state, reported.outcome) == (ResultState.REPORTED, Outcome.B_WINS)
    assert (reported.games_won_a, reported.games_won_b, reported.games_drawn) == (0, 1, 0)
    with pytest.raises(ChangeRefused, match="result is reported"):
        life_change_apply(match=match, user=player(match), game=1, team="A", life=5)


@pytest.mark.django_db
def test_shared_game_report_without_a_finished_game_is_refused():
    match = SharedMatchFactory()
    with pytest.raises(ValidationError, match="No game has a result"):
        shared_game_report(match=match, user=player(match))
    with pytest.raises(NotYourMatch):
        shared_game_report(match=match, user=match.round.event.organizer)


@pytest.mark.django_db
def test_shared_game_next_best_of_three_and_drawn_games():
    event = SharedGameEventFactory(shared_games_per_match=3)
    match = SharedMatchFactory(round__event=event)
    user = player(match)
    with pytest.raises(ChangeRefused, match="isn't over"):
        shared_game_next(match=match, user=user, game=2)
    life_change_apply(match=match, user=user, game=1, team="B", life=-30)
    second = shared_game_next(match=match, user=user, game=2)
    assert shared_game_next(match=match, user=player(match, "B"), game=2).pk == second.pk  # a second tap: same game
    assert (second.life_a, second.life_b) == (30, 30)
    with pytest.raises(ChangeRefused, match="Game 1 is not being played"):
        life_change_apply(match=match, user=user, game=1, team="B", life=5)
    life_change_apply(match=match, user=user, game=2, team="A", life=-30, poison=0)
    life_change_apply(match=match, user=user, game=2, team="B", poison=15)  # both lost: a draw, play on
    assert game(match, 2).winner == "D"
    shared_game_next(match=match, user=user, game=3)
    life_change_apply(match=match, user=user, game=3, team="B", life=-30)
    with pytest.raises(ChangeRefused, match="decided"):
        shared_game_next(match=match, user=user, game=4)
    reported = shared_game_report(match=match, user=user)
    assert (reported.games_won_a, reported.games_won_b, reported.games_drawn, reported.outcome) == (
        2,
        0,
        1,
        Outcome.A_WINS,
    )
