"""The one lock order for every write that changes a round's matches (docs/architecture.md, "Locks"):
the event, then the round, then the match(es).

Every service that writes a round's matches (results, take-backs, pairing and pairing again, swaps, drops and
disqualifications, penalties that change a result, a match deleted by hand) takes its locks through these
functions, so two of them never hold each other's rows: whichever locks the event first goes first, the other
waits for its commit and then reads what it left. A row that is gone by then (a match of a round taken back or
paired again) is refused with `Gone`, a Conflict (409): the request was sound, the event moved on under it.

Each function locks only its own row (`of=("self",)`): a `select_related` join under FOR UPDATE would lock the
joined rows too, in whatever order the database reads them, which is how two organizers deadlocked (issue 39).
"""

from django.utils.translation import gettext as _

from tournaments.models import Event, Registration, Round, TeamMatch
from tournaments.services.errors import StateConflict


class Gone(StateConflict):
    """What the request was about was deleted while it waited for its lock (a round taken back or paired again)."""


def event_lock(*, event_id: int) -> Event:
    """The event's row, locked: the first lock of every write that changes the event's rounds or matches."""
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise Gone(_("This event no longer exists."))
    return event


def round_lock(*, round_id: int) -> Round:
    """The round, locked after its event (round.event is the locked event). Gone when the round was taken back."""
    event_id = Round.objects.filter(pk=round_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise Gone(_("This round was taken back meanwhile."))
    event = event_lock(event_id=event_id)
    round_ = Round.objects.select_for_update(of=("self",)).filter(pk=round_id).first()
    if round_ is None:
        raise Gone(_("This round was taken back meanwhile."))
    round_.event = event
    return round_


def match_lock(*, match_id: int, related: tuple[str, ...] = ()) -> TeamMatch:
    """The match, locked after its event and round (match.round and match.round.event are the locked ones; `related`
    loads more, unlocked). Gone when its round was taken back or paired again, or the teams swapped meanwhile."""
    round_id = TeamMatch.objects.filter(pk=match_id).values_list("round_id", flat=True).first()
    gone = _("This match is no longer in the pairings: its round was taken back or paired again meanwhile.")
    if round_id is None:
        raise Gone(gone)
    round_ = round_lock(round_id=round_id)
    match = TeamMatch.objects.select_for_update(of=("self",)).select_related(*related).filter(pk=match_id).first()
    if match is None:
        raise Gone(gone)
    match.round = round_
    return match


def registration_lock(*, registration_id: int) -> Registration:
    """The team's registration, locked after its event (registration.event is the locked event; its team loaded)."""
    event_id = Registration.objects.filter(pk=registration_id).values_list("event_id", flat=True).first()
    gone = _("This team is no longer registered for the event.")
    if event_id is None:
        raise Gone(gone)
    event = event_lock(event_id=event_id)
    registration = (
        Registration.objects.select_for_update(of=("self",)).select_related("team").filter(pk=registration_id).first()
    )
    if registration is None:
        raise Gone(gone)
    registration.event = event
    return registration
