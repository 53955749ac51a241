"""Benchmark the standings endpoint: `python manage.py bench_api [--teams 1024 --rounds 10 --requests 200]`.

Builds an event of that size (every round paired at random, every result final) inside a transaction that is
rolled back at the end, so the configured database is left as it was (run `migrate` first). Then it calls
GET /api/v1/events/<id>/standings/ through Django's test Client, in this process (no network), without and
with If-None-Match, and prints requests per second and latency p50 / p95 for both, as text and as one JSON line.
"""
from __future__ import annotations

import json
import statistics
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.test import Client, override_settings

from tournaments.enums import Outcome, ResultState, RoundKind
from tournaments.management.commands.bench_standings import random_event_records
from tournaments.models import Event, Player, Registration, Round, Seat, SeatMatch, Team, TeamMatch

_SEATS = {"A": [(2, 0), (2, 1), (0, 2)], "B": [(0, 2), (1, 2), (2, 0)], "D": [(2, 0), (0, 2), (1, 1)]}


class _Rollback(Exception):
    pass


def build_bench_event(*, teams: int, rounds: int, seed: int) -> Event:
    """A public event of `teams` teams of three with `rounds` Swiss rounds of final results, built in bulk."""
    User = get_user_model()
    organizer = User.objects.create(username=f"bench-organizer-{seed}-{time.time_ns()}")
    event = Event.objects.create(name="API benchmark", date="2026-01-01", organizer=organizer, team_size=3,
                                 constructed_format="modern", swiss_rounds=rounds, is_public=True)
    tag = f"bench{event.pk}"
    users = User.objects.bulk_create(User(username=f"{tag}-{i}") for i in range(3 * teams))
    players = Player.objects.bulk_create(Player(user=u, name=u.username) for u in users)
    team_rows = Team.objects.bulk_create(Team(name=f"{tag} team {i + 1}") for i in range(teams))
    registrations = Registration.objects.bulk_create(Registration(event=event, team=t) for t in team_rows)
    Seat.objects.bulk_create(
        Seat(registration=r, event=event, letter=letter, player=players[3 * i + k])
        for i, r in enumerate(registrations) for k, letter in enumerate("ABC")
    )
    round_rows = Round.objects.bulk_create(
        Round(event=event, number=n, kind=RoundKind.SWISS, is_finished=True) for n in range(1, rounds + 1)
    )
    by_number = {r.number: r for r in round_rows}
    tables: dict[int, int] = {}
    matches = []
    for record in random_event_records(teams=teams, rounds=rounds, seed=seed):
        tables[record.round] = tables.get(record.round, 0) + 1
        matches.append(TeamMatch(
            round=by_number[record.round], table=tables[record.round], team_a=registrations[record.team_a - 1],
            team_b=None if record.team_b is None else registrations[record.team_b - 1],
            outcome=Outcome(record.outcome), result_state=ResultState.FINAL,
        ))
    matches = TeamMatch.objects.bulk_create(matches, batch_size=2000)
    SeatMatch.objects.bulk_create(
        (SeatMatch(team_match=m, letter=letter, wins_a=a, wins_b=b, draws=0)
         for m in matches if m.team_b_id is not None
         for letter, (a, b) in zip("ABC", _SEATS[m.outcome])),
        batch_size=5000,
    )
    return event


def _run(client: Client, url: str, *, requests: int, headers: dict, expect: int) -> dict:
    timings = []
    start = time.perf_counter()
    for _ in range(requests):
        begin = time.perf_counter()
        response = client.get(url, **headers)
        timings.append((time.perf_counter() - begin) * 1000)
        if response.status_code != expect:
            raise CommandError(f"GET {url} answered {response.status_code}, expected {expect}: {response.content[:300]!r}")
    elapsed = time.perf_counter() - start
    timings.sort()
    return {
        "rps": round(requests / elapsed, 1),
        "p50_ms": round(statistics.median(timings), 2),
        "p95_ms": round(timings[min(len(timings) - 1, int(0.95 * len(timings)))], 2),
    }


class Command(BaseCommand):
    help = "Requests per second and latency (p50, p95) of the standings endpoint, without and with the ETag."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=1024)
        parser.add_argument("--rounds", type=int, default=10)
        parser.add_argument("--requests", type=int, default=200, help="Requests per measurement.")
        parser.add_argument("--page-size", type=int, default=100, help="Standings rows per response (cap 500).")
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, teams, rounds, requests, page_size, seed, **options):
        if teams < 2 or rounds < 1 or requests < 1:
            raise CommandError("--teams must be 2 or more, --rounds and --requests 1 or more")
        result: dict = {}
        try:
            with transaction.atomic():
                started = time.perf_counter()
                event = build_bench_event(teams=teams, rounds=rounds, seed=seed)
                result["build_s"] = round(time.perf_counter() - started, 1)
                result.update(self._measure(event, requests=requests, page_size=page_size))
                raise _Rollback
        except _Rollback:
            pass
        result = {"teams": teams, "rounds": rounds, "requests": requests, "page_size": page_size, **result}
        for label in ("full", "etag_304"):
            figures = result[label]
            self.stdout.write(
                f"standings {label:9}: {figures['rps']:8.1f} req/s   p50 {figures['p50_ms']:7.2f} ms   "
                f"p95 {figures['p95_ms']:7.2f} ms"
            )
        self.stdout.write(json.dumps(result))

    def _measure(self, event: Event, *, requests: int, page_size: int) -> dict:
        rest = {"DEFAULT_THROTTLE_RATES": {"anon": None}}
        from django.conf import settings

        with override_settings(DEBUG=False, ALLOWED_HOSTS=["testserver"],
                               REST_FRAMEWORK={**settings.REST_FRAMEWORK, **rest}):
            client = Client()
            url = f"/api/v1/events/{event.pk}/standings/?page_size={page_size}"
            first = client.get(url)
            if first.status_code != 200:
                raise CommandError(f"GET {url} answered {first.status_code}: {first.content[:300]!r}")
            warm = max(1, requests // 20)
            _run(client, url, requests=warm, headers={}, expect=200)
            full = _run(client, url, requests=requests, headers={}, expect=200)
            etag = {"HTTP_IF_NONE_MATCH": first["ETag"]}
            _run(client, url, requests=warm, headers=etag, expect=304)
            cached = _run(client, url, requests=requests, headers=etag, expect=304)
        return {"bytes": len(first.content), "full": full, "etag_304": cached}
