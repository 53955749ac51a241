"""Notifications of a round whose pairings the organizer reviews (issue 53): nobody is told of a draft; its
players are told once, when it is published; an event that doesn't review tells them on pairing, as before."""

import pytest
from django.utils import timezone

from notifications.kinds import NoticeKind
from notifications.models import Notification
from tests.api.conftest import build_event
from tournaments.enums import EnforcementLevel
from tournaments.models.clock import ClockStatus, RoundClock
from tournaments.services.pairing import round_pair_next, round_repair
from tournaments.services.publishing import round_publish
from notifications.services import time_nearly_up_notices

pytestmark = pytest.mark.django_db


def _reviewed(**fields):
    fields.setdefault("enforcement_level", EnforcementLevel.COMPETITIVE)
    event, registrations, _rounds = build_event(teams=4, rounds=0, swiss_rounds=3, **fields)
    return event, registrations


def _told() -> set[int]:
    return set(Notification.objects.filter(kind=NoticeKind.ROUND_PAIRED).values_list("person_id", flat=True))


def _players(registrations) -> set[int]:
    return {seat.player.user_id for r in registrations for seat in r.seats.select_related("player")}


def test_players_are_told_once_on_publish_not_on_pairing(worker):
    event, registrations = _reviewed()
    with worker():
        round_ = round_pair_next(event=event, user=event.organizer, seed=1)
    assert _told() == set()
    with worker():
        round_ = round_repair(round_=round_, seed=2, user=event.organizer)
    assert _told() == set()
    with worker():
        round_publish(round_=round_, user=event.organizer)
    assert _told() == _players(registrations)
    assert Notification.objects.filter(kind=NoticeKind.ROUND_PAIRED).count() == len(_players(registrations))


def test_without_review_players_are_told_on_pairing_as_before(worker):
    event, registrations = _reviewed(enforcement_level=EnforcementLevel.REGULAR)
    with worker():
        round_pair_next(event=event, user=event.organizer, seed=1)
    assert _told() == _players(registrations)


def test_a_drafts_clock_running_out_tells_no_one():
    event, _registrations = _reviewed()
    round_ = round_pair_next(event=event, seed=1)
    now = timezone.now()
    RoundClock.objects.create(
        round=round_,
        status=ClockStatus.RUNNING,
        duration_seconds=3000,
        ends_at=now + timezone.timedelta(minutes=2),
        started_at=now,
    )
    time_nearly_up_notices(now=now)
    assert not Notification.objects.filter(kind=NoticeKind.TIME_NEARLY_UP).exists()
    round_publish(round_=round_, user=event.organizer)
    time_nearly_up_notices(now=now)
    assert Notification.objects.filter(kind=NoticeKind.TIME_NEARLY_UP).exists()
