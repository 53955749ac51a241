"""Fixtures of the API tests: a client, and an event with rounds of results built in bulk."""

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.factories import EventFactory, RegistrationFactory
from tournaments.enums import Outcome, ResultState, RoundKind
from tournaments.models import Round, SeatMatch, TeamMatch


@pytest.fixture(autouse=True)
def _fresh_throttle():
    # Throttle counters live in the cache; each test starts with none.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api():
    return APIClient()


def build_event(*, teams: int = 4, rounds: int = 2, state: str = ResultState.FINAL, **event_fields):
    """An event of `teams` teams with `rounds` Swiss rounds, every match won 2-1 in seats by team A.

    Round r pairs team i with team i + r (mod n) for even i, so the pairings differ each round; an odd team out
    gets the bye. Returns (event, registrations, rounds).
    """
    event = EventFactory(**event_fields)
    registrations = [RegistrationFactory(event=event) for _ in range(teams)]
    made = []
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(event=event, number=number, kind=RoundKind.SWISS)
        made.append(round_)
        order = registrations[number - 1 :] + registrations[: number - 1]
        matches = []
        for table, i in enumerate(range(0, len(order) - 1, 2), start=1):
            matches.append(
                TeamMatch(
                    round=round_,
                    table=table,
                    team_a=order[i],
                    team_b=order[i + 1],
                    outcome=Outcome.A_WINS,
                    result_state=state,
                )
            )
        if len(order) % 2:
            matches.append(
                TeamMatch(
                    round=round_,
                    table=len(matches) + 1,
                    team_a=order[-1],
                    team_b=None,
                    outcome=Outcome.A_WINS,
                    result_state=ResultState.FINAL,
                )
            )
        TeamMatch.objects.bulk_create(matches)
        SeatMatch.objects.bulk_create(
            SeatMatch(team_match=m, letter=letter, wins_a=wins[0], wins_b=wins[1])
            for m in TeamMatch.objects.filter(round=round_, team_b__isnull=False)
            for letter, wins in zip(event.seat_letters, [(2, 0), (2, 1), (0, 2)])
        )
    return event, registrations, made
