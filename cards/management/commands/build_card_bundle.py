from django.core.management.base import BaseCommand, CommandError

from cards.bundle import BUNDLE_FORMATS, BUNDLE_LANGUAGES, bundle_build
from cards.importer import CardDataError


class Command(BaseCommand):
    help = (
        "Build Hydra's compact card bundle (cards/data/cards.json.xz) from an MTGJSON AtomicCards file, keeping "
        "only what Hydra uses: names, faces, types, mana value, colours, the legalities of the constructed "
        "formats, deck limits and the printed names in the languages Hydra's players use."
    )

    def add_arguments(self, parser):
        parser.add_argument("source", help="MTGJSON AtomicCards.json(.gz) (or a Scryfall bulk file)")
        parser.add_argument("out", help="where to write the bundle, e.g. cards/data/cards.json.xz")
        parser.add_argument("--formats", default=",".join(BUNDLE_FORMATS), help="formats whose legalities to keep")
        parser.add_argument(
            "--sets", help="MTGJSON SetList.json: the sets Hydra knows (set codes are checked against them)"
        )
        parser.add_argument(
            "--supplement",
            help="older card data (e.g. the previous cards/data/cards.json.xz) whose printed names in other languages "
            "and oracle ids fill the cards the source lacks them for",
        )
        parser.add_argument("--languages", default=",".join(BUNDLE_LANGUAGES), help="language codes to keep")

    def handle(self, *args, source, out, formats, languages, sets=None, supplement=None, **options):
        try:
            cards, size = bundle_build(
                source=source,
                out=out,
                sets=sets,
                supplement=supplement,
                formats=[f.strip() for f in formats.split(",") if f.strip()],
                languages=[lang.strip() for lang in languages.split(",") if lang.strip()],
            )
        except CardDataError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"Wrote {cards} cards to {out} ({size / 1_000_000:.2f} MB).")
