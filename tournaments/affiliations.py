"""Roles a person holds at events through a body the core doesn't know (issue 53: an organization's members hold
their role at every event of its stores). A small registry the feature fills in its AppConfig.ready(), as the
seeding (tournaments/seeding.py) and the pools (tournaments/pools.py) are:

    affiliation_register(key="organizations", roles_at=..., event_ids=..., has_any=...)

`tournaments.rights` asks it beside the event's own staff (EventStaff), so the one rights module still decides
every door: a provider only says which event roles (`tournaments.rights`' co_organizer, scorekeeper, judge) a
person holds at an event, never what a role may do.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.db.models import Q


@dataclass(frozen=True)
class Affiliation:
    # (person_id, event_id) -> the event roles held there through the provider
    roles_at: Callable[[int, int], frozenset[str]]
    # (person_id, roles) -> a Q over Event of the events where the person holds one of `roles` through the provider
    events_q: Callable[[int, Iterable[str]], Q]
    # (person_id) -> whether the person holds any role through the provider (the console's door)
    has_any: Callable[[int], bool]


_PROVIDERS: dict[str, Affiliation] = {}


def affiliation_register(*, key: str, affiliation: Affiliation) -> None:
    """Make the rights module ask `affiliation` too (registering a key again replaces it)."""
    _PROVIDERS[key] = affiliation


def affiliated_roles(*, person_id: int, event_id: int) -> frozenset[str]:
    """Every event role the person holds at the event through a registered provider."""
    found: set[str] = set()
    for provider in _PROVIDERS.values():
        found |= provider.roles_at(person_id, event_id)
    return frozenset(found)


def affiliated_events_q(*, person_id: int, roles: Iterable[str]) -> Q:
    """A Q over Event: the events where the person holds one of `roles` through a provider (matches nothing when
    no provider is registered)."""
    roles = set(roles)
    found = Q(pk__in=[])
    for provider in _PROVIDERS.values():
        found |= provider.events_q(person_id, roles)
    return found


def has_affiliations(*, person_id: int) -> bool:
    return any(provider.has_any(person_id) for provider in _PROVIDERS.values())
