"""Hydra's own compact card bundle, so a fresh clone runs and tests without downloading card data."""
from __future__ import annotations

import json
from pathlib import Path

from cards.deckrules import CONSTRUCTED_FORMATS
from cards.importer import CardDataError, SetRecord, bundle_document, bundle_write, open_card_file, read_card_data

# The languages Hydra's players print their cards in (codes as in cards.importer.LANGUAGE_CODES).
BUNDLE_LANGUAGES = ("de", "fr", "it", "es", "pt", "ja", "zhs", "zht", "ko", "ru")
BUNDLE_FORMATS = CONSTRUCTED_FORMATS


def set_list_read(path: str | Path) -> list[SetRecord]:
    """The sets of an MTGJSON SetList file (code, name, type, release date; no booster contents)."""
    try:
        with open_card_file(path) as fh:
            data = json.load(fh)
        return [
            SetRecord(code=s["code"].upper(), name=s.get("name") or s["code"], set_type=s.get("type", ""),
                      release_date=s.get("releaseDate", "") or "")
            for s in data["data"]
        ]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise CardDataError(f"{path} is not an MTGJSON SetList file: {exc}") from None


def bundle_build(
    *, source: str | Path, out: str | Path, formats=BUNDLE_FORMATS, languages=BUNDLE_LANGUAGES,
    sets: str | Path | None = None,
) -> tuple[int, int]:
    """Write a bundle of the cards in `source` (any file `cards.importer` reads) to `out`, keeping the
    legalities of `formats`, the printed names in `languages`, the data's date and the sets of `sets` (an MTGJSON
    SetList file; else those of the source). Returns (cards written, bytes written).
    The output depends only on the input: building twice gives identical bytes."""
    data = read_card_data(source)
    document = bundle_document(
        data.cards, formats=formats, languages=languages, source=f"MTGJSON {data.version}".strip(),
        date=data.data_date, sets=set_list_read(sets) if sets else data.sets,
    )
    return len(document["cards"]), bundle_write(document, out)
