import time

from django.core.management.base import BaseCommand, CommandError

from cards.importer import CardDataError
from cards.services import BUNDLE_PATH, cards_import_file


class Command(BaseCommand):
    help = (
        "Import card data: an MTGJSON AtomicCards file, a Scryfall bulk file (oracle-cards) or, without PATH, "
        "the card bundle Hydra ships. Plain or gzip-compressed JSON. Cards already present are updated in place."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", nargs="?", help="card data file; default: the bundled cards")
        parser.add_argument("--bundled", action="store_true", help=f"import {BUNDLE_PATH.name} (the default)")

    def handle(self, *args, path=None, bundled=False, **options):
        if path and bundled:
            raise CommandError("Give a PATH or --bundled, not both.")
        started = time.perf_counter()
        try:
            result = cards_import_file(path=path)
        except CardDataError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            f"Imported {result.total} cards ({result.created} new, {result.updated} updated) and "
            f"{result.names} names from {path or BUNDLE_PATH} in {time.perf_counter() - started:.1f} s."
        )
