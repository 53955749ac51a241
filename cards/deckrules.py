"""Deck construction rules (RULES.md 5): one deck against its format, and a team's decks against unified deck
construction ("four-copies", DCI 8.5, or "no-shared", MTR 8.4), mixed-format teams and Two-Headed Giant; a
Commander deck against Commander's rules (Comprehensive Rules 903, `cards.commander`).

Pure Python over plain data, no ORM: decks are English name -> count mappings and the catalogue is a mapping of
English name -> `CardRules` (`cards.selectors.card_rules_for_names` builds it from the database). Every
function returns every problem it finds, in a stable order, never just the first.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_noop, ngettext

from cards import commander

# Card.deck_limit for "A deck can have any number of cards named ..." (Relentless Rats).
DECK_LIMIT_ANY = 1_000_000

MIN_MAIN_DECK = 60
MAX_SIDEBOARD = 15
MAX_COPIES = 4
MAX_RESTRICTED = 1

RULE_FOUR_COPIES = "four-copies"
RULE_NO_SHARED = "no-shared"
UNIFIED_RULES = (RULE_FOUR_COPIES, RULE_NO_SHARED)

# The 60-card constructed formats, named as MTGJSON and Scryfall name them.
CONSTRUCTED_FORMATS = (
    "standard",
    "future",
    "pioneer",
    "explorer",
    "historic",
    "alchemy",
    "modern",
    "legacy",
    "vintage",
    "pauper",
    "premodern",
    "penny",
    "oldschool",
)
# Commander (100 cards, singleton, a commander's colour identity): `commander_deck_problems`.
COMMANDER_FORMATS = (commander.COMMANDER_FORMAT,)
# Every format Hydra checks decks for: what an event's constructed format may be.
CHECKED_FORMATS = (*CONSTRUCTED_FORMATS, *COMMANDER_FORMATS)

# What a player reads: the formats' proper names, in the reader's language (the keys stay MTGJSON's).
FORMAT_NAMES = {
    "standard": gettext_lazy("Standard"),
    "future": gettext_lazy("Future Standard"),
    "pioneer": gettext_lazy("Pioneer"),
    "explorer": gettext_lazy("Explorer"),
    "historic": gettext_lazy("Historic"),
    "alchemy": gettext_lazy("Alchemy"),
    "modern": gettext_lazy("Modern"),
    "legacy": gettext_lazy("Legacy"),
    "vintage": gettext_lazy("Vintage"),
    "pauper": gettext_lazy("Pauper"),
    "premodern": gettext_lazy("Premodern"),
    "penny": gettext_lazy("Penny Dreadful"),
    "oldschool": gettext_lazy("Old School"),
    "commander": gettext_lazy("Commander"),
}


def format_name(fmt: str) -> str:
    """The format's proper name for a message ("Modern", not "modern"); an unknown key as it is."""
    return str(FORMAT_NAMES.get(fmt, fmt))


# MTR 9.5 (RULES.md 5): banned in Two-Headed Giant constructed on top of the format's own list.
TWO_HEADED_GIANT_BANNED = ("Erayo, Soratami Ascendant // Erayo's Essence",)

# The rule in words (what a player can act on), not a reference to a document they don't have. English in the
# problem's data (`rule`), in the reader's language inside its message.
_RULE_NAMES = {
    RULE_FOUR_COPIES: gettext_noop("at most four copies of a card in the whole team, basic lands aside"),
    RULE_NO_SHARED: gettext_noop("no card in more than one deck of the team, basic lands aside"),
}
RULE_DECK_SIZE = "a main deck has at least 60 cards and a sideboard at most 15"
RULE_FORMATS = "a constructed format Hydra knows"
RULE_COMMANDER = "no commander outside a commander format"
RULE_COPIES = "at most four copies of a card in a deck, basic lands aside"
RULE_MIXED_FORMATS = "in a mixed-format team every member plays a different format"


@dataclass(frozen=True)
class CardRules:
    """What deck construction needs to know about one card."""

    name: str
    is_basic: bool = False
    # None: the four-copy rule; a number: the card's own limit (7 for Seven Dwarves); DECK_LIMIT_ANY.
    deck_limit: int | None = None
    # format -> "legal" | "banned" | "restricted"; a format absent here is one the card is not legal in.
    legalities: Mapping[str, str] = field(default_factory=dict)
    # What Commander asks (cards.commander): the type line, rules text, colour identity ("WU"), the front face's
    # power and toughness.
    type_line: str = ""
    text: str = ""
    color_identity: str = ""
    power: str = ""
    toughness: str = ""


@dataclass(frozen=True)
class Deck:
    """One player's deck: English name -> count for the main deck and the sideboard.

    `label` names the deck in messages ("Seat A", "alice.txt"). `companion` holds the cards an Arena export
    lists under "Companion" (they must also be in the sideboard); `commander` those under "Commander"."""

    label: str
    main: Mapping[str, int]
    sideboard: Mapping[str, int] = field(default_factory=dict)
    companion: Mapping[str, int] = field(default_factory=dict)
    commander: Mapping[str, int] = field(default_factory=dict)

    def total(self, name: str) -> int:
        return self.main.get(name, 0) + self.sideboard.get(name, 0)

    def names(self) -> set[str]:
        return set(self.main) | set(self.sideboard)


@dataclass(frozen=True)
class Problem:
    """One thing that makes a deck or a team illegal.

    `code` is for machines (stable, kebab-case); `message` is for the person who has to fix it. `decks` are
    the labels of the decks involved and `counts` the copies of `card` in each, in the same order."""

    code: str
    message: str
    card: str | None = None
    decks: tuple[str, ...] = ()
    counts: tuple[int, ...] = ()
    limit: int | None = None
    rule: str = ""


def format_problem(fmt: str) -> Problem | None:
    """Return a problem when `fmt` is not a constructed format Hydra can check (CHECKED_FORMATS), else None."""
    if fmt in CHECKED_FORMATS:
        return None
    return Problem(
        code="unknown-format",
        message=_("Unknown format %(format)s: use one of %(formats)s.")
        % {"format": repr(fmt), "formats": ", ".join(CHECKED_FORMATS)},
        rule=RULE_FORMATS,
    )


def _copies(deck: Deck, name: str, *, of: str = "") -> str:
    """ "1 copy", "3 copies in the sideboard", "5 copies of Lightning Bolt (main 4, sideboard 1)" ..."""
    main, side = deck.main.get(name, 0), deck.sideboard.get(name, 0)
    total = main + side
    if of:
        text = ngettext("%(n)d copy of %(card)s", "%(n)d copies of %(card)s", total) % {"n": total, "card": of}
    else:
        text = ngettext("%(n)d copy", "%(n)d copies", total) % {"n": total}
    if main and side:
        return _("%(copies)s (main %(main)d, sideboard %(side)d)") % {"copies": text, "main": main, "side": side}
    return _("%(copies)s in the sideboard") % {"copies": text} if side else text


def deck_problems(
    deck: Deck,
    *,
    format: str,
    cards: Mapping[str, CardRules],
    extra_banned: Collection[str] = (),
    sideboard_allowed: bool = True,
    structure_banned: Collection[str] = (),
    pool_checked: bool = True,
) -> list[Problem]:
    """Return every way `deck` breaks its format (RULES.md 5): fewer than 60 main-deck cards, more than 15 in
    the sideboard (or any, when `sideboard_allowed` is False), more than four of a name counting main and
    sideboard (basic lands and cards with their own limit aside), banned, restricted (one copy), not legal in
    the format, on the event's `extra_banned` list (English names), banned by the structure (`structure_banned`:
    Two-Headed Giant's list, MTR 9.5), or not a known card at all. With `pool_checked` False (card data that
    does not give the format's legalities, see `pool_status`) the format's card pool, banned and restricted lists
    are not checked; everything else is."""
    problems: list[Problem] = []
    bad_format = format_problem(format)
    if bad_format is not None:
        return [bad_format]
    if format in COMMANDER_FORMATS:
        return commander_deck_problems(deck, cards=cards, extra_banned=extra_banned, pool_checked=pool_checked)
    label = deck.label
    main_size = sum(deck.main.values())
    side_size = sum(deck.sideboard.values())
    if main_size < MIN_MAIN_DECK:
        problems.append(
            Problem(
                code="main-deck-too-small",
                message=ngettext(
                    "%(deck)s: the main deck has %(n)d card; it needs at least %(min)d.",
                    "%(deck)s: the main deck has %(n)d cards; it needs at least %(min)d.",
                    main_size,
                )
                % {"deck": label, "n": main_size, "min": MIN_MAIN_DECK},
                decks=(label,),
                counts=(main_size,),
                limit=MIN_MAIN_DECK,
                rule=RULE_DECK_SIZE,
            )
        )
    if not sideboard_allowed and side_size:
        problems.append(
            Problem(
                code="sideboard-not-allowed",
                message=ngettext(
                    "%(deck)s: Two-Headed Giant decks have no sideboard; remove its %(n)d card.",
                    "%(deck)s: Two-Headed Giant decks have no sideboard; remove its %(n)d cards.",
                    side_size,
                )
                % {"deck": label, "n": side_size},
                decks=(label,),
                counts=(side_size,),
                limit=0,
                rule="MTR 9.5",
            )
        )
    elif side_size > MAX_SIDEBOARD:
        problems.append(
            Problem(
                code="sideboard-too-large",
                message=_("%(deck)s: the sideboard has %(n)d cards; it may have at most %(max)d.")
                % {"deck": label, "n": side_size, "max": MAX_SIDEBOARD},
                decks=(label,),
                counts=(side_size,),
                limit=MAX_SIDEBOARD,
                rule=RULE_DECK_SIZE,
            )
        )
    for name in sorted(deck.commander):
        problems.append(
            Problem(
                code="commander-not-allowed",
                message=_(
                    "%(deck)s: %(card)s is listed as a commander, but %(format)s has no commander; "
                    "move it to the main deck or the sideboard."
                )
                % {"deck": label, "card": name, "format": format_name(format)},
                card=name,
                decks=(label,),
                counts=(deck.commander[name],),
                rule=RULE_COMMANDER,
            )
        )
    problems += _companions_outside_sideboard(deck)
    extra = set(extra_banned)
    for name in sorted(deck.names()):
        count = deck.total(name)
        card = cards.get(name)
        if card is None:
            problems.append(_unknown_card(label, name, count))
            continue
        status = pool_status(card, format, checked=pool_checked)
        if name in structure_banned:
            problems.append(
                _must_remove(
                    deck,
                    name,
                    format,
                    code="banned-in-two-headed-giant",
                    rule="MTR 9.5",
                    message=_("%(deck)s: %(card)s is banned in Two-Headed Giant; remove its %(copies)s."),
                )
            )
        elif name in extra:
            problems.append(
                _must_remove(
                    deck,
                    name,
                    format,
                    code="banned-by-event",
                    rule="event banned list",
                    message=_("%(deck)s: %(card)s is banned in this event; remove its %(copies)s."),
                )
            )
        elif status == "banned":
            problems.append(
                _must_remove(
                    deck,
                    name,
                    format,
                    code="banned",
                    rule=f"{format} banned list",
                    message=_("%(deck)s: %(card)s is banned in %(format)s; remove its %(copies)s."),
                )
            )
        elif status is None:
            problems.append(
                _must_remove(
                    deck,
                    name,
                    format,
                    code="not-legal",
                    rule=f"{format} card pool",
                    message=_("%(deck)s: %(card)s is not legal in %(format)s; remove its %(copies)s."),
                )
            )
        elif status == "restricted" and count > MAX_RESTRICTED:
            problems.append(
                Problem(
                    code="restricted",
                    message=_("%(deck)s: %(card)s is restricted in %(format)s: at most 1 copy, found %(copies)s.")
                    % {"deck": label, "card": name, "format": format_name(format), "copies": _copies(deck, name)},
                    card=name,
                    decks=(label,),
                    counts=(count,),
                    limit=MAX_RESTRICTED,
                    rule=f"{format} restricted list",
                )
            )
        elif not card.is_basic:
            limit = card.deck_limit if card.deck_limit is not None else MAX_COPIES
            if count > limit:
                problems.append(
                    Problem(
                        code="too-many-copies",
                        message=_("%(deck)s: %(copies)s; a deck may hold at most %(max)d.")
                        % {"deck": label, "copies": _copies(deck, name, of=name), "max": limit},
                        card=name,
                        decks=(label,),
                        counts=(count,),
                        limit=limit,
                        rule=RULE_COPIES,
                    )
                )
    return problems


def _companions_outside_sideboard(deck: Deck) -> list[Problem]:
    """A companion an Arena export lists must also be in the sideboard (Comprehensive Rules 702.139)."""
    return [
        Problem(
            code="companion-not-in-sideboard",
            message=_("%(deck)s: the companion %(card)s must also be in the sideboard.")
            % {"deck": deck.label, "card": name},
            card=name,
            decks=(deck.label,),
            counts=(0,),
            rule="Comprehensive Rules 702.139",
        )
        for name in sorted(deck.companion)
        if not deck.sideboard.get(name)
    ]


def _unknown_card(label: str, name: str, count: int) -> Problem:
    return Problem(
        code="unknown-card",
        message=_("%(deck)s: %(card)s is not a known card.") % {"deck": label, "card": repr(name)},
        card=name,
        decks=(label,),
        counts=(count,),
    )


def pool_status(card: CardRules, format: str, *, checked: bool = True) -> str | None:
    """The card's status in `format` ("legal", "banned", "restricted"; None: not legal). Where the card data does
    not give the format's legalities (`checked` False) every known card counts as legal: "not checked", never
    "every card illegal"."""
    return card.legalities.get(format) if checked else "legal"


def _holders(decks: Sequence[Deck], name: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    holding = [d for d in decks if d.total(name)]
    return tuple(d.label for d in holding), tuple(d.total(name) for d in holding)


def _must_remove(deck: Deck, name: str, format: str, *, code: str, rule: str, message: str) -> Problem:
    """A card `deck` may not hold at all; `message` (translated) names the deck, the card, the format and the
    copies to remove."""
    return Problem(
        code=code,
        message=message
        % {"deck": deck.label, "card": name, "format": format_name(format), "copies": _copies(deck, name)},
        card=name,
        decks=(deck.label,),
        counts=(deck.total(name),),
        limit=0,
        rule=rule,
    )


def _spread(labels: Sequence[str], counts: Sequence[int]) -> str:
    return ", ".join(f"{label} {count}" for label, count in zip(labels, counts))


def unified_problems(
    decks: Sequence[Deck],
    *,
    rule: str,
    format: str,
    cards: Mapping[str, CardRules],
    pool_checked: bool = True,
) -> list[Problem]:
    """Return the problems of unified deck construction across a team's decks (RULES.md 5) only, the decks'
    own problems aside. "four-copies": at most four of an English name in all decks and sideboards together
    (basic lands and cards with their own deck limit aside), a restricted card once in the whole team.
    "no-shared": no English name other than a basic land in more than one deck. A name that breaks a rule
    inside a single deck is reported by `deck_problems`, not again here."""
    if rule not in UNIFIED_RULES:
        return [
            Problem(
                code="unknown-rule",
                message=_("Unknown unified deck construction rule %(rule)s: use %(rules)s.")
                % {"rule": repr(rule), "rules": _(" or ").join(UNIFIED_RULES)},
            )
        ]
    problems: list[Problem] = []
    rule_name = _RULE_NAMES[rule]
    names = sorted(set().union(*(d.names() for d in decks))) if decks else []
    for name in names:
        card = cards.get(name)
        if card is None or card.is_basic:
            continue
        labels, counts = _holders(decks, name)
        if len(labels) < 2:
            continue
        total = sum(counts)
        status = pool_status(card, format, checked=pool_checked)
        if status in (None, "banned"):
            continue  # each deck holding it already has a problem for it
        if rule == RULE_NO_SHARED:
            problems.append(
                Problem(
                    code="shared-card",
                    message=_(
                        "%(card)s is in %(n)d decks (%(spread)s); only one deck of the team may contain it (%(rule)s)."
                    )
                    % {"card": name, "n": len(labels), "spread": _spread(labels, counts), "rule": _(rule_name)},
                    card=name,
                    decks=labels,
                    counts=counts,
                    limit=1,
                    rule=rule_name,
                )
            )
        elif status == "restricted":
            problems.append(
                Problem(
                    code="team-restricted",
                    message=_(
                        "%(card)s is restricted in %(format)s: one copy in the whole team, found %(n)d (%(spread)s)."
                    )
                    % {"card": name, "format": format_name(format), "n": total, "spread": _spread(labels, counts)},
                    card=name,
                    decks=labels,
                    counts=counts,
                    limit=MAX_RESTRICTED,
                    rule=rule_name,
                )
            )
        elif card.deck_limit is None and total > MAX_COPIES:
            problems.append(
                Problem(
                    code="team-too-many-copies",
                    message=_(
                        "%(card)s: %(n)d copies across the team (%(spread)s); the team may hold at most "
                        "%(max)d (%(rule)s)."
                    )
                    % {
                        "card": name,
                        "n": total,
                        "spread": _spread(labels, counts),
                        "max": MAX_COPIES,
                        "rule": _(rule_name),
                    },
                    card=name,
                    decks=labels,
                    counts=counts,
                    limit=MAX_COPIES,
                    rule=rule_name,
                )
            )
    return problems


def team_problems(
    decks: Sequence[Deck],
    *,
    rule: str,
    formats: str | Sequence[str],
    cards: Mapping[str, CardRules],
    extra_banned: Collection[str] = (),
    two_headed_giant: bool = False,
    formats_must_differ: bool = True,
    unchecked_formats: Collection[str] = (),
) -> list[Problem]:
    """Return every problem of a team's decks, each deck's own and the team's, all at once (RULES.md 5).
    `unchecked_formats`: formats whose legalities the card data does not give; their card pools, banned and
    restricted lists are not checked (the caller tells the reader so), the rest is.

    `formats` is one format (a string) for the whole team, or one per deck (a sequence). With one format the
    team follows unified deck construction under `rule`; with one per deck it is a mixed-format team: each deck is
    checked on its own, and with `formats_must_differ` (DCI 8.3, an event option) the formats must all differ. `two_headed_giant` applies MTR 9.5: two decks, unified
    construction, no sideboards, Erayo, Soratami Ascendant banned. `extra_banned` is the event's own banned
    list (English names)."""
    problems: list[Problem] = []
    mixed = not isinstance(formats, str)
    if isinstance(formats, str):
        formats = [formats] * len(decks)
    formats = [f.strip().lower() for f in formats]
    if len(formats) != len(decks):
        return [
            Problem(
                code="formats-mismatch",
                message=_("Give one format per deck: %(decks)s but %(formats)s.")
                % {
                    "decks": ngettext("%(n)d deck", "%(n)d decks", len(decks)) % {"n": len(decks)},
                    "formats": ngettext("%(n)d format", "%(n)d formats", len(formats)) % {"n": len(formats)},
                },
            )
        ]
    for fmt in sorted(set(formats)):
        bad = format_problem(fmt)
        if bad is not None:
            problems.append(bad)
    if rule not in UNIFIED_RULES:
        problems.append(
            Problem(
                code="unknown-rule",
                message=_("Unknown unified deck construction rule %(rule)s: use %(rules)s.")
                % {"rule": repr(rule), "rules": _(" or ").join(UNIFIED_RULES)},
            )
        )
    if problems:
        return problems
    labels = [d.label for d in decks]
    if len(set(labels)) != len(labels):
        problems.append(Problem(code="duplicate-label", message=_("Two decks have the same label; name each deck.")))
    banned = set(extra_banned)
    if two_headed_giant:
        if len(decks) != 2:
            problems.append(
                Problem(
                    code="team-size",
                    message=_("A Two-Headed Giant team plays 2 decks, not %(n)d.") % {"n": len(decks)},
                    counts=(len(decks),),
                    limit=2,
                    rule="MTR 9.5",
                )
            )
    # One format given for the team: unified deck construction. One per deck: a mixed-format team, whose formats
    # must all differ where the event follows DCI 8.3 (the same format twice is then a problem, not a unified team).
    unified = not mixed
    if mixed and formats_must_differ and len(set(formats)) != len(formats):
        seen: dict[str, list[str]] = {}
        for deck, fmt in zip(decks, formats):
            seen.setdefault(fmt, []).append(deck.label)
        for fmt, holders in sorted(seen.items()):
            if len(holders) > 1:
                problems.append(
                    Problem(
                        code="formats-not-distinct",
                        message=_(
                            "%(decks)s both play %(format)s; in a mixed-format team every member plays a "
                            "different format."
                        )
                        % {"decks": _(" and ").join(holders), "format": format_name(fmt)},
                        decks=tuple(holders),
                        rule=RULE_MIXED_FORMATS,
                    )
                )
    for deck, fmt in zip(decks, formats):
        problems += deck_problems(
            deck,
            format=fmt,
            cards=cards,
            extra_banned=banned,
            sideboard_allowed=not two_headed_giant,
            structure_banned=TWO_HEADED_GIANT_BANNED if two_headed_giant else (),
            pool_checked=fmt not in unchecked_formats,
        )
    # Commander decks are singleton and each follows its own commander: no unified construction across a team.
    if unified and len(decks) > 1 and formats[0] not in COMMANDER_FORMATS:
        problems += unified_problems(
            decks, rule=rule, format=formats[0], cards=cards, pool_checked=formats[0] not in unchecked_formats
        )
    return problems


# Commander (Comprehensive Rules 903; cards.commander): the rule each problem breaks, in English, for its data.
RULE_COMMANDER_SIZE = "a Commander deck has exactly 100 cards, its commander(s) included (903.5a)"
RULE_COMMANDER_CHOICE = "a commander is a legendary creature or a card that says it can be your commander (903.3)"
RULE_COMMANDER_PAIR = "two commanders only as partners, a Background or the Doctor's companion (702.124)"
RULE_SINGLETON = "one copy of each card, basic lands and cards with their own limit aside (903.5b)"
RULE_IDENTITY = "every card within the commanders' colour identity (903.5c)"
RULE_COMMANDER_SIDEBOARD = "no sideboard in Commander, a companion aside"

_COLOUR_NAMES = {
    "W": gettext_lazy("white"),
    "U": gettext_lazy("blue"),
    "B": gettext_lazy("black"),
    "R": gettext_lazy("red"),
    "G": gettext_lazy("green"),
}


def colour_identity_words(identity: str) -> str:
    """A colour identity for a sentence, in the reader's language: "white, blue", or "colourless"."""
    if not identity:
        return _("colourless")
    return ", ".join(str(_COLOUR_NAMES[c]) for c in identity)


def commander_deck_problems(
    deck: Deck,
    *,
    cards: Mapping[str, CardRules],
    extra_banned: Collection[str] = (),
    pool_checked: bool = True,
) -> list[Problem]:
    """Return every way `deck` breaks Commander's deck construction (Comprehensive Rules 903, cards.commander): its
    commander(s) named (a "Commander" section, "*CMDR*", "Commander: X", or MTGO's commander in the sideboard), each
    a card that can be a commander, two only as a pair that may be (partner, "Partner with", "Partner—[quality]", a
    Background, a Doctor's companion); exactly 100 cards with the commanders; one copy of each card but basic lands
    and cards with their own limit (Relentless Rats, Seven Dwarves, Nazgûl); every card within the commanders'
    colour identity; no sideboard but a companion; the Commander banned list (the card data's legalities), the
    event's banned list and unknown cards. `pool_checked` False: the data gives no Commander legalities, so the
    banned list and card pool are not checked."""
    label = deck.label
    problems: list[Problem] = []
    commanders = dict(deck.commander) or commander.commanders_from_sideboard(deck.main, deck.sideboard, deck.companion)
    rest = {n: c for n, c in deck.sideboard.items() if n not in commanders}  # the companion, and what may not be there
    sideboard = {n: c for n, c in rest.items() if n not in deck.companion}
    size = sum(deck.main.values()) + sum(commanders.values())
    if not commanders:
        problems.append(
            Problem(
                code="commander-missing",
                message=_(
                    "%(deck)s: name your commander: put it under a 'Commander' heading, end its line with *CMDR*, "
                    "or add a line 'Commander: <card name>'."
                )
                % {"deck": label},
                decks=(label,),
                rule=RULE_COMMANDER_CHOICE,
            )
        )
    elif sum(commanders.values()) > commander.MAX_COMMANDERS:
        problems.append(
            Problem(
                code="too-many-commanders",
                message=_(
                    "%(deck)s: a deck has one commander, or two that may be partners; this list names %(n)d "
                    "(%(cards)s)."
                )
                % {"deck": label, "n": sum(commanders.values()), "cards": ", ".join(sorted(commanders))},
                decks=(label,),
                counts=(sum(commanders.values()),),
                limit=commander.MAX_COMMANDERS,
                rule=RULE_COMMANDER_PAIR,
            )
        )
    known = [cards[n] for n in sorted(commanders) if n in cards]
    if commanders and sum(commanders.values()) <= commander.MAX_COMMANDERS:
        problems += _commander_choice_problems(deck, known)
    if size != commander.DECK_SIZE:
        problems.append(
            Problem(
                code="commander-deck-size",
                message=ngettext(
                    "%(deck)s: a Commander deck has exactly %(size)d cards, its commander included; this one has %(n)d.",
                    "%(deck)s: a Commander deck has exactly %(size)d cards, its commander included; this one has %(n)d.",
                    size,
                )
                % {"deck": label, "size": commander.DECK_SIZE, "n": size},
                decks=(label,),
                counts=(size,),
                limit=commander.DECK_SIZE,
                rule=RULE_COMMANDER_SIZE,
            )
        )
    side_size = sum(sideboard.values())
    if side_size:
        problems.append(
            Problem(
                code="sideboard-not-allowed",
                message=ngettext(
                    "%(deck)s: a Commander deck has no sideboard (a companion aside); move its %(n)d card into the deck "
                    "or take it out.",
                    "%(deck)s: a Commander deck has no sideboard (a companion aside); move its %(n)d cards into the deck "
                    "or take them out.",
                    side_size,
                )
                % {"deck": label, "n": side_size},
                decks=(label,),
                counts=(side_size,),
                limit=0,
                rule=RULE_COMMANDER_SIDEBOARD,
            )
        )
    problems += _companions_outside_sideboard(deck)
    identity = commander.color_identity(known)
    counted = Deck(
        label=label,
        main={n: deck.main.get(n, 0) + commanders.get(n, 0) for n in {*deck.main, *commanders}},
        sideboard=rest,
    )
    extra = set(extra_banned)
    for name in sorted(counted.names()):
        count = counted.total(name)
        card = cards.get(name)
        if card is None:
            problems.append(_unknown_card(label, name, count))
            continue
        status = pool_status(card, commander.COMMANDER_FORMAT, checked=pool_checked)
        if name in extra:
            problems.append(
                _must_remove(
                    counted,
                    name,
                    commander.COMMANDER_FORMAT,
                    code="banned-by-event",
                    rule="event banned list",
                    message=_("%(deck)s: %(card)s is banned in this event; remove its %(copies)s."),
                )
            )
        elif status == "banned":
            problems.append(
                _must_remove(
                    counted,
                    name,
                    commander.COMMANDER_FORMAT,
                    code="banned",
                    rule="commander banned list",
                    message=_("%(deck)s: %(card)s is banned in %(format)s; remove its %(copies)s.")
                    if name not in commanders
                    else _("%(deck)s: %(card)s is banned in %(format)s; choose another commander."),
                )
            )
        elif status is None:
            problems.append(
                _must_remove(
                    counted,
                    name,
                    commander.COMMANDER_FORMAT,
                    code="not-legal",
                    rule="commander card pool",
                    message=_("%(deck)s: %(card)s is not legal in %(format)s; remove its %(copies)s."),
                )
            )
        if known and name not in commanders and commander.outside_identity(card, identity):
            problems.append(
                Problem(
                    code="outside-color-identity",
                    message=ngettext(
                        "%(deck)s: %(card)s (colour identity %(card_identity)s) is outside your commander's colour "
                        "identity (%(identity)s); remove it.",
                        "%(deck)s: %(card)s (colour identity %(card_identity)s) is outside your commanders' colour "
                        "identity (%(identity)s); remove it.",
                        len(known),
                    )
                    % {
                        "deck": label,
                        "card": name,
                        "card_identity": colour_identity_words(card.color_identity),
                        "identity": colour_identity_words(identity),
                    },
                    card=name,
                    decks=(label,),
                    counts=(count,),
                    limit=0,
                    rule=RULE_IDENTITY,
                )
            )
        if card.is_basic or count <= 1:
            continue
        limit = card.deck_limit if card.deck_limit is not None else 1
        if count > limit:
            message = (
                _("%(deck)s: %(copies)s; a Commander deck holds one copy of each card, basic lands aside.")
                if limit == 1
                else _("%(deck)s: %(copies)s; a deck may hold at most %(max)d.")
            )
            problems.append(
                Problem(
                    code="too-many-copies",
                    message=message % {"deck": label, "copies": _copies(counted, name, of=name), "max": limit},
                    card=name,
                    decks=(label,),
                    counts=(count,),
                    limit=limit,
                    rule=RULE_SINGLETON,
                )
            )
    return problems


def _commander_choice_problems(deck: Deck, known: Sequence[CardRules]) -> list[Problem]:
    """Each named commander can be one (903.3), and two are a pair that may be (702.124)."""
    label = deck.label
    problems: list[Problem] = []
    paired = len(known) == 2 and commander.pair_allowed(known[0], known[1])
    for card in known:
        if paired or commander.can_be_commander(card):
            continue
        if commander.is_background(card):
            message = _(
                "%(deck)s: %(card)s is a Background: it can be a commander only beside a commander that says "
                '"Choose a Background".'
            )
        else:
            message = _(
                "%(deck)s: %(card)s can't be your commander: a commander is a legendary creature, a legendary "
                "Vehicle or Spacecraft with power and toughness, or a card that says it can be your commander."
            )
        problems.append(
            Problem(
                code="not-a-commander",
                message=message % {"deck": label, "card": card.name},
                card=card.name,
                decks=(label,),
                rule=RULE_COMMANDER_CHOICE,
            )
        )
    if len(known) == 2 and not paired and not problems:
        problems.append(
            Problem(
                code="commanders-not-partners",
                message=_(
                    "%(deck)s: %(first)s and %(second)s can't be commanders together: two commanders must both have "
                    'partner, name each other ("Partner with"), share a "Partner—" ability such as Friends '
                    "forever, be a commander that can choose a Background and a Background, or be a Time Lord "
                    "Doctor and a Doctor's companion."
                )
                % {"deck": label, "first": known[0].name, "second": known[1].name},
                decks=(label,),
                rule=RULE_COMMANDER_PAIR,
            )
        )
    return problems
