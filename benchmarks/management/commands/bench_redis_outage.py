"""Measure a Redis outage under load: `python manage.py bench_redis_outage [--teams 64 --clients 8 --before 5
--outage 20 --after 20]` (docs/deploy.md, "What fails over how").

Builds a public event (committed, deleted at the end), starts a throwaway redis-server on a free port as the
shared cache and the broker, and gunicorn with uvicorn workers (config/gunicorn.py) on this database. `--clients`
threads fetch, without pause, the public pages and API answers a venue polls (pairings HTML, standings HTML's live
region, the standings and event API, the load balancer's /health/live/). After `--before` seconds Redis is stopped,
after `--outage` more it is started again (empty, as after a crash without persistence), and the clients go on for
`--after` seconds. Prints, per phase, the requests, the 5xx and connection errors and the latency p50 / p95, and how
long after Redis returned the shared page cache served a page again and /health/ called Redis ok; the last line is
one JSON object.
"""

from __future__ import annotations

import http.client
import json
import shutil
import tempfile
import threading
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from benchmarks.events import bench_event_delete, build_bench_event
from benchmarks.figures import percentile
from benchmarks.servers import free_port, gunicorn_start, redis_server_start, stop_worker


def _ms(values: list[float], share: float) -> float | None:
    return round(percentile(values, share), 1) if values else None


class _Load:
    """Client threads fetching `paths` in turn; each answer kept as (seconds since start, path, status, ms, cache)."""

    def __init__(self, port: int, paths: list[str], clients: int):
        self.port, self.paths, self.clients = port, paths, clients
        self.answers: list[tuple[float, str, int, float, str]] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.started = time.monotonic()

    def _client(self, offset: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        n = offset
        while not self.stop.is_set():
            path = self.paths[n % len(self.paths)]
            n += 1
            begin = time.monotonic()
            try:
                conn.request("GET", path)
                response = conn.getresponse()
                response.read()
                status, cache = response.status, response.getheader("X-Hydra-Cache") or ""
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                status, cache = 0, ""  # no answer at all
            with self.lock:
                self.answers.append((begin - self.started, path, status, (time.monotonic() - begin) * 1000, cache))

    def run(self) -> list[threading.Thread]:
        threads = [threading.Thread(target=self._client, args=(i,), daemon=True) for i in range(self.clients)]
        for thread in threads:
            thread.start()
        return threads


def _phase(answers, start: float, end: float) -> dict:
    mine = [a for a in answers if start <= a[0] < end]
    return {
        "requests": len(mine),
        "5xx": sum(1 for a in mine if a[2] >= 500),
        "no_answer": sum(1 for a in mine if a[2] == 0),
        "p50_ms": _ms([a[3] for a in mine], 0.50),
        "p95_ms": _ms([a[3] for a in mine], 0.95),
    }


def _health_redis_ok(port: int) -> bool:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/health/")
        body = json.loads(conn.getresponse().read() or b"{}")
        conn.close()
        return bool(body.get("checks", {}).get("redis", {}).get("ok"))
    except (OSError, http.client.HTTPException, ValueError):
        return False


class Command(BaseCommand):
    help = "Requests, 5xx and recovery time of the web app while its Redis is stopped and started again."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=64)
        parser.add_argument("--rounds", type=int, default=3)
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument("--clients", type=int, default=8)
        parser.add_argument("--before", type=float, default=5.0)
        parser.add_argument("--outage", type=float, default=20.0)
        parser.add_argument("--after", type=float, default=20.0)

    def handle(self, *args, teams, rounds, workers, clients, before, outage, after, **options):
        if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
            raise CommandError("gunicorn's processes must share this database: set DATABASE_URL to PostgreSQL.")
        event = build_bench_event(teams=teams, rounds=rounds, seed=29)
        folder = tempfile.mkdtemp(prefix="hydra-outage-")
        redis_port, web_port = free_port(), free_port()
        redis = [redis_server_start(redis_port, folder)]  # the first, then the one started after the outage
        env = {
            "DEBUG": "false",
            "API_ANON_RATE": "100000000/min",
            "WEB_CONCURRENCY": str(workers),
            "GUNICORN_ACCESSLOG": "",
            "SECURE_SSL_REDIRECT": "false",
            "PYTHONUNBUFFERED": "1",
            "HYDRA_REDIS_URL": f"redis://127.0.0.1:{redis_port}/1",
            "CELERY_BROKER_URL": f"redis://127.0.0.1:{redis_port}/0",
        }
        web = gunicorn_start(port=web_port, env=env, new_session=True)
        try:
            result = self._measure(
                event,
                web,
                web_port,
                redis_port,
                folder,
                redis,
                clients=clients,
                before=before,
                outage=outage,
                after=after,
            )
        finally:
            stop_worker(web)  # gunicorn and its workers: SIGTERM to the process group, SIGKILL after 15 s
            for proc in redis:
                if proc.poll() is None:
                    proc.terminate()
                    proc.wait(10)
            bench_event_delete(event=event)
            shutil.rmtree(folder, ignore_errors=True)
        result = {"teams": teams, "workers": workers, "clients": clients, "outage_s": outage, **result}
        for name in ("before", "outage", "after"):
            p = result[name]
            self.stdout.write(
                f"{name:7}: {p['requests']:6d} requests, {p['5xx']} 5xx, {p['no_answer']} unanswered, "
                f"p50 {p['p50_ms']} ms, p95 {p['p95_ms']} ms"
            )
        self.stdout.write(
            f"page cache serving again {result['cache_back_s']} s after Redis returned; /health/ "
            f"says Redis ok after {result['health_back_s']} s"
        )
        self.stdout.write(json.dumps(result))

    def _measure(self, event, web, web_port, redis_port, folder, redis, *, clients, before, outage, after) -> dict:
        pairings = f"/events/{event.pk}/pairings/"
        give_up = time.monotonic() + 120
        while not _health_redis_ok(web_port):
            if web.poll() is not None:
                raise CommandError(f"gunicorn exited: {web.stderr.read().decode()[-2000:]}")
            if time.monotonic() > give_up:
                raise CommandError("gunicorn didn't answer within 120 s")
            time.sleep(0.3)
        paths = [
            pairings,
            f"/events/{event.pk}/standings/?partial=1",
            f"/api/v1/events/{event.pk}/standings/",
            f"/api/v1/events/{event.pk}/",
            "/health/live/",
        ]
        load = _Load(web_port, paths, clients)
        threads = load.run()
        time.sleep(before)
        redis[0].terminate()
        redis[0].wait(10)
        down_at = time.monotonic() - load.started
        time.sleep(outage)
        redis.append(redis_server_start(redis_port, folder))
        up_at = time.monotonic() - load.started
        health_back = None
        end = time.monotonic() + after
        while time.monotonic() < end:
            if health_back is None and _health_redis_ok(web_port):
                health_back = round(time.monotonic() - load.started - up_at, 2)
            time.sleep(0.1)
        load.stop.set()
        for thread in threads:
            thread.join(35)
        answers = sorted(load.answers)
        hits_after = [a[0] for a in answers if a[0] >= up_at and a[1] == pairings and a[4] == "hit"]
        return {
            "before": _phase(answers, 0, down_at),
            "outage": _phase(answers, down_at, up_at),
            "after": _phase(answers, up_at, float("inf")),
            "total_5xx": sum(1 for a in answers if a[2] >= 500),
            "cache_back_s": round(hits_after[0] - up_at, 2) if hits_after else None,
            "health_back_s": health_back,
        }
