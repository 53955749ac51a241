from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournaments.services.demo import demo_load


class Command(BaseCommand):
    help = "Load Hydra's demo data (an organizer, a 3-person team event with 8 teams) and print the logins."

    def handle(self, *args, **options):
        if not settings.DEBUG:
            raise CommandError("Demo data has known passwords: load it only with DEBUG on (development).")
        logins = demo_load()
        self.stdout.write(self.style.SUCCESS("Demo data is ready."))
        self.stdout.write(f"  Organizer login: {logins.organizer} / {logins.password}  ->  http://127.0.0.1:8000/admin/")
        self.stdout.write(f"  Event: {logins.event}")
        self.stdout.write(f"  Player logins (password {logins.password}): {', '.join(logins.players)}")
