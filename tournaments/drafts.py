"""What pairing asks of the draft tables: a small registry that drafting fills in its AppConfig.ready().

Tournaments is the core the features build on, so it imports no draft module (docs/architecture.md); pairing a round
asks here instead:
- `round_drafts_seat`: seat the round's pairs at their draft tables (team Rochester drafts every round), in the
  pairing's own transaction; a refusal is a ValidationError, so the pairing is rolled back with it;
- `draft_first_round_pairs`: round 1 of a format whose draft seats pair it (a booster draft pairs across each pod
  by seat), or None to pair it like any other round;
- `draft_pods_of_registrations`: the pod of each team of a format that drafts in pods (a Two-Headed Giant booster
  draft pairs each pod on its own while the pod rule holds).

drafting registers them:

    draft_round_seater_register(seater=...)
    draft_pairing_register(format_kind=FormatKind.X, first_round_pairs=..., pods=...)
"""

from collections.abc import Callable

from tournaments.models import Event, Round

RoundSeater = Callable[..., object]  # (round_=) -> anything; raises ValidationError to refuse the pairing
FirstRoundPairs = Callable[..., tuple[list[tuple[int, int]], list[int]] | None]  # (event=, entrant_ids=, avoid=)
PodsOfRegistrations = Callable[..., dict[int, int]]  # (event=) -> registration id -> pod number

_SEATERS: list[RoundSeater] = []
_FIRST_ROUND_PAIRS: dict[str, FirstRoundPairs] = {}
_PODS: dict[str, PodsOfRegistrations] = {}


def draft_round_seater_register(*, seater: RoundSeater) -> None:
    """Call `seater(round_=...)` each time a round's pairings are written (registered once: a second registration of
    the same function is ignored)."""
    if seater not in _SEATERS:
        _SEATERS.append(seater)


def draft_pairing_register(
    *,
    format_kind: str,
    first_round_pairs: FirstRoundPairs | None = None,
    pods: PodsOfRegistrations | None = None,
) -> None:
    """Make the events of `format_kind` pair round 1 by `first_round_pairs` and/or each draft pod on its own by
    `pods` (the last registration wins)."""
    if first_round_pairs is not None:
        _FIRST_ROUND_PAIRS[str(format_kind)] = first_round_pairs
    if pods is not None:
        _PODS[str(format_kind)] = pods


def round_drafts_seat(*, round_: Round) -> None:
    """Seat the round's pairs at their draft tables, through every registered seater (nothing without one). Call it
    inside the transaction that writes the round's pairings; it raises ValidationError to refuse them."""
    for seater in _SEATERS:
        seater(round_=round_)


def draft_first_round_pairs(
    *, event: Event, entrant_ids: list[int], avoid: frozenset = frozenset()
) -> tuple[list[tuple[int, int]], list[int]] | None:
    """Round 1's pairs and byes from the event's draft seats, or None: its format pairs round 1 like any other
    round, or its draft has no seats yet. `avoid`: the pairings to avoid (frozensets of two registration ids)."""
    pairs = _FIRST_ROUND_PAIRS.get(str(event.format_kind))
    return pairs(event=event, entrant_ids=entrant_ids, avoid=avoid) if pairs else None


def draft_pods_of_registrations(*, event: Event) -> dict[int, int]:
    """Registration id -> draft pod number for an event whose format drafts in pods; empty for any other format."""
    pods = _PODS.get(str(event.format_kind))
    return pods(event=event) if pods else {}
