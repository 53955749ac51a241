"""`python manage.py bench_regional --players 1028 --rounds 15`: how long a Regional Championship takes to import
whole and to compare with its published standings (issue 51).

Generates the MTGODecklistCache JSON of such an event (benchmarks/regional.py: Swiss rounds paired by points, the
Day 2 cut after round 8 at 15 match points, drops, byes, "3-0-0" slips, a top 8), imports it as `import_event`
does, then runs `compare_standings` on the file (which imports it again inside a transaction it rolls back). All of
it in one transaction, rolled back: it keeps nothing. The last line is one JSON object of the figures.
"""

import json
import tempfile
import time
from io import StringIO

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction

from benchmarks.regional import regional_document
from eventfile.importer import event_import


class _RolledBack(Exception):
    pass


class Command(BaseCommand):
    help = "Time importing a generated Regional Championship and comparing its standings; prints one JSON line."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=1028)
        parser.add_argument("--rounds", type=int, default=15)
        parser.add_argument("--cut-after", type=int, default=8, dest="cut_after")
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, players, rounds, cut_after, seed, **options):
        document = regional_document(players=players, rounds=rounds, cut_after=cut_after, seed=seed)
        for row in document["Standings"]:
            del row["Rank"]  # generated ranks follow points only: the published tiebreakers aren't generated
        try:
            with transaction.atomic():
                user = get_user_model().objects.create(username=f"bench-regional-{time.time_ns()}", is_active=False)
                started = time.perf_counter()
                event = event_import(document=document, user=user)
                imported = time.perf_counter() - started
                cut = (event.day2_cut_round, len(event.import_warnings))
                with tempfile.NamedTemporaryFile("w", suffix=".json") as file:
                    json.dump(document, file)
                    file.flush()
                    out = StringIO()
                    started = time.perf_counter()
                    call_command("compare_standings", file.name, stdout=out)
                    compared = time.perf_counter() - started
                raise _RolledBack
        except _RolledBack:
            pass
        report = json.loads(out.getvalue().strip().splitlines()[-1])
        figures = {
            "players": players,
            "rounds": rounds,
            "matches": sum(len(r["Matches"]) for r in document["Rounds"]),
            "import_s": round(imported, 2),
            "compare_s": round(compared, 2),
            "day2_cut_round": cut[0],
            "warnings": cut[1],
            "differences": len(report["differences"]),
        }
        self.stdout.write(json.dumps(figures))
