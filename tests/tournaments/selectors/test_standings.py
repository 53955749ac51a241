from fractions import Fraction

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory, RoundFactory, TeamMatchFactory
from tournaments.enums import Outcome, ResultState
from tournaments.models import TeamMatch
from tournaments.selectors.standings import standings_for_event
from tournaments.services.results import SeatGames, team_match_record_final, team_match_report

pytestmark = pytest.mark.django_db

A_WINS = [SeatGames("A", 2, 0), SeatGames("B", 2, 0), SeatGames("C", 0, 2)]


def test_standings_for_event_counts_only_confirmed_and_final_results():
    event = EventFactory()
    round_ = RoundFactory(event=event, number=1)
    confirmed = TeamMatchFactory(round=round_)
    reported = TeamMatchFactory(round=round_)
    team_match_record_final(match=confirmed, user=OrganizerFactory(), seats=A_WINS)
    team_match_report(match=reported, user=reported.team_a.seats.first().player.user, seats=A_WINS)
    rows = {row.team: row for row in standings_for_event(event=event)}
    assert rows[confirmed.team_a_id].match_points == 3
    assert rows[reported.team_a_id].match_points == 0  # reported, not confirmed: hidden and not counted
    assert len(rows) == 4


def test_standings_for_event_late_entry_missed_rounds_count_as_losses():
    event = EventFactory()
    round_ = RoundFactory(event=event, number=1)
    TeamMatchFactory(round=round_, outcome=Outcome.A_WINS, result_state=ResultState.FINAL)
    late = RegistrationFactory(event=event, joined_round=2, missed_rounds_as_losses=True)
    zero = RegistrationFactory(event=event, joined_round=2)
    rows = {row.team: row for row in standings_for_event(event=event)}
    assert (rows[late.pk].record, rows[late.pk].mw.value) == ("0-1-0", Fraction(33, 100))
    assert (rows[zero.pk].record, rows[zero.pk].mw.played) == ("0-0-0", 0)


def test_standings_for_event_query_count_does_not_grow_with_the_event():
    def queries(teams: int) -> int:
        event = EventFactory()
        round_ = RoundFactory(event=event, number=1)
        for _ in range(teams // 2):
            TeamMatchFactory(round=round_, outcome=Outcome.A_WINS, result_state=ResultState.FINAL)
        with CaptureQueriesContext(connection) as ctx:
            standings_for_event(event=event)
        return len(ctx)

    assert queries(4) == queries(20)
    assert TeamMatch.objects.count() == 12


def test_standings_for_event_upto_round_zero_counts_no_round():
    event = EventFactory()
    round_ = RoundFactory(event=event, number=1)
    TeamMatchFactory(round=round_, outcome=Outcome.A_WINS, result_state=ResultState.FINAL)
    late = RegistrationFactory(event=event, joined_round=2, missed_rounds_as_losses=True)
    rows = {row.team: row for row in standings_for_event(event=event, upto_round=0)}
    assert rows[late.pk].record == "0-0-0"
    assert all(row.match_points == 0 for row in rows.values())
