"""Benchmark: the desk of a 256-team event and the projector of a 1,024-team event, rendered at the server.

    python manage.py bench_desk [--teams 256] [--screen-teams 1024] [--repeat 5]

Builds the events in the database it runs against (in a transaction rolled back at the end), times the pages
through Django's test client (views, selectors, templates; no network), and prints the figures; the last line
is one JSON object. Targets (issue 16): desk under 300 ms, projector under 200 ms, queries independent of the
number of teams.
"""

import datetime as dt
import json
import statistics
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import connection, models, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tournaments.enums import EventStatus, Outcome, ResultState, RoundKind
from tournaments.models import Event, Player, Registration, Round, Seat, SeatMatch, Team, TeamMatch

TARGET_DESK_MS = 300
TARGET_SCREEN_MS = 200


def build_event(*, teams: int, organizer, rounds_done: int = 2, prefix: str = "") -> Event:
    """A running event of `teams` teams of three: `rounds_done` rounds with final results, the next paired with
    three quarters of its results in. Bulk-written, so 1,024 teams take seconds."""
    User = get_user_model()
    tag = prefix or f"b{int(time.time() * 1000) % 10**9}_{teams}"
    event = Event.objects.create(
        name=f"Bench {teams}",
        date=dt.date.today(),
        organizer=organizer,
        team_size=3,
        constructed_format="modern",
        swiss_rounds=rounds_done + 2,
        status=EventStatus.RUNNING,
    )
    users = User.objects.bulk_create([User(username=f"{tag}_{i}") for i in range(teams * 3)])
    players = Player.objects.bulk_create([Player(user=u, name=f"Player {i}") for i, u in enumerate(users)])
    team_rows = Team.objects.bulk_create([Team(name=f"{tag} Team {i:04d}") for i in range(teams)])
    registrations = Registration.objects.bulk_create([Registration(event=event, team=t) for t in team_rows])
    Seat.objects.bulk_create(
        [
            Seat(registration=r, event=event, letter=letter, player=players[i * 3 + k])
            for i, r in enumerate(registrations)
            for k, letter in enumerate("ABC")
        ]
    )
    for number in range(1, rounds_done + 2):
        round_ = Round.objects.create(
            event=event, number=number, kind=RoundKind.SWISS, is_finished=number <= rounds_done
        )
        order = registrations[number - 1 :] + registrations[: number - 1]
        matches = []
        for table, i in enumerate(range(0, len(order) - 1, 2), start=1):
            done = number <= rounds_done or table % 4 != 0
            matches.append(
                TeamMatch(
                    round=round_,
                    table=table,
                    team_a=order[i],
                    team_b=order[i + 1],
                    outcome=Outcome.A_WINS if done else "",
                    result_state=ResultState.FINAL if done else ResultState.PENDING,
                )
            )
        matches = TeamMatch.objects.bulk_create(matches)
        SeatMatch.objects.bulk_create(
            [
                SeatMatch(team_match=m, letter=x, wins_a=2, wins_b=1 if x != "C" else 2, draws=0)
                if x != "C"
                else SeatMatch(team_match=m, letter=x, wins_a=0, wins_b=2)
                for m in matches
                if m.outcome
                for x in "ABC"
            ]
        )
    return event


def _time(client: Client, url: str, repeat: int) -> tuple[float, int]:
    client.get(url)  # warm: templates compiled, caches filled
    return _measure(client, url, repeat)


def _cold(client: Client, url: str, event: Event, repeat: int) -> float:
    """The page right after a change (Event.version bumped, so nothing cached applies), median of `repeat`."""
    times = []
    for _ in range(repeat):
        Event.objects.filter(pk=event.pk).update(version=models.F("version") + 1)
        start = time.perf_counter()
        assert client.get(url).status_code == 200
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _measure(client: Client, url: str, repeat: int) -> tuple[float, int]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.status_code
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return statistics.median(times), len(queries)


class Command(BaseCommand):
    help = "Time the desk (256 teams) and the projector (1,024 teams); the last line is JSON."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=256)
        parser.add_argument("--screen-teams", type=int, default=1024)
        parser.add_argument("--repeat", type=int, default=5)

    def handle(self, *args, teams: int, screen_teams: int, repeat: int, **options):
        figures = {}
        with transaction.atomic():
            organizer = get_user_model().objects.create(username=f"bench_desk_{int(time.time())}", is_staff=True)
            desk_event = build_event(teams=teams, organizer=organizer, prefix=f"d{teams}_{organizer.pk}")
            screen_event = build_event(
                teams=screen_teams, organizer=organizer, prefix=f"s{screen_teams}_{organizer.pk}"
            )
            small_event = build_event(teams=16, organizer=organizer, prefix=f"x16_{organizer.pk}")
            client = Client(HTTP_HOST="localhost")
            client.force_login(organizer)
            desk_ms, desk_queries = _time(client, f"/events/{desk_event.pk}/desk/", repeat)
            _ms, desk_queries_small = _time(client, f"/events/{small_event.pk}/desk/", 1)
            screen_ms, screen_queries = _time(client, f"/events/{screen_event.pk}/screen/", repeat)
            screen_cold_ms = _cold(client, f"/events/{screen_event.pk}/screen/", screen_event, repeat)
            desk_cold_ms = _cold(client, f"/events/{desk_event.pk}/desk/", desk_event, repeat)
            _ms, screen_queries_small = _time(client, f"/events/{small_event.pk}/screen/", 1)
            transaction.set_rollback(True)
        figures = {
            "desk_teams": teams,
            "desk_ms": round(desk_ms, 1),
            "desk_queries": desk_queries,
            "desk_queries_16_teams": desk_queries_small,
            "desk_target_ms": TARGET_DESK_MS,
            "screen_teams": screen_teams,
            "screen_ms": round(screen_ms, 1),
            "screen_queries": screen_queries,
            "screen_queries_16_teams": screen_queries_small,
            "screen_target_ms": TARGET_SCREEN_MS,
            "screen_after_change_ms": round(screen_cold_ms, 1),
            "desk_after_change_ms": round(desk_cold_ms, 1),
            "desk_ok": desk_ms < TARGET_DESK_MS and desk_queries == desk_queries_small,
            "screen_ok": screen_ms < TARGET_SCREEN_MS and screen_queries == screen_queries_small,
            "screen_after_change_ok": screen_cold_ms < TARGET_SCREEN_MS,
        }
        self.stdout.write(
            f"desk, {teams} teams: {figures['desk_ms']} ms median of {repeat}, {desk_queries} queries "
            f"({desk_queries_small} with 16 teams)"
        )
        self.stdout.write(
            f"projector, {screen_teams} teams: {figures['screen_ms']} ms median of {repeat}, "
            f"{screen_queries} queries ({screen_queries_small} with 16 teams); right after a change "
            f"(nothing cached): {figures['screen_after_change_ms']} ms"
        )
        self.stdout.write(f"desk right after a change: {figures['desk_after_change_ms']} ms")
        self.stdout.write(json.dumps(figures))
