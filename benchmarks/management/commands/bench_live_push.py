"""How fast a pick reaches the other seats by live push: `python manage.py bench_live_push [--tables 16 --picks 5]`.

Sets up `--tables` team Rochester tables of three-player teams (bench_draft's set-up: 6 seats a table, so 16 tables
are 96 browsers), starts gunicorn with uvicorn workers, and opens one Server-Sent Events stream per seat
(GET /draft/table/<id>/events/ with that seat's session). Then it records `--picks` picks at every table and, for
each pick, measures the time from the pick's commit to each of the table's 6 streams receiving the new version.
Prints p50 / p95 / max in milliseconds; the last line is one JSON object. Needs PostgreSQL and HYDRA_REDIS_URL.
"""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from benchmarks import rochester
from benchmarks.figures import percentile
from benchmarks.servers import free_port, gunicorn_start, server_stop, session_for
from drafting.models import DraftCard, DraftTable
from drafting.selectors.tables import draft_seat_to_pick
from drafting.services.picks import draft_pick
from drafting.services.tables import draft_table_start
from tournaments.models import Seat


class Command(BaseCommand):
    help = __doc__.split("\n\n")[0]

    def add_arguments(self, parser):
        parser.add_argument("--tables", type=int, default=16)
        parser.add_argument("--picks", type=int, default=5, help="Picks recorded at each table.")
        parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", 2)))

    def handle(self, *args, tables, picks, workers, **options):
        import requests  # lazy: a development package (requirements-dev.txt), loaded only when this bench runs

        if connection.vendor != "postgresql" or not getattr(settings, "HYDRA_REDIS_URL", ""):
            raise CommandError("bench_live_push needs PostgreSQL (DATABASE_URL) and Redis (HYDRA_REDIS_URL).")
        rochester.cleanup()
        made = rochester.setup(
            {"tables": tables, "team_size": 3, "pick_seconds": 600.0, "review_seconds": 0.0, "set": "DOM", "seed": 1},
            self.stdout.write,
        )
        organizer = made[0].event.organizer
        for table in made:
            draft_table_start(table_id=table.pk, by=organizer)
        seats = []
        for table in made:
            for seat in Seat.objects.filter(registration_id__in=[table.team1_id, table.team2_id]).select_related(
                "player__user"
            ):
                seats.append((table.pk, session_for(seat.player.user)))
        port = free_port()
        web = gunicorn_start(
            port=port,
            env={
                "WEB_CONCURRENCY": str(workers),
                "GUNICORN_ACCESSLOG": "",
                "SECURE_SSL_REDIRECT": "false",
                "DEBUG": "false",
            },
            stderr=subprocess.DEVNULL,
        )
        arrivals: list[tuple[int, str, float]] = []
        lock = threading.Lock()
        stop = threading.Event()
        ready = threading.Barrier(len(seats) + 1, timeout=180)

        def listen(table_id: int, session: str) -> None:
            url = f"http://127.0.0.1:{port}/draft/table/{table_id}/events/"
            with requests.get(url, cookies={"sessionid": session}, stream=True, timeout=(60, 60)) as response:
                if response.status_code != 200:
                    ready.abort()
                    return
                lines = response.iter_lines(decode_unicode=True)
                for line in lines:  # the first event: the current version
                    if line.startswith("data:"):
                        break
                ready.wait()
                for line in lines:
                    if stop.is_set():
                        return
                    if line.startswith("data:"):
                        with lock:
                            arrivals.append((table_id, line[5:].strip(), time.perf_counter()))

        try:
            give_up = time.monotonic() + 120
            while True:
                try:
                    requests.get(f"http://127.0.0.1:{port}/health/", timeout=5)
                    break
                except requests.RequestException:
                    if time.monotonic() > give_up or web.poll() is not None:
                        raise CommandError("gunicorn didn't start") from None
                    time.sleep(0.3)
            threads = [threading.Thread(target=listen, args=seat, daemon=True) for seat in seats]
            for thread in threads:
                thread.start()
            ready.wait()
            committed: dict[tuple[int, str], float] = {}
            for _round in range(picks):
                for table in made:
                    table = DraftTable.objects.get(pk=table.pk)
                    card = DraftCard.objects.filter(
                        table=table, pack_index=table.pack_index, pick_number__isnull=True
                    ).first()
                    # From before the pick (its transaction and commit included) to each stream's receipt.
                    committed[(table.pk, str(table.version + 1))] = time.perf_counter()
                    draft_pick(
                        table_id=table.pk,
                        seat=draft_seat_to_pick(table=table),
                        card_id=card.pk,
                        pack_index=table.pack_index,
                        pick_number=table.pick_number,
                    )
                    time.sleep(0.02)
            time.sleep(2)
            stop.set()
        finally:
            server_stop(web)
            rochester.cleanup()
        latencies = [(at - committed[(t, v)]) * 1000 for t, v, at in arrivals if (t, v) in committed]
        expected = len(committed) * 6
        result = {
            "tables": tables,
            "connections": len(seats),
            "picks": len(committed),
            "workers": workers,
            "deliveries": len(latencies),
            "expected_deliveries": expected,
            "p50_ms": round(percentile(latencies, 0.50), 1) if latencies else None,
            "p95_ms": round(percentile(latencies, 0.95), 1) if latencies else None,
            "max_ms": round(max(latencies), 1) if latencies else None,
        }
        self.stdout.write(
            f"{result['deliveries']}/{expected} pushes delivered; p50 {result['p50_ms']} ms, "
            f"p95 {result['p95_ms']} ms, max {result['max_ms']} ms"
        )
        self.stdout.write(json.dumps(result))
