"""Writes of the cards app: importing card data into `Card` and `CardName`."""

from __future__ import annotations

import functools
import json
import logging
import time
import uuid
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connections, models, router, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from common.tasks import send_after_commit
from cards.download import DownloadError, card_data_download, cleanup
from cards.importer import CardData, CardDataError, CardRecord, PrintingRecord, SetRecord, read_card_data
from cards.models import Card, CardDataImport, CardDataRequest, CardLegalities, CardName, CardSet, Printing
from cards.names import KIND_FACE, KIND_NAME, KIND_PRINTED, name_key

logger = logging.getLogger(__name__)

BUNDLE_PATH = Path(__file__).resolve().parent / "data" / "cards.json.xz"

# Small enough for SQLite's parameter limit with a few fields per row, large enough to keep round trips few.
_NAME_CHUNK = 900
_CARD_FIELDS = [
    "ascii_name",
    "name_key",
    "face_names",
    "type_line",
    "supertypes",
    "types",
    "mana_value",
    "colors",
    "legalities",
    "deck_limit",
    "is_basic",
    "oracle_id",
    "layout",
    "updated_at",
    "mana_cost",
    "text",
    "scryfall_id",
    "color_identity",
    "power",
    "toughness",
]

T = TypeVar("T")


def _chunks(items: Sequence[T], size: int = _NAME_CHUNK) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


@dataclass(frozen=True)
class ImportResult:
    """What an import did: cards created, cards updated in place, and names (all kinds) written; with whole data
    files also the names of the new cards, the cards whose legalities changed, the new sets and the printings."""

    created: int
    updated: int
    names: int
    new_cards: tuple[str, ...] = ()
    changed_legalities: tuple[str, ...] = ()
    new_sets: tuple[str, ...] = ()
    printings: int = 0
    data_date: str = ""
    source: str = ""  # the file's name, for whole data files

    @property
    def total(self) -> int:
        return self.created + self.updated


def _json(value) -> str:
    """A JSON column's value as both backends take it in a bulk write (see `_insert`)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@functools.lru_cache(maxsize=4096)
def _json_list(items: tuple) -> str:
    # Types, supertypes and legalities repeat across thousands of cards: each distinct value is encoded once.
    return _json(list(items))


@functools.lru_cache(maxsize=4096)
def _json_dict(items: tuple) -> str:
    return _json(dict(items))


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


def _insert(
    model,
    columns: Sequence[str],
    rows: Sequence[Sequence[object]],
    *,
    conflict: str = "",
    keep: Sequence[str] = (),
    keep_unless_given: Sequence[str] = (),
) -> None:
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
        # `keep`: columns a new row gets but an existing row keeps; `keep_unless_given`: text columns an existing
        # row keeps when the new value is empty.
        updates = ", ".join(
            f"{qn(c)} = COALESCE(NULLIF(EXCLUDED.{qn(c)}, ''), {table}.{qn(c)})"
            if c in keep_unless_given
            else f"{qn(c)} = EXCLUDED.{qn(c)}"
            for c in columns
            if c != conflict and c not in keep
        )
        upsert = f" ON CONFLICT ({qn(conflict)}) DO UPDATE SET {updates}"
    with connection.cursor() as wrapper:
        cursor = wrapper.cursor
        if connection.vendor != "postgresql":
            cursor.executemany(
                f"INSERT INTO {table} ({names}) VALUES ({', '.join(['%s'] * len(columns))}){upsert}", rows
            )
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
    previous: dict[str, dict] = {}
    for chunk in _chunks(names):
        previous.update(Card.objects.filter(name__in=chunk).values_list("name", "legalities"))
    existing = set(previous)
    connection = connections[router.db_for_write(Card)]
    if connection.vendor == "postgresql":
        # Waiting for the write-ahead log of 200,000 rows to reach the disk took a quarter of the import;
        # an import lost to a crash right after its commit is simply run again.
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit TO OFF")
    fields = [Card._meta.get_field(c) for c in ["name", *_CARD_FIELDS]]
    # Only JSON needs adapting: written as JSON text, which SQLite stores as it is and PostgreSQL's COPY casts to
    # jsonb (json.dumps directly: Django's per-value adaptation was a fifth of the bundle's import).
    json_fields = {f.name for f in fields if isinstance(f, models.JSONField)}
    now = Card._meta.get_field("updated_at").get_db_prep_save(timezone.now(), connection)
    rows = []
    for r in by_name.values():
        values = {
            "name": r.name,
            "ascii_name": r.ascii_name,
            "name_key": name_key(r.name),
            "face_names": tuple(r.face_names),
            "type_line": r.type_line[:300],
            "supertypes": tuple(r.supertypes),
            "types": tuple(r.types),
            "mana_value": r.mana_value,
            "colors": r.colors,
            "legalities": tuple(sorted(r.legalities.items())),
            "deck_limit": r.deck_limit,
            "is_basic": r.is_basic,
            "oracle_id": r.oracle_id,
            "layout": r.layout,
            "updated_at": now,
            "mana_cost": r.mana_cost[:100],
            "text": r.text,
            "scryfall_id": r.scryfall_id[:36],
            "color_identity": r.color_identity,
            "power": r.power[:10],
            "toughness": r.toughness[:10],
        }
        rows.append(
            [
                (_json_dict if f.name == "legalities" else _json_list)(values[f.name])
                if f.name in json_fields
                else values[f.name]
                for f in fields
            ]
        )
    # Data without Scryfall ids (AtomicCards, the bundle) keeps the ids an earlier import stored.
    _insert(Card, [f.column for f in fields], rows, conflict="name", keep_unless_given=["scryfall_id"])
    ids: dict[str, int] = {}
    for chunk in _chunks(names):
        ids.update(Card.objects.filter(name__in=chunk).values_list("name", "id"))
    # Rewrite the names of the cards whose names changed only: a re-import of the same data then writes none of
    # its 200,000 names (deleting and inserting them was half of an update's time on PostgreSQL).
    wanted_names: dict[int, set[tuple[str, str, str, str]]] = {}
    for name, record in by_name.items():
        wanted_names[ids[name]] = set(_card_names(record))
    stored_names: dict[int, set[tuple[str, str, str, str]]] = {}
    if existing:
        for chunk in _chunks(list(ids.values())):
            rows = CardName.objects.filter(card_id__in=chunk).values_list(
                "card_id", "language", "kind", "name", "name_key"
            )
            for card_id, *row in rows:
                stored_names.setdefault(card_id, set()).add(tuple(row))
    changed = [card_id for card_id, wanted in wanted_names.items() if stored_names.get(card_id, set()) != wanted]
    for chunk in _chunks([card_id for card_id in changed if card_id in stored_names]):
        CardName.objects.filter(card_id__in=chunk).delete()
    card_names = [(card_id, *n) for card_id in changed for n in sorted(wanted_names[card_id])]
    _insert(CardName, ["card_id", "language", "kind", "name", "name_key"], card_names)
    result = ImportResult(
        created=len(names) - len(existing),
        updated=len(existing),
        names=sum(len(n) for n in wanted_names.values()),
        new_cards=tuple(sorted(n for n in names if n not in existing)),
        changed_legalities=tuple(
            sorted(n for n in names if n in previous and (previous[n] or {}) != by_name[n].legalities)
        ),
    )
    logger.info("Imported cards: %d new, %d updated, %d names", result.created, result.updated, result.names)
    return result


def _sets_import(sets: Sequence[SetRecord]) -> tuple[str, ...]:
    """Upsert sets by code; a set's booster contents are only replaced by data that has them. Returns new codes."""
    known = set(CardSet.objects.values_list("code", flat=True))
    connection = connections[router.db_for_write(CardSet)]
    booster_field = CardSet._meta.get_field("booster")
    now = CardSet._meta.get_field("updated_at").get_db_prep_save(timezone.now(), connection)
    by_code = {s.code: s for s in sets}
    plain = [
        [s.code, s.name[:200], s.set_type[:40], s.release_date or None, now] for s in by_code.values() if not s.booster
    ]
    columns = ["code", "name", "set_type", "release_date", "updated_at"]
    if plain:
        # A new set starts with no booster contents; an existing one keeps those it has.
        empty = booster_field.get_db_prep_save({}, connection)
        _insert(CardSet, [*columns, "booster"], [[*row, empty] for row in plain], conflict="code", keep=["booster"])
    with_booster = [
        # MTGJSON's booster object arrives as JSON text: PostgreSQL's COPY and SQLite take it as it is.
        [s.code, s.name[:200], s.set_type[:40], s.release_date or None, now, s.booster]
        for s in by_code.values()
        if s.booster
    ]
    if with_booster:
        _insert(CardSet, [*columns, "booster"], with_booster, conflict="code")
    return tuple(sorted(code for code in by_code if code not in known))


def _printings_import(printings: Sequence[PrintingRecord]) -> int:
    """Upsert printings by their id (MTGJSON uuid or Scryfall id). Printings of cards or sets the import did
    not write are skipped."""
    set_ids = dict(CardSet.objects.values_list("code", "id"))
    wanted = sorted({p.card_name for p in printings})
    card_ids: dict[str, int] = {}
    for chunk in _chunks(wanted):
        card_ids.update(Card.objects.filter(name__in=chunk).values_list("name", "id"))
    connection = connections[router.db_for_write(Printing)]
    names_field = Printing._meta.get_field("foreign_names")
    rows = {}
    for p in printings:
        if p.card_name in card_ids and p.set_code in set_ids:
            rows[p.uuid] = [
                p.uuid[:40],
                card_ids[p.card_name],
                set_ids[p.set_code],
                p.number,
                p.language[:5],
                p.rarity[:20],
                p.scryfall_id[:36],
                names_field.get_db_prep_save(dict(p.foreign_names), connection),
            ]
    columns = ["uuid", "card_id", "card_set_id", "number", "language", "rarity", "scryfall_id", "foreign_names"]
    _insert(Printing, columns, list(rows.values()), conflict="uuid")
    return len(rows)


def _legalities_record(*, legalities: dict[str, dict], data_date: str) -> None:
    """Keep each card's legalities as of `data_date` (English name -> legalities, as just imported) where they
    differ from those of the latest earlier data."""
    current: dict[int, dict] = {}
    for chunk in _chunks(sorted(legalities)):
        for name, card_id in Card.objects.filter(name__in=chunk).values_list("name", "id"):
            current[card_id] = legalities[name] or {}
    latest: dict[int, tuple[str, dict]] = {}
    rows = CardLegalities.objects.filter(valid_from__lte=data_date).order_by("valid_from")
    for card_id, valid_from, legalities in rows.values_list("card_id", "valid_from", "legalities").iterator(20_000):
        latest[card_id] = (valid_from.isoformat(), legalities or {})
    changed = [card_id for card_id in current if card_id not in latest or latest[card_id][1] != current[card_id]]
    redo = [card_id for card_id in changed if card_id in latest and latest[card_id][0] == data_date]
    for chunk in _chunks(redo):
        CardLegalities.objects.filter(valid_from=data_date, card_id__in=chunk).delete()
    _insert(
        CardLegalities,
        ["card_id", "valid_from", "legalities"],
        [[card_id, data_date, _json(current[card_id])] for card_id in changed],
    )


@transaction.atomic
def cards_import_data(*, data: CardData, source: str, progress=None, by: str = "") -> ImportResult:
    """Write everything read from a card data file (`cards.importer.read_card_data`): sets, cards and their
    names, printings, the legalities of the data's date, and a `CardDataImport` row. An upsert: nothing is
    deleted, so cards that left the data stay for old decklists. `progress(stage)` is told each step."""

    def step(stage: str) -> None:
        if progress:
            progress(stage)

    step("sets")
    new_sets = _sets_import(data.sets)
    step("cards")
    result = cards_import(records=data.cards)
    step("printings")
    printings = _printings_import(data.printings) if data.printings else 0
    if data.data_date:
        step("legalities")
        _legalities_record(legalities={r.name: r.legalities for r in data.cards}, data_date=data.data_date)
    result = ImportResult(
        created=result.created,
        updated=result.updated,
        names=result.names,
        new_cards=result.new_cards,
        changed_legalities=result.changed_legalities,
        new_sets=new_sets,
        printings=printings,
        data_date=data.data_date,
        source=source,
    )
    CardDataImport.objects.create(
        data_date=data.data_date or None,
        source=source[:300],
        version=data.version[:100],
        cards_created=result.created,
        cards_updated=result.updated,
        legalities_changed=len(result.changed_legalities),
        sets_created=len(new_sets),
        printings=printings,
        formats=list(data.formats) if data.formats is not None else None,
        by=by[:200],
    )
    return result


def cards_import_file(
    *, path: str | Path | None = None, progress=None, stage=None, by: str = "", name: str = ""
) -> ImportResult:
    """Import a card data file: MTGJSON AllPrintings or AtomicCards, Scryfall oracle-cards or default-cards, or
    a Hydra bundle; plain, .gz, .xz, .bz2 or .zip. Without a path, the bundle Hydra ships
    (cards/data/cards.json.xz). `progress(bytes_read)` follows the reading of the file, `stage(name)` the writing.
    Raises cards.importer.CardDataError for a file that is not card data, or that inflates to more than the
    operator's limits (HYDRA_CARD_FILE_MAX_BYTES, HYDRA_CARD_BUNDLE_MAX_BYTES): it is read as a stream."""
    path = Path(path or BUNDLE_PATH)
    data = read_card_data(
        path,
        progress=progress,
        max_bytes=settings.HYDRA_CARD_FILE_MAX_BYTES,
        max_bundle_bytes=settings.HYDRA_CARD_BUNDLE_MAX_BYTES,
    )
    return cards_import_data(data=data, source=name or path.name, progress=stage, by=by)


def cards_refresh(
    *, source: str = "mtgjson", url: str = "", download_progress=None, progress=None, stage=None, by: str = ""
) -> ImportResult:
    """Download the current card data of `source` (cards.download.SOURCES; `url`: a mirror) and import it, the
    downloaded file removed afterwards. What `import_cards --download` and the opt-in periodic refresh
    (cards.tasks, HYDRA_CARD_REFRESH) run. Raises DownloadError (offline: the message says what to do) or
    CardDataError."""
    downloaded = card_data_download(source=source, url=url, progress=download_progress)
    try:
        return cards_import_file(path=downloaded, progress=progress, stage=stage, by=by)
    finally:
        cleanup(downloaded)


def cards_ensure_loaded() -> int:
    """Make sure the card catalogue is not empty: import the bundled cards if there is no card at all.
    Returns the number of cards imported (0 when cards were there already). Cheap when loaded: one query."""
    if Card.objects.exists():
        return 0
    return cards_import_file().total


# --- Card data updated from the browser (docs/cards.md "Updating from the browser") -----------------------------
# An organizer uploads a file, or asks Hydra to download the current one; a Celery task (cards.tasks.card_data_job)
# imports it and reports its progress here, in the cache (every worker and web process shares it), for the page
# that polls it.

UPLOAD_DIR_NAME = "card-uploads"
_JOB_TTL = 24 * 3600


def _job_key(job_id: str) -> str:
    return f"cards:job:{job_id}"


def card_data_job_new(*, by: str, what: str) -> str:
    """A new import job, queued: its id (the page polls `cards.selectors.card_data_job`). `what` names the file
    or the source, for the page."""
    job_id = uuid.uuid4().hex
    cache.set(
        _job_key(job_id),
        {
            "state": "queued",
            "what": what,
            "by": by,
            "stage": "",
            "done": 0,
            "total": 0,
            "message": "",
            "started": time.time(),
        },
        _JOB_TTL,
    )
    return job_id


def card_data_job_update(job_id: str, **changes) -> None:
    job = cache.get(_job_key(job_id)) or {}
    job.update(changes)
    cache.set(_job_key(job_id), job, _JOB_TTL)


def card_upload_path(*, job_id: str, filename: str) -> Path:
    """Where an uploaded card data file waits for its import (removed after it)."""
    safe = "".join(c for c in Path(filename).name if c.isalnum() or c in "._-")[-80:] or "cards"
    directory = Path(settings.VAR_DIR) / UPLOAD_DIR_NAME
    directory.mkdir(parents=True, exist_ok=True)
    return directory / f"{job_id}-{safe}"


def card_data_job_run(
    *, job_id: str, path: str = "", name: str = "", source: str = "", url: str = "", by: str = ""
) -> ImportResult | None:
    """Run an import job: the uploaded file at `path` (removed afterwards), or a download of `source`. Its
    progress (bytes read, the stage of the writing) and its end (the summary, or the error's message, the data
    already imported kept) go to the job's record. Returns the result, None when it failed."""
    last = [0.0]

    def read(done: int, total: int = 0, state: str = "reading") -> None:
        if time.monotonic() - last[0] > 0.5:
            last[0] = time.monotonic()
            card_data_job_update(job_id, state=state, done=done, total=total)

    def stage(name_: str) -> None:
        card_data_job_update(job_id, state="writing", stage=name_)

    try:
        if path:
            size = Path(path).stat().st_size
            card_data_job_update(job_id, state="reading", total=size)
            result = cards_import_file(path=path, progress=lambda done: read(done, size), stage=stage, by=by, name=name)
        else:
            card_data_job_update(job_id, state="downloading")
            result = cards_refresh(
                source=source,
                url=url,
                by=by,
                stage=stage,
                download_progress=lambda done, total=0: read(done, total or 0, "downloading"),
                progress=lambda done: read(done, 0),
            )
    except (CardDataError, DownloadError, OSError) as exc:
        card_data_job_update(job_id, state="failed", message=str(exc))
        logger.warning("Card data import %s failed: %s", job_id, exc)
        return None
    except Exception:
        # A fault of Hydra's own: the page stops waiting (and says the data in use is unchanged: the import's
        # transaction rolled back); the worker logs the traceback.
        card_data_job_update(job_id, state="failed", message="")
        raise
    finally:
        if path:
            Path(path).unlink(missing_ok=True)
    card_data_job_update(
        job_id,
        state="done",
        cards=result.total,
        created=result.created,
        data_date=result.data_date,
        source=result.source,
    )
    return result


# --- Asking the operator for newer card data (issue 52) -----------------------------------------------------------
# The card data is the server's: every event's decklists are judged by it. Only the operator (a superuser) imports
# it; an organizer asks, and the operators hear of it by e-mail and on the card data page.

# The mail task's registered name (tournaments/tasks.py): the one way Hydra sends mail, sent by name.
MAIL_TASK = "tournaments.mail_send"


def card_data_operators_addresses() -> list[str]:
    """Who hears of a request: the addresses of settings.ADMINS and of every active superuser, once each."""
    addresses = [address for _name, address in settings.ADMINS]
    addresses += (
        get_user_model()
        .objects.filter(is_superuser=True, is_active=True)
        .exclude(email="")
        .order_by("pk")
        .values_list("email", flat=True)
    )
    return list(dict.fromkeys(a.strip() for a in addresses if a and a.strip()))


def _request_mail(request: CardDataRequest, *, current: CardDataImport | None, page_url: str) -> None:
    recipients = card_data_operators_addresses()
    if not recipients:
        logger.info("Card data update request %s: no operator has an e-mail address.", request.pk)
        return
    with translation.override(settings.LANGUAGE_CODE):
        subject = _("Hydra: %(user)s asks for newer card data") % {"user": request.by}
        in_use = (
            _("The card data in use: %(source)s of %(date)s.")
            % {"source": current.source, "date": current.data_date.isoformat() if current.data_date else "?"}
            if current
            else _("No card data is imported yet.")
        )
        body = "\n\n".join(
            part
            for part in (
                _("%(user)s asks you to update the server's card data (cards, sets and banned lists).")
                % {"user": request.by},
                in_use,
                request.note,
                request.email and _("Their address: %(email)s") % {"email": request.email},
                _("Upload a newer file or download it on the card data page: %(url)s") % {"url": page_url},
            )
            if part
        )
    # Through the one mail task (tournaments.services.mail: retries, a failure logged), by its name: cards imports
    # no other app. The request is recorded and listed on the page whatever the mail server does.
    for address in recipients:
        send_after_commit(
            MAIL_TASK,
            what=f"the card data request mail to {address}",
            lost="the page lists it",
            kwargs={
                "subject": str(subject),
                "body": body,
                "to": address,
                "html": None,
                "event_id": None,
                "shown_as": address,
            },
        )


def card_data_update_request(*, by, note: str = "", page_url: str = "") -> tuple[CardDataRequest, bool]:
    """Record an organizer's request for newer card data and tell the operators by e-mail (after the commit).
    One open request per person: asking again before the next import updates the note and sends nothing.
    Returns the request and whether it is new."""
    note = (note or "").strip()[:1000]
    username = by.get_username()
    latest = CardDataImport.objects.order_by("-imported_at").first()
    with transaction.atomic():
        mine = CardDataRequest.objects.select_for_update().filter(by=username)
        if latest is not None:
            mine = mine.filter(requested_at__gt=latest.imported_at)
        request = mine.first()
        if request is not None:
            if note:
                request.note = note
                request.save(update_fields=["note"])
            return request, False
        request = CardDataRequest.objects.create(by=username, email=getattr(by, "email", "") or "", note=note)
        transaction.on_commit(lambda: _request_mail(request, current=latest, page_url=page_url))
    return request, True
