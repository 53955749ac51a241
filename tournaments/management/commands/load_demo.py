from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from drafting.services.demo import draft_demo_load
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
        draft = draft_demo_load()
        self.stdout.write(f"  Team Rochester draft: {draft.table} ({draft.table.get_status_display()}).")
        self.stdout.write("    Start it in the admin (Draft tables > action Start), then sign in as each player in its own")
        self.stdout.write("    browser window (or private window) at http://127.0.0.1:8000/draft/ :")
        for seat, login in draft.seats:
            self.stdout.write(f"      {seat}: {login} / {draft.password}")
