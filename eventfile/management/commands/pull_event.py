"""`python manage.py pull_event ID --from URL --token T`: bring an event back from another Hydra (docs/venue.md)."""

from django.core.management.base import BaseCommand, CommandError

from eventfile.cli import organizer_named, sync_run
from eventfile.remote import event_pull
from tournaments.models import Event


class Command(BaseCommand):
    help = (
        "Bring an event from the Hydra at URL: into event ID here (replaced, same id), or with --new as a new "
        "event. Refused, saying what differs, when the event here changed since the last sync."
    )

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int, nargs="?", help="the event here (omit with --new)")
        parser.add_argument(
            "--from", dest="source", required=True, help="the other Hydra, e.g. https://hydra.example.org"
        )
        parser.add_argument("--token", required=True, help="an organizer's API token there")
        parser.add_argument("--remote-id", type=int, help="the event's id there (default: the one of the last sync)")
        parser.add_argument("--new", action="store_true", help="create a new event here (needs --remote-id)")
        parser.add_argument(
            "--organizer", help="with --new: the new event's organizer here (default: the first superuser)"
        )

    def handle(self, *args, event_id=None, source, token, remote_id=None, new=False, organizer=None, **options):
        event = owner = None
        if new:
            if event_id is not None or remote_id is None:
                raise CommandError("--new takes no event id here, and needs --remote-id (the event's id there).")
            owner = organizer_named(organizer)
        else:
            if event_id is None:
                raise CommandError("Give the event's id here, or --new --remote-id N to bring a new event.")
            event = Event.objects.filter(pk=event_id).first()
            if event is None:
                raise CommandError(f"There is no event {event_id} here.")
        result = sync_run(event_pull, source=source, token=token, event=event, remote_id=remote_id, organizer=owner)
        said = {
            "created": "created here as event {e}",
            "replaced": "event {e} here replaced",
            "unchanged": "nothing to do: event {e} here is the same",
        }[result.action]
        self.stdout.write(
            f"Event {result.remote_event_id} pulled from {source}: " + said.format(e=result.event_id) + "."
        )
