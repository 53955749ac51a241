"""The paper draft's services (drafting/services/paper.py): pods for 7 to 24 players, round 1 (or every round)
within the pod, the called draft's and the deck building's timers, pause and resume, the event log, refusals."""
import datetime as dt
import math
from collections import Counter

import pytest
from django.utils import timezone

from drafting import called
from drafting.core import DraftRefused
from drafting.models import EventTimer, PackSource, Pod, PodTeam, TimerKind
from drafting.selectors.paper import event_timer_state, paper_pods_for_event, paper_seat_of_user
from drafting.services.paper import (
    called_draft_start,
    deck_building_start,
    event_timer_pause,
    event_timer_resume,
    paper_pods_seat,
)
from tests.drafting.boosterpods import player
from tests.factories import BoosterDraftEventFactory, EventFactory, SoloRegistrationFactory, ThgDraftEventFactory
from tournaments.models import EventLogEntry
from tournaments.services.pairing import round_pair_next
from tournaments.services.results import SeatGames, team_match_record_final

pytestmark = pytest.mark.django_db


def paper_event(players: int):
    event = BoosterDraftEventFactory()
    for _ in range(players):
        SoloRegistrationFactory(event=event)
    return event


@pytest.mark.parametrize("players", range(7, 25))
def test_paper_pods_seat_7_to_24_players_in_pods_of_up_to_eight_as_equal_as_possible(players):
    event = paper_event(players)
    pods = paper_pods_seat(event=event, by=event.organizer, seed=players)
    sizes = [pod.teams.count() for pod in pods]
    assert len(pods) == math.ceil(players / 8)
    assert max(sizes) <= 8 and max(sizes) - min(sizes) <= 1 and sum(sizes) == players
    assert [pod.number for pod in pods] == list(range(1, len(pods) + 1))
    assert {pod.pack_source for pod in pods} == {PackSource.PAPER}
    seated = Counter(PodTeam.objects.filter(pod__event=event).values_list("registration_id", flat=True))
    assert set(seated.values()) == {1} and set(seated) == set(event.registrations.values_list("pk", flat=True))
    for pod in pods:
        assert sorted(pod.teams.values_list("seat", flat=True)) == list(range(pod.teams.count()))
    assert EventLogEntry.objects.filter(event=event, action="paper_pods_seated", user=event.organizer).count() == 1


def test_paper_seat_of_a_player_reads_pod_and_seat_from_one():
    event = paper_event(9)
    paper_pods_seat(event=event, by=None, seed=5)
    row = PodTeam.objects.filter(pod__event=event, pod__number=2).order_by("-seat").first()
    seat = paper_seat_of_user(event=event, user=player(row))
    assert (seat.pod, seat.seat) == (2, row.seat + 1)
    listed = dict(paper_pods_for_event(event=event)[1][1])
    assert listed[row.seat + 1] == row.registration.seats.get().player.name


def test_paper_round_1_pairs_across_the_pod_by_seat():
    event = paper_event(16)
    pods = paper_pods_seat(event=event, by=None, seed=2)
    round_ = round_pair_next(event=event, seed=3)
    pairs = {frozenset((m.team_a_id, m.team_b_id)) for m in round_.matches.all()}
    expected = set()
    for pod in pods:
        seats = list(PodTeam.objects.filter(pod=pod).order_by("seat").values_list("registration_id", flat=True))
        expected |= {frozenset((seats[n], seats[n + 4])) for n in range(4)}
    assert pairs == expected


def _finish(round_):
    for match in round_.matches.filter(team_b__isnull=False):
        team_match_record_final(match=match, user=None, seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 0)])


@pytest.mark.parametrize("every_round", [True, False])
def test_paper_round_2_stays_in_the_pod_only_when_the_organizer_chose_so(every_round):
    event = paper_event(16)
    paper_pods_seat(event=event, by=None, seed=2, pods_every_round=every_round)
    pod_of = dict(PodTeam.objects.filter(pod__event=event).values_list("registration_id", "pod__number"))
    _finish(round_pair_next(event=event, seed=1))
    round_2 = round_pair_next(event=event, seed=11)
    # Swiss across 16 players pairs the eight winners among themselves: with four from each pod, some cross.
    crossed = sum(pod_of[m.team_a_id] != pod_of[m.team_b_id] for m in round_2.matches.filter(team_b__isnull=False))
    if every_round:
        assert crossed == 0
    else:
        assert crossed > 0


def test_paper_pods_refuse_an_event_that_is_no_booster_draft_and_a_second_seating():
    with pytest.raises(DraftRefused):
        paper_pods_seat(event=ThgDraftEventFactory(), by=None)
    event = paper_event(8)
    paper_pods_seat(event=event, by=None)
    with pytest.raises(DraftRefused, match="already has its pods"):
        paper_pods_seat(event=event, by=None)
    assert Pod.objects.filter(event=event).count() == 1


def test_called_draft_needs_paper_pods_and_a_sane_pack():
    event = paper_event(8)
    with pytest.raises(DraftRefused, match="Seat the paper draft's pods first"):
        called_draft_start(event=event, by=None, pack_size=15)
    paper_pods_seat(event=event, by=None)
    with pytest.raises(DraftRefused, match="A pack holds"):
        called_draft_start(event=event, by=None, pack_size=40)
    assert not EventTimer.objects.filter(event=event).exists()


def test_called_draft_pause_and_resume_move_the_call_by_the_pause():
    event = paper_event(8)
    paper_pods_seat(event=event, by=None)
    timer = called_draft_start(event=event, by=event.organizer, pack_size=14)
    assert timer.schedule == [s.as_json() for s in called.called_draft_schedule(pack_size=14)]
    EventTimer.objects.filter(pk=timer.pk).update(started_at=timezone.now() - dt.timedelta(seconds=50))
    event_timer_pause(event=event, kind=TimerKind.CALLED_DRAFT, by=event.organizer)
    paused = event_timer_state(event=event, kind=TimerKind.CALLED_DRAFT, now=timezone.now() + dt.timedelta(minutes=5))
    assert paused["index"] == 1 and paused["left"] == pytest.approx(25, abs=0.5)  # 40 s, then 10 of the 35 s pick
    with pytest.raises(DraftRefused, match="isn't running"):
        event_timer_pause(event=event, kind=TimerKind.CALLED_DRAFT, by=event.organizer)
    now = timezone.now()  # 50 s run, then 100 s paused
    EventTimer.objects.filter(pk=timer.pk).update(started_at=now - dt.timedelta(seconds=150),
                                                  paused_at=now - dt.timedelta(seconds=100))
    event_timer_resume(event=event, kind=TimerKind.CALLED_DRAFT, by=event.organizer)
    running = event_timer_state(event=event, kind=TimerKind.CALLED_DRAFT, now=timezone.now())
    assert running["index"] == 1 and running["paused_at"] is None and running["left"] == pytest.approx(25, abs=1)
    assert running["paused_seconds"] == pytest.approx(100, abs=1)
    with pytest.raises(DraftRefused, match="isn't paused"):
        event_timer_resume(event=event, kind=TimerKind.CALLED_DRAFT, by=event.organizer)
    with pytest.raises(DraftRefused, match="still running"):
        called_draft_start(event=event, by=event.organizer, pack_size=15)
    actions = list(EventLogEntry.objects.filter(event=event, user=event.organizer, action__startswith="timer_")
                   .order_by("pk").values_list("action", flat=True))
    assert actions == ["timer_draft_start", "timer_draft_pause", "timer_draft_resume"]


def test_deck_building_timer_serves_a_sealed_event_too_and_refuses_constructed():
    sealed = EventFactory(format_kind="team_sealed", constructed_format="")
    timer = deck_building_start(event=sealed, by=sealed.organizer, minutes=30)
    assert timer.schedule == [{"kind": "build", "seconds": 1800, "pack": 0, "pick": 0, "cards": 0, "passing": ""}]
    state = event_timer_state(event=sealed, kind=TimerKind.DECK_BUILDING, now=timezone.now())
    assert state["index"] == 0 and 1795 < state["left"] <= 1800
    with pytest.raises(DraftRefused, match="1 to 180 minutes"):
        deck_building_start(event=paper_event(2), by=None, minutes=0)
    with pytest.raises(DraftRefused, match="Only a limited event"):
        deck_building_start(event=EventFactory(), by=None, minutes=25)
    # An ended timer may start again.
    EventTimer.objects.filter(pk=timer.pk).update(started_at=timezone.now() - dt.timedelta(hours=1))
    again = deck_building_start(event=sealed, by=sealed.organizer, minutes=10)
    assert again.pk == timer.pk and again.schedule[0]["seconds"] == 600 and again.version == 2


def test_paper_pods_take_no_digital_packs():
    from drafting.services.pods import thg_pod_generate_packs, thg_pod_start

    event = paper_event(8)
    pod = paper_pods_seat(event=event, by=None)[0]
    with pytest.raises(DraftRefused, match="real boosters on the table"):
        thg_pod_generate_packs(pod_id=pod.pk, by=None, set_code="DOM")
    with pytest.raises(DraftRefused, match="Load the packs first"):
        thg_pod_start(pod_id=pod.pk, by=None)
    assert Pod.objects.get(pk=pod.pk).pack_source == PackSource.PAPER
