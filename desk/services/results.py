"""Results typed at the desk: read the keyboard entry (tournaments.entry) and record it final with the results
service (team_match_record_final), the one place a result's rules live."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.enums import COUNTING_STATES, ResultState
from tournaments.models import TeamMatch
from tournaments.services.locks import match_lock
from tournaments.services.scoreboard import event_require_open
from tournaments.services.results import team_match_record_final, typed_result_read


class AlreadyFinal(ValidationError):
    """The table's result already counts (final or confirmed); typing over it needs an explicit correction."""


def desk_result_enter(*, match: TeamMatch, by, text: str, correct: bool = False) -> TeamMatch:
    """Record the result typed as `text` (see tournaments.entry) as final. Raises ValidationError with the reason.

    A result that already counts (final, or confirmed by both teams) is never typed over by accident: without
    `correct` the entry is refused (AlreadyFinal) and nothing is written; with it, the result is changed through
    team_match_record_final, which writes the correction (before and after) to the event log. The typed text is
    read before anything else, so a malformed correction is refused for what it is."""
    event = match.round.event
    seats, games = typed_result_read(event=event, text=text)
    with transaction.atomic():  # the state is read under the row's lock, so two desks can't both overwrite it
        # The event, its round, then the match (tournaments/services/locks.py): the one order of every result.
        state = match_lock(match_id=match.pk).result_state
        event_require_open(event_id=event.pk)  # a closed event says so first: no result of it changes
        if not correct and state in COUNTING_STATES:
            raise AlreadyFinal(
                _(
                    "This table's result already counts (%(state)s); nothing was changed. To change it, tick "
                    '"Correct a final result" and enter it again: the correction is written to the event log.'
                )
                % {"state": ResultState(state).label}
            )
        return team_match_record_final(match=match, user=by, seats=seats, games=games)
