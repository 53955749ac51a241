"""Delete kept Idempotency-Key responses older than a day (they only serve retries)."""

import datetime as dt

from django.core.management.base import BaseCommand
from django.utils import timezone

from api.models import IdempotencyKey


class Command(BaseCommand):
    help = "Delete Idempotency-Key records older than --hours (default 24)."

    def add_arguments(self, parser):
        parser.add_argument("--hours", type=int, default=24)

    def handle(self, *args, hours, **options):
        deleted, _ = IdempotencyKey.objects.filter(created_at__lt=timezone.now() - dt.timedelta(hours=hours)).delete()
        self.stdout.write(f"Deleted {deleted} idempotency keys.")
