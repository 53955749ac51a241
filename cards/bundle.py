"""Hydra's own compact card bundle, so a fresh clone runs and tests without downloading card data."""
from __future__ import annotations

from pathlib import Path

from cards.deckrules import CONSTRUCTED_FORMATS
from cards.importer import bundle_document, bundle_write, load_json, records_from_data

# The languages Hydra's players print their cards in (codes as in cards.importer.LANGUAGE_CODES).
BUNDLE_LANGUAGES = ("de", "fr", "it", "es", "pt", "ja", "zhs", "zht", "ko", "ru")
BUNDLE_FORMATS = CONSTRUCTED_FORMATS


def bundle_build(
    *, source: str | Path, out: str | Path, formats=BUNDLE_FORMATS, languages=BUNDLE_LANGUAGES
) -> tuple[int, int]:
    """Write a bundle of the cards in `source` (any file `cards.importer` reads) to `out`, keeping the
    legalities of `formats` and the printed names in `languages`. Returns (cards written, bytes written).
    The output depends only on the input: building twice gives identical bytes."""
    data = load_json(source)
    records = records_from_data(data)
    version = (data.get("meta") or {}).get("version", "") if isinstance(data, dict) else ""
    document = bundle_document(records, formats=formats, languages=languages, source=f"MTGJSON {version}".strip())
    return len(document["cards"]), bundle_write(document, out)
