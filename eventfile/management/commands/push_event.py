"""`python manage.py push_event ID --to URL --token T`: send an event to another Hydra (docs/venue.md)."""

from django.core.management.base import BaseCommand, CommandError

from eventfile.cli import sync_run
from eventfile.remote import event_push
from tournaments.models import Event


class Command(BaseCommand):
    help = (
        "Send event ID to the Hydra at URL through its API (an organizer token there): imported the first time, "
        "replaced afterwards. Refused, saying what differs, when the event there changed since the last sync."
    )

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("--to", required=True, help="the other Hydra, e.g. https://hydra.example.org")
        parser.add_argument(
            "--token", required=True, help="an organizer's API token there (create_api_token --organizer)"
        )

    def handle(self, *args, event_id, to, token, **options):
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"There is no event {event_id} here.")
        result = sync_run(event_push, event=event, to=to, token=token)
        said = {
            "created": "created there as event {r}",
            "replaced": "event {r} there replaced",
            "unchanged": "nothing to do: event {r} there is the same",
        }[result.action]
        self.stdout.write(
            f"Event {event.pk} ({event.name}) pushed to {to}: " + said.format(r=result.remote_event_id) + "."
        )
