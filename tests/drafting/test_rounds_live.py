"""Team Rochester drafts every round within its pod, end to end against the real services (RULES.md 6, MTR 7.6):
PostgreSQL, Redis and a real Celery worker whose timer tasks make every pick.

An event of 8 teams runs 3 rounds of draft-then-play: pairing a round seats each pair at a draft table numbered
like their match, the tables draft live (the worker's timers take the oldest card for every pick), the teams get
the deck-building clock, play the match they drafted for, and the next round pairs and drafts again.
"""

import os

import pytest
import redis
from django.db import connection

from benchmarks.servers import start_worker, stop_worker
from config.celery import app as celery_app
from drafting.models import DraftCard, DraftSettings, DraftStatus, DraftTable, PickVia
from drafting.services.tables import draft_table_choose, draft_table_enter_packs, draft_table_start
from tests.drafting.test_live import wait_for
from tests.factories import OrganizerFactory, RegistrationFactory, RochesterEventFactory
from tournaments.enums import DraftStructure, RoundKind
from tournaments.models import TeamMatch
from tournaments.services.pairing import round_pair_next
from tournaments.services.results import SeatGames, team_match_record_final

pytestmark = [pytest.mark.services, pytest.mark.slow]

PACK_SIZE = 2  # 18 packs of 2: 36 picks a table, every one by the worker's timer
PICK_SECONDS = 0.25


@pytest.fixture
def own_broker(redis_url):
    """The Redis database given to this run (HYDRA_REDIS_URL); this process sends its timer tasks there too."""
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    old, old_env = celery_app.conf.broker_url, os.environ.get("CELERY_BROKER_URL")
    _use_broker(redis_url)
    yield redis_url
    _use_broker(old)
    if old_env is None:
        os.environ.pop("CELERY_BROKER_URL", None)
    else:
        os.environ["CELERY_BROKER_URL"] = old_env
    client.flushdb()


def _use_broker(url: str) -> None:
    os.environ["CELERY_BROKER_URL"] = url
    celery_app.conf.broker_url = url
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@pytest.fixture
def worker(transactional_db, own_broker):
    db = connection.settings_dict
    database_url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    proc = start_worker(
        database_url=database_url, broker_url=own_broker, concurrency=4, settings_module="config.settings.test"
    )
    yield proc
    stop_worker(proc, kill=True)


def _packs(table: DraftTable) -> list[list[str]]:
    return [
        [f"R{table.round.number} T{table.number} P{p + 1:02d} C{k}" for k in range(1, PACK_SIZE + 1)]
        for p in range(table.pack_count)
    ]


def test_team_rochester_event_of_8_teams_runs_3_rounds_of_draft_then_play(worker):
    if connection.vendor != "postgresql":
        pytest.skip("the end-to-end draft runs on PostgreSQL")
    organizer = OrganizerFactory()
    event = RochesterEventFactory(team_size=3, swiss_rounds=3, draft_structure=DraftStructure.EVERY_ROUND)
    DraftSettings.objects.create(event=event, review_seconds=0, pick_seconds=PICK_SECONDS)
    teams = [RegistrationFactory(event=event) for _ in range(8)]
    met: set[frozenset[int]] = set()
    for number in (1, 2, 3):
        round_ = round_pair_next(event=event)
        assert (round_.number, round_.kind) == (number, RoundKind.SWISS)
        matches = {m.table: m for m in TeamMatch.objects.filter(round=round_)}
        tables = {t.number: t for t in DraftTable.objects.filter(round=round_).select_related("round")}
        # The pod rule: each pair of teams drafts at the table whose number its match has, and nobody else does.
        assert sorted(tables) == sorted(matches) == [1, 2, 3, 4]
        for n, table in tables.items():
            assert (table.team1_id, table.team2_id) == (matches[n].team_a_id, matches[n].team_b_id)
            assert table.status == DraftStatus.SETUP and table.deck_building_minutes == 40
        for table in tables.values():
            draft_table_choose(table_id=table.pk, first_team=table.chooser, by=organizer)
            draft_table_enter_packs(table_id=table.pk, by=organizer, packs=_packs(table))
            draft_table_start(table_id=table.pk, by=organizer)
        # Nobody picks: the worker's timers take the oldest card for every pick, at every table at once (the last
        # card of a pack goes to its taker without a timer).
        assert wait_for(
            lambda: DraftTable.objects.filter(round=round_, status=DraftStatus.FINISHED).count() == 4, timeout=90
        ), [(t.number, t.status, t.picks_made) for t in DraftTable.objects.filter(round=round_)]
        for table in DraftTable.objects.filter(round=round_):
            picked = DraftCard.objects.filter(table=table, pick_number__isnull=False)
            assert picked.count() == 18 * PACK_SIZE == table.pick_count
            assert set(picked.values_list("via", flat=True)) <= {PickVia.TIMER, PickVia.SWEEP, PickVia.LAST}
            assert picked.filter(via=PickVia.TIMER).exists()
            # Each pack's picks took its cards oldest first.
            for card in picked:
                assert card.position == card.pick_number
            assert (table.deck_building_ends_at - table.finished_at).total_seconds() == 40 * 60
        # Build, then play the match they drafted for: team A wins 2-1 at tables 1 and 3, team B at 2 and 4.
        for n, match in matches.items():
            a_wins = n % 2 == 1
            seats = [SeatGames("A", 2, 0), SeatGames("B", 0, 2), SeatGames("C", 2, 1)]
            if not a_wins:
                seats = [SeatGames(s.letter, s.wins_b, s.wins_a) for s in seats]
            team_match_record_final(match=match, user=organizer, seats=seats)
            pair = frozenset((match.team_a_id, match.team_b_id))
            assert pair not in met  # no rematch in three rounds of eight teams
            met.add(pair)
    assert DraftTable.objects.filter(event=event).count() == 12
    assert DraftTable.objects.filter(event=event, round__isnull=True).count() == 0
    assert {t.pk for t in teams} == {t for pair in met for t in pair}
