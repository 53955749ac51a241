"""Benchmark an event day's turnaround through the API: `python manage.py bench_turnaround [--teams 1024
--rounds 4 --results 64]`.

On the configured database (run `migrate` first; what it makes is deleted at the end, as bench_public does), with an organizer API token through Django's test Client (in this process, no network):

- imports the teams (three players each) as one CSV body to POST /api/v1/events/<id>/teams/import; one player in
  eight already has an account, named by username, e-mail or name, so account matching is part of the figure;
- pairs each round with POST /api/v1/events/<id>/rounds/, enters `--results` of its results through
  POST .../matches/<id>/result (the rest are written in bulk, as if entered at other desks), then asks
  GET /api/v1/events/<id>/standings/ once after the change (computed) and again (from the shared cache);

and prints the wall time (ms) and the queries of each, the last line one JSON object of figures.
"""

from __future__ import annotations

import json
import random
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import Client, override_settings

from api.services import api_token_create
from api.views.standings import standings_ahead_ready
from benchmarks.events import analyze_tables, bench_event_delete
from common.memory import settle_heap
from tournaments.enums import Outcome, ResultState
from tournaments.models import Event, Player, TeamMatch
from tournaments.services.scoreboard import event_bump_version
from tournaments.services.roles import organizer_role_grant


def _timed(call, *, expect: int) -> tuple[float, int, object]:
    queries = [0]

    def count(execute, sql, params, many, context):
        queries[0] += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        begin = time.perf_counter()
        response = call()
        elapsed = (time.perf_counter() - begin) * 1000
    if response.status_code != expect:
        raise CommandError(f"{response.status_code} (expected {expect}): {response.content[:500]!r}")
    return elapsed, queries[0], response


AHEAD_WAIT_SECONDS = 10.0


def _wait_ahead(*, event_id: int) -> float | None:
    """Wait until a worker has computed the standings of the event's current version ahead; the ms that took, or
    None when none did within AHEAD_WAIT_SECONDS (no worker running: the first answer then computes them)."""
    begin = time.perf_counter()
    event = Event.objects.get(pk=event_id)
    while not standings_ahead_ready(event=event):
        if time.perf_counter() - begin > AHEAD_WAIT_SECONDS:
            return None
        time.sleep(0.005)
    return (time.perf_counter() - begin) * 1000


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def bench_team_csv(*, teams: int, tag: str) -> str:
    """A team list of `teams` teams of three (CSV); one player in eight is an existing account, named by its
    username, its e-mail address or its player name in turn (created here)."""
    User = get_user_model()
    lines = ["team,seat,player"]
    existing = []
    for i in range(teams):
        for k, letter in enumerate("ABC"):
            n = 3 * i + k
            name = f"{tag} player {n}"
            if n % 8 == 0:
                existing.append(User(username=f"{tag}-u{n}", email=f"{tag}-{n}@example.org"))
                name = (existing[-1].username, existing[-1].email, f"{tag} known {n}")[(n // 8) % 3]
            lines.append(f"{tag} team {i + 1},{letter},{name}")
    users = User.objects.bulk_create(existing)
    Player.objects.bulk_create(Player(user=u, name=f"{tag} known {u.username.rsplit('u', 1)[1]}") for u in users)
    return "\n".join(lines) + "\n"


class Command(BaseCommand):
    help = "Import, pairing, result and standings times of a large event through the API (one JSON line)."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=1024)
        parser.add_argument("--rounds", type=int, default=4, help="Swiss rounds to pair (and enter results of).")
        parser.add_argument("--results", type=int, default=64, help="Results per round entered through the API.")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--phases",
            action="store_true",
            help="Split the rounds into two phases through the API (docs/phases.md) and start the "
            "second one (POST .../phases/start/) before its first round; the phase's start is "
            "timed apart from the pairings.",
        )

    def handle(self, *args, teams, rounds, results, seed, phases=False, **options):
        if teams < 2 or rounds < 1 or results < 1:
            raise CommandError("--teams must be 2 or more, --rounds and --results 1 or more")
        if phases and rounds < 2:
            raise CommandError("--phases needs 2 rounds or more")
        rest = {"DEFAULT_THROTTLE_RATES": {"anon": None}}
        with override_settings(
            DEBUG=False, ALLOWED_HOSTS=["testserver"], REST_FRAMEWORK={**settings.REST_FRAMEWORK, **rest}
        ):
            figures = self._measure(teams=teams, rounds=rounds, results=results, seed=seed, phases=phases)
        figures = {
            "teams": teams,
            "rounds": rounds,
            "results_per_round": results,
            "phases": phases,
            "database": connection.vendor,
            **figures,
        }
        self.stdout.write(
            f"import {figures['import_ms']:.0f} ms ({figures['import_queries']} queries); pairing p50 "
            f"{figures['pairing_p50_ms']} ms, max {figures['pairing_max_ms']} ms; result p50 {figures['result_p50_ms']} "
            f"ms; standings {figures['standings_p50_ms']} ms computed, {figures['standings_cached_p50_ms']} ms cached, "
            f"{figures['standings_first_p50_ms']} ms first after a change computed ahead by a worker "
            f"({figures['standings_ahead_rounds']} of {rounds} rounds ready within {AHEAD_WAIT_SECONDS:.0f} s)"
        )
        self.stdout.write(json.dumps(figures))

    def _measure(self, *, teams: int, rounds: int, results: int, seed: int, phases: bool = False) -> dict:
        User = get_user_model()
        rng = random.Random(seed)
        organizer = User.objects.create(username=f"bench-turnaround-{time.time_ns()}")
        event = Event.objects.create(
            name="Turnaround benchmark",
            date="2026-01-01",
            organizer=organizer,
            team_size=3,
            constructed_format="modern",
            swiss_rounds=max(rounds, 1),
            is_public=True,
        )
        organizer_role_grant(user=organizer)
        _token, secret = api_token_create(event=None, user=organizer, name="bench", organizer=True)
        client = Client(headers={"Authorization": f"Token {secret}"})
        try:
            return self._day(
                event=event, client=client, teams=teams, rounds=rounds, results=results, rng=rng, phases=phases
            )
        finally:
            tag = f"turn{event.pk}"
            bench_event_delete(event=event)
            # The list's existing accounts are invited, never seated (docs/permissions.md): not among the seats.
            User.objects.filter(username__startswith=f"{tag}-u").delete()

    def _day(self, *, event, client, teams: int, rounds: int, results: int, rng, phases: bool = False) -> dict:
        base = f"/api/v1/events/{event.pk}"
        csv = bench_team_csv(teams=teams, tag=f"turn{event.pk}")
        client.get(f"{base}/rounds/")  # load the URLconf and the views before anything is timed
        settle_heap()  # as a web process does once loaded (config/asgi.py)
        import_ms, import_queries, _response = _timed(
            lambda: client.post(f"{base}/teams/import", data=csv, content_type="text/csv"), expect=201
        )
        analyze_tables()
        phase_start_ms = None
        if phases:  # two phases of the event's own format: the plan's queries are in every pairing's figure
            for count in (rounds // 2, rounds - rounds // 2):
                _timed(
                    lambda count=count: client.post(
                        f"{base}/phases/",
                        data={"format_kind": "team_constructed", "rounds": count},
                        content_type="application/json",
                    ),
                    expect=201,
                )
        pairing, pairing_q, result_ms, result_q, standings, standings_q, cached = [], [], [], [], [], [], []
        first, first_q, ahead_ready = [], [], []
        for _round in range(rounds):
            if phases and _round == rounds // 2:
                phase_start_ms, _queries, _response = _timed(
                    lambda: client.post(f"{base}/phases/start/", data={}, content_type="application/json"), expect=201
                )
            ms, queries, response = _timed(
                lambda: client.post(f"{base}/rounds/", data={}, content_type="application/json"), expect=201
            )
            pairing.append(ms)
            pairing_q.append(queries)
            number = response.json()["number"]
            open_matches = list(
                TeamMatch.objects.filter(round__event=event, round__number=number, team_b__isnull=False)
                .order_by("table")
                .values_list("pk", flat=True)
            )
            through_api = set(rng.sample(open_matches, min(results, len(open_matches))))
            for pk in through_api:
                typed = rng.choice(["2-0 2-1 0-2", "0-2 1-2 2-0", "2-0 2-0 2-0"])
                ms, queries, _response = _timed(
                    lambda pk=pk, typed=typed: client.post(
                        f"{base}/matches/{pk}/result", data={"result": typed}, content_type="application/json"
                    ),
                    expect=200,
                )
                result_ms.append(ms)
                result_q.append(queries)
            rest = [pk for pk in open_matches if pk not in through_api]
            for outcome in (Outcome.A_WINS, Outcome.B_WINS):
                half = rest[: len(rest) // 2] if outcome == Outcome.A_WINS else rest[len(rest) // 2 :]
                TeamMatch.objects.filter(pk__in=half).update(outcome=outcome, result_state=ResultState.FINAL)
            analyze_tables()
            anonymous = Client()
            with override_settings(HYDRA_STANDINGS_AHEAD=False):  # computed by the first request
                event_bump_version(event_id=event.pk)
            ms, queries, _response = _timed(lambda anonymous=anonymous: anonymous.get(f"{base}/standings/"), expect=200)
            standings.append(ms)
            standings_q.append(queries)
            ms, _queries, _response = _timed(
                lambda anonymous=anonymous: anonymous.get(f"{base}/standings/"), expect=200
            )
            cached.append(ms)
            # As in production: the change sends a worker to compute the standings ahead (api/tasks.py); the first
            # answer after it, once the worker is done (or after AHEAD_WAIT_SECONDS without a worker), is timed.
            with override_settings(HYDRA_STANDINGS_AHEAD=True):
                event_bump_version(event_id=event.pk)
            ready = _wait_ahead(event_id=event.pk)
            if ready is not None:
                ahead_ready.append(ready)
            ms, queries, _response = _timed(lambda anonymous=anonymous: anonymous.get(f"{base}/standings/"), expect=200)
            first.append(ms)
            first_q.append(queries)
        return {
            "import_ms": round(import_ms, 1),
            "import_queries": import_queries,
            "pairing_p50_ms": _p(pairing, 0.5),
            "pairing_max_ms": round(max(pairing), 2),
            "pairing_queries": max(pairing_q),
            "phase_start_ms": None if phase_start_ms is None else round(phase_start_ms, 1),
            "result_p50_ms": _p(result_ms, 0.5),
            "result_p95_ms": _p(result_ms, 0.95),
            "result_queries": max(result_q),
            "standings_p50_ms": _p(standings, 0.5),
            "standings_max_ms": round(max(standings), 2),
            "standings_queries": max(standings_q),
            "standings_cached_p50_ms": _p(cached, 0.5),
            "standings_first_p50_ms": _p(first, 0.5),
            "standings_first_max_ms": round(max(first), 2),
            "standings_first_queries": max(first_q),
            "standings_ahead_ready_p50_ms": _p(ahead_ready, 0.5) if ahead_ready else None,
            "standings_ahead_rounds": len(ahead_ready),
            "pairing_ms": [round(x, 1) for x in pairing],
            "standings_ms": [round(x, 1) for x in standings],
        }
