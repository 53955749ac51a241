"""Benchmark the pages hundreds of phones poll, through gunicorn over HTTP: `python manage.py bench_public
[--teams 256 --rounds 8 --workers 4 --clients 16 --seconds 10]`.

Builds a public event of that size (committed: gunicorn's processes must see it; deleted at the end), starts
gunicorn with uvicorn workers (config/gunicorn.py) on a free port with this process's settings
(benchmarks/servers.py) and database, and from `--clients` keep-alive connections fetches, each for `--seconds`: a
static file (WhiteNoise, through the same stack: the floor every other figure is compared with), the pairings HTML
(anonymous, with the csrftoken cookie a browser holds after its first visit: config/floor.py) and with If-None-Match
(304), the standings API (full body) and with If-None-Match (304). Uses wrk when it is installed (a compiled load
generator: the figures are the server's, not the client's; `apt-get install wrk`), else Python client threads.
Prints requests per second, latency p50 / p99 and the ratio to the static file's rate, the last line one JSON
object. Run it on PostgreSQL and Redis (DATABASE_URL, HYDRA_REDIS_URL) with
DJANGO_SETTINGS_MODULE=config.settings.bench for production figures: gunicorn then runs config.settings.production.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import threading
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.templatetags.static import static

from benchmarks.events import analyze_tables, bench_event_delete, build_bench_event
from benchmarks.servers import free_port, gunicorn_start, server_stop


def _hammer(port: int, path: str, *, clients: int, seconds: float, headers: dict, expect: int) -> dict:
    timings: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    stop_at = time.perf_counter() + seconds

    def client() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine = []
        while time.perf_counter() < stop_at:
            begin = time.perf_counter()
            try:
                conn.request("GET", path, headers=headers)
                response = conn.getresponse()
                response.read()
            except (OSError, http.client.HTTPException) as exc:
                errors.append(str(exc))
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                continue
            mine.append((time.perf_counter() - begin) * 1000)
            if response.status != expect:
                errors.append(f"{response.status}")
        conn.close()
        with lock:
            timings.extend(mine)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    if errors:
        raise CommandError(f"GET {path}: {len(errors)} failures, e.g. {errors[:3]}")
    timings.sort()
    return {
        "requests": len(timings),
        "rps": round(len(timings) / elapsed, 1),
        "p50_ms": round(statistics.median(timings), 2),
        "p95_ms": round(timings[min(len(timings) - 1, int(0.95 * len(timings)))], 2),
    }


_WRK_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def _wrk_ms(text: str) -> float:
    number, unit = re.fullmatch(r"([0-9.]+)(us|ms|s)", text.strip()).groups()
    return round(float(number) * _WRK_UNITS[unit], 2)


def _wrk(port: int, path: str, *, clients: int, seconds: float, headers: dict, expect: int) -> dict:
    """wrk's figures for GET `path`: requests per second, p50 and p99 latency; refuses answers other than
    `expect` (wrk counts non-2xx/3xx answers; a 304 is checked by a request of our own first)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    response.read()
    conn.close()
    if response.status != expect:
        raise CommandError(f"GET {path} answered {response.status}, expected {expect}")
    served_by = "floor" if response.getheader("X-Hydra-Floor") else "view"
    command = [shutil.which("wrk"), "-t", "2", "-c", str(clients), "-d", f"{max(1, round(seconds))}s", "--latency"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    output = subprocess.run(
        [*command, f"http://127.0.0.1:{port}{path}"], capture_output=True, text=True, check=True, timeout=seconds + 60
    ).stdout
    if "Non-2xx or 3xx responses" in output:
        raise CommandError(f"GET {path}: wrk saw failures:\n{output}")
    # Read errors are connections the server closed (keep-alive timeouts, a worker replaced after max_requests).
    socket_errors = sum(map(int, re.findall(r"(?:connect|read|write|timeout) (\d+)", output)))
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)$", output, re.MULTILINE))
    return {
        "requests": int(re.search(r"(\d+) requests in", output).group(1)),
        "rps": round(float(re.search(r"Requests/sec:\s+([0-9.]+)", output).group(1)), 1),
        "p50_ms": _wrk_ms(latency["50"]),
        "p99_ms": _wrk_ms(latency["99"]),
        "socket_errors": socket_errors,
        "served_by": served_by,  # what answered the request made just before wrk's
    }


class Command(BaseCommand):
    help = "Requests per second of the public pairings page and the standings API through gunicorn."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=256)
        parser.add_argument("--rounds", type=int, default=8)
        parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", 4)))
        parser.add_argument("--clients", type=int, default=16)
        parser.add_argument("--seconds", type=float, default=10.0)
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, teams, rounds, workers, clients, seconds, seed, **options):
        if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3") and ":memory:" in str(
            settings.DATABASES["default"]["NAME"]
        ):
            raise CommandError("gunicorn needs a database it can share: set DATABASE_URL.")
        started = time.perf_counter()
        event = build_bench_event(teams=teams, rounds=rounds, seed=seed)
        build_s = round(time.perf_counter() - started, 1)
        analyze_tables(vacuum=True)  # the previous run's deleted event cleaned now, not during the measurement
        port = free_port()
        env = {
            "DEBUG": "false",
            "API_ANON_RATE": "100000000/min",
            "WEB_CONCURRENCY": str(workers),
            "GUNICORN_ACCESSLOG": "",
            # Steady state: no worker is replaced in the middle of a measurement (at 1,000 requests a second,
            # max_requests would replace each of them every few seconds, and time its start-up instead).
            "GUNICORN_MAX_REQUESTS": os.environ.get("GUNICORN_MAX_REQUESTS", "0"),
            "SECURE_SSL_REDIRECT": "false",
            "PYTHONUNBUFFERED": "1",
            # As in production (config.settings.production): pooled PostgreSQL connections.
            "DATABASE_POOL": os.environ.get("DATABASE_POOL", "true"),
        }
        gunicorn = gunicorn_start(port=port, env=env)
        try:
            result = self._measure(event, port=port, clients=clients, seconds=seconds, gunicorn=gunicorn)
        finally:
            server_stop(gunicorn)
            bench_event_delete(event=event)
        result = {
            "teams": teams,
            "rounds": rounds,
            "workers": workers,
            "clients": clients,
            "seconds": seconds,
            "build_s": build_s,
            "cache": settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1],
            **result,
        }
        for label in _MEASURED:
            figures = result[label]
            tail = f"p99 {figures['p99_ms']:7.2f} ms" if "p99_ms" in figures else f"p95 {figures['p95_ms']:7.2f} ms"
            self.stdout.write(
                f"{label:22}: {figures['rps']:8.1f} req/s   p50 {figures['p50_ms']:7.2f} ms   {tail}   "
                f"{figures['of_static']:.2f} x static"
            )
        self.stdout.write(json.dumps(result))

    def _measure(self, event, *, port: int, clients: int, seconds: float, gunicorn) -> dict:
        pairings = f"/events/{event.pk}/pairings/"
        standings = f"/api/v1/events/{event.pk}/standings/"
        give_up = time.monotonic() + 120
        while True:
            if gunicorn.poll() is not None:
                raise CommandError(f"gunicorn exited: {gunicorn.stderr.read().decode()[-2000:]}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                conn.request("GET", standings)
                response = conn.getresponse()
                response.read()
                etag = response.getheader("ETag")
                conn.close()
                if response.status == 200:
                    break
                raise CommandError(f"GET {standings} answered {response.status}")
            except OSError:
                if time.monotonic() > give_up:
                    raise CommandError("gunicorn didn't answer within 120 s") from None
                time.sleep(0.3)
        hammer = _wrk if shutil.which("wrk") else _hammer
        # A browser's state after its first visit: the csrftoken cookie (the floor fills the page's forms with it).
        # Every worker renders another page of the round first (templates loaded), so the first page's render
        # below is a render, not a cold start.
        _hammer(port, pairings + "?page=2", clients=clients, seconds=1.0, headers={}, expect=200)
        # The first page's first render, five times under five query strings that nothing stores yet (one
        # request lands on one worker and is one sample; their median is the figure).
        renders = []
        for sample in range(5):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            begin = time.perf_counter()
            conn.request("GET", pairings if sample == 0 else f"{pairings}?page=1&sample={sample}")
            answer = conn.getresponse()
            body = answer.read()
            renders.append(round((time.perf_counter() - begin) * 1000, 1))  # rendered, not yet stored anywhere
            conn.close()
            if sample == 0:
                first, page = answer, body
        first_render_ms = statistics.median(renders)
        cookie = re.search(r"csrftoken=([^;]+)", first.getheader("Set-Cookie") or "")
        visitor = {"Cookie": f"csrftoken={cookie.group(1)}"} if cookie else {}
        page_etag_value = first.getheader("ETag")
        # Warm every worker's connections and the shared cache.
        _hammer(port, pairings, clients=clients, seconds=1.0, headers=visitor, expect=200)
        _hammer(port, standings, clients=clients, seconds=1.0, headers={}, expect=200)
        measured = {
            "static_file": hammer(
                port, static("css/hydra.css"), clients=clients, seconds=seconds, headers={}, expect=200
            ),
            "pairings_html": hammer(port, pairings, clients=clients, seconds=seconds, headers=visitor, expect=200),
            "pairings_html_304": hammer(
                port,
                pairings,
                clients=clients,
                seconds=seconds,
                headers={**visitor, "If-None-Match": page_etag_value},
                expect=304,
            ),
            "standings_api": hammer(port, standings, clients=clients, seconds=seconds, headers={}, expect=200),
            "standings_api_304": hammer(
                port, standings, clients=clients, seconds=seconds, headers={"If-None-Match": etag}, expect=304
            ),
        }
        floor = measured["static_file"]["rps"]
        for figures in measured.values():
            figures["of_static"] = round(figures["rps"] / floor, 2) if floor else 0.0
        return {
            "client": "wrk" if hammer is _wrk else "python",
            "pairings_first_render_ms": first_render_ms,
            "pairings_first_render_samples_ms": renders,
            "pairings_page_bytes": len(page),
            **measured,
        }


_MEASURED = ("static_file", "pairings_html", "pairings_html_304", "standings_api", "standings_api_304")
