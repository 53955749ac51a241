"""The Day 2 cut as the services make it (tournaments/services/daytwo.py): a 64-player event cut at X-1 after 3
rounds, the cut ones kept in the standings and placings but never paired again, the top 8 from the advanced;
made by hand or when the next round is paired, undone before it, refused with the reason."""

import pytest
from django.core.exceptions import ValidationError

from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory
from tournaments.enums import EventStatus, Outcome, ResultState, RoundKind
from tournaments.models import EventLogEntry, Registration, TeamMatch
from tournaments.selectors.daytwo import day2_cut_state
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import standings_for_event
from tournaments.selectors.team_marks import NOT_ADVANCED, team_marks_for_event
from tournaments.services.daytwo import event_day2_cut_make, event_day2_cut_undo
from tournaments.services.errors import ResultsMissing, StateConflict
from tournaments.services.events import event_update
from tournaments.exports import standings_dataset
from tournaments.services.registrations import registration_drop
from tournaments.services.rounds import event_close, event_pair_next, round_take_back

pytestmark = pytest.mark.django_db


def _play(round_, *, draw_table: int | None = None) -> None:
    """Every open match of the round gets a final result: team A wins, but a drawn `draw_table`."""
    for match in round_.matches.filter(team_b__isnull=False):
        match.outcome = Outcome.DRAW if match.table == draw_table else Outcome.A_WINS
        match.result_state = ResultState.FINAL
        match.save(update_fields=["outcome", "result_state"])


def _event(n: int = 64, *, team_size: int = 1, **settings):
    event = EventFactory(team_size=team_size, swiss_rounds=6, top_cut=8, **settings)
    return event, [RegistrationFactory(event=event) for _ in range(n)]


def _paired_in(event, number: int) -> set[int]:
    ids = set()
    for a, b in TeamMatch.objects.filter(round__event=event, round__number=number).values_list("team_a", "team_b"):
        ids |= {a} | ({b} if b else set())
    return ids


def test_64_players_cut_at_x1_after_3_rounds_then_top_8_from_the_advanced():
    event, players = _event(64, day2_cut_round=3, day2_cut_kind="record", day2_cut_threshold=1)
    organizer = OrganizerFactory()
    holder = players[5]
    Registration.objects.filter(pk=holder.pk).update(byes_in_advance=1)
    for number in (1, 2, 3):
        _play(event_pair_next(event=event, user=organizer), draw_table=1 if number == 1 else None)
        if number == 2:
            leaver = next(row.team for row in standings_for_event(event=event) if row.match_points == 6)
            registration_drop(registration=Registration.objects.get(pk=leaver), user=organizer)
    points = {row.team: row.match_points for row in standings_for_event(event=event, upto_round=3)}
    round_4 = event_pair_next(event=event, user=organizer)  # the cut is made first, then round 4 paired
    event.refresh_from_db()
    assert event.day2_cut_applied
    cut = set(Registration.objects.filter(event=event, day2_cut_round=3).values_list("pk", flat=True))
    expected_cut = {pk for pk, p in points.items() if p < 6 and pk != leaver}
    assert cut == expected_cut and cut
    assert leaver not in cut and Registration.objects.get(pk=leaver).dropped_round == 2  # a drop stays a drop
    assert points[holder.pk] >= 3  # the bye in advance counted as a win
    advanced = {pk for pk, p in points.items() if p >= 6 and pk != leaver}
    assert _paired_in(event, 4) == advanced
    entry = EventLogEntry.objects.get(event=event, action="day2_cut")
    assert entry.user == organizer and sorted(entry.data["not_advanced"]) == sorted(cut)
    for number in (4, 5, 6):
        if number > 4:
            round_4 = event_pair_next(event=event, user=organizer)
        assert _paired_in(event, number) <= advanced
        _play(round_4)
    marks = team_marks_for_event(event=event)
    assert {pk for pk, mark in marks.items() if mark.kind == NOT_ADVANCED} == cut
    assert all(marks[pk].after_round == 3 for pk in cut)
    assert {row.team for row in standings_for_event(event=event)} == set(points)  # they keep their standings
    exported = standings_dataset(event=event)
    column = exported.headers.index("did_not_advance")
    assert sum(1 for line in exported if line[column] == 3) == len(cut)
    top = event_pair_next(event=event, user=organizer)
    assert top.kind == RoundKind.PLAYOFF
    seeds = set(Registration.objects.filter(event=event, topcut_seed__isnull=False).values_list("pk", flat=True))
    assert len(seeds) == 8 and seeds <= advanced
    while True:
        _play(top)
        try:
            top = event_pair_next(event=event, user=organizer)
        except ValidationError:
            break
    event_close(event=event, user=organizer)
    placings = placements_for_event(event=event)
    place = {p.team: p.place for p in placings}
    assert sorted(place.values()) == list(range(1, 65))
    assert max(place[pk] for pk in advanced) < min(place[pk] for pk in cut | {leaver})
    assert {p.team for p in placings[:8]} == seeds


def test_cut_by_hand_then_undone_before_the_next_round_and_made_again_when_it_is_paired():
    event, _players = _event(16)
    organizer = OrganizerFactory()
    for _number in (1, 2):
        _play(event_pair_next(event=event, user=organizer))
    plan = event_day2_cut_make(event=event, user=organizer, round_number=2, kind="points", threshold=6)
    assert (len(plan.advanced), len(plan.not_advanced)) == (4, 12)
    event.refresh_from_db()
    assert (event.day2_cut_round, event.day2_cut_kind, event.day2_cut_threshold) == (2, "points", 6)
    with pytest.raises(StateConflict):  # made already
        event_day2_cut_make(event=event, user=organizer)
    assert event_day2_cut_undo(event=event, user=organizer) == 12
    assert not Registration.objects.filter(event=event, day2_cut_round__isnull=False).exists()
    assert EventLogEntry.objects.filter(event=event, action="day2_cut_undone", user=organizer).exists()
    round_3 = event_pair_next(event=event, user=organizer)  # the settings stay: the cut is made again
    assert len(_paired_in(event, 3)) == 4
    with pytest.raises(StateConflict, match="take it back"):
        event_day2_cut_undo(event=event, user=organizer)
    round_take_back(round_=round_3, user=organizer)
    event_day2_cut_undo(event=event, user=organizer)
    event.refresh_from_db()
    assert day2_cut_state(event=event).applied is False


def test_cut_waits_for_the_rounds_results():
    event, _players = _event(8)
    organizer = OrganizerFactory()
    _play(event_pair_next(event=event, user=organizer))
    event_pair_next(event=event, user=organizer)
    with pytest.raises(ResultsMissing):
        event_day2_cut_make(event=event, user=organizer, round_number=2, kind="record", threshold=1)
    with pytest.raises(StateConflict, match="not paired yet"):
        event_day2_cut_make(event=event, user=organizer, round_number=3, kind="record", threshold=1)
    assert not EventLogEntry.objects.filter(event=event, action="day2_cut").exists()


def test_a_cut_that_lets_nobody_through_refuses_the_pairing_and_writes_nothing():
    event, _players = _event(8, day2_cut_round=1, day2_cut_kind="points", day2_cut_threshold=3)
    organizer = OrganizerFactory()
    _play(event_pair_next(event=event, user=organizer))
    TeamMatch.objects.filter(round__event=event).update(outcome=Outcome.DRAW)
    with pytest.raises(ValidationError, match="nobody through"):
        event_pair_next(event=event, user=organizer)
    event.refresh_from_db()
    assert not event.day2_cut_applied and event.rounds.count() == 1
    assert not Registration.objects.filter(event=event, day2_cut_round__isnull=False).exists()


def test_cut_settings_are_checked():
    event, _players = _event(8)
    organizer = OrganizerFactory()
    with pytest.raises(ValidationError) as refused:
        event_update(event=event, user=organizer, day2_cut_round=6, day2_cut_kind="record", day2_cut_threshold=2)
    assert "day2_cut_round" in refused.value.message_dict
    with pytest.raises(ValidationError) as refused:
        event_update(event=event, user=organizer, day2_cut_round=3, day2_cut_kind="record", day2_cut_threshold=4)
    assert "day2_cut_threshold" in refused.value.message_dict
    with pytest.raises(ValidationError) as refused:
        event_update(event=event, user=organizer, day2_cut_round=3)
    assert "day2_cut_kind" in refused.value.message_dict
    event_update(event=event, user=organizer, day2_cut_round=3, day2_cut_kind="points", day2_cut_threshold=7)


def test_no_cut_in_a_single_elimination_event():
    event = EventFactory(team_size=1, bracket_seeding="random")
    with pytest.raises(ValidationError, match="single-elimination"):
        event_day2_cut_make(event=event, user=OrganizerFactory(), round_number=1, kind="record", threshold=0)


def test_settings_are_fixed_while_the_cut_is_made():
    event, _players = _event(8)
    organizer = OrganizerFactory()
    _play(event_pair_next(event=event, user=organizer))
    event_day2_cut_make(event=event, user=organizer, round_number=1, kind="record", threshold=0)
    with pytest.raises(ValidationError, match="undo it"):
        event_update(event=event, user=organizer, day2_cut_threshold=1)


def test_team_event_cut_keeps_whole_teams_out():
    event, teams = _event(8, team_size=3)
    organizer = OrganizerFactory()
    _play(event_pair_next(event=event, user=organizer))
    plan = event_day2_cut_make(event=event, user=organizer, round_number=1, kind="record", threshold=0)
    assert len(plan.advanced) == 4
    assert event.status != EventStatus.FINISHED
    event_pair_next(event=event, user=organizer)
    assert _paired_in(event, 2) == set(plan.advanced)
    with pytest.raises(StateConflict, match="nothing to drop"):  # out by the cut, not by choice
        registration_drop(registration=Registration.objects.get(pk=plan.not_advanced[0]), user=organizer)


def _a_round_2_loser_pair(event):
    """A round-2 match of two round-1 losers: (the match, its winner now 1-1, its loser now 0-2)."""
    lost_1 = {m.team_b_id for m in TeamMatch.objects.filter(round__event=event, round__number=1, team_b__isnull=False)}
    match = next(
        m
        for m in TeamMatch.objects.filter(round__event=event, round__number=2, team_b__isnull=False)
        if {m.team_a_id, m.team_b_id} <= lost_1
    )
    return match, match.team_a_id, match.team_b_id


def test_a_correction_before_day_2_is_paired_makes_the_cut_again():
    """Issue 56: a round-2 result corrected after the cut "X-1 after round 2": the player now 1-1 advances, the one
    now 0-2 does not."""
    from tournaments.services.results import SeatGames, team_match_record_final

    event, _players = _event(8)
    organizer = OrganizerFactory()
    for _number in (1, 2):
        _play(event_pair_next(event=event, user=organizer))
    event_day2_cut_make(event=event, user=organizer, round_number=2, kind="record", threshold=1)
    match, winner, loser = _a_round_2_loser_pair(event)
    out = set(Registration.objects.filter(event=event, day2_cut_round=2).values_list("id", flat=True))
    assert loser in out and winner not in out
    team_match_record_final(match=match, user=organizer, seats=[SeatGames("A", 0, 2)])  # A lost after all
    out = set(Registration.objects.filter(event=event, day2_cut_round=2).values_list("id", flat=True))
    assert winner in out and loser not in out and len(out) == 2
    assert EventLogEntry.objects.filter(event=event, action="day2_cut", user=organizer).count() == 2
    event_pair_next(event=event, user=organizer)
    assert _paired_in(event, 3) == {r.pk for r in Registration.objects.filter(event=event)} - out


def test_a_correction_once_day_2_is_paired_leaves_the_cut_and_says_so():
    from tournaments.services.results import SeatGames, team_match_record_final

    event, _players = _event(8)
    organizer = OrganizerFactory()
    for _number in (1, 2):
        _play(event_pair_next(event=event, user=organizer))
    event_day2_cut_make(event=event, user=organizer, round_number=2, kind="record", threshold=1)
    event_pair_next(event=event, user=organizer)
    match, winner, loser = _a_round_2_loser_pair(event)
    team_match_record_final(match=match, user=organizer, seats=[SeatGames("A", 0, 2)])
    assert set(Registration.objects.filter(event=event, day2_cut_round=2).values_list("id", flat=True)) >= {loser}
    said = EventLogEntry.objects.filter(event=event, action="day2_cut").latest("at")
    assert "stands as it was made" in said.text
