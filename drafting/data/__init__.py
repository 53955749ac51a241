"""Set data Hydra ships for pack generation, and the code that builds it.

Users do not have MTGJSON's files, so Hydra carries a compact bundle: for each draftable set,
``sets/CODE.json.gz`` keeps MTGJSON's set shape (``{meta, data}``) but only the ``default``
booster configuration and the cards it refers to, with the fields drafting.boosters reads.
``sets/index.json`` lists the sets with their names from MTGJSON's SetList.

Build it with ``python manage.py build_set_bundle SRC_DIR OUT_DIR``; the output is written
byte-for-byte reproducibly, so rebuilding from the same source leaves git with no diff.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

SETS_DIR = Path(__file__).resolve().parent / "sets"
INDEX_FILE = "index.json"
PRODUCT = "default"
CARD_FIELDS = ("uuid", "name", "number", "rarity", "colors", "types", "supertypes", "manaValue")
SET_FIELDS = ("code", "name", "type", "releaseDate")


class UnknownSetError(LookupError):
    """No set with that code is in the bundle; the message lists the codes that are."""


@dataclass(frozen=True)
class SetInfo:
    """A set in the bundle, as a set chooser shows it."""

    code: str
    name: str
    release_date: str
    set_type: str
    pack_sizes: tuple[int, ...]


def available_sets(*, sets_dir: Path = SETS_DIR) -> tuple[SetInfo, ...]:
    """The sets packs can be opened for, newest release first (ties by code)."""
    index_path = sets_dir / INDEX_FILE
    if not index_path.exists():
        return ()
    entries = json.loads(index_path.read_text(encoding="utf-8"))
    infos = [
        SetInfo(
            code=entry["code"],
            name=entry["name"],
            release_date=entry.get("releaseDate", ""),
            set_type=entry.get("type", ""),
            pack_sizes=tuple(entry.get("packSizes", ())),
        )
        for entry in entries
    ]
    by_code = sorted(infos, key=lambda info: info.code)
    return tuple(sorted(by_code, key=lambda info: info.release_date, reverse=True))


def load_set(code: str, *, sets_dir: Path = SETS_DIR) -> dict:
    """The set's data in MTGJSON shape (``code``, ``name``, ``booster``, ``cards``), ready for
    drafting.boosters.open_boosters. The code is case-insensitive.

    Raises UnknownSetError, naming the available codes, when the bundle has no such set.
    """
    normalized = code.strip().upper()
    path = sets_dir / f"{normalized}.json.gz"
    if not normalized.isalnum() or not path.exists():
        known = ", ".join(info.code for info in available_sets(sets_dir=sets_dir)) or "none"
        raise UnknownSetError(f"No set '{code}' in Hydra's set data. Available sets: {known}.")
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return json.load(handle)["data"]


def compact_set(
    set_data: Mapping, *, name: str | None = None, other_cards: Mapping[str, Mapping] | None = None
) -> tuple[dict, dict[str, int]]:
    """The bundle form of one MTGJSON set, and the cards it had to leave out, per sheet.

    Keeps only the default booster configuration and the cards its sheets refer to, with
    CARD_FIELDS. A sheet may refer to cards printed in another set (Mystical Archive in STX,
    Masterpieces in KLD, AKH, BFZ); those are looked up in ``other_cards`` (uuid -> card, with
    ``setCode``) and kept with their set code. Cards found nowhere are dropped from their sheet
    and its total weight; a sheet left empty is dropped from every template, so those packs
    come out one card short rather than with a card nobody can name.

    Raises ValueError when the set has no default booster configuration.
    """
    code = set_data["code"]
    product = (set_data.get("booster") or {}).get(PRODUCT)
    if not product:
        raise ValueError(f"Set {code} has no '{PRODUCT}' booster configuration.")
    own_cards = {card["uuid"]: card for card in set_data.get("cards", [])}
    other_cards = other_cards or {}

    kept_cards: dict[str, dict] = {}
    dropped: dict[str, int] = {}
    sheets: dict[str, dict] = {}
    for sheet_name, sheet in product["sheets"].items():
        cards: dict[str, int] = {}
        for uuid, weight in sheet["cards"].items():
            card = own_cards.get(uuid) or other_cards.get(uuid)
            if card is None:
                dropped[sheet_name] = dropped.get(sheet_name, 0) + 1
                continue
            cards[uuid] = weight
            kept_cards.setdefault(uuid, _compact_card(card, home_code=code))
        if cards:
            compact = {key: sheet[key] for key in ("allowDuplicates", "balanceColors", "foil") if key in sheet}
            sheets[sheet_name] = {"cards": cards, **compact, "totalWeight": sum(cards.values())}

    templates: list[dict] = []
    for template in product["boosters"]:
        contents = {sheet: count for sheet, count in template["contents"].items() if sheet in sheets}
        same = next((t for t in templates if t["contents"] == contents), None)
        if same is not None:  # dropping a sheet can make two templates the same pack
            same["weight"] += template["weight"]
        elif contents:
            templates.append({"contents": contents, "weight": template["weight"]})
    used = {sheet for template in templates for sheet in template["contents"]}
    sheets = {sheet_name: sheet for sheet_name, sheet in sheets.items() if sheet_name in used}
    referenced = {uuid for sheet in sheets.values() for uuid in sheet["cards"]}

    data = {field: set_data[field] for field in SET_FIELDS if field in set_data}
    if name:
        data["name"] = name
    data["booster"] = {
        PRODUCT: {
            "boosters": templates,
            "boostersTotalWeight": sum(template["weight"] for template in templates),
            "sheets": sheets,
        }
    }
    data["cards"] = [card for uuid, card in kept_cards.items() if uuid in referenced]
    return data, dropped


def write_set(data: Mapping, *, out_dir: Path, source_meta: Mapping | None = None) -> Path:
    """Write one compact set as ``out_dir/CODE.json.gz``, reproducibly (no timestamp in the gzip)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{data['code']}.json.gz"
    payload = json.dumps({"meta": dict(source_meta or {}), "data": data}, separators=(",", ":"), ensure_ascii=False)
    with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as gz:
        gz.write(payload.encode("utf-8"))
    return path


def write_index(entries: Iterable[Mapping], *, out_dir: Path) -> Path:
    """Write ``out_dir/index.json``: one entry per set (code, name, type, releaseDate, packSizes)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / INDEX_FILE
    ordered = sorted((dict(entry) for entry in entries), key=lambda entry: entry["code"])
    path.write_text(json.dumps(ordered, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _compact_card(card: Mapping, *, home_code: str) -> dict:
    compact = {field: card[field] for field in CARD_FIELDS if field in card}
    if card.get("setCode") and card["setCode"] != home_code:
        compact["setCode"] = card["setCode"]
    return compact
