"""Benchmark the notifications of a pairing (issue 41): `python manage.py bench_notify [--players 2048 --repeat 3]`.

PostgreSQL and Redis as the broker (DATABASE_URL, CELERY_BROKER_URL): it starts a Celery worker (prefork,
`--concurrency`) and a local stand-in for a Web Push service (benchmarks/pushserver.py, answering 201 as FCM does),
builds an individual event of `--players` players, each with a browser subscribed to push, and pairs round 1
through POST /api/v1/events/<id>/rounds/ (an organizer token, Django's test Client in this process):

- `--repeat` times with notifications off (HYDRA_NOTIFY=False) and as many with them on, alternating, the round
  taken back between runs (not timed): the pairing request's own time each way;
- for each run with them on, from the pairing's commit until each player's push reached the push service (p50,
  p95, max over the players) and until the last player's notification was in the inbox.

What it makes is deleted at the end. The last line is one JSON object of figures.
"""

from __future__ import annotations

import json
import statistics
import time

from celery import current_app
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.db.models.signals import post_save
from django.test import Client, override_settings

from api.services import api_token_create
from benchmarks.events import analyze_tables, bench_event_delete
from benchmarks.pushserver import FakePushService
from benchmarks.servers import start_worker, stop_worker, worker_database_url
from notifications.kinds import NoticeKind
from notifications.models import Notification, PushSubscription
from notifications.vapid import vapid_keys_ensure
from tournaments.models import Event, EventLogEntry, Player, Registration, Seat, Team
from tournaments.services.roles import organizer_role_grant
from tournaments.services.rounds import round_take_back

WAIT_SECONDS = 120.0


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


def build_individual_event(*, players: int, push: FakePushService) -> Event:
    """An individual event of `players` players, each with one browser subscribed to push at the fake service."""
    User = get_user_model()
    organizer = User.objects.create(username=f"bench-notify-{time.time_ns()}")
    event = Event.objects.create(
        name="Notify benchmark",
        date="2026-01-01",
        organizer=organizer,
        team_size=1,
        constructed_format="modern",
        swiss_rounds=5,
        is_public=True,
    )
    tag = f"notify{event.pk}"
    users = User.objects.bulk_create(User(username=f"{tag}-{i}") for i in range(players))
    people = Player.objects.bulk_create(Player(user=u, name=u.username) for u in users)
    teams = Team.objects.bulk_create(Team(name=p.name) for p in people)
    registrations = Registration.objects.bulk_create(Registration(event=event, team=t) for t in teams)
    Seat.objects.bulk_create(
        Seat(registration=r, event=event, letter="A", player=p) for r, p in zip(registrations, people, strict=True)
    )
    subscriptions = []
    for user in users:
        endpoint, keys = push.endpoint(str(user.pk))
        subscriptions.append(PushSubscription(person=user, endpoint=endpoint, p256dh=keys.p256dh, auth=keys.auth))
    PushSubscription.objects.bulk_create(subscriptions, batch_size=1000)
    organizer_role_grant(user=organizer)
    return event


class Command(BaseCommand):
    help = "Time from a pairing's commit to every player's push and inbox, and the pairing's cost (one JSON line)."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=2048)
        parser.add_argument("--repeat", type=int, default=3, help="Pairings with notifications off, and as many on.")
        parser.add_argument("--concurrency", type=int, default=2, help="The worker's processes.")

    def handle(self, *args, players, repeat, concurrency, **options):
        if players < 2 or repeat < 1:
            raise CommandError("--players must be 2 or more, --repeat 1 or more")
        if connection.vendor != "postgresql":
            raise CommandError("bench_notify needs PostgreSQL: set DATABASE_URL=postgres://...")
        broker = current_app.conf.broker_url or settings.CELERY_BROKER_URL
        if not str(broker).startswith("redis://"):
            raise CommandError("bench_notify needs Redis as the broker: set CELERY_BROKER_URL=redis://...")
        vapid_keys_ensure()
        rest = {"DEFAULT_THROTTLE_RATES": {"anon": None}}
        with (
            FakePushService(decrypt=False) as push,
            override_settings(
                DEBUG=False, ALLOWED_HOSTS=["testserver"], REST_FRAMEWORK={**settings.REST_FRAMEWORK, **rest}
            ),
        ):
            worker = start_worker(
                database_url=worker_database_url(),
                broker_url=broker,
                concurrency=concurrency,
                pool="prefork",
                beat=False,
            )
            event = build_individual_event(players=players, push=push)
            try:
                figures = self._measure(event=event, push=push, players=players, repeat=repeat)
            finally:
                stop_worker(worker)
                bench_event_delete(event=event)
        figures = {"players": players, "repeat": repeat, "concurrency": concurrency, **figures}
        self.stdout.write(
            f"push p50 {figures['push_p50_ms']} ms, p95 {figures['push_p95_ms']} ms, max {figures['push_max_ms']} ms; "
            f"inbox max {figures['inbox_max_ms']} ms; pairing {figures['pairing_without_ms']} ms without, "
            f"{figures['pairing_with_ms']} ms with notifications ({figures['pairing_slowdown_pct']:+.1f} %)"
        )
        self.stdout.write(json.dumps(figures))

    def _measure(self, *, event: Event, push: FakePushService, players: int, repeat: int) -> dict:
        _token, secret = api_token_create(event=None, user=event.organizer, name="bench", organizer=True)
        client = Client(headers={"Authorization": f"Token {secret}"})
        url = f"/api/v1/events/{event.pk}/rounds/"
        client.get(url)  # the URLconf and the views loaded before anything is timed
        analyze_tables()
        committed = {}

        def stamp(sender, instance, created, **kwargs):
            if created:
                transaction.on_commit(lambda: committed.update(mono=time.monotonic(), wall=time.time()))

        post_save.connect(stamp, sender=EventLogEntry, dispatch_uid="bench_notify.stamp")
        without, with_, push_ms, inbox_ms = [], [], [], []
        try:
            for run in range(2 * repeat):
                on = run % 2 == 1
                push.received.clear()
                with override_settings(HYDRA_NOTIFY=on):
                    begin = time.perf_counter()
                    response = client.post(url, data={}, content_type="application/json")
                    elapsed = (time.perf_counter() - begin) * 1000
                if response.status_code != 201:
                    raise CommandError(f"pairing answered {response.status_code}: {response.content[:300]!r}")
                (with_ if on else without).append(elapsed)
                round_ = event.rounds.get(number=response.json()["number"])
                if on:
                    arrivals, last_row = self._wait(push=push, event=event, players=players, round_=round_)
                    push_ms += [(at - committed["mono"]) * 1000 for at in arrivals]
                    inbox_ms.append((last_row - committed["wall"]) * 1000)
                round_take_back(round_=round_, user=event.organizer)
        finally:
            post_save.disconnect(sender=EventLogEntry, dispatch_uid="bench_notify.stamp")
        pairing_without, pairing_with = statistics.median(without), statistics.median(with_)
        return {
            "push_p50_ms": _p(push_ms, 0.5),
            "push_p95_ms": _p(push_ms, 0.95),
            "push_max_ms": round(max(push_ms), 1),
            "inbox_max_ms": round(max(inbox_ms), 1),
            "pushes": len(push_ms),
            "pairing_without_ms": round(pairing_without, 1),
            "pairing_with_ms": round(pairing_with, 1),
            "pairing_slowdown_pct": round(100 * (pairing_with / pairing_without - 1), 1),
            "pairing_without_runs_ms": [round(x, 1) for x in without],
            "pairing_with_runs_ms": [round(x, 1) for x in with_],
        }

    def _wait(self, *, push: FakePushService, event: Event, players: int, round_) -> tuple[list[float], float]:
        """Until every player's push arrived and every notification of the round is in the inbox: the arrival
        times and the newest row's creation time (wall clock)."""
        sources = [f"match:{pk}" for pk in round_.matches.values_list("pk", flat=True)]
        give_up = time.monotonic() + WAIT_SECONDS
        rows = Notification.objects.filter(event=event, kind=NoticeKind.ROUND_PAIRED, source__in=sources)
        while True:
            if len(push.received) >= players and rows.count() >= players:
                break
            if time.monotonic() > give_up:
                raise CommandError(
                    f"after {WAIT_SECONDS:.0f} s only {len(push.received)} pushes and "
                    f"{rows.count()} notifications of {players} arrived"
                )
            time.sleep(0.01)
        newest = rows.order_by("-created_at").values_list("created_at", flat=True).first()
        return [at for _path, at, _text in push.received], newest.timestamp()
