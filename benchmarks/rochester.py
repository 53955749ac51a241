"""Team Rochester tables for the draft benchmarks (bench_draft, bench_live_push): set up and deleted again."""

from __future__ import annotations

import time

from django.contrib.auth import get_user_model

from drafting.models import DraftSettings, DraftTable
from drafting.services.tables import draft_table_choose, draft_table_generate_packs, draft_tables_create
from tournaments.enums import DraftStructure, FormatKind
from tournaments.models import Event, Player, Registration, Seat, Team

BENCH_PREFIX = "bench-draft"


def setup(options, write) -> list[DraftTable]:
    """`--tables` Rochester tables of two teams (of `--team-size`) of new players, packs generated, not started."""
    size = options["team_size"]
    user_model = get_user_model()
    organizer, _ = user_model.objects.get_or_create(username=f"{BENCH_PREFIX}-organizer", defaults={"is_staff": True})
    event = Event.objects.create(
        name=f"{BENCH_PREFIX} event",
        date=time.strftime("%Y-%m-%d"),
        organizer=organizer,
        team_size=size,
        format_kind=FormatKind.TEAM_ROCHESTER,
        draft_structure=DraftStructure.ONE_DRAFT,
        rochester_teams_of_two=size == 2,
    )
    DraftSettings.objects.create(event=event, set_code=options["set"], review_seconds=None, pick_seconds=None)
    users = user_model.objects.bulk_create(
        user_model(username=f"{BENCH_PREFIX}-{k}") for k in range(2 * size * options["tables"])
    )
    players = Player.objects.bulk_create(Player(user=u, name=u.username) for u in users)
    for t in range(2 * options["tables"]):
        team = Team.objects.create(name=f"{BENCH_PREFIX} team {t}")
        registration = Registration.objects.create(event=event, team=team)
        Seat.objects.bulk_create(
            Seat(registration=registration, event=event, letter=letter, player=players[t * size + k])
            for k, letter in enumerate(event.seat_letters)
        )
    tables = draft_tables_create(event=event, by=organizer, seed=options["seed"])
    DraftTable.objects.filter(event=event).update(
        review_seconds=options["review_seconds"], pick_seconds=options["pick_seconds"]
    )
    for table in tables:
        draft_table_choose(table_id=table.pk, first_team=table.chooser, by=organizer)
        draft_table_generate_packs(table_id=table.pk, by=organizer, seed=f"bench-{table.number}")
    write(f"{len(tables)} tables set up: {len(tables) * tables[0].pack_count} packs.")
    return list(DraftTable.objects.filter(event=event).select_related("event"))


def cleanup() -> None:
    """Delete every table, event, team, player and account setup() made (by their names)."""
    events = Event.objects.filter(name=f"{BENCH_PREFIX} event")
    DraftTable.objects.filter(event__in=events).delete()
    events.delete()
    Team.objects.filter(name__startswith=f"{BENCH_PREFIX} team").delete()
    Player.objects.filter(user__username__startswith=BENCH_PREFIX).delete()
    get_user_model().objects.filter(username__startswith=BENCH_PREFIX).delete()
