"""Deck registration for limited events (RULES.md 7): every card of the registered decks and sideboards comes from
the team's pool, each card of the pool once. Pure: decks and pool in, problems out, no ORM.

The pool is the team's (a sealed pool, the picks of a Rochester draft table, a Two-Headed Giant pool), counted by
English name; basic lands are not part of it (limited events hand them out).
"""

from collections import Counter
from collections.abc import Collection, Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cards.deckrules import Deck, Problem

MIN_LIMITED_MAIN = 40
RULE_POOL = "RULES.md 7"


def _spread(decks: Sequence[Deck], name: str, *, sideboards: bool) -> str:
    parts = []
    for deck in decks:
        count = deck.main.get(name, 0) + (deck.sideboard.get(name, 0) if sideboards else 0)
        if count:
            parts.append(f"{deck.label} {count}")
    return ", ".join(parts)


def main_deck_problems(decks: Sequence[Deck], *, min_main: int = MIN_LIMITED_MAIN) -> list[Problem]:
    """A limited deck's one rule that needs no pool: each main deck has at least `min_main` cards (MTR 7.2); the
    rest of a typed list is its sideboard, of any size. What a deck registered without a pool (real product) is
    checked against, besides its card names."""
    problems: list[Problem] = []
    for deck in decks:
        size = sum(deck.main.values())
        if size < min_main:
            problems.append(
                Problem(
                    code="limited-deck-too-small",
                    message=_("%(deck)s: the main deck has %(n)d cards; a limited deck has at least %(min)d.")
                    % {"deck": deck.label, "n": size, "min": min_main},
                    decks=(deck.label,),
                    counts=(size,),
                    limit=min_main,
                    rule=RULE_POOL,
                )
            )
    return problems


def pool_problems(
    decks: Sequence[Deck],
    *,
    pool: Mapping[str, int],
    basics: Collection[str] = (),
    shared_sideboard: bool = False,
    min_main: int = MIN_LIMITED_MAIN,
) -> list[Problem]:
    """Every problem of a team's registered limited decks against its pool, all at once: a card not in the pool, a
    card used more often than the pool holds it (naming the decks that use it), a main deck under `min_main` cards.

    `basics` are the English names of basic lands, free in any number. With `shared_sideboard` (Two-Headed Giant
    sealed, RULES.md 7) the cards outside the main decks are the team's one sideboard: only the main decks are
    counted against the pool, and a listed sideboard is ignored."""
    problems = main_deck_problems(decks, min_main=min_main)
    used: Counter[str] = Counter()
    for deck in decks:
        used.update(deck.main)
        if not shared_sideboard:
            used.update(deck.sideboard)
    for name in sorted(used):
        if name in basics:
            continue
        have, want = pool.get(name, 0), used[name]
        holders = tuple(d.label for d in decks if d.main.get(name) or (not shared_sideboard and d.sideboard.get(name)))
        spread = _spread(decks, name, sideboards=not shared_sideboard)
        if have == 0:
            problems.append(
                Problem(
                    code="not-in-pool",
                    message=_("%(card)s is not in the team's pool (%(spread)s): take it out, or check the spelling.")
                    % {"card": name, "spread": spread},
                    card=name,
                    decks=holders,
                    limit=0,
                    rule=RULE_POOL,
                )
            )
        elif want > have:
            problems.append(
                Problem(
                    code="pool-card-used-twice",
                    message=ngettext(
                        "%(card)s is used %(n)d times (%(spread)s) but the team's pool has %(have)d copy: each card of "
                        "the pool goes into one deck or sideboard once.",
                        "%(card)s is used %(n)d times (%(spread)s) but the team's pool has %(have)d copies: each card of "
                        "the pool goes into one deck or sideboard once.",
                        have,
                    )
                    % {"card": name, "n": want, "spread": spread, "have": have},
                    card=name,
                    decks=holders,
                    limit=have,
                    rule=RULE_POOL,
                )
            )
    return problems
