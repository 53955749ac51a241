"""Where a limited event's team pool comes from: a small registry of pool providers, one per format.

The apps that make pools register a provider in their AppConfig.ready(): sealed (team sealed, Two-Headed Giant
sealed, and Two-Headed Giant booster draft, whose pod picks become the team's sealed pool), drafting (team
Rochester). A new format plugs in the same way:

    pool_provider_register(format_kind=FormatKind.X, provider=x_team_pool)

A provider takes a registration and returns its TeamPool, or None while the team has no pool yet. Deck
registration (tournaments.services.decklists) only asks `team_pool`; it imports no pool-making app. The same apps
register a check whether an event holds any of their pools (`pools_exist_register`), which an event's settings ask
before real product is turned on (a real-product event keeps no pools).

The other way round, a draft's picks become pools that another app keeps: sealed registers the pool sink (each
team of a Two-Headed Giant booster draft pod gets its sealed pool) and drafting hands a finished pod to
`drafted_pools_keep`, so drafting imports no sealed module either:

    pool_sink_register(sink=sealed_pools_from_pod)
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from tournaments.models import Event, Registration


@dataclass(frozen=True)
class TeamPool:
    """A team's pool: English name -> copies. `shared_sideboard`: the cards outside the main decks are the team's
    one sideboard (Two-Headed Giant sealed), so only main decks draw from the pool."""

    cards: dict[str, int] = field(default_factory=dict)
    shared_sideboard: bool = False


PoolProvider = Callable[[Registration], TeamPool | None]

_PROVIDERS: dict[str, PoolProvider] = {}


def pool_provider_register(*, format_kind: str, provider: PoolProvider) -> None:
    """Make `provider` the source of the team pools of events of `format_kind` (the last registration wins)."""
    _PROVIDERS[str(format_kind)] = provider


def event_has_pools(*, event: Event) -> bool:
    """A limited event whose teams register decks from a pool Hydra knows."""
    return str(event.format_kind) in _PROVIDERS


def team_pool(*, registration: Registration) -> TeamPool | None:
    """The team's pool from its format's provider; None for a format without one or a team without a pool yet."""
    provider = _PROVIDERS.get(str(registration.event.format_kind))
    return provider(registration) if provider else None


PoolsExist = Callable[[Event], bool]

_POOLS_EXIST: list[PoolsExist] = []


def pools_exist_register(*, check: PoolsExist) -> None:
    """Add `check`: whether an event holds pools of the registering app (registering the same check again is a
    no-op)."""
    if check not in _POOLS_EXIST:
        _POOLS_EXIST.append(check)


def event_pools_exist(*, event: Event) -> bool:
    """Whether Hydra holds a pool of any team of the event (opened, entered or drafted)."""
    return any(check(event) for check in _POOLS_EXIST)


PoolSink = Callable[..., list]  # (pod=, by=) -> the pools it made

_SINK: list[PoolSink] = []  # the one sink (a list, so a registration replaces it in place)


def pool_sink_register(*, sink: PoolSink) -> None:
    """Make `sink` the keeper of the pools a finished draft pod's picks become (the last registration wins)."""
    _SINK[:] = [sink]


def drafted_pools_keep(*, pod, by=None) -> list:
    """Hand a finished draft pod (drafting.models.Pod) to the pool sink, which makes each team's pool from its
    picks, as `by`; returns the pools made (none without a sink). Call it in the transaction that ends the draft."""
    return _SINK[0](pod=pod, by=by) if _SINK else []


PoolArchiver = Callable[..., list[dict]]  # (event=) -> [{"registration", "letter", "main", "sideboard", "pool"}]

_ARCHIVERS: list[PoolArchiver] = []


def pool_archiver_register(*, archiver: PoolArchiver) -> None:
    """Make `archiver(event=)` hand over the event's pools and the decks built from them when a phase ends (issue 42:
    pools belong to their phase), and remove them, so the next phase's draft makes new ones (registered once)."""
    if archiver not in _ARCHIVERS:
        _ARCHIVERS.append(archiver)


def phase_pools_archive(*, event: Event) -> list[dict]:
    """Every pool of the event with the decks built from it, one dict per seat (registration id, letter, main,
    sideboard, pool: English name -> copies), the pools removed; call it in the transaction that starts the next
    phase."""
    return [row for archiver in _ARCHIVERS for row in archiver(event=event)]
