"""`python manage.py import_event FILE --organizer NAME`: recreate an event from its JSON document."""
import json
import sys

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from eventfile.cli import organizer_named, validation_message
from eventfile.importer import event_import


class Command(BaseCommand):
    help = ("Import an event from its JSON document (as written by export_event or GET /api/v1/events/ID/export), or a "
            "finished MTGO or Melee event in MTGODecklistCache JSON as an individual event.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="The event file (- for standard input).")
        parser.add_argument("--organizer", help="Username of the new event's organizer (default: the first superuser).")

    def handle(self, *args, file, organizer, **options):
        user = organizer_named(organizer)
        try:
            if file == "-":
                document = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    document = json.load(handle)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CommandError(f"Can't read {file}: {exc}") from exc
        try:
            event = event_import(document=document, user=user)
        except ValidationError as exc:
            raise CommandError("The file was not imported:\n" + validation_message(exc)) from exc
        self.stderr.write(f"Imported {event} as event {event.pk}, organized by {user.username}.")
        self.stdout.write(str(event.pk))
