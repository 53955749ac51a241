"""The series' reads (series/selectors.py): standings in a fixed number of queries, and what is hidden."""

import pytest
from django.db import connection
from django.http import Http404
from django.test.utils import CaptureQueriesContext

from series.models import Series, SeriesEvent, SeriesPrize, SeriesResult
from series.selectors import (
    series_for_viewer,
    series_of_player,
    series_payouts_for,
    series_prizes_for,
    series_standings_for,
    series_visible_to,
)
from tests.factories import EventFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def _series_with(events: int, players: list, owner) -> Series:
    series = Series.objects.create(name=f"{events} weeks", owner=owner, best_of=3, qualify_top=4)
    for week in range(events):
        link = SeriesEvent.objects.create(series=series, event=EventFactory(organizer=owner))
        SeriesResult.objects.bulk_create(
            SeriesResult(series_event=link, player=player, place=(n + week) % len(players) + 1, match_points=3 * n)
            for n, player in enumerate(players)
        )
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


def _tied_first(owner, prize_ties: str) -> Series:
    """Ada and Bo each win one event (10 points each, one event played): they share rank 1; Cy is third."""
    series = Series.objects.create(
        name="Tied", owner=owner, points_table=[10, 8], participation_points=1, prize_ties=prize_ties
    )
    ada, bo, cy = (PlayerFactory(name=name) for name in ("Ada", "Bo", "Cy"))
    for winner in (ada, bo):
        link = SeriesEvent.objects.create(series=series, event=EventFactory(organizer=owner))
        SeriesResult.objects.create(series_event=link, player=winner, place=1, match_points=3)
    link = SeriesEvent.objects.create(series=series, event=EventFactory(organizer=owner))
    SeriesResult.objects.create(series_event=link, player=cy, place=2, match_points=0)
    SeriesPrize.objects.create(series=series, position=0, place_from=1, item="Packs", amount=5)
    SeriesPrize.objects.create(series=series, position=1, place_from=2, item="Packs", amount=2)
    SeriesPrize.objects.create(series=series, position=2, kind="record", min_match_points=8, item="Playmat", amount=1)
    return series


def _payouts(series: Series) -> list[tuple]:
    standings = series_standings_for(series=series, viewer=None)
    rows = series_payouts_for(standings=standings, prizes=series_prizes_for(series=series))
    return [(row.place, row.name, row.item, row.amount, row.shared_by) for row in rows]


def test_series_prizes_split_a_shared_rank_evenly_in_whole_packs():
    owner = UserFactory()
    rows = _payouts(_tied_first(owner, "evenly"))
    packs = sorted((name, amount, shared) for _place, name, item, amount, shared in rows if item == "Packs")
    assert packs == [("Ada", 4, 2), ("Bo", 3, 2)]  # 5 + 2 = 7 packs, one left over to the first in order
    assert sorted(name for _p, name, item, _a, _s in rows if item == "Playmat") == ["Ada", "Bo", "Cy"]


def test_series_prizes_by_rank_order_give_each_place_its_own():
    rows = _payouts(_tied_first(UserFactory(), "tiebreakers"))
    assert [(place, item, amount) for place, _name, item, amount, _s in rows if item == "Packs"] == [
        (1, "Packs", 5),
        (2, "Packs", 2),
    ]
