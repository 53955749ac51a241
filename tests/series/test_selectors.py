"""The series' reads (series/selectors.py): standings in a fixed number of queries, and what is hidden."""
import pytest
from django.db import connection
from django.http import Http404
from django.test.utils import CaptureQueriesContext

from series.models import Series, SeriesEvent, SeriesResult
from series.selectors import series_for_viewer, series_of_player, series_standings_for, series_visible_to
from tests.factories import EventFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def _series_with(events: int, players: list, owner) -> Series:
    series = Series.objects.create(name=f"{events} weeks", owner=owner, best_of=3, qualify_top=4)
    for week in range(events):
        link = SeriesEvent.objects.create(series=series, event=EventFactory(organizer=owner))
        SeriesResult.objects.bulk_create(
            SeriesResult(series_event=link, player=player, place=(n + week) % len(players) + 1, match_points=3 * n)
            for n, player in enumerate(players))
    return series


def _queries(series: Series) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as ctx:
        standings = series_standings_for(series=series, viewer=None)
    return len(ctx), len(standings.events)


def test_standings_of_50_events_take_the_same_three_queries_as_of_2(organizer):
    players = [PlayerFactory() for _ in range(12)]
    assert _queries(_series_with(2, players, organizer)) == (3, 2)
    assert _queries(_series_with(50, players, organizer)) == (3, 50)


def test_standings_of_50_events_count_the_best_three(organizer):
    players = [PlayerFactory() for _ in range(4)]
    standings = series_standings_for(series=_series_with(50, players, organizer), viewer=None)
    assert [line.row.total for line in standings.lines] == [30, 30, 30, 30]  # everyone wins at least 3 of 50
    assert all(sum(counted for _event, _points, counted in line.cells) == 3 for line in standings.lines)


def test_a_private_series_is_hidden_from_everyone_but_its_organizer(organizer):
    hidden = Series.objects.create(name="Private", owner=organizer, is_public=False)
    shown = Series.objects.create(name="Public", owner=organizer)
    stranger = UserFactory()
    with pytest.raises(Http404):
        series_for_viewer(pk=hidden.pk, user=stranger)
    assert series_for_viewer(pk=hidden.pk, user=organizer) == hidden
    assert list(series_visible_to(user=stranger)) == [shown]
    assert set(series_visible_to(user=organizer)) == {hidden, shown}


def test_a_players_series_leave_out_the_ones_the_viewer_may_not_see(organizer):
    player = PlayerFactory()
    public = _series_with(1, [player], organizer)
    private = _series_with(1, [player], organizer)
    private.is_public = False
    private.save()
    assert [found["series"] for found in series_of_player(player=player, user=UserFactory())] == [public]
    assert {found["series"] for found in series_of_player(player=player, user=organizer)} == {public, private}
