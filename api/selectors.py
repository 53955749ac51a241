"""The API's reads: each loads what one endpoint shows in a fixed number of queries, whatever the event's size."""

from django.db.models import Count, Prefetch, QuerySet
from django.utils.translation import gettext as _
from rest_framework.exceptions import NotFound, PermissionDenied

from api.authentication import token_of
from api.permissions import caller
from tournaments import rights
from tournaments.doors import event_with_right
from tournaments.models import Event, Registration, Round, Seat, TeamMatch
from tournaments.selectors.rounds import PUBLISHED, matches_players_see

# Path ids are matched by a converter of at most 18 digits (api.urls), so they always fit a bigint.


def event_get_visible(*, request, event_id: int) -> Event:
    """The event, if the caller may read it; otherwise NotFound, the same whether it is hidden or missing."""
    event = event_with_right(pk=event_id, subject=caller(request), right=rights.may_see_event)
    if event is None:
        raise NotFound(_("There is no event %(id)s, or it is not public.") % {"id": event_id})
    return event


def event_get_to_run(*, request, event_id: int, lock: bool = False, rule=None) -> Event:
    """The event, if the caller passes `rule` at it (tournaments.rights; may_run_event unless said otherwise, e.g.
    may_score_event for the desk's work: pairing, drops). Any other event answers NotFound, exactly as a missing one
    does, except for the event's own scorekeeper token, which is told what it may do instead."""
    events = Event.objects.select_for_update() if lock else Event.objects
    found = event_with_right(pk=event_id, subject=caller(request), right=rule or rights.may_run_event, queryset=events)
    if found is not None:
        return found
    event = events.filter(pk=event_id).first()
    token = token_of(request)
    if event is not None and token is not None and not token.is_organizer and token.event_id == event.pk:
        raise PermissionDenied(
            _(
                "A scorekeeper token enters results, pairs rounds and drops teams only. Changing the event needs an "
                "organizer token (python manage.py create_api_token --user NAME --organizer)."
            )
        )
    raise NotFound(_("There is no event %(id)s among the events you organize.") % {"id": event_id})


def registration_get(*, event: Event, registration_id: int) -> Registration:
    """One team of the event, or NotFound."""
    registration = registrations_for_event(event=event).filter(pk=registration_id).first()
    if registration is None:
        raise NotFound(_("There is no team %(id)s in this event.") % {"id": registration_id})
    return registration


def sees_drafts(*, request, event: Event) -> bool:
    """The caller sees rounds whose pairings are still a draft (tournaments.rights.may_see_draft_rounds): the
    event's organizers, scorekeepers and judges, and its tokens; the public and the players don't (issue 53)."""
    return rights.may_see_draft_rounds(caller(request), event)


def round_get(*, event: Event, number: int, drafts: bool = False) -> Round:
    """One round of the event by its number, or NotFound; a round still a draft (not published) only with
    `drafts` (sees_drafts), else NotFound as if it weren't paired."""
    rounds = Round.objects.filter(event=event, number=number)
    round_ = (rounds if drafts else rounds.filter(PUBLISHED)).first()
    if round_ is None:
        raise NotFound(_("Event %(event)s has no round %(n)s.") % {"event": event.pk, "n": number})
    return round_


def registrations_for_event(*, event: Event) -> QuerySet[Registration]:
    """The event's teams with their members, seat by seat (two queries)."""
    return (
        Registration.objects.filter(event=event)
        .select_related("team")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("letter")))
        .order_by("team__name", "pk")
    )


def rounds_for_event(*, event: Event) -> QuerySet[Round]:
    """The event's published rounds with their number of matches (one query): the public scoreboard, the same for
    every caller (a draft is read by its number, round_get with drafts)."""
    return (
        Round.objects.filter(PUBLISHED, event=event)
        .select_related("event")
        .annotate(match_count=Count("matches"))
        .order_by("number")
    )


def matches_for_event(*, event: Event, drafts: bool = False) -> QuerySet[TeamMatch]:
    """The event's team matches with both teams and the seat results (two queries): those of published rounds,
    and with `drafts` (sees_drafts) those of a draft round too."""
    matches = TeamMatch.objects.filter(round__event=event)
    return (
        (matches if drafts else matches_players_see(matches))
        .select_related("round__event", "team_a__team", "team_b__team")
        .prefetch_related("seat_matches")
        .order_by("round__number", "table")
    )


def match_get(*, event: Event, match_id: int, drafts: bool = False) -> TeamMatch:
    """One match of the event, or NotFound (also a draft round's, unless `drafts`)."""
    match = matches_for_event(event=event, drafts=drafts).filter(pk=match_id).first()
    if match is None:
        raise NotFound(_("There is no match %(id)s in this event.") % {"id": match_id})
    return match
