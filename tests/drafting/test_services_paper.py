"""The paper draft's services (drafting/services/paper.py): pods for 7 to 24 players, round 1 (or every round)
within the pod, the called draft's and the deck building's timers, pause and resume, the event log, refusals."""

import datetime as dt
import math
from collections import Counter

import pytest
from django.utils import timezone

from drafting import called
from drafting.core import DraftRefused
from drafting.models import DraftTable, EventTimer, PackSource, Pod, PodTeam, TimerKind
from drafting.selectors.paper import (
    event_timer_state,
    event_timers_state,
    paper_pods_for_event,
    paper_seat_of_user,
    paper_table_seat_of_user,
)
from drafting.services.paper import (
    called_draft_end,
    called_draft_start,
    rochester_call_start,
    deck_building_end,
    deck_building_start,
    event_timer_pause,
    event_timer_resume,
    paper_pods_seat,
)
from tests.drafting.boosterpods import player
from drafting.services.tables import draft_table_enter_packs
from tests.factories import (
    BoosterDraftEventFactory,
    EventFactory,
    RegistrationFactory,
    RochesterEventFactory,
    SoloRegistrationFactory,
    ThgDraftEventFactory,
)
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
    EventTimer.objects.filter(pk=timer.pk).update(
        started_at=now - dt.timedelta(seconds=150), paused_at=now - dt.timedelta(seconds=100)
    )
    event_timer_resume(event=event, kind=TimerKind.CALLED_DRAFT, by=event.organizer)
    running = event_timer_state(event=event, kind=TimerKind.CALLED_DRAFT, now=timezone.now())
    assert running["index"] == 1 and running["paused_at"] is None and running["left"] == pytest.approx(25, abs=1)
    assert running["paused_seconds"] == pytest.approx(100, abs=1)
    with pytest.raises(DraftRefused, match="isn't paused"):
        event_timer_resume(event=event, kind=TimerKind.CALLED_DRAFT, by=event.organizer)
    with pytest.raises(DraftRefused, match="still running"):
        called_draft_start(event=event, by=event.organizer, pack_size=15)
    actions = list(
        EventLogEntry.objects.filter(event=event, user=event.organizer, action__startswith="timer_")
        .order_by("pk")
        .values_list("action", flat=True)
    )
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


# --- Two-Headed Giant draft with real packs (RULES.md 7) ---------------------------------------------------------


def thg_paper_event(teams: int):
    event = ThgDraftEventFactory()
    for _ in range(teams):
        RegistrationFactory(event=event)
    return event


@pytest.mark.parametrize("teams", range(4, 25))
def test_thg_paper_pods_seat_4_to_24_teams_in_pods_of_three_or_four(teams):
    event = thg_paper_event(teams)
    pods = paper_pods_seat(event=event, by=event.organizer, seed=teams, confirm_five=teams == 5)
    sizes = [pod.teams.count() for pod in pods]
    assert sum(sizes) == teams and max(sizes) - min(sizes) <= 1
    assert set(sizes) <= ({5} if teams == 5 else {3, 4})
    assert len(pods) == (1 if teams == 5 else math.ceil(teams / 4))
    assert {pod.pack_source for pod in pods} == {PackSource.PAPER} and {pod.format for pod in pods} == {"2hg"}
    seated = Counter(PodTeam.objects.filter(pod__event=event).values_list("registration_id", flat=True))
    assert set(seated.values()) == {1} and set(seated) == set(event.registrations.values_list("pk", flat=True))
    assert EventLogEntry.objects.filter(event=event, action="paper_pods_seated", user=event.organizer).count() == 1


def test_thg_paper_five_teams_need_the_organizers_confirmation():
    event = thg_paper_event(5)
    with pytest.raises(DraftRefused, match="pod of five"):
        paper_pods_seat(event=event, by=None)
    assert not Pod.objects.filter(event=event).exists()


def test_thg_paper_both_teammates_read_their_pod_and_seat_and_round_1_pairs_within_the_pod():
    event = thg_paper_event(8)
    paper_pods_seat(event=event, by=None, seed=3)
    row = PodTeam.objects.filter(pod__event=event, pod__number=2).order_by("seat").last()
    for seat in row.registration.seats.all():
        where = paper_seat_of_user(event=event, user=seat.player.user)
        assert (where.pod, where.seat) == (2, row.seat + 1)
    pod_of = dict(PodTeam.objects.filter(pod__event=event).values_list("registration_id", "pod__number"))
    round_ = round_pair_next(event=event, seed=1)
    for match in round_.matches.filter(team_b__isnull=False):
        assert pod_of[match.team_a_id] == pod_of[match.team_b_id]


def test_thg_called_draft_runs_six_packs_of_two_card_picks_with_the_2hg_times():
    event = thg_paper_event(7)
    paper_pods_seat(event=event, by=None)
    timer = called_draft_start(event=event, by=event.organizer, pack_size=15)
    assert timer.schedule == [s.as_json() for s in called.thg_called_draft_schedule(pack_size=15)]
    assert timer.schedule[0]["seconds"] == 80 and timer.schedule[0]["take"] == 2
    EventTimer.objects.filter(pk=timer.pk).update(started_at=timezone.now() - dt.timedelta(seconds=90))
    event_timer_pause(event=event, kind=TimerKind.CALLED_DRAFT, by=event.organizer)
    state = event_timer_state(event=event, kind=TimerKind.CALLED_DRAFT, now=timezone.now() + dt.timedelta(hours=1))
    assert state["index"] == 1 and state["left"] == pytest.approx(55, abs=0.5)  # 80 s, then 10 of the 65 s pick
    entry = EventLogEntry.objects.filter(event=event, action="timer_draft_start").get()
    assert entry.user == event.organizer and "6 packs of 15 cards" in str(entry.message)


def test_thg_paper_pod_can_have_a_call_of_its_own_beside_the_events():
    event = thg_paper_event(8)
    pods = paper_pods_seat(event=event, by=None)
    whole = called_draft_start(event=event, by=None, pack_size=15)
    own = called_draft_start(event=event, by=None, pack_size=14, pod_id=pods[1].pk)
    assert (whole.pod, own.pod) == (None, pods[1])
    state = event_timers_state(event=event, now=timezone.now())
    assert state["draft"]["id"] == whole.pk and [c["id"] for c in state["calls"]] == [own.pk]
    assert state["calls"][0]["label"] == "Pod 2" and state["calls"][0]["schedule"][0]["cards"] == 14
    with pytest.raises(DraftRefused, match="no such paper pod"):
        called_draft_start(event=event, by=None, pack_size=15, pod_id=pods[0].pk + 1000)


def test_each_paper_pod_is_called_paused_and_stopped_on_its_own_and_read_by_pod():
    from drafting.services.paper import event_timer_stop

    event = paper_event(12)
    pods = paper_pods_seat(event=event, by=event.organizer, seed=3)
    first = called_draft_start(event=event, by=event.organizer, pack_size=15, pod_id=pods[0].pk)
    second = called_draft_start(event=event, by=event.organizer, pack_size=14, pod_id=pods[1].pk)
    with pytest.raises(DraftRefused, match="still running"):
        called_draft_start(event=event, by=None, pack_size=15, pod_id=pods[0].pk)
    event_timer_pause(event=event, by=event.organizer, timer_id=first.pk)
    now = timezone.now()
    state = event_timers_state(event=event, now=now)
    assert state["draft"] is None
    assert [(c["pod"], c["pod_id"], c["paused_at"] is not None) for c in state["calls"]] == [
        (1, pods[0].pk, True),
        (2, pods[1].pk, False),
    ]
    mine = event_timers_state(event=event, now=now, pod_ids=[pods[1].pk])["calls"]
    assert [c["id"] for c in mine] == [second.pk] and mine[0]["schedule"][0]["cards"] == 14
    event_timer_stop(event=event, by=event.organizer, timer_id=second.pk)
    assert list(EventTimer.objects.filter(event=event).values_list("pk", flat=True)) == [first.pk]
    messages = [
        str(e.message)
        for e in EventLogEntry.objects.filter(event=event, user=event.organizer, action__startswith="timer_").order_by(
            "pk"
        )
    ]
    assert messages == [
        "Pod 1: Called draft started: 3 packs of 15 cards.",
        "Pod 2: Called draft started: 3 packs of 14 cards.",
        "Pod 1: Called draft paused.",
        "Pod 2: Called draft stopped.",
    ]


def test_deck_building_ends_early_once_every_deck_is_in_logged_and_over_everywhere():
    event = EventFactory(format_kind="team_sealed", constructed_format="")
    timer = deck_building_start(event=event, by=event.organizer, minutes=40)
    EventTimer.objects.filter(pk=timer.pk).update(started_at=timezone.now() - dt.timedelta(minutes=12, seconds=30))
    ended = deck_building_end(event=event, by=event.organizer)
    assert ended.pk == timer.pk and ended.version == 2 and 749 <= ended.schedule[0]["seconds"] <= 751
    state = event_timer_state(event=event, kind=TimerKind.DECK_BUILDING, now=timezone.now())
    assert state["index"] is None and state["left"] == 0
    entry = EventLogEntry.objects.get(event=event, action="timer_build_end")
    assert entry.user == event.organizer
    assert str(entry.message) == "Deck building ended early after 12 of 40 minutes: every deck is in."
    with pytest.raises(DraftRefused, match="already over"):
        deck_building_end(event=event, by=event.organizer)
    again = deck_building_start(event=event, by=event.organizer, minutes=10)  # over, so it may start afresh
    assert again.schedule[0]["seconds"] == 600


def test_deck_building_end_works_while_paused_and_refuses_what_it_cannot_end():
    event = paper_event(9)
    with pytest.raises(DraftRefused, match="hasn't started"):
        deck_building_end(event=event, by=None)
    pods = paper_pods_seat(event=event, by=None, seed=1)
    call = called_draft_start(event=event, by=None, pack_size=15, pod_id=pods[0].pk)
    with pytest.raises(DraftRefused, match="still being called"):  # issue 56: never under a running call
        deck_building_start(event=event, by=None, minutes=25)
    assert not EventTimer.objects.filter(event=event, kind=TimerKind.DECK_BUILDING).exists()
    assert called_draft_end(event=event, by=None) == 1
    timer = deck_building_start(event=event, by=None, minutes=25)
    with pytest.raises(DraftRefused, match="Only the deck building timer ends early"):
        deck_building_end(event=event, by=None, timer_id=call.pk)
    event_timer_pause(event=event, by=None, kind=TimerKind.DECK_BUILDING)
    ended = deck_building_end(event=event, by=None, timer_id=timer.pk)
    assert ended.paused_at is None and ended.schedule == []
    assert event_timer_state(event=event, kind=TimerKind.DECK_BUILDING, now=timezone.now())["index"] is None
    assert EventTimer.objects.filter(pk=call.pk, kind=TimerKind.CALLED_DRAFT).exists()  # the call stays, over


# --- Team Rochester with real packs: one call per table per round (RULES.md 6) ---------------------------------


def rochester_paper_event(teams: int = 4, **fields):
    event = RochesterEventFactory(real_product=True, **fields)
    for _ in range(teams):
        RegistrationFactory(event=event)
    return event


def _finish_rochester(round_):
    for match in round_.matches.filter(team_b__isnull=False):
        team_match_record_final(match=match, user=None, seats=[SeatGames(c, 2, 0) for c in "ABC"])


def test_rochester_real_product_round_seats_paper_tables_and_each_table_gets_its_call():
    event = rochester_paper_event(4)
    round_ = round_pair_next(event=event, seed=1)
    tables = list(DraftTable.objects.filter(round=round_).order_by("number"))
    assert len(tables) == 2 and {t.pack_source for t in tables} == {PackSource.PAPER}
    first = rochester_call_start(
        event=event, by=event.organizer, table_id=tables[0].pk, pack_size=15, first_team=2, build_minutes=40
    )
    second = rochester_call_start(event=event, by=event.organizer, table_id=tables[1].pk, pack_size=14, first_team=1)
    assert (first.table, second.table) == (tables[0], tables[1])
    assert first.schedule == [
        s.as_json() for s in called.rochester_call_schedule(team_size=3, pack_size=15, first_team=2, build_minutes=40)
    ]
    assert first.schedule[0]["seat"] == "2B" and first.schedule[-1]["kind"] == "build"
    assert second.schedule[0]["seat"] == "1B" and second.schedule[-1]["kind"] == "pick"
    tables[0].refresh_from_db()
    assert tables[0].first_team == 2
    # Both calls run at once; pausing one leaves the other running.
    event_timer_pause(event=event, timer_id=first.pk, by=event.organizer)
    calls = {c["id"]: c for c in event_timers_state(event=event, now=timezone.now())["calls"]}
    assert calls[first.pk]["paused_at"] is not None and calls[second.pk]["paused_at"] is None
    assert calls[first.pk]["label"].startswith("Round 1, table 1: ")
    assert calls[first.pk]["round"] == 1 and calls[second.pk]["table"] == 2
    event_timer_resume(event=event, timer_id=first.pk, by=event.organizer)
    with pytest.raises(DraftRefused, match="still running"):
        rochester_call_start(event=event, by=None, table_id=tables[0].pk, pack_size=15)
    log = list(
        EventLogEntry.objects.filter(event=event, action__startswith="timer_")
        .order_by("pk")
        .values_list("action", "user")
    )
    assert log == [("timer_draft_start", event.organizer.pk)] * 2 + [
        ("timer_draft_pause", event.organizer.pk),
        ("timer_draft_resume", event.organizer.pk),
    ]


def test_rochester_every_round_has_its_own_tables_and_calls():
    event = rochester_paper_event(4)
    first_round = round_pair_next(event=event, seed=1)
    for table in DraftTable.objects.filter(round=first_round):
        rochester_call_start(event=event, by=None, table_id=table.pk, pack_size=15, first_team=table.chooser)
    _finish_rochester(first_round)
    second_round = round_pair_next(event=event, seed=2)
    for table in DraftTable.objects.filter(round=second_round):
        rochester_call_start(event=event, by=None, table_id=table.pk, pack_size=15, first_team=1)
    assert EventTimer.objects.filter(event=event, table__round=first_round).count() == 2
    assert EventTimer.objects.filter(event=event, table__round=second_round).count() == 2
    rounds = [c["round"] for c in event_timers_state(event=event, now=timezone.now())["calls"]]
    assert rounds == [2, 2, 1, 1]  # the latest round first


def test_rochester_player_reads_round_table_and_seat():
    event = rochester_paper_event(2)
    round_ = round_pair_next(event=event, seed=1)
    table = DraftTable.objects.get(round=round_)
    seat = table.team2.seats.get(letter="C")
    where = paper_table_seat_of_user(event=event, user=seat.player.user)
    assert (where.round, where.table, where.table_id, where.seat) == (1, 1, table.pk, "2C")


def test_rochester_call_refusals_leave_nothing_written():
    event = rochester_paper_event(2)
    round_ = round_pair_next(event=event, seed=1)
    table = DraftTable.objects.get(round=round_)
    with pytest.raises(DraftRefused, match=f"team {table.chooser} won the draw"):
        rochester_call_start(event=event, by=None, table_id=table.pk, pack_size=15)
    with pytest.raises(DraftRefused, match="A pack holds"):
        rochester_call_start(event=event, by=None, table_id=table.pk, pack_size=30, first_team=1)
    other = rochester_paper_event(2)
    with pytest.raises(DraftRefused, match="no such draft table"):
        rochester_call_start(event=other, by=None, table_id=table.pk, pack_size=15, first_team=1)
    with pytest.raises(DraftRefused, match="Only a team Rochester"):
        rochester_call_start(event=paper_event(8), by=None, table_id=table.pk, pack_size=15, first_team=1)
    table.refresh_from_db()
    assert not EventTimer.objects.exists() and table.first_team is None


def test_rochester_paper_table_takes_no_digital_packs_and_a_digital_table_no_call():
    event = rochester_paper_event(2)
    table = DraftTable.objects.get(round=round_pair_next(event=event, seed=1))
    with pytest.raises(DraftRefused, match="real boosters"):
        draft_table_enter_packs(table_id=table.pk, by=None, packs=[["Island"]] * table.pack_count)
    digital = RochesterEventFactory()
    for _ in range(2):
        RegistrationFactory(event=digital)
    dtable = DraftTable.objects.get(round=round_pair_next(event=digital, seed=1))
    assert dtable.pack_source == ""
    draft_table_enter_packs(table_id=dtable.pk, by=None, packs=[["Island"]] * dtable.pack_count)
    with pytest.raises(DraftRefused, match="packs in Hydra"):
        rochester_call_start(event=digital, by=None, table_id=dtable.pk, pack_size=15, first_team=1)


def test_rochester_pairing_change_refused_while_a_table_is_called_and_allowed_once_stopped():
    from django.core.exceptions import ValidationError

    from drafting.services.paper import event_timer_stop
    from tournaments.services.pairing import round_swap_teams

    event = rochester_paper_event(4)
    round_ = round_pair_next(event=event, seed=1)
    one, two = DraftTable.objects.filter(round=round_).order_by("number")
    timer = rochester_call_start(event=event, by=None, table_id=one.pk, pack_size=15, first_team=1)
    with pytest.raises(ValidationError, match=r"the drafts of table\(s\) 1 are being called"):
        round_swap_teams(round_=round_, first=one.team1, second=two.team1)
    assert EventTimer.objects.filter(pk=timer.pk).exists()
    assert round_.matches.get(table=1).team_a_id == one.team1_id  # rolled back
    event_timer_stop(event=event, timer_id=timer.pk, by=event.organizer)
    round_swap_teams(round_=round_, first=one.team1, second=two.team1)
    match = round_.matches.get(table=1)
    assert two.team1_id in (match.team_a_id, match.team_b_id)
    moved = DraftTable.objects.get(round=round_, number=1)
    assert (moved.team1_id, moved.team2_id) == (match.team_a_id, match.team_b_id)
