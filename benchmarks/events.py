"""The events the benchmarks build and delete again: made-up results for the standings engine, a whole public
event written in bulk, and its removal with everything it made."""

from __future__ import annotations

import random
import time

from django.contrib.auth import get_user_model
from django.db import connection, transaction

from tournaments.enums import Outcome, ResultState, RoundKind
from tournaments.models import Event, Player, Registration, Round, Seat, SeatMatch, Team, TeamMatch
from tournaments.standings import TeamMatchRecord

_GAMES = {"A": ((2, 0, 0), (2, 1, 0)), "B": ((0, 2, 0), (1, 2, 0)), "D": ((0, 0, 3), (1, 1, 1))}


def analyze_tables(*, vacuum: bool = False) -> None:
    """Refresh PostgreSQL's statistics of the tables an event day fills, as autovacuum does within a minute of
    thousands of new rows: a database that has held events has them; a fresh benchmark database would otherwise be
    planned as if it were empty. With `vacuum`, clear the dead rows too (VACUUM ANALYZE): every benchmark deletes its
    event at the end, and autovacuum cleaning those rows during the next run's measurement took half of some rates."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for model in (Registration, Seat, SeatMatch, Team, Player, TeamMatch, Round):
            table = connection.ops.quote_name(model._meta.db_table)
            cursor.execute(f"VACUUM ANALYZE {table}" if vacuum else f"ANALYZE {table}")


def random_event_records(*, teams: int, rounds: int, seed: int, games: bool = False) -> list[TeamMatchRecord]:
    """Results of a made-up event: every round pairs the teams at random, the odd one out gets a bye.

    Promises: the same arguments give the same records. Random pairing (with possible rematches) is enough to
    time standings, which cost the same whatever the pairing; it is not a Swiss pairing. With `games`, each match
    also carries its games (an individual event's records).
    """
    rng = random.Random(seed)
    ids = list(range(1, teams + 1))
    records = []
    for round_number in range(1, rounds + 1):
        rng.shuffle(ids)
        for i in range(0, teams - 1, 2):
            # Roughly what team events show: few team draws.
            outcome = rng.choices(("A", "B", "D"), weights=(45, 45, 10))[0]
            played = rng.choice(_GAMES[outcome]) if games else None
            records.append(
                TeamMatchRecord(round=round_number, team_a=ids[i], team_b=ids[i + 1], outcome=outcome, games=played)
            )
        if teams % 2:
            records.append(TeamMatchRecord(round=round_number, team_a=ids[-1], team_b=None, outcome="A"))
    return records


_SEATS = {"A": [(2, 0), (2, 1), (0, 2)], "B": [(0, 2), (1, 2), (2, 0)], "D": [(2, 0), (0, 2), (1, 1)]}


def build_bench_event(*, teams: int, rounds: int, seed: int) -> Event:
    """A public event of `teams` teams of three with `rounds` Swiss rounds of final results, built in bulk."""
    User = get_user_model()
    organizer = User.objects.create(username=f"bench-organizer-{seed}-{time.time_ns()}")
    event = Event.objects.create(
        name="API benchmark",
        date="2026-01-01",
        organizer=organizer,
        team_size=3,
        constructed_format="modern",
        swiss_rounds=rounds,
        is_public=True,
    )
    tag = f"bench{event.pk}"
    users = User.objects.bulk_create(User(username=f"{tag}-{i}") for i in range(3 * teams))
    players = Player.objects.bulk_create(Player(user=u, name=u.username) for u in users)
    team_rows = Team.objects.bulk_create(Team(name=f"{tag} team {i + 1}") for i in range(teams))
    registrations = Registration.objects.bulk_create(Registration(event=event, team=t) for t in team_rows)
    Seat.objects.bulk_create(
        Seat(registration=r, event=event, letter=letter, player=players[3 * i + k])
        for i, r in enumerate(registrations)
        for k, letter in enumerate("ABC")
    )
    round_rows = Round.objects.bulk_create(
        Round(event=event, number=n, kind=RoundKind.SWISS, is_finished=True) for n in range(1, rounds + 1)
    )
    by_number = {r.number: r for r in round_rows}
    tables: dict[int, int] = {}
    matches = []
    for record in random_event_records(teams=teams, rounds=rounds, seed=seed):
        tables[record.round] = tables.get(record.round, 0) + 1
        matches.append(
            TeamMatch(
                round=by_number[record.round],
                table=tables[record.round],
                team_a=registrations[record.team_a - 1],
                team_b=None if record.team_b is None else registrations[record.team_b - 1],
                outcome=Outcome(record.outcome),
                result_state=ResultState.FINAL,
            )
        )
    matches = TeamMatch.objects.bulk_create(matches, batch_size=2000)
    SeatMatch.objects.bulk_create(
        (
            SeatMatch(team_match=m, letter=letter, wins_a=a, wins_b=b, draws=0)
            for m in matches
            if m.team_b_id is not None
            for letter, (a, b) in zip("ABC", _SEATS[m.outcome])
        ),
        batch_size=5000,
    )
    return event


def bench_event_delete(*, event) -> None:
    """Remove the benchmark's event with its teams, players and accounts (matches protect registrations)."""
    with transaction.atomic():
        team_ids = list(event.registrations.values_list("team_id", flat=True))
        user_ids = list(Player.objects.filter(seats__event=event).values_list("user_id", flat=True))
        SeatMatch.objects.filter(team_match__round__event=event).delete()
        TeamMatch.objects.filter(round__event=event).delete()
        event.rounds.all().delete()
        event.registrations.all().delete()
        organizer_id = event.organizer_id
        event.delete()
        Team.objects.filter(pk__in=team_ids).delete()
        Player.objects.filter(user_id__in=user_ids).delete()
        get_user_model().objects.filter(pk__in=[*user_ids, organizer_id]).delete()
