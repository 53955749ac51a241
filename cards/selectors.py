"""Reads of the cards app: the name index decklists resolve against, the rules data of cards, and the check of
a team's decklists that ties the parser and the deck rules together."""
from __future__ import annotations

import threading
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

from django.db import connections, router
from django.db.models import Count, Max

from cards.decklist import DecklistError, ParsedDeck, decklist_parse
from cards.deckrules import CardRules, Problem, team_problems
from cards.models import Card, CardName
from cards.names import CardNameIndex, name_key

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


def card_rules_for_names(*, names: Iterable[str]) -> dict[str, CardRules]:
    """Return English name -> `CardRules` for the given English names; names not in the catalogue are absent."""
    wanted = sorted(set(names))
    rules: dict[str, CardRules] = {}
    for start in range(0, len(wanted), _NAME_CHUNK):
        rows = Card.objects.filter(name__in=wanted[start : start + _NAME_CHUNK]).values_list(
            "name", "is_basic", "deck_limit", "legalities"
        )
        for name, is_basic, deck_limit, legalities in rows:
            rules[name] = CardRules(name=name, is_basic=is_basic, deck_limit=deck_limit, legalities=legalities)
    return rules


@dataclass(frozen=True)
class TeamCheck:
    """The outcome of checking a team's decklists: each list's parse errors (by label) and the rule problems
    of what could be read. Legal only when there is neither."""

    parse_errors: dict[str, list[DecklistError]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    decks: dict[str, ParsedDeck] = field(default_factory=dict)

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
) -> TeamCheck:
    """Parse each (label, decklist text) and check the team against RULES.md 5 (see
    `cards.deckrules.team_problems`). `extra_banned` names may be written as a player would (any language,
    front face); an unknown one is reported as a problem. Parse errors and rule problems come back together;
    the rules are checked on the lines that could be read, so one typo does not hide the other problems."""
    index = card_name_index()
    parsed = {label: decklist_parse(text, resolver=index) for label, text in decklists}
    problems: list[Problem] = []
    banned: set[str] = set()
    for name in extra_banned:
        resolution = index.resolve(name)
        if resolution.english is None:
            problems.append(Problem(
                code="unknown-banned-card",
                message=f"The event's banned list names {name!r}, which is not a card name"
                        + (f" (it could be {' or '.join(resolution.candidates)})." if resolution.candidates else "."),
                card=name,
            ))
        else:
            banned.add(resolution.english)
    decks = [deck.to_deck(label) for label, deck in parsed.items()]
    names = {name for deck in decks for name in deck.names()}
    cards = card_rules_for_names(names=names)
    problems += team_problems(
        decks, rule=rule, formats=formats, cards=cards, extra_banned=banned, two_headed_giant=two_headed_giant
    )
    return TeamCheck(
        parse_errors={label: deck.errors for label, deck in parsed.items()}, problems=problems, decks=parsed,
    )
