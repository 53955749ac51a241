"""Card data files to plain records: MTGJSON AtomicCards, Scryfall oracle-cards bulk data and Hydra's own bundle.

Pure: reads a file (plain or gzip-compressed JSON, detected from its first bytes) and returns `CardRecord`s;
`cards.services.cards_import` writes them to the database. The file format is recognised from the content,
not the file name.
"""
from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from cards.deckrules import DECK_LIMIT_ANY

BUNDLE_FORMAT = "hydra-cards"
BUNDLE_VERSION = 1

# MTGJSON language names to the short codes Hydra (and Scryfall) use.
LANGUAGE_CODES = {
    "English": "en",
    "German": "de",
    "French": "fr",
    "Italian": "it",
    "Spanish": "es",
    "Portuguese (Brazil)": "pt",
    "Japanese": "ja",
    "Chinese Simplified": "zhs",
    "Chinese Traditional": "zht",
    "Korean": "ko",
    "Russian": "ru",
}

SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing", "Host", "Elite")
COLOR_ORDER = "WUBRG"
# Scryfall lists tokens, emblems and art cards next to real cards; none of them goes in a deck.
_SCRYFALL_SKIPPED_LAYOUTS = {"token", "double_faced_token", "emblem", "art_series"}
_SCRYFALL_LEGALITY = {"legal": "legal", "banned": "banned", "restricted": "restricted"}

_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "twenty": 20,
}
_DECK_LIMIT = re.compile(r"a deck can have (?:any number of|up to (\w+)) cards named", re.IGNORECASE)


class CardDataError(ValueError):
    """The file is not card data Hydra can read; the message says why."""


@dataclass(frozen=True)
class CardRecord:
    """One card as Hydra stores it, independent of the file it came from."""

    name: str
    ascii_name: str
    face_names: tuple[str, ...]
    type_line: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    mana_value: float
    colors: str
    legalities: dict[str, str]
    deck_limit: int | None
    oracle_id: str
    layout: str
    # (language code, printed name), English excluded.
    printed_names: tuple[tuple[str, str], ...] = ()

    @property
    def is_basic(self) -> bool:
        return "Basic" in self.supertypes


def deck_limit_from_text(text: str) -> int | None:
    """Return how many copies a card's own text allows in a deck: None when the text does not change the
    four-copy rule, DECK_LIMIT_ANY for "any number", or the number ("up to seven" -> 7)."""
    match = _DECK_LIMIT.search(text or "")
    if match is None:
        return None
    if match.group(1) is None:
        return DECK_LIMIT_ANY
    word = match.group(1).lower()
    if word.isdigit():
        return int(word)
    if word in _NUMBERS:
        return _NUMBERS[word]
    # A number word we do not know: guessing would silently allow or forbid decks, so stop the import
    # (the fix is a new word in _NUMBERS).
    raise CardDataError(f"Cannot read the deck limit from the card text: {match.group(0)!r}.")


def colors_string(colors: Iterable[str]) -> str:
    """Return colours as a string in WUBRG order ("UR" for blue-red), the form Card.colors stores."""
    present = set(colors)
    return "".join(c for c in COLOR_ORDER if c in present)


def load_json(path: str | Path) -> object:
    """Read a JSON file, gzip-compressed or not (decided by its first bytes, not its name)."""
    path = Path(path)
    try:
        with path.open("rb") as fh:
            magic = fh.read(2)
        opener = gzip.open if magic == b"\x1f\x8b" else open
        with opener(path, "rb") as fh:
            return json.load(fh)
    except FileNotFoundError:
        raise CardDataError(f"No such file: {path}") from None
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CardDataError(f"{path} is not a JSON file (or a gzip-compressed one): {exc}") from None


def detect_format(data: object) -> str:
    """Return "mtgjson", "scryfall" or "bundle" for the decoded content of a card data file."""
    if isinstance(data, dict):
        if data.get("format") == BUNDLE_FORMAT:
            return "bundle"
        if isinstance(data.get("data"), dict):
            return "mtgjson"
        if data.get("object") == "list" and isinstance(data.get("data"), list):
            return "scryfall"
    if isinstance(data, list) and (not data or isinstance(data[0], dict) and "type_line" in data[0]):
        return "scryfall"
    raise CardDataError(
        "Unrecognised card data: expected MTGJSON AtomicCards ({meta, data: {name: [faces]}}), "
        "a Scryfall bulk file (a list of card objects) or a Hydra card bundle."
    )


def records_from_file(path: str | Path) -> list[CardRecord]:
    """Read any supported card data file and return its cards."""
    return records_from_data(load_json(path))


def records_from_data(data: object) -> list[CardRecord]:
    """Return the cards of decoded card data of any supported format (see `detect_format`)."""
    kind = detect_format(data)
    if kind == "mtgjson":
        return list(records_from_mtgjson(data))
    if kind == "scryfall":
        return list(records_from_scryfall(data["data"] if isinstance(data, dict) else data))
    return list(records_from_bundle(data))


def records_from_mtgjson(data: dict) -> Iterator[CardRecord]:
    """Yield a record per card of an MTGJSON AtomicCards document (`{meta, data}`)."""
    cards = data["data"]
    for name, faces in cards.items():
        if not faces:
            continue
        # MTGJSON may list a card more than once (one entry per face, sometimes per printing variant):
        # keep one entry per side, in side order.
        by_side: dict[str, dict] = {}
        for face in faces:
            by_side.setdefault(face.get("side") or "a", face)
        ordered = [by_side[s] for s in sorted(by_side)]
        first = ordered[0]
        face_names = tuple(f["faceName"] for f in ordered if f.get("faceName"))
        # Secret Lair's reversible cards ("Propaganda // Propaganda") are the same game card as the
        # one-faced original; keeping both would let a team count them as two names.
        if first.get("layout") == "reversible_card" and len(set(face_names)) == 1 and face_names[0] in cards:
            continue
        colors: set[str] = set()
        supertypes: list[str] = []
        types: list[str] = []
        text = []
        for face in ordered:
            colors.update(face.get("colors") or ())
            supertypes += [t for t in face.get("supertypes") or () if t not in supertypes]
            types += [t for t in face.get("types") or () if t not in types]
            text.append(face.get("text") or "")
        deck_limit = deck_limit_from_text("\n".join(text))
        if first.get("hasAlternativeDeckLimit") and deck_limit is None:
            # MTGJSON knows of a limit the text does not spell in the usual words; every such card
            # printed so far allows any number.
            deck_limit = DECK_LIMIT_ANY
        printed: dict[tuple[str, str], None] = {}
        for foreign in first.get("foreignData") or ():
            language = LANGUAGE_CODES.get(foreign.get("language", ""))
            if language and foreign.get("name"):
                printed[(language, foreign["name"])] = None
        yield CardRecord(
            name=name,
            ascii_name=first.get("asciiName") or name,
            face_names=face_names if len(ordered) > 1 else (),
            type_line=" // ".join(f.get("type", "") for f in ordered),
            supertypes=tuple(supertypes),
            types=tuple(types),
            mana_value=float(first.get("manaValue") or 0),
            colors=colors_string(colors),
            legalities={fmt: status.lower() for fmt, status in (first.get("legalities") or {}).items()},
            deck_limit=deck_limit,
            oracle_id=(first.get("identifiers") or {}).get("scryfallOracleId", ""),
            layout=first.get("layout", ""),
            printed_names=tuple(printed),
        )


def _split_type_line(type_line: str) -> tuple[list[str], list[str]]:
    supertypes: list[str] = []
    types: list[str] = []
    for part in type_line.split(" // "):
        for word in part.split("—")[0].split():
            bucket = supertypes if word in SUPERTYPES else types
            if word not in bucket:
                bucket.append(word)
    return supertypes, types


def records_from_scryfall(cards: list[dict]) -> Iterator[CardRecord]:
    """Yield a record per card name of a Scryfall bulk file (oracle-cards, default-cards or all-cards: a list
    of card objects). A name printed several times is read from its first English printing; the printed
    names of its other-language printings (all-cards) are collected. Tokens and art cards are skipped."""
    chosen: dict[str, dict] = {}
    printed: dict[str, dict[tuple[str, str], None]] = {}
    for card in cards:
        if not isinstance(card, dict) or card.get("layout") in _SCRYFALL_SKIPPED_LAYOUTS or not card.get("name"):
            continue
        name = card["name"]
        language = card.get("lang", "en")
        if name not in chosen or (language == "en" and chosen[name].get("lang", "en") != "en"):
            chosen[name] = card
        if language != "en" and card.get("printed_name"):
            printed.setdefault(name, {})[(language, card["printed_name"])] = None
    for name, card in chosen.items():
        faces = card.get("card_faces") or []
        type_line = card.get("type_line") or " // ".join(f.get("type_line", "") for f in faces)
        supertypes, types = _split_type_line(type_line)
        colors = card.get("colors")
        if colors is None:
            colors = [c for f in faces for c in f.get("colors") or ()]
        text = card.get("oracle_text") or "\n".join(f.get("oracle_text", "") for f in faces)
        yield CardRecord(
            name=name,
            ascii_name=name,
            face_names=tuple(f["name"] for f in faces if f.get("name")),
            type_line=type_line,
            supertypes=tuple(supertypes),
            types=tuple(types),
            mana_value=float(card.get("cmc") or 0),
            colors=colors_string(colors),
            legalities={
                fmt: _SCRYFALL_LEGALITY[status]
                for fmt, status in (card.get("legalities") or {}).items()
                if status in _SCRYFALL_LEGALITY
            },
            deck_limit=deck_limit_from_text(text),
            oracle_id=card.get("oracle_id") or (faces[0].get("oracle_id", "") if faces else ""),
            layout=card.get("layout", ""),
            printed_names=tuple(printed.get(name, ())),
        )


# The bundle stores each card as a short list, in this order, to stay small.
BUNDLE_FIELDS = (
    "name", "ascii_name", "face_names", "type_line", "supertypes", "types", "mana_value", "colors",
    "legalities", "deck_limit", "oracle_id", "layout", "printed_names",
)


def records_from_bundle(data: dict) -> Iterator[CardRecord]:
    """Yield the records of a Hydra card bundle (see `bundle_document`)."""
    if data.get("version") != BUNDLE_VERSION:
        raise CardDataError(f"Card bundle version {data.get('version')!r} is not {BUNDLE_VERSION}; rebuild it.")
    formats = data["formats"]
    statuses = data["statuses"]
    languages = data["languages"]
    for row in data["cards"]:
        values = dict(zip(BUNDLE_FIELDS, row, strict=True))
        values["ascii_name"] = values["ascii_name"] or values["name"]
        values["face_names"] = tuple(values["face_names"])
        values["supertypes"] = tuple(values["supertypes"])
        values["types"] = tuple(values["types"])
        # Legalities as "format index, status index" pairs: "0l 3b" style would be smaller still but
        # harder to read; gzip takes most of the repetition away anyway.
        values["legalities"] = {formats[f]: statuses[s] for f, s in values["legalities"]}
        values["printed_names"] = tuple((languages[lang], name) for lang, name in values["printed_names"])
        yield CardRecord(**values)


def bundle_document(
    records: Iterable[CardRecord], *, formats: Iterable[str], languages: Iterable[str], source: str = ""
) -> dict:
    """Return the bundle form of `records`, keeping only the legalities of `formats` and the printed names
    of `languages` (language codes), and dropping printed names that equal the English name."""
    formats = list(formats)
    languages = list(languages)
    statuses = ["legal", "banned", "restricted"]
    format_index = {f: i for i, f in enumerate(formats)}
    language_index = {lang: i for i, lang in enumerate(languages)}
    rows = []
    for r in sorted(records, key=lambda r: r.name):
        english = {r.name, *r.face_names}
        rows.append([
            r.name,
            "" if r.ascii_name == r.name else r.ascii_name,
            list(r.face_names),
            r.type_line,
            list(r.supertypes),
            list(r.types),
            int(r.mana_value) if r.mana_value == int(r.mana_value) else r.mana_value,
            r.colors,
            [[format_index[f], statuses.index(s)] for f, s in sorted(r.legalities.items()) if f in format_index],
            r.deck_limit,
            r.oracle_id,
            r.layout,
            [[language_index[lang], name] for lang, name in r.printed_names
             if lang in language_index and name not in english],
        ])
    return {
        "format": BUNDLE_FORMAT,
        "version": BUNDLE_VERSION,
        "source": source,
        "formats": formats,
        "statuses": statuses,
        "languages": languages,
        "cards": rows,
    }


def bundle_write(document: dict, path: str | Path) -> int:
    """Write a bundle document as compact gzip-compressed JSON; return the file size in bytes.
    The gzip header carries no timestamp, so the same data gives the same bytes (a clean git diff)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as fh:
        fh.write(payload)
    return path.stat().st_size
