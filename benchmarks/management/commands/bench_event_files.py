"""`python manage.py bench_event_files --teams 256 --rounds 10`: how long a whole event takes to import and export.

Builds the event file of a finished Swiss event of that size (teams of three with decklists, every round paired
and played), imports it, exports it, and imports the export again; then deletes what it made. The last line is
one JSON object of the figures.
"""

import json
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from drafting.models import DraftTable
from eventfile.export import FORMAT, VERSION, event_export
from eventfile.importer import event_import
from tournaments.models import Event, Player, Team, TeamMatch

DECK = "4 Lightning Bolt\n4 Goblin Guide\n4 Monastery Swiftspear\n4 Lava Spike\n4 Rift Bolt\n40 Mountain\n"


def synthetic_event(*, teams: int, rounds: int, tag: str) -> dict:
    """The file of a finished Swiss event: `teams` teams of three, `rounds` rounds, team A winning 2-1 each time."""
    names = [f"{tag} Team {i:04d}" for i in range(teams)]
    document = {
        "format": FORMAT,
        "version": VERSION,
        "event": {
            "name": f"{tag} benchmark",
            "date": "2026-12-01",
            "team_size": 3,
            "format_kind": "team_constructed",
            "constructed_format": "modern",
            "swiss_rounds": rounds,
            "top_cut": 0,
            "status": "finished",
        },
        "teams": [
            {
                "name": name,
                "joined_round": 1,
                "missed_rounds_as_losses": False,
                "dropped_round": None,
                "disqualified": None,
                "topcut_seed": None,
                "seats": [
                    {
                        "seat": s,
                        "player": f"{tag} Player {i:04d}{s}",
                        "decklist": {
                            "text": DECK,
                            "main": {"Lightning Bolt": 4, "Mountain": 40},
                            "sideboard": {},
                            "errors": [],
                        },
                    }
                    for s in "ABC"
                ],
            }
            for i, name in enumerate(names)
        ],
        "rounds": [],
    }
    for number in range(1, rounds + 1):
        # A rotation (circle method) keeps every pairing new for up to teams - 1 rounds.
        order = [0] + [1 + (i + number - 1) % (teams - 1) for i in range(teams - 1)]
        matches = []
        for table in range(teams // 2):
            a, b = order[table], order[teams - 1 - table]
            matches.append(
                {
                    "table": table + 1,
                    "team_a": names[a],
                    "team_b": names[b],
                    "result_state": "final",
                    "outcome": "A",
                    "games": None,
                    "dispute_note": "",
                    "seats": [
                        {"letter": x, "wins_a": w[0], "wins_b": w[1], "draws": 0}
                        for x, w in zip("ABC", [(2, 0), (2, 1), (0, 2)])
                    ],
                }
            )
        document["rounds"].append(
            {"number": number, "kind": "swiss", "seed": number, "is_finished": True, "matches": matches}
        )
    return document


class Command(BaseCommand):
    help = "Time the import and export of a whole event file; the last line is one JSON object."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=256)
        parser.add_argument("--rounds", type=int, default=10)

    def handle(self, *args, teams, rounds, **options):
        user, _created = get_user_model().objects.get_or_create(username="bench-event-files")
        tag = f"Bench{int(time.time())}"
        document = synthetic_event(teams=teams, rounds=rounds, tag=tag)
        size = len(json.dumps(document))
        try:
            started = time.perf_counter()
            event = event_import(document=document, user=user)
            import_s = time.perf_counter() - started
            started = time.perf_counter()
            exported = event_export(event=event)
            text = json.dumps(exported)
            export_s = time.perf_counter() - started
            started = time.perf_counter()
            copy = event_import(document=json.loads(text), user=user)
            reimport_s = time.perf_counter() - started
        finally:
            with transaction.atomic():
                mine = Event.objects.filter(organizer=user)
                TeamMatch.objects.filter(round__event__in=mine).delete()
                DraftTable.objects.filter(event__in=mine).delete()
                mine.delete()
                Team.objects.filter(name__startswith=tag).delete()
                players = Player.objects.filter(name__startswith=tag)
                get_user_model().objects.filter(player__in=players).delete()
        del copy
        figures = {
            "teams": teams,
            "rounds": rounds,
            "matches": teams // 2 * rounds,
            "file_bytes": size,
            "import_s": round(import_s, 3),
            "export_s": round(export_s, 3),
            "reimport_s": round(reimport_s, 3),
        }
        self.stdout.write(f"import {import_s:.2f} s, export {export_s:.2f} s, import of the export {reimport_s:.2f} s")
        self.stdout.write(json.dumps(figures))
