"""The desk's next-step button: each step calls the one service that owns its rule, and logs what it went past."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from desk.selectors import desk_next_step, event_deck_building_minutes
from desk.services.drafts import event_drafts_seat_for_step
from drafting.services.paper import deck_building_start
from drafting.services.tables import draft_tables_create
from tournaments.logtext import LogText
from tournaments.models import Event
from tournaments.models.log import LogKind
from tournaments.rights import may_run_event
from tournaments.selectors.rounds import round_latest
from tournaments.services.clock import round_clock_start
from tournaments.services.eventlog import event_log_record, round_label
from tournaments.services.pairing import round_pair_next
from tournaments.services.phases import phase_start_next
from tournaments.services.publishing import round_publish
from tournaments.services.rounds import event_close
from multiplayer.services import tables_event_close
from tournaments.services.topcut import elimination_start, topcut_advance, topcut_start


def desk_step_run(*, event: Event, by, key: str, anyway: bool = False) -> str:
    """Take the event's next step if it is still the step the page showed (`key`), and return what was done.

    Refused (nothing written) when the event moved on meanwhile, when the step is blocked (results missing), or
    when it has warnings the organizer did not accept (`anyway`). Accepted warnings are logged.
    """
    step = desk_next_step(event=event)
    if step.key != key:
        raise ValidationError(_("The event moved on meanwhile; check the next step again."))
    if step.kind == "none":
        raise ValidationError(_("The event is finished; there is no next step."))
    if step.kind == "pods":
        raise ValidationError(_("Seat this event's rounds on its pods page."))
    if step.kind == "drafts":
        raise ValidationError(_("The drafts come first: run them on the drafts page."))
    if step.kind in ("call", "calling"):
        raise ValidationError(_("The draft's call runs on the paper draft's page: start or end it there."))
    if step.kind == "decklists":
        raise ValidationError(_("Deck building is still running: collect the decklists on the decklists page."))
    if step.blocked:
        raise ValidationError(step.blocked)
    if step.warnings and not anyway:
        raise ValidationError(_("Read the warnings and confirm to go on anyway."))
    latest = round_latest(event=event)
    if step.kind == "build":
        minutes = event_deck_building_minutes(event=event)
        deck_building_start(event=event, by=by, minutes=minutes)  # logged by the service; DraftRefused: a refusal
        done = LogText(gettext_lazy("Deck building has started: %(minutes)d minutes."), {"minutes": minutes})
    elif step.kind == "seat":
        if not may_run_event(by, event):  # as on the paper draft's page: seating is the organizers'
            raise ValidationError(_("Only the event's organizers seat the pods; a scorekeeper runs the timers."))
        n = event_drafts_seat_for_step(event=event, by=by)  # the drafting services log the seats
        done = LogText(ngettext_lazy("%(n)d draft pod is seated.", "%(n)d draft pods are seated.", "n"), {"n": n})
    elif step.kind == "draft":
        tables = draft_tables_create(event=event, by=by)  # DraftRefused: a ValidationError like every refusal here
        done = LogText(gettext_lazy("%(n)d draft tables are set up."), {"n": len(tables)})
    elif step.kind == "pair":
        round_ = round_pair_next(event=event, user=by)
        done = LogText(gettext_lazy("Round %(n)d is paired."), {"n": round_.number})
    elif step.kind == "publish":
        round_publish(round_=latest, user=by)  # logged by the service, with who published
        done = LogText(gettext_lazy("%(round)s is published."), {"round": round_label(latest)})
    elif step.kind == "phase":
        phase = phase_start_next(event=event, user=by)
        done = LogText(gettext_lazy("%(phase)s has started."), {"phase": phase.label})
    elif step.kind == "bracket":
        round_ = elimination_start(event=event, user=by)
        done = LogText(gettext_lazy("The bracket is seeded: round %(n)d is paired."), {"n": round_.number})
    elif step.kind == "clock":
        round_clock_start(round_=latest, by=by)
        done = LogText(gettext_lazy("The clock of round %(n)d is running."), {"n": latest.number})
    elif step.kind == "topcut":
        round_ = topcut_start(event=event, user=by)
        done = LogText(gettext_lazy("The top cut has started: round %(n)d is paired."), {"n": round_.number})
    elif step.kind == "advance":
        round_ = topcut_advance(event=event, user=by)
        done = (
            LogText(gettext_lazy("The event is finished."))
            if round_ is None
            else LogText(gettext_lazy("Round %(n)d is paired."), {"n": round_.number})
        )
    elif event.is_multiplayer:  # a Commander night closes on its pods' results (issue 56)
        tables_event_close(event=event, by=by)
        done = LogText(gettext_lazy("The event is finished."))
    else:
        event_close(event=event, user=by)
        done = LogText(gettext_lazy("The event is finished."))
    event_log_record(
        event=event,
        user=by,
        kind=LogKind.DESK,
        action=step.kind,
        message=done,
        warnings=step.warnings if anyway else [],
    )
    return str(done)
