"""Closing means finished (issue 26): once closed, results, drops and pairings are refused by every service (so
at every door) until an organizer reopens the event with a reason; reopening and closing rebuild the ratings."""

from functools import partial

import pytest
from django.core.exceptions import ValidationError

from common.tasks import task_send
from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory
from tournaments.enums import EventStatus
from tournaments.models import Event, EventLogEntry, Round, TeamMatch
from tournaments.services.errors import StateConflict
from tournaments.services.events import event_reopen
from tournaments.services.pairing import round_pair_next, round_repair, round_swap_teams
from tournaments.services.registrations import registration_disqualify, registration_drop
from tournaments.services.results import SeatGames, team_match_record_final
from tournaments.services.rounds import event_close
from tournaments.services.topcut import topcut_start

pytestmark = pytest.mark.django_db

A_WINS = [SeatGames("A", 2, 0), SeatGames("B", 2, 1), SeatGames("C", 0, 2)]


def _play_out(event, user) -> None:
    for _ in range(event.swiss_rounds):
        round_ = round_pair_next(event=event, seed=3)
        for match in round_.matches.filter(team_b__isnull=False):
            team_match_record_final(match=match, user=user, seats=A_WINS)


def _ratings_updates(callbacks) -> int:
    return sum(
        isinstance(c, partial) and c.func is task_send and c.args[0] == "ratings.event_closed" for c in callbacks
    )


@pytest.fixture
def organizer():
    return OrganizerFactory(username="olivia")


@pytest.fixture
def event(organizer):
    """Eight teams of three, three Swiss rounds, no top cut."""
    event = EventFactory(organizer=organizer, swiss_rounds=3, top_cut=0)
    for _ in range(8):
        RegistrationFactory(event=event)
    return event


@pytest.fixture
def closed(event, organizer, django_capture_on_commit_callbacks):
    _play_out(event, organizer)
    with django_capture_on_commit_callbacks(execute=False) as sent:
        event_close(event=event, user=organizer)
    # The ratings update, once, after the commit (besides the live pages' and webhooks' signals).
    assert _ratings_updates(sent) == 1
    return Event.objects.get(pk=event.pk)


def test_closing_is_logged_with_who_closed(closed, organizer):
    assert EventLogEntry.objects.get(event=closed, action="event_closed").user == organizer


def test_a_closed_event_refuses_results_drops_and_pairings(closed, organizer):
    match = TeamMatch.objects.filter(round__event=closed, team_b__isnull=False).first()
    before = (match.games_won_a, match.games_won_b, match.outcome)
    team = closed.registrations.first()
    latest = closed.rounds.order_by("-number").first()
    other = closed.registrations.exclude(pk=team.pk).first()
    refusals = [
        lambda: team_match_record_final(match=match, user=organizer, seats=list(reversed(A_WINS))),
        lambda: registration_drop(registration=team, user=organizer),
        lambda: registration_disqualify(registration=team, reason="Cheating", user=organizer),
        lambda: round_pair_next(event=closed),
        lambda: round_repair(round_=latest),
        lambda: round_swap_teams(round_=latest, first=team, second=other),
    ]
    for refused in refusals:
        with pytest.raises(StateConflict, match="This event is closed"):
            refused()
    match.refresh_from_db()
    team.refresh_from_db()
    assert (match.games_won_a, match.games_won_b, match.outcome) == before
    assert team.dropped_round is None and team.disqualified_at is None
    assert Round.objects.filter(event=closed).count() == closed.swiss_rounds


def test_a_closed_event_with_a_top_cut_refuses_the_cut(organizer):
    from tournaments.services.events import event_finish

    event = EventFactory(organizer=organizer, swiss_rounds=1, top_cut=4)
    for _ in range(4):
        RegistrationFactory(event=event)
    event_finish(event=event)
    with pytest.raises(StateConflict, match="This event is closed"):
        topcut_start(event=event)


def test_reopening_needs_a_reason_and_is_logged(closed, organizer, django_capture_on_commit_callbacks):
    with pytest.raises(ValidationError, match="Say why the event is reopened"):
        event_reopen(event=closed, user=organizer, reason="  ")
    assert Event.objects.get(pk=closed.pk).status == EventStatus.FINISHED
    with django_capture_on_commit_callbacks(execute=False) as sent:
        event = event_reopen(event=closed, user=organizer, reason="Table 2 was entered the wrong way round")
    # the ratings rebuilt without the event (once; the live pages' and webhooks' signals beside it)
    assert event.status == EventStatus.RUNNING and _ratings_updates(sent) == 1
    entry = EventLogEntry.objects.get(event=closed, action="event_reopened")
    assert entry.user == organizer and "Table 2 was entered the wrong way round" in entry.message
    with pytest.raises(StateConflict, match="not closed"):
        event_reopen(event=closed, user=organizer, reason="again")


def test_a_correction_after_reopening_counts_and_closing_again_rebuilds_the_ratings(
    closed, organizer, django_capture_on_commit_callbacks
):
    from tournaments.selectors.placements import placements_for_event

    event_reopen(event=closed, user=OrganizerFactory(), reason="A slip was misread")
    winner_before = placements_for_event(event=closed)[0].team
    for match in TeamMatch.objects.filter(round__event=closed, team_b__isnull=False):
        if winner_before in (match.team_a_id, match.team_b_id):
            team_match_record_final(
                match=match,
                user=organizer,
                seats=A_WINS
                if match.team_b_id == winner_before
                else list(SeatGames(s.letter, s.wins_b, s.wins_a) for s in A_WINS),
            )
    assert placements_for_event(event=Event.objects.get(pk=closed.pk))[0].team != winner_before
    with django_capture_on_commit_callbacks(execute=False) as sent:
        event_close(event=Event.objects.get(pk=closed.pk), user=organizer)
    assert _ratings_updates(sent) == 1 and Event.objects.get(pk=closed.pk).status == EventStatus.FINISHED
