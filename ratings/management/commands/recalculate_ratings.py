"""Rebuild ratings from all results: `python manage.py recalculate_ratings [--category constructed-3 ...]`.

Prints a line per category, then one JSON object (the last line) with the totals and the time taken.
"""

from __future__ import annotations

import json
import time

from django.core.management.base import BaseCommand, CommandError

from ratings.categories import parse_category
from ratings.services import ratings_recalculate


class Command(BaseCommand):
    help = "Rebuild every rating and rating history from all results (or only the categories named)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--category",
            action="append",
            default=[],
            help='A category to rebuild ("constructed-3", "limited-2", "2hg", "3hs-3"); repeatable.',
        )

    def handle(self, *args, category, **options):
        categories = None
        if category:
            categories = [parse_category(slug) for slug in category]
            unknown = [slug for slug, parsed in zip(category, categories) if parsed is None]
            if unknown:
                raise CommandError(
                    f"Unknown rating category: {', '.join(unknown)}. "
                    "Use constructed-N, limited-N (teams of N, 2 to 8, or 1 for individual "
                    "events), 2hg or 3hs-N."
                )
        started = time.perf_counter()
        summaries = ratings_recalculate(categories=categories)
        ms = (time.perf_counter() - started) * 1000
        for s in summaries:
            self.stdout.write(f"{s.category}: {s.players} players, {s.matches} team matches, {s.events} events")
        self.stdout.write(
            json.dumps(
                {
                    "categories": [s.category for s in summaries],
                    "players": sum(s.players for s in summaries),
                    "matches": sum(s.matches for s in summaries),
                    "events": sum(s.events for s in summaries),
                    "ms": round(ms, 1),
                }
            )
        )
