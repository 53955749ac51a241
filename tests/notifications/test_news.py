"""What's new reaches the players (issues 41, 42, 43): the Day 2 cut and its undo, a phase's start with each
player's pod and seat, a paper draft's call and deck building, a multiplayer pod round. Each through the event
log entry the change writes, after its commit, each player told once, in the language they read."""

import random

import pytest
from django.utils import translation

from drafting.models import PodTeam
from drafting.services.paper import called_draft_end, called_draft_start, deck_building_start, paper_pods_seat
from notifications.kinds import NoticeKind
from notifications.models import Notification
from notifications.services import notices_from_log_entry
from notifications.texts import notice_body
from multiplayer.models import MultiplayerBye, MultiplayerSeat
from multiplayer.services import tables_pair_next
from tests.factories import (
    BoosterDraftEventFactory,
    EventFactory,
    OrganizerFactory,
    PlayerFactory,
    PodEventFactory,
    RegistrationFactory,
    SoloRegistrationFactory,
    UserFactory,
)
from tournaments.enums import FormatKind, Outcome, PairingScope, ResultState
from tournaments.models import EventLogEntry, PhaseSeat, Registration
from tournaments.services.daytwo import event_day2_cut_make, event_day2_cut_undo
from tournaments.services.pairing import round_pair_next
from tournaments.services.phases import phase_create, phase_start_next

pytestmark = pytest.mark.django_db


def _user(registration) -> int:
    return registration.seats.get().player.user_id


def _told(kind: str) -> dict[int, Notification]:
    notices = list(Notification.objects.filter(kind=kind))
    by_person = {n.person_id: n for n in notices}
    assert len(by_person) == len(notices)  # no one twice
    return by_person


def _body(notice: Notification, language: str = "en") -> str:
    with translation.override(language):
        return notice_body(kind=notice.kind, params=notice.params)


def _play(round_) -> None:
    for match in round_.matches.filter(team_b__isnull=False):
        match.outcome, match.result_state = Outcome.A_WINS, ResultState.FINAL
        match.save(update_fields=["outcome", "result_state"])


# --- The Day 2 cut --------------------------------------------------------------------------------------------------


def _cut_event(*, team_size: int = 1):
    organizer = OrganizerFactory()
    event = EventFactory(
        team_size=team_size,
        swiss_rounds=3,
        top_cut=0,
        organizer=organizer,
        day2_cut_round=1,
        day2_cut_kind="record",
        day2_cut_threshold=0,
    )
    entrants = [RegistrationFactory(event=event) for _ in range(8)]
    _play(round_pair_next(event=event, user=organizer, seed=1))
    return organizer, event, entrants


def test_day2_cut_tells_each_player_whether_they_advanced_and_the_undo_tells_them_again(worker):
    organizer, event, entrants = _cut_event()
    with worker():
        plan = event_day2_cut_make(event=event, user=organizer)
    told = _told(NoticeKind.DAY2_CUT)
    assert set(told) == {_user(r) for r in entrants}
    out = set(Registration.objects.filter(event=event, day2_cut_round=1).values_list("pk", flat=True))
    assert out == set(plan.not_advanced) and len(out) == 4
    for registration in entrants:
        body = _body(told[_user(registration)])
        assert body == ("You did not advance to Day 2." if registration.pk in out else "You advanced to Day 2.")
    assert "Tag 2" in _body(told[_user(entrants[0])], "de")

    with worker():
        event_day2_cut_undo(event=event, user=organizer)
    undone = Notification.objects.filter(kind=NoticeKind.DAY2_CUT, params__undone=True)
    assert sorted(undone.values_list("person_id", flat=True)) == sorted(_user(r) for r in entrants)
    assert _body(undone.first()) == "The Day 2 cut after round 1 was undone."


def test_day2_cut_in_a_team_event_tells_each_member_of_the_team(worker):
    organizer, event, entrants = _cut_event(team_size=3)
    with worker():
        plan = event_day2_cut_make(event=event, user=organizer)
    told = _told(NoticeKind.DAY2_CUT)
    out = Registration.objects.get(pk=plan.not_advanced[0])
    members = set(out.seats.values_list("player__user_id", flat=True))
    assert len(members) == 3 and members <= set(told)
    assert {_body(told[m]) for m in members} == {"Your team did not advance to Day 2."}
    assert len(told) == 8 * 3


def test_day2_cut_told_twice_writes_nothing_twice(worker):
    organizer, event, _entrants = _cut_event()
    with worker():
        event_day2_cut_make(event=event, user=organizer)
    entry = EventLogEntry.objects.get(event=event, action="day2_cut")
    assert notices_from_log_entry(entry_id=entry.pk) == []
    assert Notification.objects.filter(kind=NoticeKind.DAY2_CUT).count() == 8


# --- A phase starts -------------------------------------------------------------------------------------------------


def test_phase_start_tells_each_player_their_pod_and_seat(worker):
    organizer = OrganizerFactory()
    event = EventFactory(
        team_size=1,
        format_kind=FormatKind.TEAM_SEALED,
        constructed_format="",
        real_product=True,
        swiss_rounds=2,
        top_cut=0,
        organizer=organizer,
    )
    entrants = [RegistrationFactory(event=event) for _ in range(10)]
    other = RegistrationFactory(event=EventFactory(team_size=1))
    phase_create(event=event, user=organizer, format_kind=FormatKind.TEAM_SEALED, rounds=1)
    phase_create(
        event=event,
        user=organizer,
        format_kind=FormatKind.BOOSTER_DRAFT,
        rounds=1,
        pairing_scope=PairingScope.PODS,
        pod_size=8,
    )
    with worker():
        phase_start_next(event=event, user=organizer, seed=1)
    first = _told(NoticeKind.PHASE_STARTED)
    assert set(first) == {_user(r) for r in entrants}
    assert _body(next(iter(first.values()))) == "Phase 1: Sealed starts with round 1."
    _play(round_pair_next(event=event, user=organizer, seed=1))
    Notification.objects.all().delete()
    with worker():
        phase = phase_start_next(event=event, user=organizer, seed=7)
    told = _told(NoticeKind.PHASE_STARTED)
    assert set(told) == {_user(r) for r in entrants} and _user(other) not in told
    for seat in PhaseSeat.objects.filter(phase=phase):
        assert _body(told[_user(seat.registration)]) == (
            f"Phase 2: Booster draft. Pod {seat.pod.number}, seat {seat.seat}."
        )
    assert _body(told[_user(entrants[0])], "de").startswith("Phase 2:")


# --- A paper draft's call and deck building --------------------------------------------------------------------------


def test_paper_draft_call_tells_each_player_their_pod_and_seat_and_deck_building_everyone(worker):
    event = BoosterDraftEventFactory()
    entrants = [SoloRegistrationFactory(event=event) for _ in range(10)]
    paper_pods_seat(event=event, by=event.organizer, seed=3)
    with worker():
        called_draft_start(event=event, by=event.organizer, pack_size=15)
    told = _told(NoticeKind.PAPER_DRAFT)
    assert set(told) == {_user(r) for r in entrants}
    for row in PodTeam.objects.filter(pod__event=event).select_related("pod", "registration"):
        assert _body(told[_user(row.registration)]) == (
            f"The draft is being called: pod {row.pod.number}, seat {row.seat + 1}."
        )
    Notification.objects.all().delete()
    called_draft_end(event=event, by=event.organizer)  # deck building waits for the call to be over (issue 56)
    with worker():
        deck_building_start(event=event, by=event.organizer, minutes=30)
    told = _told(NoticeKind.PAPER_DRAFT)
    assert set(told) == {_user(r) for r in entrants}
    assert {_body(n) for n in told.values()} == {"Deck building started: 30 minutes."}


def test_paper_draft_call_of_one_pod_tells_that_pod_only(worker):
    event = BoosterDraftEventFactory()
    for _ in range(12):
        SoloRegistrationFactory(event=event)
    pods = paper_pods_seat(event=event, by=event.organizer, seed=3)
    with worker():
        called_draft_start(event=event, by=event.organizer, pack_size=15, pod_id=pods[1].pk)
    told = _told(NoticeKind.PAPER_DRAFT)
    in_pod = {_user(t.registration) for t in PodTeam.objects.filter(pod=pods[1])}
    assert set(told) == in_pod and len(in_pod) == 6


# --- Multiplayer pod rounds --------------------------------------------------------------------------------------------


def test_a_pod_round_tells_each_player_their_pod_and_seat_or_bye(worker):
    event = PodEventFactory(pod_leftovers="byes")
    users = [UserFactory() for _ in range(9)]
    for user in users:
        RegistrationFactory(event=event, seats=[PlayerFactory(user=user)])
    with worker():
        round_ = tables_pair_next(event=event, by=event.organizer, seed=random.Random(1).randrange(100))
    told = _told(NoticeKind.ROUND_PAIRED)
    assert set(told) == {u.pk for u in users}
    for seat in MultiplayerSeat.objects.filter(table__round=round_).select_related("table"):
        assert _body(told[_user(seat.registration)]) == f"Round 1: pod {seat.table.number}, seat {seat.position}."
    for bye in MultiplayerBye.objects.filter(round=round_):
        assert _body(told[_user(bye.registration)]) == "Round 1: you have a bye."


def test_a_rochester_tables_call_tells_its_two_teams_only(worker):
    from drafting.models import DraftTable
    from drafting.services.paper import rochester_call_start
    from tests.factories import RochesterEventFactory

    event = RochesterEventFactory(real_product=True)
    for _ in range(4):
        RegistrationFactory(event=event)
    round_ = round_pair_next(event=event, seed=1)
    first, second = DraftTable.objects.filter(round=round_).order_by("number")
    with worker():
        rochester_call_start(event=event, by=event.organizer, table_id=first.pk, pack_size=15, first_team=1)
    told = _told(NoticeKind.PAPER_DRAFT)
    teams = set(first.team1.seats.values_list("player__user_id", flat=True)) | set(
        first.team2.seats.values_list("player__user_id", flat=True)
    )
    assert set(told) == teams and len(teams) == 6
    assert {_body(n) for n in told.values()} == {f"The draft is being called: table {first.number}."}
