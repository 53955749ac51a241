import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.download import SOURCES, DownloadError
from cards.importer import CardDataError
from cards.models import Card
from cards.services import BUNDLE_PATH, cards_import_file, cards_refresh

_LISTED = 10  # names shown per summary line; the rest are counted


class Command(BaseCommand):
    help = (
        "Import or update card data: an MTGJSON AllPrintings or AtomicCards file, a Scryfall bulk file "
        "(oracle-cards or default-cards), plain or compressed (.gz, .xz, .bz2, .zip); --download fetches the current "
        "one; without either, the card bundle Hydra ships. Cards, printings, sets and legalities are updated in "
        "place; cards that left the data stay for old decklists."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", nargs="?", help="card data file; default: the bundled cards")
        parser.add_argument("--bundled", action="store_true", help=f"import {BUNDLE_PATH.name} (the default)")
        parser.add_argument(
            "--download",
            nargs="?",
            const="mtgjson",
            choices=list(SOURCES),
            metavar="SOURCE",
            help=f"download the current data first: {', '.join(SOURCES)} (default mtgjson = AllPrintings)",
        )
        parser.add_argument("--url", default="", help="with --download: fetch from this address instead (a mirror)")
        parser.add_argument("--if-empty", action="store_true", help="do nothing when there are cards already (setup)")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar, even on a terminal")

    def handle(
        self, *args, path=None, bundled=False, download=None, url="", if_empty=False, no_progress=False, **options
    ):
        if sum(bool(x) for x in (path, bundled, download)) > 1:
            raise CommandError("Give one of PATH, --bundled or --download.")
        if url and not download:
            raise CommandError("--url goes with --download.")
        if if_empty and Card.objects.exists():
            self.stdout.write(f"Cards are loaded ({Card.objects.count()}); nothing to do.")
            return
        # lazy: rich's progress bars take half a second to import; a start with the cards loaded (--if-empty) skips them
        from rich.console import Console
        from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

        console = Console(file=self.stderr._out, stderr=True)
        bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            DownloadColumn(),
            TimeRemainingColumn(),
            console=console,
            disable=no_progress or not console.is_terminal,
            transient=True,
        )
        started = time.perf_counter()
        with bar:
            source = Path(path) if path else BUNDLE_PATH
            reading = bar.add_task(
                f"Reading {source.name}" if not download else f"Downloading ({download})",
                total=source.stat().st_size if not download and source.is_file() else None,
            )
            read = lambda done: bar.update(reading, completed=done)  # noqa: E731
            stage = lambda stage: bar.update(reading, description=f"Writing {stage}")  # noqa: E731
            try:
                if download:
                    result = cards_refresh(
                        source=download,
                        url=url,
                        progress=read,
                        stage=stage,
                        download_progress=lambda done, total: bar.update(reading, completed=done, total=total),
                    )
                else:
                    result = cards_import_file(path=source, progress=read, stage=stage)
            except (CardDataError, DownloadError) as exc:
                raise CommandError(str(exc)) from None
        self._summary(result, source=result.source or source.name, seconds=time.perf_counter() - started)

    def _summary(self, result, *, source: str, seconds: float) -> None:
        def listed(names) -> str:
            shown = ", ".join(names[:_LISTED])
            return shown + (f" and {len(names) - _LISTED} more" if len(names) > _LISTED else "")

        date = f" (data of {result.data_date})" if result.data_date else ""
        self.stdout.write(
            f"Imported {result.total} cards ({result.created} new, {result.updated} updated), {result.names} names "
            f"and {result.printings} printings from {source}{date} in {seconds:.1f} s."
        )
        if result.new_cards and result.updated:
            self.stdout.write(f"New cards: {listed(result.new_cards)}.")
        if result.changed_legalities:
            self.stdout.write(
                f"Changed legalities: {len(result.changed_legalities)} cards: {listed(result.changed_legalities)}."
            )
        if result.new_sets:
            self.stdout.write(f"New sets: {len(result.new_sets)}: {listed(result.new_sets)}.")
