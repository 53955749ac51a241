"""What every service that changes an event's scoreboard (pairings, results, registrations, drops) calls: the
refusal while the event is closed, and the version bump the API's ETags and the live pages follow.

At the bottom of tournaments' services: it imports no other service, so any of them may import it.
"""

from django.db.models import F
from django.utils.translation import gettext as _

from common.textlist import text_list
from tournaments.enums import COUNTING_STATES, EventStatus
from tournaments.models import Event, Round
from tournaments.polltokens import event_tokens_renew
from tournaments.services.errors import ResultsMissing, StateConflict
from tournaments.signals import scoreboard_changed_send


def event_bump_version(*, event_id: int, matches: tuple[int, ...] = ()) -> None:
    """Mark the event's scoreboards as changed: pairings, results, registrations and drops all call this, and
    the API's ETags and the live pages follow Event.version. After the commit it renews the event's poll tokens
    (tournaments/polltokens.py); `matches` says the change concerns only those matches' results, so the pages of
    the other matches keep answering their polls 304."""
    Event.objects.filter(pk=event_id).update(version=F("version") + 1)
    event_tokens_renew(event_id=event_id, matches=matches)
    scoreboard_changed_send(event_id=event_id)


def event_closed_refusal(*, event_id: int) -> str | None:
    """Why nothing may change the event's results, drops or pairings now, or None: a closed (finished) event is
    final until an organizer reopens it with a reason (event_reopen)."""
    if Event.objects.filter(pk=event_id, status=EventStatus.FINISHED).exists():
        return _(
            "This event is closed: its results, drops and pairings are final. An organizer may reopen it "
            "(with a reason) to correct them."
        )
    return None


def event_require_open(*, event_id: int) -> None:
    """Refuse (StateConflict: the API's 409) any change to results, drops or pairings of a closed event."""
    refusal = event_closed_refusal(event_id=event_id)
    if refusal:
        raise StateConflict(refusal)


def _missing_results(round_: Round) -> list[int]:
    return list(
        round_.matches.exclude(result_state__in=COUNTING_STATES).order_by("table").values_list("table", flat=True)
    )


def round_require_results(*, round_: Round | None) -> None:
    """Refuse with ResultsMissing (naming the open tables) while `round_` has matches without a counting result;
    the next round is paired, and an event closed, only once every result of the latest round is in."""
    if round_ is None:
        return
    missing = _missing_results(round_)
    if missing:
        raise ResultsMissing(
            _("Round %(n)d still waits for results at table(s) %(tables)s: enter or confirm them first.")
            % {"n": round_.number, "tables": text_list(missing, conjunction=False)},
            tables=missing,
        )
