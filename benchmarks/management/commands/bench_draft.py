"""Benchmark live drafts through the real services, a real Celery worker and beat: team Rochester tables, or with
`--format 2hg --pods 16` Two-Headed Giant pods (64 teams; see benchmarks/pods.py and docs/2hg-draft.md).
`--format booster --pods 16` individual booster draft pods of eight (128 players; benchmarks/pods.py,
docs/drafting.md).

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

import random
import threading
import time
from collections import Counter

from celery import current_app
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, connections

from benchmarks import rochester
from benchmarks.figures import percentile
from benchmarks.pods import FORMATS, main
from benchmarks.servers import start_worker, stop_worker, worker_database_url
from drafting.models import DraftCard, DraftStatus, DraftTable, PickVia
from drafting.selectors.tables import draft_table_plan
from drafting.services.picks import DraftRefused, draft_pick
from drafting.services.tables import draft_table_end, draft_table_start


class Command(BaseCommand):
    help = __doc__.split("\n\n")[0]

    def add_arguments(self, parser):
        parser.add_argument("--tables", type=int, default=10)
        parser.add_argument(
            "--pick-seconds",
            type=float,
            default=None,
            help="Seconds a pick (default 1; booster 3: eight players a pod picking every second "
            "would be 110 service calls a second from the bench's one Python process, whose "
            "lock, not the server, would then set the figures).",
        )
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
        parser.add_argument(
            "--format",
            choices=["rochester", "2hg", "booster"],
            default="rochester",
            help="rochester: team Rochester tables; 2hg: Two-Headed Giant booster draft pods; "
            "booster: individual booster draft pods of eight.",
        )
        parser.add_argument("--pods", type=int, default=16, help="2hg: pods of four teams; booster: of eight players.")
        parser.add_argument("--idle-teams", type=int, default=1, help="2hg, booster: seats per pod that never pick.")
        parser.add_argument(
            "--no-phone-polls",
            dest="phones_poll",
            action="store_false",
            help="2hg, booster: the bots don't poll like the seats' pages, which apply an overdue "
            "timeout on read; only the timer task and the sweep time picks out.",
        )
        parser.add_argument(
            "--bot-processes",
            type=int,
            default=1,
            help="2hg, booster: processes the bots run in, the pods dealt out among them (1: every "
            "bot a thread of this process, whose interpreter lock then adds to the figures).",
        )
        parser.add_argument(
            "--kill-worker-after",
            type=float,
            default=0.0,
            help="2hg, booster: kill the worker (SIGKILL) this many seconds in and start another (0: never).",
        )

    def handle(self, *args, **options):
        if options["pick_seconds"] is None:
            options["pick_seconds"] = 3.0 if options["format"] == "booster" else 1.0
        if connection.vendor != "postgresql":
            raise CommandError("bench_draft needs PostgreSQL: set DATABASE_URL=postgres://... (see the docstring).")
        if not settings.CELERY_BROKER_URL.startswith("redis://"):
            raise CommandError("bench_draft needs Redis as the broker: set CELERY_BROKER_URL=redis://...")
        if options["format"] in ("2hg", "booster"):
            self.broker_url = current_app.conf.broker_url or settings.CELERY_BROKER_URL
            rounds = FORMATS[options["format"]][2].pack_rounds
            if options["packs"] and not 1 <= options["packs"] <= rounds:
                raise CommandError(f"--packs: 1 to {rounds} pack rounds for {options['format']}.")
            main(self, options)
            return
        rng = random.Random(options["seed"])
        rochester.cleanup()
        tables = rochester.setup(options, self.stdout.write)
        worker = None
        if not options["no_worker"]:
            worker = start_worker(
                database_url=worker_database_url(),
                broker_url=settings.CELERY_BROKER_URL,
                concurrency=options["concurrency"],
                pool="prefork",
            )
            self.stdout.write(f"Worker started (log {worker.log_path}).")
        try:
            results = self._run(tables, options, rng)
        finally:
            if worker is not None:
                stop_worker(worker)
        self._report(tables, results, options)
        if not options["keep"]:
            rochester.cleanup()

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
                    row = (
                        DraftTable.objects.filter(pk=table.pk)
                        .values("status", "pack_index", "pick_number", "picks_open_at")
                        .get()
                    )
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
                        .order_by("?")
                        .values_list("pk", flat=True)
                        .first()
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
        lateness = [
            (at - deadline).total_seconds()
            for *_, via, at, deadline in picked
            if via in (PickVia.TIMER, PickVia.SWEEP, PickVia.READ) and deadline is not None
        ]
        via = Counter(v for *_, v, _at, _dl in picked)
        latency_ms = [x * 1000 for x in results["latencies"]]
        unfinished = DraftTable.objects.filter(pk__in=ids).exclude(status=DraftStatus.FINISHED).count()
        w = self.stdout.write
        w("")
        w(
            f"Tables: {len(tables)} (teams of {options['team_size']}), pick {options['pick_seconds']} s, review "
            f"{options['review_seconds']} s, {options['idle_seats']} idle seat(s) per table, think 0..{options['think_max']} s"
        )
        w(f"Picks recorded: {len(picked)} in {results['wall']:.1f} s = {len(picked) / results['wall']:.1f} picks/s")
        w("  by: " + ", ".join(f"{k} {v}" for k, v in sorted(via.items())))
        w(
            f"Player pick latency (service call, ms): p50 {percentile(latency_ms, 0.5):.1f}, "
            f"p95 {percentile(latency_ms, 0.95):.1f}, max {max(latency_ms, default=float('nan')):.1f}"
        )
        w(
            f"Timeouts late against their deadline (ms): p50 {percentile(lateness, 0.5) * 1000:.0f}, "
            f"p95 {percentile(lateness, 0.95) * 1000:.0f}, max {max(lateness, default=float('nan')) * 1000:.0f} "
            f"({len(lateness)} timeouts)"
        )
        w(f"Refused player picks (raced by the timer): {sum(results['refused'].values())} {dict(results['refused'])}")
        w(
            f"Picks lost: {lost}   doubled: {doubled}   missing: {gaps}   wrong seat: {wrong_seat}   "
            f"tables not finished: {unfinished}"
        )
        if lost or doubled or gaps or wrong_seat:
            raise CommandError("Picks were lost, doubled or misassigned.")
