import datetime as dt
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.decklist import MAX_BYTES
from cards.deckrules import CHECKED_FORMATS, UNIFIED_RULES
from cards.selectors import team_decklists_check
from cards.services import cards_ensure_loaded


class Command(BaseCommand):
    help = (
        "Check a team's decklists (MTGO or Arena exports, one file per player) against the deck construction "
        "rules (RULES.md 5). Prints every problem; exits 1 when the team is illegal, 0 when legal."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE", help="one decklist per team member, in seat order")
        formats = parser.add_mutually_exclusive_group(required=True)
        formats.add_argument("--format", help=f"the format every member plays: {', '.join(CHECKED_FORMATS)}")
        formats.add_argument("--formats", help="a mixed-format team: one format per file, comma-separated")
        parser.add_argument(
            "--rule",
            default=UNIFIED_RULES[0],
            choices=UNIFIED_RULES,
            help="unified deck construction (default: four-copies)",
        )
        parser.add_argument("--banned", default="", help="the event's own banned cards, separated by ';'")
        parser.add_argument(
            "--date",
            type=dt.date.fromisoformat,
            default=None,
            help="the event's date, YYYY-MM-DD: judge by the legalities of the card data of that date",
        )
        parser.add_argument(
            "--2hg",
            dest="two_headed_giant",
            action="store_true",
            help="Two-Headed Giant constructed: no sideboards, Erayo banned",
        )

    def handle(self, *args, files, format, formats, rule, banned, two_headed_giant, date=None, **options):
        if formats is not None:
            seat_formats = [f.strip().lower() for f in formats.split(",")]
            if len(seat_formats) != len(files):
                raise CommandError(
                    f"--formats names {len(seat_formats)} formats for {len(files)} files; give one per file."
                )
        else:
            seat_formats = format.strip().lower()
        for fmt in [seat_formats] if isinstance(seat_formats, str) else seat_formats:
            if fmt not in CHECKED_FORMATS:
                raise CommandError(f"Unknown format {fmt!r}: use one of {', '.join(CHECKED_FORMATS)}.")
        if len(set(files)) != len(files):
            raise CommandError("The same file is given twice; give one decklist per team member.")
        decklists = []
        for name in files:
            path = Path(name)
            try:
                with path.open("rb") as fh:
                    # Read one byte past the limit so the parser can say the file is too large.
                    decklists.append((str(path), fh.read(MAX_BYTES + 1)))
            except OSError as exc:
                raise CommandError(f"Cannot read {path}: {exc.strerror}.") from None
        if cards_ensure_loaded():
            self.stderr.write("The card table was empty: imported the bundled cards.")
        check = team_decklists_check(
            decklists=decklists,
            rule=rule,
            formats=seat_formats,
            extra_banned=[b.strip() for b in banned.split(";") if b.strip()],
            two_headed_giant=two_headed_giant,
            on_date=date,
        )
        if check.data_date:
            self.stdout.write(f"Legalities of the card data of {check.data_date.isoformat()}.")
        if check.notice:
            self.stdout.write(self.style.WARNING(check.notice))
        for label, errors in check.parse_errors.items():
            for error in errors:
                self.stdout.write(f"{label}: {error.message}")
        for problem in check.problems:
            self.stdout.write(f"[{problem.code}] {problem.message}")
        if not check.legal:
            count = len(check.problems) + sum(len(e) for e in check.parse_errors.values())
            self.stdout.write(self.style.ERROR(f"Illegal: {count} problem{'s' if count != 1 else ''}."))
            sys.exit(1)
        self.stdout.write(self.style.SUCCESS(f"Legal: {len(files)} deck{'s' if len(files) != 1 else ''}."))
