"""`python manage.py import_event FILE --organizer NAME`: recreate an event from its JSON document."""
import json

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from eventfile.importer import event_import


class Command(BaseCommand):
    help = "Import an event from its JSON document (as written by export_event or GET /api/v1/events/ID/export)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="The event file (- for standard input).")
        parser.add_argument("--organizer", help="Username of the new event's organizer (default: the first superuser).")

    def handle(self, *args, file, organizer, **options):
        User = get_user_model()
        user = (User.objects.filter(username=organizer).first() if organizer
                else User.objects.filter(is_superuser=True).order_by("pk").first())
        if user is None:
            raise CommandError(f"There is no user named {organizer!r}." if organizer
                               else "There is no superuser to own the event: pass --organizer NAME.")
        try:
            if file == "-":
                import sys

                document = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    document = json.load(handle)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CommandError(f"Can't read {file}: {exc}") from exc
        try:
            event = event_import(document=document, user=user)
        except ValidationError as exc:
            lines = [f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items()] if hasattr(exc, "error_dict") else exc.messages
            raise CommandError("The file was not imported:\n" + "\n".join(lines)) from exc
        self.stderr.write(f"Imported {event} as event {event.pk}, organized by {user.username}.")
        self.stdout.write(str(event.pk))
