"""Make the VAPID key pair for Web Push once (make run, make serve and make venue run it); a second run keeps it."""

from django.core.management.base import BaseCommand

from notifications.vapid import vapid_keys_ensure, vapid_public_key


class Command(BaseCommand):
    help = "Make Hydra's Web Push (VAPID) key pair under var/ unless it exists, and print the public key."

    def handle(self, *args, **options) -> None:
        path, made = vapid_keys_ensure()
        self.stdout.write(f"{'Made' if made else 'Kept'} the VAPID key {path}; public key {vapid_public_key()}")
