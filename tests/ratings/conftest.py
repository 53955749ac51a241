"""Helpers of the ratings tests: finished events with results built in bulk."""

import datetime as dt

from tests.factories import EventFactory, RegistrationFactory
from tournaments.enums import EventStatus, Outcome, ResultState, RoundKind
from tournaments.models import Round, TeamMatch


def played_event(*, teams, results, status=EventStatus.FINISHED, date=None, **fields):
    """An event between the given player lists (one list per team) with `results`: per round a list of
    (team index, team index or None for a bye, outcome[, result state]). Returns (event, registrations)."""
    event = EventFactory(status=status, date=date or dt.date(2026, 1, 10), team_size=len(teams[0]), **fields)
    registrations = [RegistrationFactory(event=event, seats=players) for players in teams]
    for number, pairings in enumerate(results, start=1):
        round_ = Round.objects.create(
            event=event, number=number, kind=RoundKind.SWISS, is_finished=status == EventStatus.FINISHED
        )
        matches = []
        for table, (a, b, outcome, *state) in enumerate(pairings, start=1):
            matches.append(
                TeamMatch(
                    round=round_,
                    table=table,
                    team_a=registrations[a],
                    team_b=registrations[b] if b is not None else None,
                    outcome=outcome,
                    result_state=state[0] if state else ResultState.FINAL,
                )
            )
        TeamMatch.objects.bulk_create(matches)
    return event, registrations


A, B, D = Outcome.A_WINS, Outcome.B_WINS, Outcome.DRAW
