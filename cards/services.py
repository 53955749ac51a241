"""Writes of the cards app: importing card data into `Card` and `CardName`."""
from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from django.db import connections, models, router, transaction
from django.utils import timezone

from cards.importer import CardRecord, records_from_file
from cards.models import Card, CardName
from cards.names import KIND_FACE, KIND_NAME, KIND_PRINTED, name_key

logger = logging.getLogger(__name__)

BUNDLE_PATH = Path(__file__).resolve().parent / "data" / "cards.json.gz"

# Small enough for SQLite's parameter limit with a few fields per row, large enough to keep round trips few.
_NAME_CHUNK = 900
_CARD_FIELDS = [
    "ascii_name", "name_key", "face_names", "type_line", "supertypes", "types", "mana_value", "colors",
    "legalities", "deck_limit", "is_basic", "oracle_id", "layout", "updated_at",
]

T = TypeVar("T")


def _chunks(items: Sequence[T], size: int = _NAME_CHUNK) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


@dataclass(frozen=True)
class ImportResult:
    """What an import did: cards created, cards updated in place, and names (all kinds) written."""

    created: int
    updated: int
    names: int

    @property
    def total(self) -> int:
        return self.created + self.updated


def _card_names(record: CardRecord) -> Iterator[tuple[str, str, str, str]]:
    """Yield (language, kind, name, name_key) for every name a player may write for `record`."""
    yield "en", KIND_NAME, record.name, name_key(record.name)
    english = {record.name}
    if record.ascii_name and record.ascii_name != record.name:
        # Players without the accent key type "Lim-Dul's Vault"; it is the same English name.
        english.add(record.ascii_name)
        yield "en", KIND_NAME, record.ascii_name, name_key(record.ascii_name)
    for face in dict.fromkeys(record.face_names):
        if face not in english:
            yield "en", KIND_FACE, face, name_key(face)
    seen: set[tuple[str, str]] = set()
    for language, printed in record.printed_names:
        # A foreign double-faced name "Geheimnisstöberer // Insekten-Scheußlichkeit" also answers to its front.
        candidates = [printed]
        if " // " in printed:
            candidates.append(printed.split(" // ")[0])
        for name in candidates:
            if name in english or (language, name) in seen or not name.strip():
                continue
            seen.add((language, name))
            yield language, KIND_PRINTED, name, name_key(name)


def _insert(model, columns: Sequence[str], rows: Sequence[Sequence[object]], *, conflict: str = "") -> None:
    # 200,000 names through bulk_create spend most of their time building model instances and compiling SQL.
    # Instead: on PostgreSQL, COPY (through a temporary table when rows may already exist); on SQLite, one
    # short statement run by executemany, which sqlite3 loops over in C. Both take seconds, not half a
    # minute. The backend's own cursor is used so that DEBUG's query log does not keep every parameter
    # of the import in memory.
    connection = connections[router.db_for_write(model)]
    qn = connection.ops.quote_name
    table = qn(model._meta.db_table)
    names = ", ".join(qn(c) for c in columns)
    upsert = ""
    if conflict:
        updates = ", ".join(f"{qn(c)} = EXCLUDED.{qn(c)}" for c in columns if c != conflict)
        upsert = f" ON CONFLICT ({qn(conflict)}) DO UPDATE SET {updates}"
    with connection.cursor() as wrapper:
        cursor = wrapper.cursor
        if connection.vendor != "postgresql":
            cursor.executemany(f"INSERT INTO {table} ({names}) VALUES ({', '.join(['%s'] * len(columns))}){upsert}", rows)
            return
        target = table
        if conflict:
            target = qn(f"{model._meta.db_table}_import")
            cursor.execute(f"CREATE TEMPORARY TABLE {target} AS SELECT {names} FROM {table} WITH NO DATA")
        with cursor.copy(f"COPY {target} ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        if conflict:
            cursor.execute(f"INSERT INTO {table} ({names}) SELECT {names} FROM {target}{upsert}")
            cursor.execute(f"DROP TABLE {target}")


@transaction.atomic
def cards_import(*, records: Iterable[CardRecord]) -> ImportResult:
    """Create or update a `Card` per record, matched by English name, and replace its `CardName`s.

    Existing cards keep their ids (other tables may point at them); cards absent from `records` are left
    alone. Uses bulk statements only: the query count grows with the number of records / a batch size,
    never per card. Later records with the same name replace earlier ones."""
    by_name = {r.name: r for r in records}
    names = list(by_name)
    existing: set[str] = set()
    for chunk in _chunks(names):
        existing.update(Card.objects.filter(name__in=chunk).values_list("name", flat=True))
    connection = connections[router.db_for_write(Card)]
    if connection.vendor == "postgresql":
        # Waiting for the write-ahead log of 200,000 rows to reach the disk took a quarter of the import;
        # an import lost to a crash right after its commit is simply run again.
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit TO OFF")
    fields = [Card._meta.get_field(c) for c in ["name", *_CARD_FIELDS]]
    # Only JSON needs the backend's adaptation (text on SQLite, jsonb on PostgreSQL); the rest goes as is.
    json_fields = {f.name for f in fields if isinstance(f, models.JSONField)}
    now = Card._meta.get_field("updated_at").get_db_prep_save(timezone.now(), connection)
    rows = []
    for r in by_name.values():
        values = {
            "name": r.name, "ascii_name": r.ascii_name, "name_key": name_key(r.name), "face_names": list(r.face_names),
            "type_line": r.type_line[:300], "supertypes": list(r.supertypes), "types": list(r.types),
            "mana_value": r.mana_value, "colors": r.colors, "legalities": dict(r.legalities), "deck_limit": r.deck_limit,
            "is_basic": r.is_basic, "oracle_id": r.oracle_id, "layout": r.layout, "updated_at": now,
        }
        rows.append([
            f.get_db_prep_save(values[f.name], connection) if f.name in json_fields else values[f.name] for f in fields
        ])
    _insert(Card, [f.column for f in fields], rows, conflict="name")
    ids: dict[str, int] = {}
    for chunk in _chunks(names):
        ids.update(Card.objects.filter(name__in=chunk).values_list("name", "id"))
    for chunk in _chunks(list(ids.values())):
        CardName.objects.filter(card_id__in=chunk).delete()
    card_names = [(ids[name], *n) for name, record in by_name.items() for n in _card_names(record)]
    _insert(CardName, ["card_id", "language", "kind", "name", "name_key"], card_names)
    result = ImportResult(created=len(names) - len(existing), updated=len(existing), names=len(card_names))
    logger.info("Imported cards: %s", result)
    return result


def cards_import_file(*, path: str | Path | None = None) -> ImportResult:
    """Import an MTGJSON AtomicCards, Scryfall bulk or Hydra bundle file (plain or .gz); without a path,
    the bundle Hydra ships (cards/data/cards.json.gz). Raises cards.importer.CardDataError for a file that
    is not card data."""
    return cards_import(records=records_from_file(path or BUNDLE_PATH))


def cards_ensure_loaded() -> int:
    """Make sure the card catalogue is not empty: import the bundled cards if there is no card at all.
    Returns the number of cards imported (0 when cards were there already). Cheap when loaded: one query."""
    if Card.objects.exists():
        return 0
    return cards_import_file().total
