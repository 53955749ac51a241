"""bench_ratings --database: the generated history as real rows, and the timed rebuild over them, rolled back.

Only the benchmark uses this module. Everything it writes is inside one transaction that is rolled back, so it
can run against a development database without leaving anything behind.
"""

from __future__ import annotations

import datetime as dt
import statistics
import time

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db import connection, transaction
from django.test import RequestFactory

from ratings import views
from ratings.categories import Category
from ratings.elo import RatedMatch
from ratings.models import RatingHistory
from ratings.services import category_recalculate
from tournaments.enums import EventStatus, FormatKind, RatingImportance, ResultState, RoundKind, Structure
from tournaments.models import Event, Player, Registration, Round, Seat, Team, TeamMatch


def _build(history: list[RatedMatch], *, team_size: int) -> None:
    User = get_user_model()
    player_ids = sorted({p for m in history for p in (*m.team_a, *m.team_b)})
    organizer = User.objects.create(username="bench-ratings-organizer")
    users = User.objects.bulk_create([User(username=f"bench-ratings-{p}") for p in player_ids], batch_size=5000)
    players = Player.objects.bulk_create(
        [Player(user=u, name=f"Player {p}") for u, p in zip(users, player_ids)], batch_size=5000
    )
    pk_of = {p: player.pk for p, player in zip(player_ids, players)}

    by_event: dict[int, list[RatedMatch]] = {}
    for match in history:
        by_event.setdefault(match.event, []).append(match)
    start = dt.date(2020, 1, 1)
    events = Event.objects.bulk_create(
        [
            Event(
                name=f"Bench {e}",
                date=start + dt.timedelta(days=e // 3),
                organizer=organizer,
                team_size=team_size,
                structure=Structure.SEAT_AGAINST_SEAT,
                format_kind=FormatKind.TEAM_CONSTRUCTED,
                constructed_format="modern",
                status=EventStatus.FINISHED,
                rating_importance=RatingImportance.CASUAL if matches[0].k == 16 else RatingImportance.COMPETITIVE,
            )
            for e, matches in by_event.items()
        ],
        batch_size=2000,
    )
    event_pk = {e: event.pk for e, event in zip(by_event, events)}

    entries = []  # (event, team tuple)
    for e, matches in by_event.items():
        seen = {}
        for m in matches:
            for team in (m.team_a, m.team_b):
                seen.setdefault(team, None)
        entries.extend((e, team) for team in seen)
    teams = Team.objects.bulk_create([Team(name=f"Bench team {i}") for i in range(len(entries))], batch_size=5000)
    registrations = Registration.objects.bulk_create(
        [Registration(event_id=event_pk[e], team=t) for (e, _), t in zip(entries, teams)], batch_size=5000
    )
    reg_of = {key: r.pk for key, r in zip(entries, registrations)}
    Seat.objects.bulk_create(
        [
            Seat(registration_id=reg_of[(e, team)], event_id=event_pk[e], letter="ABCDEFGH"[i], player_id=pk_of[p])
            for (e, team) in entries
            for i, p in enumerate(team)
        ],
        batch_size=5000,
    )
    rounds = {}
    round_rows = []
    for e, matches in by_event.items():
        per_round = max(1, len(matches) // 5 + (1 if len(matches) % 5 else 0))
        for n in range(1, (len(matches) + per_round - 1) // per_round + 1):
            round_rows.append(Round(event_id=event_pk[e], number=n, kind=RoundKind.SWISS, is_finished=True))
            rounds[(e, n)] = round_rows[-1]
    Round.objects.bulk_create(round_rows, batch_size=5000)
    match_rows = []
    for e, matches in by_event.items():
        per_round = max(1, len(matches) // 5 + (1 if len(matches) % 5 else 0))
        for i, m in enumerate(matches):
            match_rows.append(
                TeamMatch(
                    round_id=rounds[(e, i // per_round + 1)].pk,
                    table=i % per_round + 1,
                    team_a_id=reg_of[(e, m.team_a)],
                    team_b_id=reg_of[(e, m.team_b)],
                    outcome=m.outcome,
                    result_state=ResultState.FINAL,
                )
            )
    TeamMatch.objects.bulk_create(match_rows, batch_size=5000)


def time_database_rebuild(*, history: list[RatedMatch], team_size: int) -> dict:
    """Write `history` as events and results, then time category_recalculate over them; roll everything back.

    Returns build_ms (not part of the rebuild) and db_ms, db_players, db_matches, db_history_rows.
    """
    with transaction.atomic():
        started = time.perf_counter()
        _build(history, team_size=team_size)
        if connection.vendor == "postgresql":
            # Foreign keys are checked at commit (deferred), and this transaction never commits: check the built
            # rows now (untimed) and the rebuild's rows as they are written (timed), as a real commit would.
            with connection.cursor() as cursor:
                cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        build_ms = (time.perf_counter() - started) * 1000
        started, cpu = time.perf_counter(), time.process_time()
        summary = category_recalculate(category=Category("constructed", team_size))
        db_ms = (time.perf_counter() - started) * 1000
        db_cpu_ms = (time.process_time() - cpu) * 1000
        rows = RatingHistory.objects.filter(category_id=summary.category).count()
        page_ms = _time_leaderboard_page(summary.category)
        transaction.set_rollback(True)
    return {
        "build_ms": round(build_ms),
        "db_ms": round(db_ms, 1),
        "db_cpu_ms": round(db_cpu_ms, 1),
        "db_players": summary.players,
        "db_matches": summary.matches,
        "db_history_rows": rows,
        "page_ms": page_ms,
    }


def _time_leaderboard_page(slug: str, runs: int = 7) -> dict:
    """Median wall and CPU time (ms) of rendering the leaderboard's first, middle and last page (50 rows each, of
    all the category's players): {"first": ..., "first_cpu": ..., ...}."""
    factory = RequestFactory()
    figures = {}
    for name, page in (("first", 1), ("middle", 100), ("last", "last")):
        timings, cpu_timings = [], []
        for _ in range(runs):
            request = factory.get(f"/ratings/{slug}/", {"page": page})
            request.user = AnonymousUser()
            started, cpu = time.perf_counter(), time.process_time()
            response = views.leaderboard(request, slug)
            timings.append((time.perf_counter() - started) * 1000)
            cpu_timings.append((time.process_time() - cpu) * 1000)
            assert response.status_code == 200
        figures[name] = round(statistics.median(timings), 1)
        figures[f"{name}_cpu"] = round(statistics.median(cpu_timings), 1)
    return figures
