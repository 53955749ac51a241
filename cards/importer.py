"""Card data files to plain records: MTGJSON AtomicCards, Scryfall oracle-cards bulk data and Hydra's own bundle.

Pure: reads a file (plain or gzip-compressed JSON, detected from its first bytes) and returns `CardRecord`s;
`cards.services.cards_import` writes them to the database. The file format is recognised from the content,
not the file name.
"""

from __future__ import annotations

import bz2
import datetime as dt
import gzip
import json
import lzma
import re
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import ijson
from django.utils.translation import gettext as _

from cards.deckrules import DECK_LIMIT_ANY

BUNDLE_FORMAT = "hydra-cards"
BUNDLE_VERSION = 3
# Version 2 bundles (before colour identity) are still read: their cards' colour identity is worked out from the
# card (`color_identity_from_card`).
BUNDLE_VERSIONS_READ = (2, 3)

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
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "twenty": 20,
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
    mana_cost: str = ""
    text: str = ""
    # Scryfall's id of one English printing of the card, whose picture shows the card (MTGJSON AllPrintings'
    # identifiers.scryfallId, a Scryfall file's card id); "" where the data has none (AtomicCards, the bundle).
    scryfall_id: str = ""
    # Commander's colour identity (Comprehensive Rules 903.4), in WUBRG order: the data's own (MTGJSON's
    # colorIdentity, Scryfall's color_identity), else worked out from the card (`color_identity_from_card`).
    color_identity: str = ""
    # The front face's printed power and toughness ("" for a card without them): a legendary Vehicle or Spacecraft
    # with them can be a commander (docs/cards.md, "Commander decks").
    power: str = ""
    toughness: str = ""

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


_MANA_SYMBOL = re.compile(r"\{([^{}]*)\}")
_REMINDER = re.compile(r"\([^()]*\)")
# A basic land type gives its land the intrinsic ability to add its colour (Comprehensive Rules 305.6), which counts
# for the colour identity as the data's providers count it (Bayou is black and green).
_LAND_TYPE_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def color_identity_from_card(*, colors: str, mana_cost: str, text: str, type_line: str = "") -> str:
    """The colour identity of a card worked out from what Hydra stores (Comprehensive Rules 903.4): its colours
    (colour indicators and colour-setting abilities included, every face), the colours of the mana symbols in its
    mana cost and rules text (reminder text aside; each half of a hybrid symbol, Phyrexian symbols), and the colours
    of its basic land types. For data that doesn't give the identity itself (a version 2 bundle, a generated file);
    MTGJSON's and Scryfall's own identity is used where the file has it."""
    found = set(colors or "")
    for part in (mana_cost or "", _REMINDER.sub("", text or "")):
        for symbol in _MANA_SYMBOL.findall(part):
            found.update(half for half in symbol.upper().split("/") if half in COLOR_ORDER and len(half) == 1)
    subtypes = " ".join(face.split("—", 1)[1] for face in (type_line or "").split(" // ") if "—" in face).split()
    found.update(_LAND_TYPE_COLORS[word] for word in subtypes if word in _LAND_TYPE_COLORS)
    return colors_string(found)


def colors_string(colors: Iterable[str]) -> str:
    """Return colours as a string in WUBRG order ("UR" for blue-red), the form Card.colors stores."""
    present = set(colors)
    return "".join(c for c in COLOR_ORDER if c in present)


def load_json(path: str | Path) -> object:
    """Read a whole JSON file, plain or compressed (see `open_card_file`). For small files: whole data files go
    through `read_card_data`, which streams."""
    path = Path(path)
    try:
        with open_card_file(path) as fh:
            return json.load(fh)
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CardDataError(f"{path} is not a JSON file (or a compressed one): {exc}") from None


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
        record = mtgjson_record(name, faces)
        if record is not None and not _reversible_duplicate(record, cards):
            yield record


def _reversible_duplicate(record: CardRecord, names) -> bool:
    # Secret Lair's reversible cards ("Propaganda // Propaganda") are the same game card as the one-faced
    # original; keeping both would let a team count them as two names.
    return record.layout == "reversible_card" and len(set(record.face_names)) == 1 and record.face_names[0] in names


def mtgjson_record(name: str, faces: list[dict]) -> CardRecord | None:
    """The record of one card from its MTGJSON entries (AtomicCards' faces, or the card objects of one set in
    AllPrintings that share the name). None when there is no entry."""
    if not faces:
        return None
    # MTGJSON may list a card more than once (one entry per face, sometimes per printing variant):
    # keep one entry per side, in side order.
    by_side: dict[str, dict] = {}
    for face in faces:
        by_side.setdefault(face.get("side") or "a", face)
    ordered = [by_side[s] for s in sorted(by_side)]
    first = ordered[0]
    face_names = tuple(f["faceName"] for f in ordered if f.get("faceName"))
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
    mana_cost = " // ".join(f.get("manaCost") or "" for f in ordered).strip(" /")
    rules_text = "\n//\n".join(t for t in text if t) if len(ordered) > 1 else text[0]
    type_line = " // ".join(f.get("type", "") for f in ordered)
    identity = first.get("colorIdentity")
    return CardRecord(
        name=name,
        ascii_name=first.get("asciiName") or name,
        face_names=face_names if len(ordered) > 1 else (),
        type_line=type_line,
        supertypes=tuple(supertypes),
        types=tuple(types),
        mana_value=float(first.get("manaValue") or 0),
        colors=colors_string(colors),
        legalities={fmt: status.lower() for fmt, status in (first.get("legalities") or {}).items()},
        deck_limit=deck_limit,
        oracle_id=(first.get("identifiers") or {}).get("scryfallOracleId", ""),
        scryfall_id=(first.get("identifiers") or {}).get("scryfallId", ""),
        layout=first.get("layout", ""),
        printed_names=tuple(mtgjson_printed_names(first)),
        mana_cost=mana_cost,
        text=rules_text,
        color_identity=colors_string(identity)
        if identity is not None
        else color_identity_from_card(
            colors=colors_string(colors), mana_cost=mana_cost, text=rules_text, type_line=type_line
        ),
        power=str(first.get("power") or ""),
        toughness=str(first.get("toughness") or ""),
    )


def mtgjson_printed_names(card: dict) -> dict[tuple[str, str], None]:
    """(language code, printed name) of an MTGJSON card's foreignData, in order, for the languages Hydra knows."""
    printed: dict[tuple[str, str], None] = {}
    for foreign in card.get("foreignData") or ():
        language = LANGUAGE_CODES.get(foreign.get("language", ""))
        if language and foreign.get("name"):
            printed[(language, foreign["name"])] = None
    return printed


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
        mana_cost = (
            card.get("mana_cost")
            if card.get("mana_cost") is not None
            else " // ".join(f.get("mana_cost", "") for f in faces)
        )
        identity = card.get("color_identity")
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
            scryfall_id=card.get("id", "") if card.get("lang", "en") == "en" else "",
            layout=card.get("layout", ""),
            printed_names=tuple(printed.get(name, ())),
            mana_cost=mana_cost,
            text=card.get("oracle_text")
            or "\n//\n".join(f.get("oracle_text", "") for f in faces if f.get("oracle_text")),
            color_identity=colors_string(identity)
            if identity is not None
            else color_identity_from_card(
                colors=colors_string(colors), mana_cost=mana_cost, text=text, type_line=type_line
            ),
            power=str(card.get("power", faces[0].get("power", "") if faces else "") or ""),
            toughness=str(card.get("toughness", faces[0].get("toughness", "") if faces else "") or ""),
        )


# The bundle stores each card as a short list, in this order, to stay small.
BUNDLE_FIELDS = (
    "name",
    "ascii_name",
    "face_names",
    "type_line",
    "supertypes",
    "types",
    "mana_value",
    "colors",
    "legalities",
    "deck_limit",
    "oracle_id",
    "layout",
    "printed_names",
    "mana_cost",
    "text",
    "color_identity",
    "power",
    "toughness",
)


def records_from_bundle(data: dict) -> Iterator[CardRecord]:
    """Yield the records of a Hydra card bundle (see `bundle_document`)."""
    version = data.get("version")
    if version not in BUNDLE_VERSIONS_READ:
        raise CardDataError(f"Card bundle version {version!r} is not {BUNDLE_VERSION}; rebuild it.")
    fields = BUNDLE_FIELDS if version >= 3 else BUNDLE_FIELDS[:-3]
    formats = data["formats"]
    statuses = data["statuses"]
    languages = data["languages"]
    for row in data["cards"]:
        values = dict(zip(fields, row, strict=True))
        values["text"] = values["text"] or ""
        if "color_identity" not in values:
            values["color_identity"] = color_identity_from_card(
                colors=values["colors"],
                mana_cost=values["mana_cost"],
                text=values["text"],
                type_line=values["type_line"],
            )
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
    records: Iterable[CardRecord],
    *,
    formats: Iterable[str],
    languages: Iterable[str],
    source: str = "",
    date: str = "",
    sets: Iterable[SetRecord] = (),
    given: Iterable[str] | None = None,
) -> dict:
    """Return the bundle form of `records`, keeping only the legalities of `formats` and the printed names
    of `languages` (language codes), and dropping printed names that equal the English name. With `given` (the
    formats the data gives legalities for, `CardData.formats`), the bundle keeps only those of `formats`: its
    `formats` list is what a reader takes as checked."""
    given = None if given is None else set(given)
    formats = [f for f in formats if given is None or f in given]
    languages = list(languages)
    statuses = ["legal", "banned", "restricted"]
    format_index = {f: i for i, f in enumerate(formats)}
    language_index = {lang: i for i, lang in enumerate(languages)}
    rows = []
    for r in sorted(records, key=lambda r: r.name):
        english = {r.name, *r.face_names}
        rows.append(
            [
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
                [
                    [language_index[lang], name]
                    for lang, name in r.printed_names
                    if lang in language_index and name not in english
                ],
                r.mana_cost,
                r.text,
                r.color_identity,
                r.power,
                r.toughness,
            ]
        )
    return {
        "format": BUNDLE_FORMAT,
        "version": BUNDLE_VERSION,
        "source": source,
        "date": date,
        "sets": [[s.code, s.name, s.set_type, s.release_date] for s in sorted(sets, key=lambda s: s.code)],
        "formats": formats,
        "statuses": statuses,
        "languages": languages,
        "cards": rows,
    }


def bundle_write(document: dict, path: str | Path) -> int:
    """Write a bundle document as compact JSON, xz-compressed (gzip when the name ends in .gz); return the file
    size in bytes. The same data gives the same bytes (no timestamp in either format): a clean git diff."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if path.name.endswith(".gz"):
        with (
            open(path, "wb") as raw,
            gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as fh,
        ):
            fh.write(payload)
    else:
        # xz keeps the bundle, rules text included, at 2.5 MB where gzip needs 4.1 MB.
        path.write_bytes(lzma.compress(payload, preset=9 | lzma.PRESET_EXTREME))
    return path.stat().st_size


# --- Whole data files, streamed -------------------------------------------------------------------------------
# AllPrintings and Scryfall's default-cards are hundreds of megabytes of JSON: json.load would hold all of it
# (several GB as Python objects). They are read with ijson, one set (MTGJSON) or one card object (Scryfall) at a
# time, keeping only what Hydra stores.

_MAGIC = {b"\x1f\x8b": "gz", b"\xfd7zXZ": "xz", b"PK\x03\x04": "zip", b"BZh": "bz2"}


@dataclass(frozen=True)
class SetRecord:
    """A set as Hydra stores it. `booster` is MTGJSON's booster object as compact JSON text ("" when none)."""

    code: str
    name: str
    set_type: str = ""
    release_date: str = ""
    booster: str = ""


@dataclass(frozen=True)
class PrintingRecord:
    """One printing of the card named `card_name` (its English name)."""

    uuid: str
    card_name: str
    set_code: str
    number: str = ""
    language: str = "en"
    rarity: str = ""
    scryfall_id: str = ""
    foreign_names: tuple[tuple[str, str], ...] = ()


@dataclass
class CardData:
    """Everything read from one card data file."""

    kind: str  # "atomic", "allprintings", "scryfall" or "bundle"
    cards: list[CardRecord]
    sets: list[SetRecord]
    printings: list[PrintingRecord]
    data_date: str = ""  # ISO date the data was published ("" when the file does not say)
    version: str = ""
    # The formats whose legalities the data gives; None: every format (MTGJSON's and Scryfall's own files). A
    # composite that derived only some formats names them (MTGJSON meta `computedFormats`, a bundle's `formats`):
    # a format outside them is "not checked", never "every card illegal".
    formats: tuple[str, ...] | None = None


class _CountingReader:
    """A binary file that reports how far it has been read, for a progress bar over the compressed bytes."""

    def __init__(self, raw, progress):
        self._raw = raw
        self._progress = progress

    def read(self, size=-1):
        chunk = self._raw.read(size)
        self._progress(self._raw.tell())
        return chunk

    def readinto(self, buffer):
        count = self._raw.readinto(buffer)
        self._progress(self._raw.tell())
        return count

    def __getattr__(self, name):
        return getattr(self._raw, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._raw.close()


class CardFileTooLarge(CardDataError):
    """The file inflates to more than Hydra reads (issue 52: a small compressed file can unpack to gigabytes)."""


class _CappedReader:
    """The decompressed bytes of a card file, refused once more than `limit` of them have been read: what bounds
    the work and the memory is what the file inflates to, not its compressed size. Reads in chunks, so even a
    whole-file read holds no more than the limit."""

    _CHUNK = 1 << 20

    def __init__(self, stream, *, limit: int, name: str):
        self._stream = stream
        self._limit = limit
        self._name = name
        self._read = 0

    def _count(self, count: int) -> None:
        self._read += count
        if self._read > self._limit:
            megabytes = max(1, self._limit // (1024 * 1024))
            raise CardFileTooLarge(
                _(
                    "%(file)s unpacks to more than %(mb)s MB; Hydra reads at most %(mb)s MB of card data. Check that "
                    "it is the right file (MTGJSON, Scryfall or a Hydra bundle); the operator sets the limit "
                    "(HYDRA_CARD_FILE_MAX_BYTES, HYDRA_CARD_BUNDLE_MAX_BYTES)."
                )
                % {"file": self._name, "mb": f"{megabytes:,}"}
            )

    def read(self, size=-1):
        if size is None or size < 0:
            parts = []
            while chunk := self.read(self._CHUNK):
                parts.append(chunk)
            return b"".join(parts)
        # One byte past the limit at most: enough to know the file goes on.
        chunk = self._stream.read(min(size, self._limit + 1 - self._read))
        self._count(len(chunk))
        return chunk

    def readable(self) -> bool:
        return True

    def close(self) -> None:
        self._stream.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def open_card_file(path: str | Path, *, progress=None, max_bytes: int | None = None):
    """Open a card data file for reading its JSON bytes: plain, .gz, .xz, .bz2 or .zip (the first .json member),
    decided by the first bytes, not the name. `progress(bytes_read)` is called as the file is read. With
    `max_bytes`, reading more than that many decompressed bytes raises CardFileTooLarge (a CardDataError)."""
    stream = _open_card_file(path, progress=progress)
    return stream if max_bytes is None else _CappedReader(stream, limit=max_bytes, name=Path(path).name)


def _open_card_file(path: str | Path, *, progress=None):
    path = Path(path)
    try:
        raw = path.open("rb")
    except FileNotFoundError:
        raise CardDataError(f"No such file: {path}") from None
    except OSError as exc:
        raise CardDataError(f"Cannot read {path}: {exc.strerror}.") from None
    head = raw.read(6)
    raw.seek(0)
    kind = next((k for magic, k in _MAGIC.items() if head.startswith(magic)), "plain")
    source = _CountingReader(raw, progress) if progress else raw
    try:
        if kind == "gz":
            return gzip.GzipFile(fileobj=source, mode="rb")
        if kind == "xz":
            return lzma.LZMAFile(source)
        if kind == "bz2":
            return bz2.BZ2File(source)
        if kind == "zip":
            archive = zipfile.ZipFile(source)
            members = [m for m in archive.namelist() if m.lower().endswith(".json")] or archive.namelist()
            if not members:
                raise CardDataError(f"{path} is an empty zip file.")
            return archive.open(members[0])
    except (OSError, EOFError, zipfile.BadZipFile, lzma.LZMAError) as exc:
        raise CardDataError(f"{path} cannot be decompressed: {exc}") from None
    return source


def card_file_kind(path: str | Path) -> str:
    """What kind of card data a file holds ("mtgjson", "scryfall", "scryfall-page", "bundle"), told from its first
    bytes (decompressed); raises CardDataError, saying what Hydra reads, for anything else. Quick: an uploaded
    file is checked with it before its import is queued."""
    return _sniff(Path(path))


def _sniff(path: Path) -> str:
    with open_card_file(path) as fh:
        try:
            head = fh.read(4096)
        except (OSError, EOFError) as exc:
            raise CardDataError(f"{path} cannot be decompressed: {exc}") from None
    text = head.decode("utf-8", errors="replace").lstrip("\ufeff \t\r\n")
    compact = text.replace(" ", "").replace("\n", "")
    if text.startswith("["):
        return "scryfall"
    if '"format":"hydra-cards"' in compact:
        return "bundle"
    if '"object":"list"' in compact:
        return "scryfall-page"
    if text.startswith("{"):
        return "mtgjson"
    raise CardDataError(
        f"{path} is not card data Hydra reads: expected MTGJSON (AllPrintings or AtomicCards), a Scryfall bulk "
        "file (oracle-cards or default-cards) or a Hydra card bundle, plain or compressed (.gz, .xz, .zip)."
    )


def read_card_data(
    path: str | Path, *, progress=None, max_bytes: int | None = None, max_bundle_bytes: int | None = None
) -> CardData:
    """Read any card data file Hydra knows (see `_sniff`), streamed: no file is ever held whole. `max_bytes` bounds
    what a file may inflate to (MTGJSON's and Scryfall's are hundreds of megabytes), `max_bundle_bytes` a Hydra
    bundle (tens); beyond them CardFileTooLarge. Raises CardDataError for what is not card data, naming the
    problem."""
    path = Path(path)
    kind = _sniff(path)
    cap = max_bundle_bytes if kind == "bundle" else max_bytes
    try:
        if kind == "bundle":
            with open_card_file(path, max_bytes=cap) as fh:
                header = _bundle_header(fh)
            with open_card_file(path, progress=progress, max_bytes=cap) as fh:
                return _bundle_data(header, ijson.items(fh, "cards.item", use_float=True))
        if kind.startswith("scryfall"):
            with open_card_file(path, progress=progress, max_bytes=cap) as fh:
                items = ijson.items(fh, "item" if kind == "scryfall" else "data.item", use_float=True)
                return _scryfall_data(items, data_date=_file_date(path))
        with open_card_file(path, max_bytes=cap) as fh:
            meta = next(ijson.items(fh, "meta", use_float=True), None) or {}
        with open_card_file(path, progress=progress, max_bytes=cap) as fh:
            return _mtgjson_data(ijson.kvitems(fh, "data", use_float=True), meta=meta)
    except ijson.JSONError as exc:
        raise CardDataError(f"{path} is not valid JSON: {exc}") from None
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CardDataError(f"{path} cannot be read: {exc}") from None


def _bundle_header(fh) -> dict:
    """A bundle's members before its `cards` (format, version, source, date, sets, formats, statuses,
    languages: small), read as a stream that stops where the cards begin."""
    header: dict = {}
    key, builder = None, None
    for prefix, event, value in ijson.parse(fh, use_float=True):
        if prefix == "" and event in ("map_key", "end_map"):
            if builder is not None:
                header[key] = builder.value
            key, builder = value, None
            if event == "end_map" or value == "cards":
                break
            builder = ijson.ObjectBuilder()
        elif builder is not None:
            builder.event(event, value)
    return header


def _file_date(path: Path) -> str:
    return dt.datetime.fromtimestamp(path.stat().st_mtime, tz=dt.UTC).date().isoformat()


def _date(value) -> str:
    value = str(value or "")[:10]
    return value if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value) else ""


def _bundle_data(data: dict, cards: Iterable | None = None) -> CardData:
    """A bundle's CardData from its document, or from its header (`_bundle_header`) and its streamed `cards`."""
    sets = [SetRecord(code=c, name=n, set_type=t, release_date=d) for c, n, t, d in data.get("sets") or ()]
    if cards is not None:
        missing = [key for key in ("formats", "statuses", "languages") if key not in data]
        if missing:  # read as a stream, a bundle's header comes before its cards, as bundle_write writes it
            raise CardDataError(f"The card bundle has no {', '.join(missing)} before its cards; rebuild it.")
        data = {**data, "cards": cards}
    return CardData(
        kind="bundle",
        cards=list(records_from_bundle(data)),
        sets=sets,
        printings=[],
        data_date=_date(data.get("date")),
        version=data.get("source", ""),
        formats=tuple(data["formats"]),
    )


def _mtgjson_data(entries, *, meta: dict) -> CardData:
    cards: dict[str, CardRecord] = {}
    printed: dict[str, dict[tuple[str, str], None]] = {}
    sets: list[SetRecord] = []
    printings: list[PrintingRecord] = []
    kind = ""
    for key, value in entries:
        if isinstance(value, list):  # AtomicCards: name -> faces
            kind = "atomic"
            record = mtgjson_record(key, value)
            if record is not None:
                cards[key] = record
            continue
        if not isinstance(value, dict) or "cards" not in value:
            raise CardDataError(
                "Unrecognised MTGJSON file: expected AllPrintings ({data: {SET: {cards: [...]}}}) or AtomicCards "
                "({data: {name: [faces]}})."
            )
        kind = "allprintings"
        code = str(value.get("code") or key).upper()
        booster = value.get("booster")
        sets.append(
            SetRecord(
                code=code,
                name=value.get("name") or code,
                set_type=value.get("type", ""),
                release_date=_date(value.get("releaseDate")),
                booster=json.dumps(booster, separators=(",", ":")) if booster else "",
            )
        )
        by_name: dict[str, list[dict]] = {}
        for card in value.get("cards") or ():
            name = card.get("name")
            if not name:
                continue
            by_name.setdefault(name, []).append(card)
            foreign = mtgjson_printed_names(card)
            if foreign:
                printed.setdefault(name, {}).update(foreign)
            if card.get("side") in (None, "a") and card.get("uuid"):
                printings.append(
                    PrintingRecord(
                        uuid=card["uuid"],
                        card_name=name,
                        set_code=code,
                        number=str(card.get("number", ""))[:20],
                        language=LANGUAGE_CODES.get(card.get("language", "English"), "en"),
                        rarity=card.get("rarity", ""),
                        scryfall_id=(card.get("identifiers") or {}).get("scryfallId", ""),
                        foreign_names=tuple(foreign),
                    )
                )
        for name, faces in by_name.items():
            if name not in cards:
                record = mtgjson_record(name, faces)
                if record is not None:
                    cards[name] = record
    if kind == "allprintings":
        cards = {name: replace(r, printed_names=tuple(printed.get(name, ()))) for name, r in cards.items()}
    kept = {name: r for name, r in cards.items() if not _reversible_duplicate(r, cards)}
    printings = [p for p in printings if p.card_name in kept or p.card_name in cards]
    return CardData(
        kind=kind or "atomic",
        cards=list(kept.values()),
        sets=sets,
        printings=printings,
        data_date=_date(meta.get("date")),
        version=str(meta.get("version", "")),
        formats=_meta_formats(meta),
    )


def _meta_formats(meta: dict) -> tuple[str, ...] | None:
    """The formats an MTGJSON-shaped file's `meta.computedFormats` names (a composite that derived its
    legalities); None when it does not say (MTGJSON's own files give every format)."""
    computed = meta.get("computedFormats")
    if not isinstance(computed, list):
        return None
    return tuple(sorted({str(f).strip().lower() for f in computed if str(f).strip()}))


def _scryfall_data(items, *, data_date: str) -> CardData:
    chosen: dict[str, dict] = {}
    printed_names: dict[str, dict[tuple[str, str], None]] = {}
    sets: dict[str, SetRecord] = {}
    printings: list[PrintingRecord] = []
    for card in items:
        if not isinstance(card, dict) or card.get("object", "card") != "card":
            continue
        code = str(card.get("set", "")).upper()
        if code and code not in sets:
            sets[code] = SetRecord(
                code=code,
                name=card.get("set_name", code),
                set_type=card.get("set_type", ""),
                release_date=_date(card.get("released_at")),
            )
        if card.get("layout") in _SCRYFALL_SKIPPED_LAYOUTS or not card.get("name"):
            continue
        language = card.get("lang", "en")
        printed = card.get("printed_name")
        printings.append(
            PrintingRecord(
                uuid=card.get("id", ""),
                card_name=card["name"],
                set_code=code,
                number=str(card.get("collector_number", ""))[:20],
                language=language,
                rarity=card.get("rarity", ""),
                scryfall_id=card.get("id", ""),
                foreign_names=((language, printed),) if printed and language != "en" else (),
            )
        )
        if printed and language != "en":
            printed_names.setdefault(card["name"], {})[(language, printed)] = None
        # One card object per name, the first English one (as records_from_scryfall), with only the keys it reads:
        # a bulk file's images, prices and URIs would fill the memory.
        if card["name"] not in chosen or (language == "en" and chosen[card["name"]].get("lang", "en") != "en"):
            chosen[card["name"]] = {k: card[k] for k in _SCRYFALL_KEPT if k in card}
    records = [
        replace(r, printed_names=tuple(printed_names.get(r.name, ())))
        for r in records_from_scryfall(list(chosen.values()))
    ]
    return CardData(
        kind="scryfall",
        cards=records,
        sets=list(sets.values()),
        printings=[p for p in printings if p.uuid],
        data_date=data_date,
    )


_SCRYFALL_KEPT = (
    "name",
    "lang",
    "printed_name",
    "layout",
    "card_faces",
    "type_line",
    "colors",
    "oracle_text",
    "cmc",
    "legalities",
    "oracle_id",
    "mana_cost",
    "id",
)
