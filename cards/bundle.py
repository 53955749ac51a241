"""Hydra's own compact card bundle, so a fresh clone runs and tests without downloading card data."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from cards.deckrules import CONSTRUCTED_FORMATS
from cards.importer import (
    CardDataError,
    CardRecord,
    SetRecord,
    bundle_document,
    bundle_write,
    open_card_file,
    read_card_data,
)

# The languages Hydra's players print their cards in (codes as in cards.importer.LANGUAGE_CODES).
BUNDLE_LANGUAGES = ("de", "fr", "it", "es", "pt", "ja", "zhs", "zht", "ko", "ru")
# The 60-card formats Hydra checks decks for, and Commander's legalities (kept for the catalogue and the admin).
BUNDLE_FORMATS = (*CONSTRUCTED_FORMATS, "commander")


def set_list_read(path: str | Path) -> list[SetRecord]:
    """The sets of an MTGJSON SetList file (code, name, type, release date; no booster contents)."""
    try:
        with open_card_file(path) as fh:
            data = json.load(fh)
        return [
            SetRecord(
                code=s["code"].upper(),
                name=s.get("name") or s["code"],
                set_type=s.get("type", ""),
                release_date=s.get("releaseDate", "") or "",
            )
            for s in data["data"]
        ]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise CardDataError(f"{path} is not an MTGJSON SetList file: {exc}") from None


def records_supplement(records: list[CardRecord], older: list[CardRecord]) -> tuple[list[CardRecord], int]:
    """`records` with what `older` data knows of the same card and they lack: its printed names in other
    languages (languages it has none in) and its Scryfall oracle id. Newer data wins wherever it has a value.
    Returns the records and how many of them gained something."""
    by_name = {r.name: r for r in older}
    out, gained = [], 0
    for record in records:
        old = by_name.get(record.name)
        if old is None:
            out.append(record)
            continue
        languages = {lang for lang, _ in record.printed_names}
        extra = tuple((lang, name) for lang, name in old.printed_names if lang not in languages)
        oracle_id = record.oracle_id or old.oracle_id
        if extra or oracle_id != record.oracle_id:
            record = replace(record, printed_names=record.printed_names + extra, oracle_id=oracle_id)
            gained += 1
        out.append(record)
    return out, gained


def bundle_build(
    *,
    source: str | Path,
    out: str | Path,
    formats=BUNDLE_FORMATS,
    languages=BUNDLE_LANGUAGES,
    sets: str | Path | None = None,
    supplement: str | Path | None = None,
) -> tuple[int, int]:
    """Write a bundle of the cards in `source` (any file `cards.importer` reads) to `out`, keeping the
    legalities of `formats` (those the data gives: a composite's `computedFormats`), the printed names in
    `languages`, the data's date and the sets of `sets` (an MTGJSON SetList file; else those of the source).
    `supplement`: older card data (the previous bundle) whose printed names and oracle ids fill the cards that
    lack them. Returns (cards written, bytes written).
    The output depends only on the input: building twice gives identical bytes."""
    data = read_card_data(source)
    cards = data.cards
    if supplement:
        cards, _ = records_supplement(cards, read_card_data(supplement).cards)
    if data.version.lower().startswith("composite"):
        # A composite (shared/carddata/2026-08) names its sources in its README; docs/cards.md says what it is.
        version = f"composite card data of {data.data_date} (docs/cards.md)"
    else:
        version = data.version if data.version.lower().startswith("mtgjson") else f"MTGJSON {data.version}"
    document = bundle_document(
        cards,
        formats=formats,
        languages=languages,
        source=version.strip(),
        date=data.data_date,
        sets=set_list_read(sets) if sets else data.sets,
        given=data.formats,
    )
    return len(document["cards"]), bundle_write(document, out)
