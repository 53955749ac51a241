"""`python manage.py export_event ID [-o FILE]`: the whole event as one JSON document (docs/event-format.md)."""

import json

from django.core.management.base import BaseCommand, CommandError

from eventfile.export import event_export
from tournaments.models import Event


class Command(BaseCommand):
    help = "Export an event as one JSON document (stdout, or -o FILE)."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("-o", "--output", help="Write to this file instead of standard output.")

    def handle(self, *args, event_id, output, **options):
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"There is no event with id {event_id}.")
        text = json.dumps(event_export(event=event), ensure_ascii=False, indent=1)
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
            self.stderr.write(f"Wrote {event} to {output}.")
        else:
            self.stdout.write(text)
