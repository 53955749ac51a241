"""`python manage.py import_event FILE [FILE ...] --organizer NAME [--team-size N]`: recreate an event from its JSON
document, or a team event from the MTGODecklistCache files of its seats."""

import json
import sys

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from eventfile.cli import organizer_named, validation_message
from eventfile.importer import event_import


def _load(file: str):
    try:
        if file == "-":
            return json.load(sys.stdin)
        with open(file, encoding="utf-8-sig") as handle:
            return json.load(handle)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CommandError(f"Can't read {file}: {exc}") from exc


class Command(BaseCommand):
    help = (
        "Import an event from its JSON document (as written by export_event or GET /api/v1/events/ID/export), or a "
        "finished MTGO or Melee event in MTGODecklistCache JSON: an individual event, or with --team-size a team "
        "event from one file or one file per seat (in seat order), or a finished TopDeck.gg pod event (its API's "
        "tournament JSON) as a multiplayer pod event. Warnings (what a file had to be read as, or "
        "doesn't add up) are printed to standard error."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "files",
            nargs="+",
            metavar="FILE",
            help="The event file (- for standard input); for a "
            "team event, one MTGODecklistCache file per seat, seat A first, or one for the team.",
        )
        parser.add_argument("--organizer", help="Username of the new event's organizer (default: the first superuser).")
        parser.add_argument(
            "--team-size",
            type=int,
            dest="team_size",
            help="MTGODecklistCache files only: the event's team size (3 for a trios event).",
        )

    def handle(self, *args, files, organizer, team_size, **options):
        user = organizer_named(organizer)
        documents = [_load(file) for file in files]
        document = documents[0] if len(documents) == 1 else {"files": documents}
        if len(documents) > 1 and team_size is None:
            raise CommandError("Several files are one team event's seats: give --team-size.")
        try:
            event = event_import(document=document, user=user, team_size=team_size)
        except ValidationError as exc:
            raise CommandError("The file was not imported:\n" + validation_message(exc)) from exc
        for warning in event.import_warnings:
            self.stderr.write(f"Warning: {warning}")
        self.stderr.write(f"Imported {event} as event {event.pk}, organized by {user.username}.")
        self.stdout.write(str(event.pk))
