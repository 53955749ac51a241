"""Reads of the cards app: the name index decklists resolve against, the rules data of cards, and the check of
a team's decklists that ties the parser and the deck rules together."""

from __future__ import annotations

import datetime as dt
import difflib
import functools
import threading
import time
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import connections, router
from django.db.models import Count, Max
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cards.commander import commanders_from_sideboard
from cards.decklist import COMMANDER, COMPANION, DecklistError, ParsedDeck, decklist_parse
from cards.deckrules import COMMANDER_FORMATS, CardRules, Problem, format_name, team_problems
from cards.display import scryfall_image_url
from cards.importer import read_card_data
from cards.models import (
    Card,
    CardDataImport,
    CardDataRequest,
    CardDisplaySettings,
    CardLegalities,
    CardName,
    CardSet,
    Printing,
)
from cards.names import CardNameIndex, name_key
from cards.services import BUNDLE_PATH

_NAME_CHUNK = 900
_cache_lock = threading.Lock()
_index_cache: dict[str, tuple[tuple, CardNameIndex]] = {}


def _catalogue_version() -> tuple:
    # Every import stamps the cards it writes (and rewrites their names), so count and latest stamp change.
    stats = Card.objects.aggregate(count=Count("id"), last=Max("updated_at"))
    return stats["count"], stats["last"]


def card_name_index() -> CardNameIndex:
    """Return the index of every name a player may write for a card (English, faces, other languages).

    Built from the database once per process and reused until the catalogue changes (an import); checking
    for a change costs one aggregate query. Building it for the full catalogue takes about a second."""
    alias = router.db_for_read(Card)
    # Test databases get other names than production ones under the same alias; key the cache by both.
    cache_key = f"{alias}:{connections[alias].settings_dict['NAME']}"
    version = _catalogue_version()
    cached = _index_cache.get(cache_key)
    if cached is not None and cached[0] == version:
        return cached[1]
    with _cache_lock:
        rows = CardName.objects.values_list("name_key", "name", "kind", "card__name").iterator(chunk_size=20_000)
        index = CardNameIndex(keyed_entries=rows)
        _index_cache[cache_key] = (version, index)
    return index


def card_find(*, name: str) -> Card | None:
    """Return the card a player means by `name` (English, a face, or a printed name in another language; any
    case, accents optional), or None when it is unknown or could be several cards."""
    kinds = {CardName.Kind.NAME: 0, CardName.Kind.FACE: 1, CardName.Kind.PRINTED: 2}
    rows = list(CardName.objects.filter(name_key=name_key(name)).values_list("kind", "card_id"))
    if not rows:
        return None
    best = min(kinds[kind] for kind, _ in rows)
    ids = {card_id for kind, card_id in rows if kinds[kind] == best}
    return Card.objects.get(id=ids.pop()) if len(ids) == 1 else None


def card_data_date(*, on_date: dt.date | None = None) -> dt.date | None:
    """The date of the card data whose legalities hold on `on_date`: the newest imported data published on or
    before it (the oldest data when all of it is newer; the newest data without a date). None when no import
    recorded a date."""
    dates = CardDataImport.objects.exclude(data_date=None)
    if on_date is not None:
        before = dates.filter(data_date__lte=on_date).aggregate(d=Max("data_date"))["d"]
        if before is not None:
            return before
        return dates.order_by("data_date").values_list("data_date", flat=True).first()
    return dates.aggregate(d=Max("data_date"))["d"]


def card_formats_checked(*, on_date: dt.date | None = None) -> frozenset[str] | None:
    """The formats whose legalities the card data of `on_date` (`card_data_date`; else the newest) gives: None when
    it gives every format (MTGJSON's and Scryfall's own files, or nothing imported yet). One or two queries."""
    date = card_data_date(on_date=on_date)
    imports = CardDataImport.objects.order_by("-imported_at", "-pk")
    latest = (imports.filter(data_date=date) if date is not None else imports).values_list("formats", flat=True).first()
    return None if latest is None else frozenset(latest)


def formats_unchecked(formats: str | Iterable[str], *, on_date: dt.date | None = None) -> tuple[str, ...]:
    """Those of `formats` (one or several format names) whose legalities the card data does not give, in order."""
    wanted = [formats] if isinstance(formats, str) else list(formats)
    checked = card_formats_checked(on_date=on_date)
    if checked is None:
        return ()
    return tuple(dict.fromkeys(f.strip().lower() for f in wanted if f and f.strip().lower() not in checked))


def unchecked_formats_notice(formats: Sequence[str]) -> str:
    """What a reader is told when the card data does not give the legalities of `formats` ("" when none)."""
    if not formats:
        return ""
    names = ", ".join(str(format_name(f)) for f in formats)
    return ngettext(
        "The card data does not say which cards are legal in %(formats)s: its card pool and banned list are not "
        "checked (deck size and copies are). Import current card data to check them.",
        "The card data does not say which cards are legal in %(formats)s: their card pools and banned lists are "
        "not checked (deck size and copies are). Import current card data to check them.",
        len(formats),
    ) % {"formats": names}


def card_rules_for_names(*, names: Iterable[str], on_date: dt.date | None = None) -> dict[str, CardRules]:
    """Return English name -> `CardRules` for the given English names; names not in the catalogue are absent.

    With `on_date`, legalities are those of the card data of that date (`card_data_date`) where the imports kept
    them; otherwise, and for cards without a record of that date, the newest."""
    wanted = sorted(set(names))
    rules: dict[str, CardRules] = {}
    data_date = card_data_date(on_date=on_date) if on_date is not None else None
    for start in range(0, len(wanted), _NAME_CHUNK):
        chunk = wanted[start : start + _NAME_CHUNK]
        rows = Card.objects.filter(name__in=chunk).values_list(
            "id",
            "name",
            "is_basic",
            "deck_limit",
            "legalities",
            "type_line",
            "text",
            "color_identity",
            "power",
            "toughness",
        )
        dated: dict[int, dict] = {}
        if data_date is not None:
            history = CardLegalities.objects.filter(card__name__in=chunk, valid_from__lte=data_date).order_by(
                "valid_from"
            )
            for card_id, legalities in history.values_list("card_id", "legalities"):
                dated[card_id] = legalities
        for card_id, name, is_basic, deck_limit, legalities, type_line, text, identity, power, toughness in rows:
            rules[name] = CardRules(
                name=name,
                is_basic=is_basic,
                deck_limit=deck_limit,
                legalities=dated.get(card_id, legalities),
                type_line=type_line,
                text=text,
                color_identity=identity,
                power=power,
                toughness=toughness,
            )
    return rules


def decklist_commanders(
    *, text: str, main: Mapping[str, int], sideboard: Mapping[str, int], formats: Iterable[str] = COMMANDER_FORMATS
) -> dict[str, int]:
    """English name -> count of the commanders a stored decklist names, for the pages and the API that show it: its
    Commander section ("Commander" heading, "*CMDR*", "Commander: X"), else, in a Commander deck (`formats`, the
    event's), MTGO's commander in the sideboard (`cards.commander.commanders_from_sideboard`). {} for a deck of other
    formats."""
    if not text or not any(f in COMMANDER_FORMATS for f in formats):
        return {}
    parsed = decklist_parse(text, resolver=card_name_index())
    return parsed.section(COMMANDER) or commanders_from_sideboard(main, sideboard, parsed.section(COMPANION))


@dataclass(frozen=True)
class TeamCheck:
    """The outcome of checking a team's decklists: each list's parse errors (by label) and the rule problems
    of what could be read. Legal only when there is neither."""

    parse_errors: dict[str, list[DecklistError]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    decks: dict[str, ParsedDeck] = field(default_factory=dict)
    # The date of the card data whose legalities were used (None: the newest data, of unknown date).
    data_date: dt.date | None = None
    # Formats whose legalities that data does not give: not checked (`notice` says so), never "all illegal".
    unchecked_formats: tuple[str, ...] = ()

    @property
    def notice(self) -> str:
        return unchecked_formats_notice(self.unchecked_formats)

    @property
    def legal(self) -> bool:
        return not self.problems and not any(self.parse_errors.values())


def team_decklists_check(
    *,
    decklists: Sequence[tuple[str, str | bytes]],
    rule: str,
    formats: str | Sequence[str],
    extra_banned: Collection[str] = (),
    two_headed_giant: bool = False,
    on_date: dt.date | None = None,
    formats_must_differ: bool = True,
) -> TeamCheck:
    """Parse each (label, decklist text) and check the team against RULES.md 5 (see
    `cards.deckrules.team_problems`). `extra_banned` names may be written as a player would (any language,
    front face); an unknown one is reported as a problem. Parse errors and rule problems come back together;
    the rules are checked on the lines that could be read, so one typo does not hide the other problems.
    With `on_date` (the event's date) the legalities are those of the card data of that date; `data_date` of the
    result says which data that was."""
    index = card_name_index()
    parsed = {label: decklist_parse(text, resolver=index) for label, text in decklists}
    problems: list[Problem] = []
    banned: set[str] = set()
    for name in extra_banned:
        resolution = index.resolve(name)
        if resolution.english is None:
            problems.append(
                Problem(
                    code="unknown-banned-card",
                    message=f"The event's banned list names {name!r}, which is not a card name"
                    + (f" (it could be {' or '.join(resolution.candidates)})." if resolution.candidates else "."),
                    card=name,
                )
            )
        else:
            banned.add(resolution.english)
    decks = [deck.to_deck(label) for label, deck in parsed.items()]
    names = {name for deck in decks for name in (*deck.names(), *deck.commander, *deck.companion)}
    cards = card_rules_for_names(names=names, on_date=on_date)
    unchecked = formats_unchecked(formats, on_date=on_date)
    problems += team_problems(
        decks,
        rule=rule,
        formats=formats,
        cards=cards,
        extra_banned=banned,
        two_headed_giant=two_headed_giant,
        formats_must_differ=formats_must_differ,
        unchecked_formats=unchecked,
    )
    return TeamCheck(
        parse_errors={label: deck.errors for label, deck in parsed.items()},
        problems=problems,
        decks=parsed,
        data_date=card_data_date(on_date=on_date),
        unchecked_formats=unchecked,
    )


class UnknownSetCode(ValidationError):
    """A set code that no set of the card data has; the message suggests the nearest ones."""


@functools.lru_cache(maxsize=1)
def _bundled_sets() -> dict[str, str]:
    return {s.code: s.name for s in read_card_data(BUNDLE_PATH).sets}


def sets_known() -> dict[str, str]:
    """Code -> name of every set Hydra knows: those of the imported card data, else those of the bundle."""
    known = dict(CardSet.objects.values_list("code", "name"))
    return known or dict(_bundled_sets())


# Sets that are no product to open (MTGJSON's set types): never suggested for a mistyped code, still accepted when
# typed exactly.
NOT_OPENED_SET_TYPES = {"token", "memorabilia"}


def _sets_not_opened() -> set[str]:
    types = dict(CardSet.objects.values_list("code", "set_type")) or {
        s.code: s.set_type for s in read_card_data(BUNDLE_PATH).sets
    }
    return {code for code, kind in types.items() if kind in NOT_OPENED_SET_TYPES}


def set_code_check(*, code: str) -> str:
    """Return `code` as the card data writes it (upper case, trimmed) when a set has it. Otherwise raise
    UnknownSetCode, suggesting the nearest codes, or the sets whose name was typed ("Dominaria" -> DOM)."""
    wanted = (code or "").strip().upper()
    known = sets_known()
    if wanted in known:
        return wanted
    by_name = [c for c, name in known.items() if name.casefold() == (code or "").strip().casefold()]
    # The letter O for the digit 0 (M2O for M20) and I or L for 1 are the commonest slips.
    lookalikes = [
        c
        for c in {wanted.translate(str.maketrans("OIL", "011")), wanted.translate(str.maketrans("01", "OI"))}
        if c in known
    ]
    not_opened = _sets_not_opened()
    candidates = [c for c in known if c not in not_opened]
    near = by_name or lookalikes or difflib.get_close_matches(wanted, candidates, n=3, cutoff=0.6)
    if not near:
        folded = {known[c].casefold(): c for c in candidates}
        near = [
            folded[n]
            for n in difflib.get_close_matches((code or "").strip().casefold(), list(folded), n=3, cutoff=0.75)
        ]
    if near:
        suggestions = ", ".join(f"{c} ({known[c]})" for c in near)
        raise UnknownSetCode(
            _("%(code)s? There is no set with that code. Did you mean %(suggestions)s?")
            % {"code": code.strip() or "''", "suggestions": suggestions},
            code="unknown-set",
        )
    raise UnknownSetCode(
        _("%(code)s? There is no set with that code. The admin's list of sets shows every code Hydra knows.")
        % {"code": code.strip() or "''"},
        code="unknown-set",
    )


def card_set_booster_data(*, code: str, products: Sequence[str] = ("play", "draft", "default")) -> dict | None:
    """The set `code` in the shape drafting.boosters.open_boosters reads (code, name, booster.default, cards),
    from imported card data: its booster contents of the first of `products` the data has, with the printings
    its sheets name. None when the imported data has no such boosters for the set (use Hydra's set bundle)."""
    card_set = CardSet.objects.filter(code=(code or "").strip().upper()).first()
    if card_set is None:
        return None
    product = next((p for p in products if (card_set.booster or {}).get(p)), None)
    if product is None:
        return None
    config = card_set.booster[product]
    uuids = sorted({u for sheet in (config.get("sheets") or {}).values() for u in (sheet.get("cards") or {})})
    cards = []
    for start in range(0, len(uuids), _NAME_CHUNK):
        rows = Printing.objects.filter(uuid__in=uuids[start : start + _NAME_CHUNK]).values_list(
            "uuid",
            "number",
            "rarity",
            "card_set__code",
            "card__name",
            "card__colors",
            "card__types",
            "card__supertypes",
            "card__mana_value",
        )
        for uuid, number, rarity, set_code, name, colors, types, supertypes, mana_value in rows:
            card = {
                "uuid": uuid,
                "name": name,
                "number": number,
                "rarity": rarity,
                "colors": list(colors),
                "types": types,
                "supertypes": supertypes,
                "manaValue": mana_value,
            }
            if set_code != card_set.code:
                card["setCode"] = set_code
            cards.append(card)
    known = {c["uuid"] for c in cards}
    # A sheet naming printings the data does not have (a bonus sheet of another set not imported) loses them.
    sheets = {}
    for name, sheet in (config.get("sheets") or {}).items():
        kept = {u: w for u, w in (sheet.get("cards") or {}).items() if u in known}
        if kept:
            sheets[name] = {**sheet, "cards": kept, "totalWeight": sum(kept.values())}
    boosters = [b for b in config.get("boosters") or () if all(s in sheets for s in b.get("contents") or {})]
    if not boosters:
        return None
    return {
        "code": card_set.code,
        "name": card_set.name,
        "product": product,
        "cards": cards,
        "booster": {
            "default": {
                "boosters": boosters,
                "boostersTotalWeight": sum(b["weight"] for b in boosters),
                "sheets": sheets,
            }
        },
    }


@dataclass(frozen=True)
class CardFace:
    """What a page shows of a card: cost, type line, rules text and, where allowed, a picture's address."""

    name: str
    mana_cost: str = ""
    type_line: str = ""
    text: str = ""
    image_url: str = ""
    local_name: str = ""  # the name printed in the reader's language, where the card data has it


# The site's languages (settings.LANGUAGES, and those it may gain) as the card data names them (CardName.language).
CARD_LANGUAGES = {
    "de": "de",
    "zh-hans": "zhs",
    "zh-hant": "zht",
    "fr": "fr",
    "it": "it",
    "es": "es",
    "pt-br": "pt",
    "pt": "pt",
    "ja": "ja",
    "ko": "ko",
    "ru": "ru",
}


_IMAGES_TTL = 30.0
_images_cache: dict[str, tuple[float, bool]] = {}


def card_images_allowed() -> bool:
    """True when the organizers allowed card pictures from Scryfall (CardDisplaySettings). Read at most every
    30 seconds per process: live pages poll every second, and a changed setting may take that long to show."""
    alias = router.db_for_read(CardDisplaySettings)
    key = f"{alias}:{connections[alias].settings_dict['NAME']}"
    cached = _images_cache.get(key)
    if cached is not None and time.monotonic() - cached[0] < _IMAGES_TTL:
        return cached[1]
    allowed = CardDisplaySettings.objects.filter(remote_images=True).exists()
    _images_cache[key] = (time.monotonic(), allowed)
    return allowed


def card_images_forget() -> None:
    """Drop the remembered setting (after a change in this process, and in tests)."""
    _images_cache.clear()


def cards_faces(*, cards: Iterable[object], language: str | None = None) -> dict[tuple[str, str, str], CardFace]:
    """(name, set code, number) -> `CardFace` for objects with `name` (and optionally `set_code`, `number`, and
    `uuid`, the MTGJSON id of their printing): a pack, a pool. Two queries, whatever the number of cards (a third
    for a `language` other than English, the site's language code: each face's `local_name` is the name printed in
    it, where the data has one; and with card pictures allowed, one for the printings of the cards with a `uuid`).
    A name the catalogue does not know gets a face with its name only.

    A picture (only where the organizers allow them) is Scryfall's, by id: the printing's (`uuid` -> Printing's
    Scryfall id), else the card's (`Card.scryfall_id`); a card with neither is shown as text."""
    cards = list(cards)
    keys = {(c.name, getattr(c, "set_code", "") or "", str(getattr(c, "number", "") or "")) for c in cards}
    names = sorted({k[0] for k in keys})
    found: dict[str, tuple[str, str, str, str]] = {}
    for start in range(0, len(names), _NAME_CHUNK):
        rows = Card.objects.filter(name__in=names[start : start + _NAME_CHUNK]).values_list(
            "name", "mana_cost", "type_line", "text", "scryfall_id"
        )
        found.update((name, rest) for name, *rest in rows)
    local = _printed_names(names, CARD_LANGUAGES.get((language or "").lower()))
    images = card_images_allowed()
    printed = _printing_scryfall_ids(cards) if images else {}
    faces = {}
    for name, set_code, number in keys:
        mana_cost, type_line, text, scryfall_id = found.get(name, ("", "", "", ""))
        faces[(name, set_code, number)] = CardFace(
            name=name,
            mana_cost=mana_cost,
            type_line=type_line,
            text=text,
            # A name the catalogue lacks (a test pack, a typo) has no picture to ask for.
            image_url=scryfall_image_url(printed.get((name, set_code, number)) or scryfall_id)
            if images and name in found
            else "",
            local_name=local.get(name, ""),
        )
    return faces


def _printing_scryfall_ids(cards: list) -> dict[tuple[str, str, str], str]:
    """(name, set code, number) -> the Scryfall id of the printing the object's `uuid` names (one query; none
    when no object has a uuid)."""
    by_uuid: dict[str, tuple[str, str, str]] = {}
    for c in cards:
        if getattr(c, "uuid", ""):
            by_uuid.setdefault(c.uuid, (c.name, getattr(c, "set_code", "") or "", str(getattr(c, "number", "") or "")))
    if not by_uuid:
        return {}
    ids = {}
    for start in range(0, len(by_uuid), _NAME_CHUNK):
        chunk = list(by_uuid)[start : start + _NAME_CHUNK]
        for uuid, scryfall_id in (
            Printing.objects.filter(uuid__in=chunk).exclude(scryfall_id="").values_list("uuid", "scryfall_id")
        ):
            ids.setdefault(by_uuid[uuid], scryfall_id)
    return ids


CARD_DATA_STALE_DAYS = 90


@dataclass(frozen=True)
class CardDataFreshness:
    """How current the card data is: its date (None: no import recorded one), its age in days on `today`, and
    whether it is stale (older than CARD_DATA_STALE_DAYS, or of unknown date)."""

    date: dt.date | None
    age_days: int | None
    stale: bool


def card_data_freshness(*, today: dt.date) -> CardDataFreshness:
    """The newest card data's date and whether it is older than 90 days on `today`. One query."""
    date = card_data_date()
    if date is None:
        return CardDataFreshness(date=None, age_days=None, stale=True)
    age = (today - date).days
    return CardDataFreshness(date=date, age_days=age, stale=age > CARD_DATA_STALE_DAYS)


def card_printed_names(*, names: Iterable[str], language: str | None) -> dict[str, str]:
    """English name -> the name printed in `language` (the site's language code: "ja", "pt-br" ...), for the cards
    whose data has one; English and a language the data lacks give none. One query per 500 names."""
    return _printed_names(sorted(set(names)), CARD_LANGUAGES.get((language or "").lower()))


def card_names_read(*, names: Iterable[str], language: str | None = None) -> dict[str, str]:
    """English name -> the name as a reader of `language` (default: the active one) reads it in a sentence: the
    printed name with the English name beside it ("稲妻 (Lightning Bolt)") where the card data has that printing,
    else the English name. One query per 500 names (card_printed_names)."""
    names = list(names)
    printed = card_printed_names(names=names, language=language or translation.get_language())
    return {name: f"{printed[name]} ({name})" if name in printed else name for name in names}


def _printed_names(names: list[str], language: str | None) -> dict[str, str]:
    """English name -> the name printed in `language` (card data's code), for the cards that have one."""
    if not language:
        return {}
    local: dict[str, str] = {}
    for start in range(0, len(names), _NAME_CHUNK):
        rows = CardName.objects.filter(
            kind=CardName.Kind.PRINTED, language=language, card__name__in=names[start : start + _NAME_CHUNK]
        ).order_by("pk")
        for english, printed in rows.values_list("card__name", "name"):
            if printed != english:
                local.setdefault(english, printed)
    return local


def card_data_job(*, job_id: str) -> dict | None:
    """An import job's record (state queued / reading / downloading / writing / done / failed, what, by, stage,
    done and total bytes, message; cards and data_date when done), None when unknown or expired."""
    if not job_id or not job_id.isalnum() or len(job_id) > 40:
        return None
    return cache.get(f"cards:job:{job_id}")


def card_data_current() -> CardDataImport | None:
    """The import whose data is the newest (the card data in use), None before any import."""
    date = card_data_date()
    imports = CardDataImport.objects.order_by("-imported_at", "-pk")
    return (imports.filter(data_date=date) if date is not None else imports).first()


def card_data_requests_open() -> list[CardDataRequest]:
    """The organizers' requests for newer card data made since the latest import (issue 52), newest first: what the
    operator sees on the card data page."""
    requests = CardDataRequest.objects.all()
    latest = CardDataImport.objects.order_by("-imported_at").first()
    if latest is not None:
        requests = requests.filter(requested_at__gt=latest.imported_at)
    return list(requests.order_by("-requested_at")[:50])
