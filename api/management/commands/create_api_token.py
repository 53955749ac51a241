"""Create a scorekeeper token: `python manage.py create_api_token --event 12 --user alice --name "Desk 2"`.

Prints the token text once; only its hash is stored.
"""
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from api.services import api_token_create
from tournaments.models import Event


class Command(BaseCommand):
    help = "Create an API token that enters final results for one event; prints the token once."

    def add_arguments(self, parser):
        parser.add_argument("--event", type=int, required=True, help="The event's id.")
        parser.add_argument("--user", required=True, help="Username the results are recorded under.")
        parser.add_argument("--name", default="Scorekeeper", help="A label: which desk or person holds it.")

    def handle(self, *args, event, user, name, **options):
        found = Event.objects.filter(pk=event).first()
        if found is None:
            raise CommandError(f"There is no event with id {event}.")
        person = get_user_model().objects.filter(username=user).first()
        if person is None:
            raise CommandError(f"There is no user named {user!r}.")
        token, raw = api_token_create(event=found, user=person, name=name)
        self.stderr.write(f"Token {token.prefix} for {found} acting as {person.username}. Copy it now; it is not stored:")
        self.stdout.write(raw)
