"""Rebuilding ratings from results: what counts, hand-worked figures, and idempotence (RULES.md 8)."""

import datetime as dt
from functools import partial

import pytest

from common.tasks import task_send
from ratings.models import PlayerRating, RatingCategory, RatingHistory
from ratings.services import event_ratings_update, ratings_recalculate
from tests.factories import PlayerFactory
from tests.ratings.conftest import A, B, D, played_event
from tournaments.enums import EventStatus, FormatKind, RatingImportance, ResultState, Structure
from tournaments.models import Event
from tournaments.services.events import event_finish

pytestmark = pytest.mark.django_db


def _ratings(slug="constructed-2"):
    return dict(PlayerRating.objects.filter(category_id=slug).values_list("player_id", "rating"))


def _snapshot():
    return (
        sorted(
            PlayerRating.objects.values_list("category_id", "player_id", "rating", "matches", "wins", "losses", "draws")
        ),
        sorted(
            RatingHistory.objects.values_list(
                "category_id", "player_id", "event_id", "rating_before", "rating_after", "sequence"
            )
        ),
    )


def _players(n):
    return [PlayerFactory() for _ in range(n)]


def test_event_ratings_update_win_between_equal_teams():
    p = _players(4)
    event, _ = played_event(teams=[p[:2], p[2:]], results=[[(0, 1, A)]])
    summary = event_ratings_update(event_id=event.pk)
    assert (summary.category, summary.events, summary.matches, summary.players) == ("constructed-2", 1, 1, 4)
    assert _ratings() == {p[0].pk: 1608.0, p[1].pk: 1608.0, p[2].pk: 1592.0, p[3].pk: 1592.0}
    history = RatingHistory.objects.get(player=p[0])
    assert (history.event_id, history.rating_before, history.rating_after, history.wins) == (
        event.pk,
        1600.0,
        1608.0,
        1,
    )


def test_competitive_events_use_k_32_and_byes_and_unconfirmed_results_count_nothing():
    p = _players(8)
    event, _ = played_event(
        teams=[p[0:2], p[2:4], p[4:6], p[6:8]],
        results=[[(0, 1, B), (2, None, A), (3, 2, A, ResultState.DISPUTED)]],
        rating_importance=RatingImportance.COMPETITIVE,
    )
    event_ratings_update(event_id=event.pk)
    assert _ratings() == {p[0].pk: 1584.0, p[1].pk: 1584.0, p[2].pk: 1616.0, p[3].pk: 1616.0}


def test_unrated_and_unfinished_events_feed_no_rating():
    p = _players(8)
    unrated, _ = played_event(teams=[p[0:2], p[2:4]], results=[[(0, 1, A)]], rating_importance=RatingImportance.UNRATED)
    running, _ = played_event(teams=[p[4:6], p[6:8]], results=[[(0, 1, A)]], status=EventStatus.RUNNING)
    event_ratings_update(event_id=unrated.pk)
    event_ratings_update(event_id=running.pk)
    assert PlayerRating.objects.count() == 0


def test_closing_an_event_twice_changes_nothing():
    p = _players(6)
    event, _ = played_event(
        teams=[p[0:2], p[2:4], p[4:6]],
        status=EventStatus.RUNNING,
        results=[[(0, 1, A), (2, None, A)], [(2, 0, D), (1, None, A)]],
    )
    event_finish(event=event)
    event_ratings_update(event_id=event.pk)
    first = _snapshot()
    event_finish(event=Event.objects.get(pk=event.pk))
    event_ratings_update(event_id=event.pk)
    assert _snapshot() == first
    assert RatingCategory.objects.get(slug="constructed-2").matches == 2


def test_reopening_drops_the_event_and_closing_again_restores_the_same_ratings():
    p = _players(4)
    earlier, _ = played_event(teams=[p[0:2], p[2:4]], results=[[(0, 1, A)]], date=dt.date(2026, 1, 1))
    event, _ = played_event(teams=[p[0:2], p[2:4]], results=[[(0, 1, B)]], date=dt.date(2026, 2, 1))
    event_ratings_update(event_id=event.pk)
    closed = _snapshot()
    Event.objects.filter(pk=event.pk).update(status=EventStatus.RUNNING)
    event_ratings_update(event_id=event.pk)
    assert _ratings() == {p[0].pk: 1608.0, p[1].pk: 1608.0, p[2].pk: 1592.0, p[3].pk: 1592.0}
    assert set(RatingHistory.objects.values_list("event_id", flat=True)) == {earlier.pk}
    event_finish(event=Event.objects.get(pk=event.pk))
    event_ratings_update(event_id=event.pk)
    assert _snapshot() == closed


def test_events_replay_by_date_whatever_order_they_were_entered():
    p = _players(4)
    later, _ = played_event(teams=[p[0:2], p[2:4]], results=[[(0, 1, B)]], date=dt.date(2026, 3, 1))
    sooner, _ = played_event(teams=[p[0:2], p[2:4]], results=[[(0, 1, A)]], date=dt.date(2026, 2, 1))
    ratings_recalculate()
    # First the win (1608), then the loss against a 1592 team: 1608 - 16 * E(1608 v 1592).
    expected = 1608 - 16 / (1 + 10 ** ((1592 - 1608) / 400))
    assert _ratings()[p[0].pk] == pytest.approx(expected)
    plot = list(RatingHistory.objects.filter(player=p[0]).order_by("sequence").values_list("event_id", flat=True))
    assert plot == [sooner.pk, later.pk]


def test_categories_are_kept_apart_and_a_player_keeps_history_across_teams():
    p = _players(7)
    played_event(teams=[p[0:2], p[2:4]], results=[[(0, 1, A)]])
    played_event(teams=[p[0:3], p[3:6]], results=[[(0, 1, A)]], format_kind=FormatKind.TEAM_SEALED)
    played_event(
        teams=[[p[0], p[6]], p[2:4]],
        results=[[(0, 1, A)]],
        format_kind=FormatKind.THG_DRAFT,
        structure=Structure.TWO_HEADED_GIANT,
        shared_life=30,
        shared_poison=15,
    )
    summaries = {s.category: s.matches for s in ratings_recalculate()}
    assert summaries == {"constructed-2": 1, "limited-3": 1, "2hg": 1}
    assert sorted(PlayerRating.objects.filter(player=p[0]).values_list("category_id", "rating")) == [
        ("2hg", 1608.0),
        ("constructed-2", 1608.0),
        ("limited-3", 1608.0),
    ]


def test_openskill_is_stored_beside_elo_when_switched_on(settings):
    settings.HYDRA_RATINGS_OPENSKILL = True
    p = _players(4)
    event, _ = played_event(teams=[p[:2], p[2:]], results=[[(0, 1, A)]])
    event_ratings_update(event_id=event.pk)
    winner, loser = (PlayerRating.objects.get(player=x) for x in (p[0], p[2]))
    assert winner.openskill_mu > 25 > loser.openskill_mu
    assert winner.openskill_ordinal == pytest.approx(winner.openskill_mu - 3 * winner.openskill_sigma)


def test_openskill_is_left_empty_by_default():
    p = _players(4)
    event, _ = played_event(teams=[p[:2], p[2:]], results=[[(0, 1, A)]])
    event_ratings_update(event_id=event.pk)
    assert set(PlayerRating.objects.values_list("openskill_mu", flat=True)) == {None}


def test_event_finish_schedules_the_ratings_update_after_commit(django_capture_on_commit_callbacks):
    p = _players(4)
    event, _ = played_event(teams=[p[:2], p[2:]], results=[[(0, 1, A)]], status=EventStatus.RUNNING)
    with django_capture_on_commit_callbacks() as callbacks:
        event_finish(event=event)
    # Finishing also tells the live pages and the webhooks (tournaments.signals); the ratings are asked once.
    assert (
        sum(isinstance(c, partial) and c.func is task_send and c.args[0] == "ratings.event_closed" for c in callbacks)
        == 1
    )
