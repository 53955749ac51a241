"""The event's rounds: the latest one, and which of them players may see (issues 53 and 55).

What players may see is decided here, for every door: a round is theirs to see once it is published
(Round.published_at; tournaments/services/publishing.py). Until then it is a draft only the organizer and staff see
(tournaments.rights.may_see_round): players' pages, the screen, the overlays, the API's public and player reads, the
anonymous floor and the notifications read rounds and matches through `rounds_players_see`, `matches_players_see`
and `round_latest(..., players=True)`.
"""

from django.db.models import Q, QuerySet

from tournaments.models import Event, Round

# A round players may see, as a filter of rounds (PUBLISHED) and of anything with a `round` (PUBLISHED_ROUND).
PUBLISHED = Q(published_at__isnull=False)
PUBLISHED_ROUND = Q(round__published_at__isnull=False)


def round_latest(*, event: Event | int, kind: str | None = None, players: bool = False) -> Round | None:
    """The event's round with the highest number, of any kind (a Swiss round or the top cut's, including a phase's
    rounds: they are numbered on with the event's) unless `kind` (a tournaments.enums.RoundKind) names one kind;
    None before its first. `event` is the event or its id. With `players`, the latest round players may see (a
    draft waiting for "Publish" left out): what a player's page calls the current round."""
    rounds = Round.objects.filter(event_id=getattr(event, "pk", event))
    if kind is not None:
        rounds = rounds.filter(kind=kind)
    if players:
        rounds = rounds.filter(PUBLISHED)
    return rounds.order_by("-number").first()


def rounds_players_see(*, event: Event | int) -> QuerySet[Round]:
    """The event's rounds players may see: the published ones (every round but a draft waiting for "Publish").
    Given the event itself, each round's `event` is that object (no query to read it again)."""
    if isinstance(event, Event):
        return event.rounds.filter(PUBLISHED)
    return Round.objects.filter(PUBLISHED, event_id=event)


def matches_players_see(queryset: QuerySet) -> QuerySet:
    """`queryset` (of matches, multiplayer tables or byes: anything with a `round`) without those of a round
    players may not see yet."""
    return queryset.filter(PUBLISHED_ROUND)


def round_draft(*, event: Event | int) -> Round | None:
    """The round waiting for "Publish" (the event's latest, since nothing is paired after a round without
    results), or None."""
    latest = round_latest(event=event)
    return latest if latest is not None and not latest.is_published else None
