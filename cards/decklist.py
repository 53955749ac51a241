"""Decklist text (MTGO and Arena exports) to English card names and counts.

Pure: names are resolved through a `cards.names.NameResolver` (build one with
`cards.selectors.card_name_index()`), so the parser never touches the database. No line is dropped silently:
each line is a card, a heading, a comment ("//" or "#"), blank, or an error naming its line number. Hostile
input (huge, binary, absurd counts) comes back as errors; `decklist_parse` does not raise.

Accepted lines:
    4 Lightning Bolt            4x Lightning Bolt            4 Lightning Bolt (M10) 146
    SB: 2 Duress                Sideboard / Deck / Commander / Companion / About headings
    1 Atraxa, Praetors' Voice *CMDR*                Commander: Atraxa, Praetors' Voice   (Moxfield, a line of its own)
    1 Delver of Secrets         (a front face stands for the whole card)
    4 Blitzschlag / 4 闪电击     (printed names in other languages stand for the English card)
Without a "Sideboard" heading or "SB:" lines, the first blank line after main-deck cards starts the sideboard
(MTGO's .txt export).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from cards.deckrules import Deck
from cards.names import NameResolver

logger = logging.getLogger(__name__)

MAX_BYTES = 64_000
MAX_LINES = 500
MAX_LINE_LENGTH = 300
MAX_COUNT = 250
# Suggestions cost milliseconds each: a list of hundreds of garbage lines gets them for its first few only.
MAX_SUGGESTED = 15
MAX_NAME_LENGTH = 160  # the longest real card name has 141 characters

MAIN = "main"
SIDEBOARD = "sideboard"
COMPANION = "companion"
COMMANDER = "commander"
ABOUT = "about"

_HEADINGS = {
    "deck": MAIN,
    "main": MAIN,
    "maindeck": MAIN,
    "main deck": MAIN,
    "mainboard": MAIN,
    "sideboard": SIDEBOARD,
    "side": SIDEBOARD,
    "side deck": SIDEBOARD,
    "commander": COMMANDER,
    "commanders": COMMANDER,
    "companion": COMPANION,
    "about": ABOUT,
}
# "Commander: Atraxa, Praetors' Voice": a commander named on the heading's line (Moxfield, typed lists).
_INLINE_COMMANDER = re.compile(r"^commanders?\s*:\s*(?P<card>\S.*)$", re.IGNORECASE)
_LONGEST_HEADING = 30
_CARD = re.compile(
    r"^(?P<sb>SB:\s*)?"
    r"(?P<count>[+-]?\d+)\s*[xX]?\s+"
    r"(?:\[(?P<oldset>[A-Za-z0-9_]{2,6})\]\s+)?"
    r"(?P<name>.+?)"
    # Arena's "(M10) 146" and Moxfield's "*F*" (foil) say which printing; the rules only need the name.
    r"(?P<suffix>\s+\((?P<set>[A-Za-z0-9_]{2,6})\)(?:\s+(?P<number>[^\s()]+))?)?"
    # Moxfield's "*CMDR*" marks the commander.
    r"(?P<tags>(?:\s+\*[A-Z]+\*)*)\s*$"
)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


@dataclass(frozen=True)
class DecklistEntry:
    """One card line: `count` copies of `english` (the name that counts), as typed on line `line_number`."""

    line_number: int
    section: str
    count: int
    typed: str
    english: str


@dataclass(frozen=True)
class DecklistError:
    """A line (or the whole text, line_number None) that could not be read, and what to do about it."""

    code: str
    message: str
    line_number: int | None = None
    line: str = ""
    suggestions: tuple[str, ...] = ()


def _add(target: dict[str, int], entries: Iterable[DecklistEntry]) -> dict[str, int]:
    for entry in entries:
        target[entry.english] = target.get(entry.english, 0) + entry.count
    return target


@dataclass
class ParsedDeck:
    """The result of parsing one decklist: the card lines read and the errors found, in line order."""

    entries: list[DecklistEntry] = field(default_factory=list)
    errors: list[DecklistError] = field(default_factory=list)
    name: str = ""

    @property
    def ok(self) -> bool:
        return not self.errors

    def section(self, section: str) -> dict[str, int]:
        """English name -> total count in `section` (MAIN, SIDEBOARD, COMPANION, COMMANDER)."""
        return _add({}, (e for e in self.entries if e.section == section))

    @property
    def main(self) -> dict[str, int]:
        return self.section(MAIN)

    @property
    def sideboard(self) -> dict[str, int]:
        return self.section(SIDEBOARD)

    def to_deck(self, label: str) -> Deck:
        """Return the deck for `cards.deckrules` under `label` (a seat, a player, a file name)."""
        return Deck(
            label=label,
            main=self.main,
            sideboard=self.sideboard,
            companion=self.section(COMPANION),
            commander=self.section(COMMANDER),
        )


def _decode(text: str | bytes) -> tuple[str | None, DecklistError | None]:
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            return None, _too_big(len(text))
        if b"\x00" in text and not text.startswith((b"\xff\xfe", b"\xfe\xff")):
            return None, _binary()
        try:
            if text.startswith((b"\xff\xfe", b"\xfe\xff")):
                text = text.decode("utf-16")
            else:
                text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            return None, DecklistError(
                code="not-text",
                message=_("The decklist is not UTF-8 text. Export it again as plain text (.txt) and upload that."),
            )
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        return None, _too_big(len(text.encode("utf-8", "surrogatepass")))
    if "\x00" in text:
        return None, _binary()
    return text.lstrip("\ufeff"), None


def decklist_text(text: str | bytes) -> str:
    """The text of a decklist as `decklist_parse` reads it: an uploaded file in UTF-8 or, with its byte-order mark,
    UTF-16 (what Windows calls "Unicode"); "" for input it can't read."""
    decoded, _error = _decode(text)
    return decoded or ""


def decklist_with_commanders(text: str | bytes, commanders: Iterable[str]) -> str | bytes:
    """`text` with its commanders named by a form or an API field: a line "Commander: <name>" for each, at the top,
    in place of the "Commander: ..." lines it had (so submitting the same list and field again names them once).
    Without names, `text` as it is."""
    names = [" ".join(name.split()) for name in commanders if name and name.strip()]
    if not names:
        return text
    kept = [line for line in decklist_text(text).splitlines() if not _INLINE_COMMANDER.match(" ".join(line.split()))]
    return "\n".join([*(f"Commander: {name}" for name in names), *kept])


def _too_big(size: int) -> DecklistError:
    return DecklistError(
        code="too-large",
        message=_("The decklist is %(size)s bytes; a decklist may be at most %(max)s bytes.")
        % {"size": f"{size:,}", "max": f"{MAX_BYTES:,}"},
    )


def _binary() -> DecklistError:
    return DecklistError(
        code="not-text",
        message=_(
            "The decklist contains binary data (NUL bytes). Upload the plain-text export, not a "
            "screenshot or a document file."
        ),
    )


def decklist_parse(text: str | bytes, *, resolver: NameResolver) -> ParsedDeck:
    """Parse an MTGO or Arena decklist, resolving every name to its English card name through `resolver`.

    Returns every card line read and every error, each error with its line number, what is wrong and, for
    unknown names, the closest real names. Never raises: input it cannot read at all (empty, over
    MAX_BYTES or MAX_LINES, binary) comes back as a single error."""
    try:
        return _parse(text, resolver)
    except Exception:  # a bug of ours must not take down a registration page
        logger.exception("decklist_parse failed")
        return ParsedDeck(
            errors=[
                DecklistError(
                    code="internal-error",
                    message=_(
                        "Hydra could not read this decklist because of an internal error; the organizers have "
                        "been told. Try again later or hand in the list on paper."
                    ),
                )
            ]
        )


def _parse(text: str | bytes, resolver: NameResolver) -> ParsedDeck:
    result = ParsedDeck()
    decoded, error = _decode(text)
    if error is not None:
        result.errors.append(error)
        return result
    lines = (decoded or "").splitlines()  # decoded is the text whenever there is no error
    if len(lines) > MAX_LINES:
        result.errors.append(
            DecklistError(
                code="too-many-lines",
                message=_("The decklist has %(n)s lines; a decklist may have at most %(max)d.")
                % {"n": f"{len(lines):,}", "max": MAX_LINES},
            )
        )
        return result
    # Runs of spaces and tabs become one space: "4\tLightning  Bolt" is a fine line, and the patterns below
    # never meet long runs of whitespace to backtrack over.
    lines = [" ".join(line.split()) for line in lines]
    # Over-long lines are errors anyway; keeping them from the regular expressions also keeps their
    # backtracking (quadratic in the line length) bounded.
    readable = [line if len(line) <= MAX_LINE_LENGTH else "" for line in lines]
    matches = [_CARD.match(line) for line in readable]
    explicit_sideboard = any(
        (m is not None and m.group("sb")) or _heading(line) == SIDEBOARD for m, line in zip(matches, readable)
    )
    section = MAIN
    main_started = False
    unknown = 0
    for number, (line, match) in enumerate(zip(lines, matches), start=1):
        if not line:
            # MTGO's plain export separates the sideboard from the main deck by a blank line only.
            if section == MAIN and main_started and not explicit_sideboard:
                section = SIDEBOARD
            continue
        if line.startswith(("//", "#")):
            continue
        shown = line if len(line) <= 80 else line[:77] + "..."
        if len(line) > MAX_LINE_LENGTH:
            result.errors.append(
                DecklistError(
                    code="line-too-long",
                    line_number=number,
                    line=shown,
                    message=_(
                        "Line %(n)d is %(length)d characters long; no card name is longer than %(max)d. "
                        "Write one card per line."
                    )
                    % {"n": number, "length": len(line), "max": MAX_LINE_LENGTH},
                )
            )
            continue
        if _CONTROL.search(line):
            result.errors.append(
                DecklistError(
                    code="control-characters",
                    line_number=number,
                    line=shown,
                    message=_("Line %(n)d contains control characters; retype it as plain text.") % {"n": number},
                )
            )
            continue
        forced = None
        inline = _INLINE_COMMANDER.match(line) if match is None else None
        if inline is not None:
            card_line = inline.group("card")
            match = _CARD.match(card_line) or _CARD.match(f"1 {card_line}")
            forced = COMMANDER
        heading = _heading(line)
        if heading is not None and match is None:
            section = heading
            continue
        if section == ABOUT:
            if line.lower().startswith("name "):
                result.name = line[5:].strip()
                continue
            result.errors.append(
                DecklistError(
                    code="unreadable-line",
                    line_number=number,
                    line=shown,
                    message=_("Line %(n)d: %(line)s is not a deck name ('Name ...'); put cards under a 'Deck' heading.")
                    % {"n": number, "line": repr(shown)},
                )
            )
            continue
        if match is None:
            result.errors.append(_unreadable(number, shown, line, resolver))
            continue
        digits = match.group("count").lstrip("+")
        if digits.startswith("-"):
            count = -1
        else:
            # int() of thousands of digits is slow (and refused past 4300); any 7 digits are too many anyway.
            count = int(digits) if len(digits) <= 6 else MAX_COUNT + 1
        if count < 1:
            result.errors.append(
                DecklistError(
                    code="bad-count",
                    line_number=number,
                    line=shown,
                    message=_("Line %(n)d: the count %(count)s is not a number of cards; write 1 or more.")
                    % {"n": number, "count": digits},
                )
            )
            continue
        if count > MAX_COUNT:
            result.errors.append(
                DecklistError(
                    code="bad-count",
                    line_number=number,
                    line=shown,
                    message=_("Line %(n)d: %(count)s copies is more than any deck holds (at most %(max)d per line).")
                    % {"n": number, "count": digits if len(digits) <= 12 else digits[:12] + "...", "max": MAX_COUNT},
                )
            )
            continue
        name = match.group("name").strip()
        resolution = resolver.resolve(name)
        if resolution.english is None and not resolution.candidates and match.group("suffix"):
            # A name that merely looks like it ends in a set code: try the line as written.
            whole = resolver.resolve(f"{name}{match.group('suffix')}")
            if whole.english is not None or whole.candidates:
                name, resolution = f"{name}{match.group('suffix')}", whole
        if resolution.english is None:
            unknown += 1
            result.errors.append(
                _unresolved(number, shown, name, resolution.candidates, resolver, suggest=unknown <= MAX_SUGGESTED)
            )
            continue
        if forced is None and "*CMDR*" in (match.group("tags") or "").upper():
            forced = COMMANDER
        target = forced or (SIDEBOARD if match.group("sb") else section)
        result.entries.append(
            DecklistEntry(
                line_number=number,
                section=target,
                count=count,
                typed=name,
                english=resolution.english,
            )
        )
        if target == MAIN:
            main_started = True
    if not result.entries and not result.errors:
        result.errors.append(
            DecklistError(
                code="empty",
                message=_("The decklist is empty: paste or upload one card per line, e.g. '4 Lightning Bolt'."),
            )
        )
    return result


def _heading(line: str) -> str | None:
    # Plain string handling rather than a regular expression: headings are short, and a pattern with
    # adjacent optional spaces backtracks cubically on a long line of spaces.
    if len(line) > _LONGEST_HEADING:
        return None
    text = line.rstrip(":").strip()
    if text.endswith(")") and "(" in text and text[text.rindex("(") + 1 : -1].isdigit():
        text = text[: text.rindex("(")]  # "Sideboard (15)"
    return _HEADINGS.get(" ".join(text.lower().split()))


def _unresolved(
    number: int, shown: str, name: str, candidates: tuple[str, ...], resolver: NameResolver, *, suggest: bool
) -> DecklistError:
    if candidates:
        return DecklistError(
            code="ambiguous-name",
            line_number=number,
            line=shown,
            suggestions=candidates,
            message=_("Line %(n)d: %(name)s could be %(cards)s; write the full English name.")
            % {"n": number, "name": repr(name), "cards": _(" or ").join(candidates)},
        )
    suggestions = tuple(resolver.suggest(name)) if suggest and len(name) <= MAX_NAME_LENGTH else ()
    if suggestions:
        message = _("Line %(n)d: %(name)s is not a card name. Did you mean %(cards)s?") % {
            "n": number,
            "name": repr(name),
            "cards": _(" or ").join(suggestions),
        }
    else:
        message = _("Line %(n)d: %(name)s is not a card name.") % {"n": number, "name": repr(name)}
    return DecklistError(
        code="unknown-card",
        line_number=number,
        line=shown,
        suggestions=suggestions,
        message=message,
    )


def _unreadable(number: int, shown: str, line: str, resolver: NameResolver) -> DecklistError:
    if resolver.resolve(line).english is not None:
        return DecklistError(
            code="missing-count",
            line_number=number,
            line=shown,
            message=_("Line %(n)d: %(line)s has no count; write it as '1 %(card)s' (or however many copies).")
            % {"n": number, "line": repr(shown), "card": line},
        )
    return DecklistError(
        code="unreadable-line",
        line_number=number,
        line=shown,
        message=_(
            "Line %(n)d: %(line)s is not a card line; write '<count> <card name>', e.g. '4 Lightning Bolt', "
            "or start the line with // to make it a comment."
        )
        % {"n": number, "line": repr(shown)},
    )
