from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournaments.services.demo import demo_load, demo_parts_load


class Command(BaseCommand):
    help = (
        "Load Hydra's demo data (an organizer, a 3-person team event with 8 teams, a Friday Night Magic of 8 "
        "players) and print the logins."
    )

    def add_arguments(self, parser):
        parser.add_argument("--url", default="http://127.0.0.1:8000", help="where Hydra will be served (printed)")

    def handle(self, *args, url, **options):
        url = url.rstrip("/")
        if not settings.DEBUG:
            raise CommandError("Demo data has known passwords: load it only with DEBUG on (development).")
        logins = demo_load()
        self.stdout.write(self.style.SUCCESS("Demo data is ready."))
        self.stdout.write(
            f"  Organizer login: {logins.organizer} / {logins.password}  ->  {url}/organize/ "
            "(the organizer's console: every event, its desk, a new event)"
        )
        self.stdout.write(f"  Event: {logins.event}  ->  {url}/events/{logins.event.pk}/")
        self.stdout.write(f"  Player logins (password {logins.password}): {', '.join(logins.players)}")
        self.stdout.write(
            f"  Friday Night Magic (Standard, round 1 played): {logins.fnm}  ->  {url}/events/{logins.fnm.pk}/desk/"
        )
        self.stdout.write(f"  Its players (password {logins.password}): {', '.join(logins.fnm_players)}")
        for line in demo_parts_load(url=url):  # the features' parts: drafting's Rochester table
            self.stdout.write(line)
