"""A generated MTGJSON AllPrintings file of any size, for the import benchmark and tests.

Built from the bundled cards and sets: every printing is a real card (name, types, cost, text, legalities,
printed names) placed in a real set with a collector number, written in AllPrintings' shape with the fields a
real file carries per printing (identifiers, foreign data with text, availability, ...), so reading it costs
what reading a real one does. Written set by set, so generating a 100,000-printing file needs little memory.
"""

from __future__ import annotations

import gzip
import json
import lzma
import random
import uuid
from pathlib import Path

from cards.importer import LANGUAGE_CODES, CardRecord, read_card_data
from cards.services import BUNDLE_PATH

_LANGUAGE_NAMES = {code: name for name, code in LANGUAGE_CODES.items()}
_RARITIES = ("common", "common", "common", "common", "uncommon", "uncommon", "rare", "mythic")


def _faces(record: CardRecord, *, code: str, number: int, rng: random.Random) -> list[dict]:
    names = record.face_names or (record.name,)
    types = record.type_line.split(" // ")
    costs = record.mana_cost.split(" // ")
    texts = record.text.split("\n//\n")
    rarity = rng.choice(_RARITIES)
    ids = [str(uuid.UUID(int=rng.getrandbits(128))) for _ in names]
    faces = []
    for side, face in enumerate(names):
        entry = {
            "artist": "Generated Artist",
            "availability": ["mtgo", "paper"],
            "borderColor": "black",
            "colorIdentity": list(record.color_identity or record.colors),
            "colors": list(record.colors),
            "finishes": ["nonfoil", "foil"],
            "frameVersion": "2015",
            "hasFoil": True,
            "hasNonFoil": True,
            "language": "English",
            "layout": record.layout,
            "identifiers": {
                "cardKingdomId": str(rng.randrange(10**6)),
                "mtgjsonV4Id": ids[side],
                "multiverseId": str(rng.randrange(10**6)),
                "scryfallId": ids[side],
                "scryfallIllustrationId": ids[side],
                "scryfallOracleId": record.oracle_id,
                "tcgplayerProductId": str(rng.randrange(10**6)),
            },
            "legalities": {fmt: status.capitalize() for fmt, status in record.legalities.items()},
            "manaCost": costs[side] if side < len(costs) else "",
            "manaValue": record.mana_value,
            "name": record.name,
            "number": f"{number}{'abcdefghij'[side] if len(names) > 1 else ''}",
            "purchaseUrls": {"cardKingdom": f"https://example.invalid/{ids[side]}"},
            "rarity": rarity,
            "setCode": code,
            "subtypes": [],
            "supertypes": list(record.supertypes),
            "text": texts[side] if side < len(texts) else "",
            "type": types[side] if side < len(types) else "",
            "types": list(record.types),
            "uuid": ids[side],
            "foreignData": [
                {
                    "language": _LANGUAGE_NAMES[lang],
                    "name": name,
                    "text": texts[0],
                    "type": types[0],
                    "identifiers": {"scryfallId": ids[side]},
                }
                for lang, name in record.printed_names
                if lang in _LANGUAGE_NAMES
            ],
        }
        if len(names) > 1:
            entry.update(faceName=face, side="abcdefghij"[side], otherFaceIds=[i for i in ids if i != ids[side]])
        faces.append(entry)
    return faces


def _booster(cards: list[dict], rng: random.Random) -> dict:
    sheets = {}
    for rarity in ("common", "uncommon", "rare", "mythic"):
        sheet = {c["uuid"]: 1 for c in cards if c["rarity"] == rarity and c.get("side") in (None, "a")}
        if sheet:
            sheets[rarity] = {"cards": sheet, "totalWeight": len(sheet), "foil": False}
    contents = {"common": 10, "uncommon": 3, "rare": 1}
    contents = {s: n for s, n in contents.items() if s in sheets}
    product = {"boosters": [{"contents": contents, "weight": 1}], "boostersTotalWeight": 1, "sheets": sheets}
    return {"draft": product, "play": {**product, "boosters": [{"contents": {**contents, "common": 7}, "weight": 1}]}}


def allprintings_generate(
    *,
    out: str | Path,
    printings: int = 100_000,
    source: str | Path | None = None,
    seed: int = 1,
    date: str = "2026-11-01",
) -> tuple[int, int]:
    """Write an AllPrintings file of about `printings` printings (from the bundled cards, or `source`) to `out`
    (.json, .json.gz or .json.xz). Returns (printings written, bytes written)."""
    data = read_card_data(source or BUNDLE_PATH)
    cards = sorted(data.cards, key=lambda r: r.name)
    sets = sorted(data.sets, key=lambda s: s.code) or []
    rng = random.Random(seed)
    per_set = max(1, -(-printings // max(1, len(sets))))
    out = Path(out)
    opener = gzip.open if out.name.endswith(".gz") else lzma.open if out.name.endswith(".xz") else open
    written = 0
    with opener(out, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps({"meta": {"date": date, "version": f"generated+{printings}"}})[:-1] + ', "data": {')
        for position, card_set in enumerate(sets):
            count = min(per_set, printings - written)
            if count <= 0:
                break
            set_cards: list[dict] = []
            for number in range(1, count + 1):
                set_cards += _faces(rng.choice(cards), code=card_set.code, number=number, rng=rng)
            body = {
                "code": card_set.code,
                "name": card_set.name,
                "type": card_set.set_type,
                "releaseDate": card_set.release_date,
                "baseSetSize": count,
                "totalSetSize": count,
                "booster": _booster(set_cards, rng) if position % 4 == 0 else None,
                "cards": set_cards,
                "tokens": [],
            }
            if body["booster"] is None:
                del body["booster"]
            fh.write(("," if position else "") + json.dumps(card_set.code) + ":" + json.dumps(body, ensure_ascii=False))
            written += count
        fh.write("}}")
    return written, out.stat().st_size
