"""Benchmark live drafts through the real services, a real Celery worker and beat: team Rochester tables, or with
`--format 2hg --pods 16` Two-Headed Giant pods (64 teams; see _bench_pods.py and docs/2hg-draft.md).
`--format booster --pods 16` individual booster draft pods of eight (128 players; _bench_pods.py, docs/drafting.md).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/hydra_bench CELERY_BROKER_URL=redis://127.0.0.1:6379/6 \\
        python manage.py migrate
    DATABASE_URL=... CELERY_BROKER_URL=... python manage.py bench_draft --tables 50 --pick-seconds 1

Needs PostgreSQL and Redis (SQLite serialises every writer, so it would measure the file lock). The command starts
its own worker (`celery -A config worker --pool prefork -B`) on the same database and broker unless --no-worker is
given (then run one yourself, with beat). Automated players (one thread per table) pick after a random think time;
some seats never pick, so the timer takes the oldest card for them. Prints picks per second, pick latency, how late
timeouts fired against their deadlines, and picks lost or doubled, which must be 0. The bench data is deleted
afterwards unless --keep.
"""
from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, connections

from drafting.models import DraftCard, DraftSettings, DraftStatus, DraftTable, PickVia
from drafting.selectors import draft_table_plan
from drafting.services.picks import DraftRefused, draft_pick
from drafting.services.tables import (
    draft_table_choose,
    draft_table_end,
    draft_table_generate_packs,
    draft_table_start,
    draft_tables_create,
)
from tournaments.enums import DraftStructure, FormatKind
from tournaments.models import Event, Player, Registration, Seat, Team

BENCH_PREFIX = "bench-draft"


def start_worker(*, database_url: str, broker_url: str, concurrency: int = 8, beat: bool = True, pool: str = "threads",
                 settings_module: str | None = None, log_path: Path | None = None, ready_timeout: float = 30) -> subprocess.Popen:
    """Start `celery -A config worker` (threads or prefork pool, beat embedded with -B) on the given database and broker, in
    its own process group, and wait until it says it is ready. Stop it with stop_worker."""
    log_path = log_path or Path(tempfile.mkstemp(prefix="hydra-worker-", suffix=".log")[1])
    schedule = Path(tempfile.mkdtemp(prefix="hydra-beat-")) / "schedule"
    env = dict(
        os.environ, DATABASE_URL=database_url, CELERY_BROKER_URL=broker_url, PYTHONUNBUFFERED="1",
        DJANGO_SETTINGS_MODULE=settings_module or os.environ.get("DJANGO_SETTINGS_MODULE", "config.settings.dev"),
    )
    command = [
        str(Path(sys.executable).parent / "celery"), "-A", "config", "worker", "--pool", pool,
        "--concurrency", str(concurrency), "--loglevel", "INFO", "--without-gossip", "--without-mingle",
        "--hostname", f"draft-{os.getpid()}-{time.monotonic_ns()}@%h",
    ]
    if beat:
        command += ["-B", "--schedule", str(schedule)]
    log_file = open(log_path, "wb")  # noqa: SIM115 - the worker writes to it until it stops
    proc = subprocess.Popen(
        command, cwd=settings.BASE_DIR, env=env, stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True
    )
    proc.log_path = log_path  # type: ignore[attr-defined]
    give_up = time.monotonic() + ready_timeout
    while time.monotonic() < give_up:
        if proc.poll() is not None:
            raise RuntimeError(f"The Celery worker stopped at once; see {log_path}:\n{log_path.read_text()[-2000:]}")
        if b" ready." in log_path.read_bytes():
            return proc
        time.sleep(0.1)
    stop_worker(proc, kill=True)
    raise RuntimeError(f"The Celery worker wasn't ready within {ready_timeout} s; see {log_path}.")


def stop_worker(proc: subprocess.Popen, *, kill: bool = False) -> None:
    """Stop the worker and its embedded beat: SIGKILL (as a crash would) or SIGTERM (warm shutdown)."""
    import signal

    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL if kill else signal.SIGTERM)
        except ProcessLookupError:
            pass
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def worker_database_url() -> str:
    """The URL of this process's database, for a worker started on it."""
    db = connection.settings_dict
    database_url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    if db.get("PASSWORD"):
        database_url = database_url.replace("@", f":{db['PASSWORD']}@", 1)
    return database_url


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


class Command(BaseCommand):
    help = __doc__.split("\n\n")[0]

    def add_arguments(self, parser):
        parser.add_argument("--tables", type=int, default=10)
        parser.add_argument("--pick-seconds", type=float, default=None,
                            help="Seconds a pick (default 1; booster 3: eight players a pod picking every second "
                                 "would be 110 service calls a second from the bench's one Python process, whose "
                                 "lock, not the server, would then set the figures).")
        parser.add_argument("--review-seconds", type=float, default=0.0)
        parser.add_argument("--team-size", type=int, default=3, choices=[2, 3])
        parser.add_argument("--packs", type=int, default=0, help="End each table after this many packs (0: all).")
        parser.add_argument("--idle-seats", type=int, default=1, help="Seats per table that never pick.")
        parser.add_argument("--think-max", type=float, default=0.4, help="A bot picks after 0..this many seconds.")
        parser.add_argument("--set", default="DOM")
        parser.add_argument("--concurrency", type=int, default=4, help="Worker processes (prefork pool).")
        parser.add_argument("--no-worker", action="store_true", help="Use a worker (with beat) you run yourself.")
        parser.add_argument("--keep", action="store_true", help="Keep the bench event and its data.")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--format", choices=["rochester", "2hg", "booster"], default="rochester",
                            help="rochester: team Rochester tables; 2hg: Two-Headed Giant booster draft pods; "
                                 "booster: individual booster draft pods of eight.")
        parser.add_argument("--pods", type=int, default=16, help="2hg: pods of four teams; booster: of eight players.")
        parser.add_argument("--idle-teams", type=int, default=1, help="2hg, booster: seats per pod that never pick.")
        parser.add_argument("--no-phone-polls", dest="phones_poll", action="store_false",
                            help="2hg, booster: the bots don't poll like the seats' pages, which apply an overdue "
                                 "timeout on read; only the timer task and the sweep time picks out.")
        parser.add_argument("--bot-processes", type=int, default=1,
                            help="2hg, booster: processes the bots run in, the pods dealt out among them (1: every "
                                 "bot a thread of this process, whose interpreter lock then adds to the figures).")
        parser.add_argument("--kill-worker-after", type=float, default=0.0,
                            help="2hg, booster: kill the worker (SIGKILL) this many seconds in and start another "
                                 "(0: never).")

    def handle(self, *args, **options):
        if options["pick_seconds"] is None:
            options["pick_seconds"] = 3.0 if options["format"] == "booster" else 1.0
        if connection.vendor != "postgresql":
            raise CommandError("bench_draft needs PostgreSQL: set DATABASE_URL=postgres://... (see the docstring).")
        if not settings.CELERY_BROKER_URL.startswith("redis://"):
            raise CommandError("bench_draft needs Redis as the broker: set CELERY_BROKER_URL=redis://...")
        if options["format"] in ("2hg", "booster"):
            from ._bench_pods import FORMATS, main

            from config.celery import app

            self.broker_url = app.conf.broker_url or settings.CELERY_BROKER_URL
            rounds = FORMATS[options["format"]][2].pack_rounds
            if options["packs"] and not 1 <= options["packs"] <= rounds:
                raise CommandError(f"--packs: 1 to {rounds} pack rounds for {options['format']}.")
            main(self, options)
            return
        rng = random.Random(options["seed"])
        self._cleanup()
        tables = self._setup(options)
        worker = None
        if not options["no_worker"]:
            worker = start_worker(database_url=worker_database_url(), broker_url=settings.CELERY_BROKER_URL,
                                  concurrency=options["concurrency"], pool="prefork")
            self.stdout.write(f"Worker started (log {worker.log_path}).")
        try:
            results = self._run(tables, options, rng)
        finally:
            if worker is not None:
                stop_worker(worker)
        self._report(tables, results, options)
        if not options["keep"]:
            self._cleanup()

    def _setup(self, options) -> list[DraftTable]:
        size = options["team_size"]
        user_model = get_user_model()
        organizer, _ = user_model.objects.get_or_create(username=f"{BENCH_PREFIX}-organizer", defaults={"is_staff": True})
        event = Event.objects.create(
            name=f"{BENCH_PREFIX} event", date=time.strftime("%Y-%m-%d"), organizer=organizer, team_size=size,
            format_kind=FormatKind.TEAM_ROCHESTER, draft_structure=DraftStructure.ONE_DRAFT,
            rochester_teams_of_two=size == 2,
        )
        DraftSettings.objects.create(event=event, set_code=options["set"], review_seconds=None, pick_seconds=None)
        users = user_model.objects.bulk_create(
            user_model(username=f"{BENCH_PREFIX}-{k}") for k in range(2 * size * options["tables"])
        )
        players = Player.objects.bulk_create(Player(user=u, name=u.username) for u in users)
        for t in range(2 * options["tables"]):
            team = Team.objects.create(name=f"{BENCH_PREFIX} team {t}")
            registration = Registration.objects.create(event=event, team=team)
            Seat.objects.bulk_create(
                Seat(registration=registration, event=event, letter=letter, player=players[t * size + k])
                for k, letter in enumerate(event.seat_letters)
            )
        tables = draft_tables_create(event=event, by=organizer, seed=options["seed"])
        DraftTable.objects.filter(event=event).update(
            review_seconds=options["review_seconds"], pick_seconds=options["pick_seconds"]
        )
        for table in tables:
            draft_table_choose(table_id=table.pk, first_team=table.chooser, by=organizer)
            draft_table_generate_packs(table_id=table.pk, by=organizer, seed=f"bench-{table.number}")
        self.stdout.write(f"{len(tables)} tables set up: {len(tables) * tables[0].pack_count} packs.")
        return list(DraftTable.objects.filter(event=event).select_related("event"))

    def _run(self, tables: list[DraftTable], options, rng: random.Random) -> dict:
        latencies: list[float] = []
        acknowledged: list[tuple[int, int, int, int]] = []  # table, pack, pick, card
        refused: Counter = Counter()
        lock = threading.Lock()
        packs_to_play = options["packs"] or tables[0].pack_count
        seats_all = [str(s) for s in draft_table_plan(table=tables[0])[0].picks[: 2 * options["team_size"]]]
        organizer = tables[0].event.organizer

        def bot(table: DraftTable, idle: set[str], seed: int) -> None:
            local = random.Random(seed)
            try:
                plan = draft_table_plan(table=table)
                waiting_for = None
                while True:
                    row = DraftTable.objects.filter(pk=table.pk).values(
                        "status", "pack_index", "pick_number", "picks_open_at"
                    ).get()
                    if row["status"] != DraftStatus.RUNNING:
                        return
                    if row["pack_index"] >= packs_to_play:
                        draft_table_end(table_id=table.pk, by=organizer, reason="bench: packs played")
                        return
                    seat = str(plan[row["pack_index"]].picks[row["pick_number"] - 1])
                    key = (row["pack_index"], row["pick_number"])
                    if seat in idle or key == waiting_for:
                        time.sleep(0.05)
                        continue
                    waiting_for = key
                    wait = local.random() * options["think_max"]
                    if row["picks_open_at"] is not None:
                        wait += max(0.0, (row["picks_open_at"].timestamp() - time.time()))
                    time.sleep(wait)
                    card = (
                        DraftCard.objects.filter(table=table, pack_index=key[0], pick_number__isnull=True)
                        .order_by("?").values_list("pk", flat=True).first()
                    )
                    started = time.perf_counter()
                    try:
                        draft_pick(table_id=table.pk, seat=seat, card_id=card, pack_index=key[0], pick_number=key[1])
                    except DraftRefused as refusal:
                        with lock:
                            refused[str(refusal).split(":")[0][:40]] += 1
                        continue
                    elapsed = time.perf_counter() - started
                    with lock:
                        latencies.append(elapsed)
                        acknowledged.append((table.pk, key[0], key[1], card))
            finally:
                connections.close_all()

        for table in tables:
            draft_table_start(table_id=table.pk, by=organizer)
        started = time.perf_counter()
        threads = []
        for table in tables:
            idle = set(rng.sample(seats_all, options["idle_seats"]))
            thread = threading.Thread(target=bot, args=(table, idle, rng.randrange(2**32)), daemon=True)
            thread.start()
            threads.append(thread)
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - started
        return {"latencies": latencies, "acknowledged": acknowledged, "refused": refused, "wall": wall}

    def _report(self, tables: list[DraftTable], results: dict, options) -> None:
        ids = [t.pk for t in tables]
        picked = list(
            DraftCard.objects.filter(table_id__in=ids, pick_number__isnull=False).values_list(
                "table_id", "pack_index", "pick_number", "pk", "picked_by", "via", "picked_at", "deadline_at"
            )
        )
        by_slot = Counter((t, p, n) for t, p, n, *_ in picked)
        doubled = sum(count - 1 for count in by_slot.values() if count > 1)
        recorded = {(t, p, n): pk for t, p, n, pk, *_ in picked}
        lost = sum(1 for t, p, n, card in results["acknowledged"] if recorded.get((t, p, n)) != card)
        # Every pick of every pack a table has moved past must be there, exactly once, by the seat of the plan.
        wrong_seat = gaps = 0
        seat_of = {(t, p, n): seat for t, p, n, _pk, seat, *_ in picked}
        for table in DraftTable.objects.filter(pk__in=ids).select_related("event"):
            plan = draft_table_plan(table=table)
            for pack in range(min(table.pack_index, len(table.pack_sizes))):
                for number in range(1, table.pack_sizes[pack] + 1):
                    seat = seat_of.get((table.pk, pack, number))
                    if seat is None:
                        gaps += 1
                    elif seat != str(plan[pack].picks[number - 1]):
                        wrong_seat += 1
        # The timer machinery: the task, the sweep and the read path (a player's own late pick is not a timer).
        lateness = [(at - deadline).total_seconds() for *_, via, at, deadline in picked
                    if via in (PickVia.TIMER, PickVia.SWEEP, PickVia.READ) and deadline is not None]
        via = Counter(v for *_, v, _at, _dl in picked)
        latency_ms = [x * 1000 for x in results["latencies"]]
        unfinished = DraftTable.objects.filter(pk__in=ids).exclude(status=DraftStatus.FINISHED).count()
        w = self.stdout.write
        w("")
        w(f"Tables: {len(tables)} (teams of {options['team_size']}), pick {options['pick_seconds']} s, review "
          f"{options['review_seconds']} s, {options['idle_seats']} idle seat(s) per table, think 0..{options['think_max']} s")
        w(f"Picks recorded: {len(picked)} in {results['wall']:.1f} s = {len(picked) / results['wall']:.1f} picks/s")
        w(f"  by: " + ", ".join(f"{k} {v}" for k, v in sorted(via.items())))
        w(f"Player pick latency (service call, ms): p50 {percentile(latency_ms, .5):.1f}, "
          f"p95 {percentile(latency_ms, .95):.1f}, max {max(latency_ms, default=float('nan')):.1f}")
        w(f"Timeouts late against their deadline (ms): p50 {percentile(lateness, .5) * 1000:.0f}, "
          f"p95 {percentile(lateness, .95) * 1000:.0f}, max {max(lateness, default=float('nan')) * 1000:.0f} "
          f"({len(lateness)} timeouts)")
        w(f"Refused player picks (raced by the timer): {sum(results['refused'].values())} {dict(results['refused'])}")
        w(f"Picks lost: {lost}   doubled: {doubled}   missing: {gaps}   wrong seat: {wrong_seat}   "
          f"tables not finished: {unfinished}")
        if lost or doubled or gaps or wrong_seat:
            raise CommandError("Picks were lost, doubled or misassigned.")

    def _cleanup(self) -> None:
        events = Event.objects.filter(name=f"{BENCH_PREFIX} event")
        DraftTable.objects.filter(event__in=events).delete()
        events.delete()
        Team.objects.filter(name__startswith=f"{BENCH_PREFIX} team").delete()
        Player.objects.filter(user__username__startswith=BENCH_PREFIX).delete()
        get_user_model().objects.filter(username__startswith=BENCH_PREFIX).delete()
