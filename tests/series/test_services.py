"""The series' writes (series/services.py): a season of weekly events, attach and detach, rights, the log."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from common.refusals import Conflict, NotAllowed, NotFound
from series.models import Series, SeriesEvent, SeriesResult
from series.selectors import series_standings_for
from series.services import (
    series_create,
    series_event_attach,
    series_event_detach,
    series_prizes_set,
    series_update,
    series_weekly_dates,
    series_weekly_run,
)
from tests.factories import EventFactory, UserFactory
from tests.series.conftest import THURSDAY, store_organizer
from tournaments.enums import EventStatus
from tournaments.models import EventLogEntry
from tournaments.services.events import event_finish

pytestmark = pytest.mark.django_db


def test_weekly_dates_are_the_fridays_after_the_date():
    assert series_weekly_dates(after=THURSDAY, weeks=3) == [
        dt.date(2026, 1, 2),
        dt.date(2026, 1, 9),
        dt.date(2026, 1, 16),
    ]
    assert series_weekly_dates(after=dt.date(2026, 1, 2), weeks=1) == [dt.date(2026, 1, 9)]  # a Friday: the next


def test_a_season_of_four_weekly_events_best_three_of_four_and_a_qualification_cut(
    organizer, teams, play, django_capture_on_commit_callbacks
):
    season = series_create(
        by=organizer, name="Friday League", points_table=[10, 8], participation_points=1, best_of=3, qualify_points=20
    )
    template = EventFactory(organizer=organizer, date=THURSDAY)
    weeks = series_weekly_run(series=season, event=template, by=organizer, weeks=4)
    assert [e.date.weekday() for e in weeks] == [4, 4, 4, 4]
    assert list(season.series_events.values_list("event_id", flat=True)) == [e.pk for e in weeks]
    games = [("A", "B"), ("A", "B"), ("B", "A"), ("C", "A")]  # winner, loser
    for event, (winner, loser) in zip(weeks, games, strict=True):
        play(event, teams[winner], teams[loser])
        with django_capture_on_commit_callbacks(execute=True):
            event_finish(event=event)  # the receiver records the results after the commit

    standings = series_standings_for(series=season, viewer=organizer)
    totals = {
        line.entrant.name: (line.row.rank, line.row.total, line.row.events_played, line.row.qualified)
        for line in standings.lines
    }
    # A: 10, 10, 8, 8 -> best 3: 28 (the earlier 8 counts); B: 8, 8, 10 -> 26; C: 10 -> 10.
    assert totals["A0"] == (1, 28, 4, True)
    assert totals["B0"] == (4, 26, 3, True)
    assert totals["C0"] == (7, 10, 1, False)
    a_line = next(line for line in standings.lines if line.entrant.name == "A0")
    assert [(e.pk, p, c) for e, p, c in a_line.cells] == [
        (weeks[0].pk, 10, True),
        (weeks[1].pk, 10, True),
        (weeks[2].pk, 8, True),
        (weeks[3].pk, 8, False),
    ]
    assert SeriesResult.objects.filter(series_event__series=season).count() == 24  # 4 events x 2 teams x 3 players
    assert EventLogEntry.objects.filter(event=weeks[0], action="series_recorded").count() == 1


def test_attaching_a_finished_event_records_it_at_once(organizer, teams, play):
    season = series_create(by=organizer, name="Season")
    event = EventFactory(organizer=organizer, status=EventStatus.FINISHED)
    play(event, teams["A"], teams["B"])
    series_event_attach(series=season, event=event, by=organizer)
    assert sorted(SeriesResult.objects.values_list("place", flat=True)) == [1, 1, 1, 2, 2, 2]
    entry = EventLogEntry.objects.get(event=event, action="series_attached")
    assert entry.user == organizer


def test_an_event_is_in_one_series_at_most(organizer):
    first, second = series_create(by=organizer, name="One"), series_create(by=organizer, name="Two")
    event = EventFactory(organizer=organizer)
    series_event_attach(series=first, event=event, by=organizer)
    with pytest.raises(Conflict):
        series_event_attach(series=second, event=event, by=organizer)
    series_event_detach(series=first, event=event, by=organizer)
    series_event_attach(series=second, event=event, by=organizer)
    assert SeriesEvent.objects.get(event=event).series == second
    assert EventLogEntry.objects.filter(event=event, action="series_detached").count() == 1


def test_another_organizer_can_attach_neither_to_your_series_nor_your_events(organizer):
    mine = series_create(by=organizer, name="Mine")
    my_event = EventFactory(organizer=organizer)
    other = store_organizer()
    theirs = series_create(by=other, name="Theirs")
    with pytest.raises(NotFound):
        series_event_attach(series=theirs, event=my_event, by=other)  # not their event
    with pytest.raises(NotFound):
        series_event_attach(series=mine, event=EventFactory(organizer=other), by=other)  # not their series
    with pytest.raises(NotFound):
        series_update(series=mine, by=other, name="Taken")
    with pytest.raises(NotFound):
        series_weekly_run(series=theirs, event=my_event, by=other, weeks=2)
    assert not SeriesEvent.objects.exists()
    assert Series.objects.get(pk=mine.pk).name == "Mine"


def test_a_player_cannot_make_a_series():
    with pytest.raises(NotAllowed):
        series_create(by=UserFactory(), name="Mine")


def test_bad_settings_are_refused_and_nothing_is_written(organizer):
    with pytest.raises(ValidationError):
        series_create(by=organizer, name="Bad", points_table=[10, "eight"])
    with pytest.raises(ValidationError):
        series_create(by=organizer, name="Both", qualify_top=8, qualify_points=20)
    with pytest.raises(ValidationError):
        series_create(by=organizer, name="Nope", owner=organizer)
    assert not Series.objects.exists()


def test_changing_a_series_is_written_to_its_events_logs(organizer):
    season = series_create(by=organizer, name="Season")
    event = EventFactory(organizer=organizer)
    series_event_attach(series=season, event=event, by=organizer)
    series_update(series=season, by=organizer, best_of=3)
    entry = EventLogEntry.objects.get(event=event, action="series_changed")
    assert (entry.before, entry.after, entry.user) == ({"best_of": None}, {"best_of": 3}, organizer)


def test_run_again_puts_the_copy_into_the_series_of_the_event_but_not_a_co_organizers_copy(organizer):
    from tests.factories import EventStaffFactory
    from tournaments.services.events import event_copy

    season = series_create(by=organizer, name="Season")
    event = EventFactory(organizer=organizer)
    series_event_attach(series=season, event=event, by=organizer)
    copy = event_copy(event=event, by=organizer)
    assert SeriesEvent.objects.get(event=copy).series == season
    assert EventLogEntry.objects.filter(event=copy, action="series_attached", user=organizer).count() == 1

    helper = store_organizer()
    EventStaffFactory(event=event, user=helper, role="co_organizer")
    theirs = event_copy(event=event, by=helper)
    assert not SeriesEvent.objects.filter(event=theirs).exists()  # the series is its owner's to fill
    alone = event_copy(event=EventFactory(organizer=organizer), by=organizer)
    assert not SeriesEvent.objects.filter(event=alone).exists()


def test_a_weekly_run_puts_each_copy_in_once(organizer):
    season = series_create(by=organizer, name="Season")
    event = EventFactory(organizer=organizer, date=THURSDAY)
    series_event_attach(series=season, event=event, by=organizer)
    copies = series_weekly_run(series=season, event=event, by=organizer, weeks=2)
    assert [SeriesEvent.objects.filter(event=c, series=season).count() for c in copies] == [1, 1]


def test_a_weekly_run_is_all_or_nothing(organizer):
    season = series_create(by=organizer, name="Season")
    with pytest.raises(ValidationError):
        series_weekly_run(series=season, event=EventFactory(organizer=organizer), by=organizer, weeks=0)
    assert not SeriesEvent.objects.exists()


def test_a_team_series_ranks_the_teams(organizer, teams, play):
    season = series_create(by=organizer, name="Team Series", kind="team", points_table=[10, 8])
    for winner, loser in (("A", "B"), ("B", "C")):
        event = EventFactory(organizer=organizer, status=EventStatus.FINISHED)
        play(event, teams[winner], teams[loser])
        series_event_attach(series=season, event=event, by=organizer)
    standings = series_standings_for(series=season, viewer=organizer)
    rows = [(line.entrant.name, line.row.total, line.row.events_played) for line in standings.lines]
    assert standings.by_team and len(rows) == 3  # one row per team, not per player
    assert rows[0][1:] == (18, 2) and sorted(r[1] for r in rows[1:]) == [8, 10]


def test_series_prizes_are_its_managers_and_a_wrong_line_writes_nothing(organizer):
    season = series_create(by=organizer, name="Friday League")
    with pytest.raises(NotFound):
        series_prizes_set(series=season, by=store_organizer(), lines=[{"place_from": 1, "item": "Trophy", "amount": 1}])
    with pytest.raises(ValidationError, match="Line 2"):
        series_prizes_set(
            series=season,
            by=organizer,
            lines=[{"place_from": 1, "item": "Trophy", "amount": 1}, {"place_from": 3, "place_to": 2, "item": "Packs"}],
        )
    assert not season.prizes.exists()
    prizes = series_prizes_set(
        series=season,
        by=organizer,
        prize_ties="evenly",
        lines=[{"place_from": 1, "place_to": 2, "item": "Packs", "amount": 3}],
    )
    assert [(p.place_from, p.place_to, p.item) for p in prizes] == [(1, 2, "Packs")]
    assert Series.objects.get(pk=season.pk).prize_ties == "evenly"
