"""Card-name lookup: normalisation, the name index a decklist is resolved against, and close-match suggestions.

Pure Python over plain data (no ORM): `cards.selectors.card_name_index` builds a `CardNameIndex` from the
database; tests can build one from a handful of tuples.

The tournament rules decide by the English name (RULES.md 5), so every name a player may type (the English
name, a face of a split or double-faced card, a name printed in another language) maps to one English name.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from itertools import chain
from dataclasses import dataclass, field
from typing import Protocol

# Kinds of name, in the order they win when the same typed name could mean several cards: an English card
# name beats a face name ("Bind" is a card and a face of "Bind // Liberate"), which beats a printed name in
# another language (Spanish "Contemplation" is Ponder, but "Contemplation" is also an English card).
KIND_NAME = "name"
KIND_FACE = "face"
KIND_PRINTED = "printed"
KIND_PRIORITY = {KIND_NAME: 0, KIND_FACE: 1, KIND_PRINTED: 2}

FACE_SEPARATOR = " // "

# Letters that NFKD leaves whole but players type as two ASCII letters ("Aether Vial" for "Æther Vial").
_LIGATURES = str.maketrans({"æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ø": "o", "Ø": "o"})
# Typographic quotes and dashes that keyboards and websites substitute for the plain ones in card names.
_PUNCTUATION = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "＇": "'", "–": "-", "—": "-", "‐": "-"})
# Invisible characters that come along when a list is copied from a web page.
_INVISIBLE = str.maketrans({"\u200b": None, "\u2060": None, "\ufeff": None, "\u00ad": None})
# "Fire//Ice", "Fire / Ice", "Fire  //  Ice" all name "Fire // Ice".
_SEPARATOR = re.compile(r"\s*/{1,2}\s*")
# Accents on Latin letters are what players leave out ("Lim-Dul's Vault"); combining marks on other scripts
# (Japanese dakuten, the Cyrillic breve of й) change the letter and are kept.
_LATIN_ACCENTS = re.compile(r"(?<=[\x00-\u024f])[\u0300-\u036f]+")


def name_key(name: str) -> str:
    """Return the lookup key of a card name: case-folded, Latin accents and ligatures removed, quotes,
    dashes, spaces and the face separator unified. Two spellings a person would call the same name get
    the same key; distinct letters of non-Latin scripts stay distinct."""
    if name.isascii():
        # The common case, and ten times faster: nothing to decompose.
        text = " ".join(name.casefold().replace("`", "'").split())
        return _SEPARATOR.sub(FACE_SEPARATOR, text) if "/" in text else text
    text = unicodedata.normalize("NFKD", name.translate(_INVISIBLE).translate(_PUNCTUATION).translate(_LIGATURES))
    text = unicodedata.normalize("NFC", _LATIN_ACCENTS.sub("", text)).casefold()
    text = " ".join(text.split())
    if "/" in text:
        text = _SEPARATOR.sub(FACE_SEPARATOR, text)
    return text


@dataclass(frozen=True)
class Resolution:
    """What a typed name means: exactly one English name, or the candidates when it is ambiguous.

    `english` is None when the name is unknown (no candidates) or ambiguous (several candidates)."""

    english: str | None
    candidates: tuple[str, ...] = ()
    kind: str = ""


class NameResolver(Protocol):
    """What the decklist parser needs from the card catalogue."""

    def resolve(self, name: str) -> Resolution: ...

    def suggest(self, name: str, *, limit: int = 3) -> list[str]: ...


def _trigrams(key: str) -> set[str]:
    padded = f"  {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


@dataclass
class _TrigramIndex:
    """Candidate generation for suggestions: the keys sharing the most trigrams with the query, re-ranked by
    difflib. Scanning 24,000 names with difflib alone takes seconds; this takes milliseconds."""

    keys: list[str]
    postings: dict[str, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        postings: dict[str, list[int]] = defaultdict(list)
        for i, key in enumerate(self.keys):
            for gram in _trigrams(key):
                postings[gram].append(i)
        self.postings = dict(postings)

    def closest(self, key: str, *, limit: int, pool: int = 40) -> list[tuple[float, str]]:
        scores: dict[int, int] = defaultdict(int)
        for gram in _trigrams(key):
            for i in self.postings.get(gram, ()):
                scores[i] += 1
        best = sorted(scores.items(), key=lambda item: -item[1])[:pool]
        ranked = []
        for i, _shared in best:
            candidate = self.keys[i]
            ratio = difflib.SequenceMatcher(None, key, candidate, autojunk=False).ratio()
            ranked.append((ratio, candidate))
        ranked.sort(key=lambda item: (-item[0], item[1]))
        return ranked[:limit]


class CardNameIndex:
    """An in-memory `NameResolver` over (typed name, kind, English name) triples.

    Build it once and reuse it: construction is linear in the number of names; `resolve` is one dict
    lookup; `suggest` builds its trigram index on first use only (most decklists have no unknown name).
    """

    def __init__(
        self,
        entries: Iterable[tuple[str, str, str]] = (),
        *,
        keyed_entries: Iterable[tuple[str, str, str, str]] = (),
    ):
        """`entries` are (printed name, kind, English name) with kind one of KIND_NAME, KIND_FACE,
        KIND_PRINTED; `keyed_entries` are (name_key(printed), printed, kind, English name), for callers that
        stored the key already. Duplicates are harmless."""
        best: dict[str, tuple[int, set[str]]] = {}
        display: dict[str, str] = {}
        keyed = chain(((name_key(p), p, k, e) for p, k, e in entries), keyed_entries)
        for key, printed, kind, english in keyed:
            if not key:
                continue
            priority = KIND_PRIORITY[kind]
            current = best.get(key)
            if current is None or priority < current[0]:
                best[key] = (priority, {english})
                display[key] = printed
            elif priority == current[0]:
                current[1].add(english)
        kinds = {v: k for k, v in KIND_PRIORITY.items()}
        self._names: dict[str, tuple[str, tuple[str, ...]]] = {
            key: (kinds[priority], tuple(sorted(englishes))) for key, (priority, englishes) in best.items()
        }
        self._display = display
        self._english_trigrams: _TrigramIndex | None = None
        self._printed_trigrams: _TrigramIndex | None = None

    def __len__(self) -> int:
        return len(self._names)

    def resolve(self, name: str) -> Resolution:
        """Return the English name `name` stands for; candidates listed when it could be several cards."""
        found = self._names.get(name_key(name))
        if found is None:
            return Resolution(english=None)
        kind, englishes = found
        return Resolution(english=englishes[0] if len(englishes) == 1 else None, candidates=englishes, kind=kind)

    def suggest(self, name: str, *, limit: int = 3) -> list[str]:
        """Return up to `limit` known names closest to `name`, best first. A printed name in another language
        is shown with its English name, e.g. "Blitzschlag (Lightning Bolt)"."""
        key = name_key(name)
        if not key:
            return []
        if self._english_trigrams is None:
            self._english_trigrams = _TrigramIndex(
                sorted(k for k, (kind, _) in self._names.items() if kind != KIND_PRINTED)
            )
        ranked = self._english_trigrams.closest(key, limit=limit)
        # Names in other languages only when the English ones are poor matches: a typo in an English name
        # should not be answered with Italian (and their larger index is built only when needed).
        if not ranked or ranked[0][0] < 0.8:
            if self._printed_trigrams is None:
                self._printed_trigrams = _TrigramIndex(
                    sorted(k for k, (kind, _) in self._names.items() if kind == KIND_PRINTED)
                )
            ranked += self._printed_trigrams.closest(key, limit=limit)
            ranked.sort(key=lambda item: (-item[0], item[1]))
        shown: list[str] = []
        for ratio, k in ranked:
            if ratio < 0.5:
                break
            kind, englishes = self._names[k]
            label = self._display[k]
            if kind == KIND_PRINTED:
                label = f"{label} ({' or '.join(englishes)})"
            if label not in shown:
                shown.append(label)
            if len(shown) == limit:
                break
        return shown
