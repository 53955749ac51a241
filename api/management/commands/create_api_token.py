"""Create an API token.

    python manage.py create_api_token --event 12 --user alice --name "Desk 2"     # a scorekeeper's, one event
    python manage.py create_api_token --user alice --organizer --name "Desk"      # an organizer's

Prints the token text once; only its hash is stored. `--organizer` gives the account the organizer role (the
Organizers group) when it doesn't hold it yet, and says so.
"""

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from api.services import api_token_create
from tournaments.models import Event
from tournaments.services.roles import organizer_role_grant


class Command(BaseCommand):
    help = "Create an API token (a scorekeeper's for one event, or an organizer's); prints the token once."

    def add_arguments(self, parser):
        parser.add_argument("--event", type=int, help="The event's id (scorekeeper tokens).")
        parser.add_argument(
            "--organizer",
            action="store_true",
            help="An organizer token: creates events and runs every event the user organizes.",
        )
        parser.add_argument("--user", required=True, help="Username the token acts as.")
        parser.add_argument("--name", default=None, help="A label: which desk or person holds it.")

    def handle(self, *args, event, organizer, user, name, **options):
        if organizer == (event is not None):
            raise CommandError("Give either --event ID (a scorekeeper token) or --organizer (an organizer token).")
        found = None
        if event is not None:
            found = Event.objects.filter(pk=event).first()
            if found is None:
                raise CommandError(f"There is no event with id {event}.")
        person = get_user_model().objects.filter(username=user).first()
        if person is None:
            raise CommandError(f"There is no user named {user!r}.")
        if found is None and organizer_role_grant(user=person):
            self.stderr.write(f"{person.username} now holds the organizer role (group Organizers).")
        try:
            token, raw = api_token_create(
                event=found,
                user=person,
                name=name or ("Organizer" if organizer else "Scorekeeper"),
                organizer=organizer,
            )
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from exc
        scope = "all events it organizes" if organizer else str(found)
        self.stderr.write(
            f"Token {token.prefix} for {scope}, acting as {person.username}. Copy it now; it is not stored:"
        )
        self.stdout.write(raw)
