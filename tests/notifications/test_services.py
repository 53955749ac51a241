"""Who is told what (issue 41): each kind reaches the players it concerns and no one else (a player of another
event, a player of another match, the teammates and opponents of a penalized player), once."""

import datetime as dt

import pytest
from django.utils import timezone, translation

from tournaments.services.announcements import announcement_post
from judging.enums import Infraction, PenaltyKind
from judging.services import penalty_record
from notifications.kinds import NoticeKind
from notifications.models import Notification
from notifications.selectors import notification_view
from notifications.services import notices_from_log_entry, time_nearly_up_notices
from tests.api.conftest import build_event
from tournaments.enums import Outcome, ResultState
from tournaments.models import EventLogEntry, TeamMatch
from tournaments.models.clock import ClockStatus, RoundClock
from tournaments.services.eventlog import LogAction
from tournaments.services.events import event_update
from tournaments.services.pairing import round_pair_next
from tournaments.services.results import SeatGames, team_match_confirm, team_match_dispute, team_match_report

pytestmark = pytest.mark.django_db


def _users(registration) -> set[int]:
    return {seat.player.user_id for seat in registration.seats.select_related("player")}


def _told(kind) -> set[int]:
    return set(Notification.objects.filter(kind=kind).values_list("person_id", flat=True))


def _paired(worker, teams=4):
    event, registrations, _rounds = build_event(teams=teams, rounds=0, swiss_rounds=3)
    other_event, others, _ = build_event(teams=2, rounds=0, swiss_rounds=3)
    with worker():
        round_ = round_pair_next(event=event, user=event.organizer, seed=1)
    return event, registrations, round_, others


def test_a_paired_round_tells_every_player_their_table_and_opponent_and_no_one_of_another_event(worker):
    event, registrations, round_, others = _paired(worker)
    everyone = set().union(*(_users(r) for r in registrations))
    assert _told(NoticeKind.ROUND_PAIRED) == everyone
    assert not _told(NoticeKind.ROUND_PAIRED) & set().union(*(_users(r) for r in others))
    match = round_.matches.select_related("team_a__team", "team_b__team").first()
    player = match.team_a.seats.first().player.user
    notice = Notification.objects.get(person=player, kind=NoticeKind.ROUND_PAIRED)
    with translation.override("en"):
        shown = notification_view(notice)
    assert shown["title"] == event.name
    assert f"Round 1: table {match.table} against {match.team_b.team.name}" in shown["body"]
    assert notice.link == f"/matches/{match.pk}/"


def test_the_same_entry_handled_twice_tells_no_one_twice(worker):
    event, registrations, _round, _others = _paired(worker)
    before = Notification.objects.count()
    entry = EventLogEntry.objects.get(event=event, action=LogAction.ROUND_PAIRED)
    assert notices_from_log_entry(entry_id=entry.pk) == []
    assert Notification.objects.count() == before == 4 * 3


def _report(worker, match, user):
    with worker():
        team_match_report(
            match=match, user=user, seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 1), SeatGames("C", 0, 2)]
        )


def test_a_reported_result_asks_the_other_team_only(worker):
    event, registrations, round_, _others = _paired(worker)
    match, other_match = round_.matches.order_by("table")[:2]
    reporter = match.team_a.seats.first().player.user
    _report(worker, match, reporter)
    assert _told(NoticeKind.RESULT_TO_CONFIRM) == _users(match.team_b)
    notice = Notification.objects.get(kind=NoticeKind.RESULT_TO_CONFIRM, person=match.team_b.seats.first().player.user)
    with translation.override("en"):
        assert "Confirm or dispute it" in notification_view(notice)["body"]
    assert not _told(NoticeKind.RESULT_TO_CONFIRM) & (_users(other_match.team_a) | _users(other_match.team_b))


def test_a_dispute_tells_both_teams_of_the_match_and_a_confirmation_no_one(worker):
    event, registrations, round_, _others = _paired(worker)
    match, other_match = round_.matches.order_by("table")[:2]
    _report(worker, match, match.team_b.seats.first().player.user)
    with worker():
        team_match_dispute(match=match, user=match.team_a.seats.first().player.user, note="It was 2-1.")
    assert _told(NoticeKind.RESULT_DISPUTED) == _users(match.team_a) | _users(match.team_b)
    _report(worker, other_match, other_match.team_a.seats.first().player.user)
    count = Notification.objects.count()
    with worker():
        team_match_confirm(match=other_match, user=other_match.team_b.seats.first().player.user)
    assert Notification.objects.count() == count


def test_a_penalty_tells_the_penalized_player_and_never_the_teammates_the_opponents_or_the_event(worker):
    event, registrations, round_, _others = _paired(worker)
    match = round_.matches.order_by("table").first()
    seat = match.team_a.seats.order_by("letter").first()
    with worker():
        penalty_record(
            registration=match.team_a,
            player=seat.player,
            judge=event.organizer,
            round_=round_,
            infraction=Infraction.SLOW_PLAY,
            penalty=PenaltyKind.WARNING,
            note="Judge's own note",
        )
    assert _told(NoticeKind.PENALTY) == {seat.player.user_id}
    notice = Notification.objects.get(kind=NoticeKind.PENALTY)
    with translation.override("en"):
        body = notification_view(notice)["body"]
    assert "Warning" in body and "Judge's own note" not in body


def test_an_announcement_tells_the_players_of_its_event_only(worker):
    event, registrations, _round, others = _paired(worker)
    with worker():
        announcement_post(event=event, by=event.organizer, text="Lunch break until 13:00.")
    assert _told(NoticeKind.ANNOUNCEMENT) == set().union(*(_users(r) for r in registrations))
    entry = EventLogEntry.objects.get(event=event, action=LogAction.ANNOUNCED)
    assert entry.user == event.organizer
    assert {n.params["text"] for n in Notification.objects.filter(kind=NoticeKind.ANNOUNCEMENT)} == {
        "Lunch break until 13:00."
    }


def test_nothing_is_written_before_the_change_commits(django_capture_on_commit_callbacks):
    event, _registrations, _rounds = build_event(teams=4, rounds=0, swiss_rounds=3)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        round_pair_next(event=event, user=event.organizer, seed=1)
    assert callbacks and Notification.objects.count() == 0


def test_a_change_no_one_is_told_about_sends_no_task(worker):
    event, _registrations, _rounds = build_event(teams=4, rounds=0, swiss_rounds=3)
    with worker():
        event_update(event=event, user=event.organizer, name="Renamed")
    assert EventLogEntry.objects.filter(event=event, action=LogAction.SETTINGS_CHANGED).exists()
    assert worker.sent == []


def test_the_time_nearly_up_tells_the_players_without_a_result_once(worker):
    event, registrations, round_, others = _paired(worker)
    match, done = round_.matches.exclude(team_b=None).order_by("table")[:2]
    TeamMatch.objects.filter(pk=done.pk).update(result_state=ResultState.CONFIRMED, outcome=Outcome.A_WINS)
    now = timezone.now()
    RoundClock.objects.create(
        round=round_,
        status=ClockStatus.RUNNING,
        duration_seconds=3000,
        ends_at=now + dt.timedelta(minutes=4),
        started_at=now,
    )
    later = _paired(worker)[2]  # another event's clock, far from its end
    RoundClock.objects.create(
        round=later,
        status=ClockStatus.RUNNING,
        duration_seconds=3000,
        ends_at=now + dt.timedelta(minutes=40),
        started_at=now,
    )
    with worker():
        time_nearly_up_notices(now=now)
        time_nearly_up_notices(now=now + dt.timedelta(seconds=30))
    assert _told(NoticeKind.TIME_NEARLY_UP) == _users(match.team_a) | _users(match.team_b)
    assert Notification.objects.filter(kind=NoticeKind.TIME_NEARLY_UP).count() == 2 * 3
    notice = Notification.objects.filter(kind=NoticeKind.TIME_NEARLY_UP).first()
    with translation.override("en"):
        assert "4 minutes left" in notification_view(notice)["body"]
