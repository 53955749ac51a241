"""Judging in individual events (issue 27): a penalty is the player's, applied to their one match."""

import pytest

from judging.enums import Infraction, PenaltyKind
from judging.services import penalty_record
from tests.factories import (
    EventStaffFactory,
    EventFactory,
    RegistrationFactory,
    RoundFactory,
    SeatMatchFactory,
    TeamMatchFactory,
    UserFactory,
)
from tournaments.enums import Outcome, ResultState
from tournaments.models import SeatMatch
from tournaments.selectors.standings import standings_for_event

pytestmark = pytest.mark.django_db


def test_a_game_loss_applied_in_an_individual_event_decides_the_match_and_its_games_count():
    event = EventFactory(team_size=1)
    match = TeamMatchFactory(
        round=RoundFactory(event=event, number=1),
        table=1,
        team_a=RegistrationFactory(event=event),
        team_b=RegistrationFactory(event=event),
    )
    SeatMatchFactory(team_match=match, letter="A", wins_a=1, wins_b=1)
    judge = UserFactory()
    EventStaffFactory(event=event, user=judge, role="judge")
    player_b = match.team_b.seats.get().player
    penalty_record(
        registration=match.team_b,
        player=player_b,
        round_=match.round,
        judge=judge,
        infraction=Infraction.DECKLIST_PROBLEM,
        penalty=PenaltyKind.GAME_LOSS,
        apply_to_result=True,
    )
    row = SeatMatch.objects.get(team_match=match)
    assert (row.wins_a, row.wins_b) == (2, 1)
    match.refresh_from_db()
    assert (match.result_state, match.outcome) == (ResultState.FINAL, Outcome.A_WINS)
    rows = {r.team: r for r in standings_for_event(event=event)}
    assert (rows[match.team_a_id].gw.points, rows[match.team_a_id].gw.played) == (6, 3)
    assert (rows[match.team_b_id].gw.points, rows[match.team_b_id].gw.played) == (3, 3)
