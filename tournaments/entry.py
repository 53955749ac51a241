"""Reading a result typed at the desk's keyboard (pure: no ORM; only Django's gettext for the messages). docs/desk.md explains the syntax.

Seat against seat, one token per seat in seat order, games from team A's side:
  ``2-1``, ``21`` (team A's player won 2-1), ``1-2``/``12``, ``1-1-1``/``111`` (one game each, one drawn),
  ``0-0-3``/``003``, ``ID`` (an intentional draw, recorded 0-0-3 as Wizards' reporting did).
  ``21 12 20`` is a full 3-seat result in 8 keystrokes; a lone ``ID`` draws every seat.
Shared game (Two-Headed Giant ...): the winning team, ``A`` or ``B`` (also ``1``/``2``), or the games ``2-1``.
Whether the games could have happened is the scoring engine's call (tournaments.scoring), not the parser's; the
parser only refuses what can't be a typed result at all, a token recording no game (``00``, ``0-0``): a slip of
the keyboard, never a match (an intentional draw is ``ID``).
"""

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

INTENTIONAL_DRAW = (0, 0, 3)
_TOKEN = re.compile(r"^(\d)(?:-?(\d))(?:-?(\d))?$")


class EntryError(ValueError):
    """The typed text can't be read; the message says what was expected."""


@dataclass(frozen=True)
class SeatEntry:
    letter: str
    wins_a: int
    wins_b: int
    draws: int


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,;/]+", text.strip().upper()) if t]


def _seat_token(token: str, letter: str, *, alone: bool = False) -> tuple[int, int, int]:
    if token == "ID":
        return INTENTIONAL_DRAW
    found = _TOKEN.match(token)
    if not found and alone:
        raise EntryError(
            _("'%(typed)s' is not a result; type the games won-lost(-drawn) like 2-1, 1-2, 1-1-1, 0-0-3 or ID.")
            % {"typed": token}
        )
    if not found:
        raise EntryError(
            _(
                "Seat %(seat)s: '%(typed)s' is not a result; type games won-lost(-drawn) like 2-1, 1-2, 1-1-1, 0-0-3 "
                "or ID."
            )
            % {"seat": letter, "typed": token}
        )
    wins_a, wins_b, draws = (int(g) if g is not None else 0 for g in found.groups())
    if not wins_a + wins_b + draws:
        if alone:
            raise EntryError(
                _(
                    "'%(typed)s' records no game; type the games won-lost(-drawn) like 2-1, 1-2, 1-1-1, "
                    "0-0-3, or ID for an intentional draw."
                )
                % {"typed": token}
            )
        raise EntryError(
            _(
                "Seat %(seat)s: '%(typed)s' records no game; type the games won-lost(-drawn) like 2-1, "
                "1-2, 1-1-1, 0-0-3, or ID for an intentional draw."
            )
            % {"seat": letter, "typed": token}
        )
    return wins_a, wins_b, draws


def parse_seats(text: str, letters: str) -> list[SeatEntry]:
    """The seat results typed in `text` for seats `letters` ("ABC"), in seat order; one seat ("A") is an
    individual event's match, whose messages name no seat. Raises EntryError."""
    if len(letters) == 1:
        return [SeatEntry(letters, *parse_result(text))]
    tokens = _tokens(text)
    if tokens == ["ID"]:
        tokens = ["ID"] * len(letters)
    if len(tokens) != len(letters):
        raise EntryError(
            _("Type one result per seat (%(seats)s): %(expected)d expected, %(typed)d typed.")
            % {"seats": ", ".join(letters), "expected": len(letters), "typed": len(tokens)}
        )
    return [SeatEntry(letter, *_seat_token(token, letter)) for letter, token in zip(letters, tokens, strict=True)]


# Every way a match ends, as a player reports it from their own side and the desk types it (the same tokens; the
# mirror of each is the other player's report). A best of three: the common ends first, then those of a round that
# ran out of time, a drawn game, and the intentional draw (0-0-3, MTR 2.4). A best of one: won, lost, drawn.
REPORTED_RESULTS = {
    3: (("2-0", "2-1", "1-2", "0-2"), ("1-0", "0-1", "1-1", "1-1-1", "ID")),
    1: (("1-0", "0-1"), ("0-0-1",)),
}


def reported_results(*, best_of: int = 3) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the common results, the rest) a best-of-`best_of` match is reported with, as the typed tokens."""
    return REPORTED_RESULTS[best_of]


def parse_result(text: str) -> tuple[int, int, int]:
    """One match's result as typed (``2-1``, ``1-0``, ``1-1-1``, ``ID`` ...): (games won, games lost, games drawn)
    from the typist's side; ``ID`` is 0-0-3. The one reading of a result, for the desk, the API and a player's
    report alike. Raises EntryError."""
    tokens = _tokens(text)
    if len(tokens) != 1:
        raise EntryError(
            _("Type one result: the games like 2-1, 1-1-1 or ID (%(typed)d typed).") % {"typed": len(tokens)}
        )
    return _seat_token(tokens[0], "A", alone=True)


def result_token(games: tuple[int, int, int]) -> str:
    """The typed result of stored games (won, lost, drawn): ``ID`` for 0-0-3, ``2-1``, ``1-1-1`` ... (parse_result's
    inverse)."""
    if tuple(games) == INTENTIONAL_DRAW:
        return "ID"
    won, lost, drawn = games
    return f"{won}-{lost}-{drawn}" if drawn else f"{won}-{lost}"


def parse_shared(text: str, *, best_of: int) -> tuple[int, int, int]:
    """The games (won by A, won by B, drawn) of a shared-game match typed as its winner or its games."""
    tokens = _tokens(text)
    if len(tokens) != 1:
        raise EntryError(_("Type the winning team (A or B) or the games like 2-1."))
    token = tokens[0]
    needed = best_of // 2 + 1
    if token in ("A", "1"):
        return needed, 0, 0
    if token in ("B", "2"):
        return 0, needed, 0
    found = _TOKEN.match(token)
    if not found:
        raise EntryError(
            _("'%(typed)s' is not a result; type the winning team (A or B) or the games like 2-1.") % {"typed": token}
        )
    wins_a, wins_b, draws = (int(g) if g is not None else 0 for g in found.groups())
    if not wins_a + wins_b + draws:
        raise EntryError(
            _("'%(typed)s' records no game; type the winning team (A or B) or the games like 2-1.") % {"typed": token}
        )
    return wins_a, wins_b, draws
