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
            _("Seat %(seat)s: '%(typed)s' is not a result; type games won-lost(-drawn) like 2-1, 1-2, 1-1-1, 0-0-3 "
              "or ID.") % {"seat": letter, "typed": token}
        )
    wins_a, wins_b, draws = (int(g) if g is not None else 0 for g in found.groups())
    if not wins_a + wins_b + draws:
        if alone:
            raise EntryError(_("'%(typed)s' records no game; type the games won-lost(-drawn) like 2-1, 1-2, 1-1-1, "
                               "0-0-3, or ID for an intentional draw.") % {"typed": token})
        raise EntryError(_("Seat %(seat)s: '%(typed)s' records no game; type the games won-lost(-drawn) like 2-1, "
                           "1-2, 1-1-1, 0-0-3, or ID for an intentional draw.") % {"seat": letter, "typed": token})
    return wins_a, wins_b, draws


def parse_seats(text: str, letters: str) -> list[SeatEntry]:
    """The seat results typed in `text` for seats `letters` ("ABC"), in seat order; one seat ("A") is an
    individual event's match, whose messages name no seat. Raises EntryError."""
    tokens = _tokens(text)
    if tokens == ["ID"]:
        tokens = ["ID"] * len(letters)
    alone = len(letters) == 1
    if alone and len(tokens) != 1:
        raise EntryError(_("Type one result: the games like 2-1, 1-1-1 or ID (%(typed)d typed).") % {"typed": len(tokens)})
    if len(tokens) != len(letters):
        raise EntryError(
            _("Type one result per seat (%(seats)s): %(expected)d expected, %(typed)d typed.")
            % {"seats": ", ".join(letters), "expected": len(letters), "typed": len(tokens)}
        )
    return [SeatEntry(letter, *_seat_token(token, letter, alone=alone))
            for letter, token in zip(letters, tokens, strict=True)]


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
        raise EntryError(_("'%(typed)s' records no game; type the winning team (A or B) or the games like 2-1.")
                         % {"typed": token})
    return wins_a, wins_b, draws
