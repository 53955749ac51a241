import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.enums import (
    CONSTRUCTED_FORMATS,
    ROCHESTER_HOUSE_TEAM_SIZE,
    ROCHESTER_TEAM_SIZE,
    DraftStructure,
    EnforcementLevel,
    EventStatus,
    FormatKind,
    Structure,
    default_deck_rule,
)
from common.refusals import NotAllowed, NotFound
from common.tasks import send_after_commit
from tournaments.logtext import LogText
from tournaments.models import Event, Registration, Round
from tournaments.pools import event_pools_exist
from tournaments.copying import event_copy_parts
from tournaments.rights import may_copy_event, may_see_event
from tournaments.services.clock import event_desk_for
from tournaments.services.daytwo import day2_cut_settings_refusals
from tournaments.seeding import seeding_rated
from tournaments.selectors.decklists import event_registers_decklists
from tournaments.selectors.phases import event_phases, phase_current
from tournaments.services.errors import StateConflict
from tournaments.services.decklists import DECK_CHECK_FIELDS, event_recheck_decklists
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.phases import phase_create
from tournaments.services.scoreboard import event_bump_version
from tournaments.signals import DomainEvent, domain_event_send
from tournaments.structures import shared_preset


def event_apply_preset(*, event: Event) -> None:
    """Fill a shared-game event's life and poison from its structure's preset (RULES.md 2).

    Two-Headed Giant and Three-Headed Serpent always take their preset; a custom shared game keeps what the
    organizer set; a seat-against-seat event has no shared totals. Changes the instance only, not the database.
    """
    preset = shared_preset(event.structure, event.team_size)
    if preset is not None:
        event.shared_life, event.shared_poison = preset
    elif event.structure == Structure.SEAT_AGAINST_SEAT:
        event.shared_life = event.shared_poison = None


def event_problems(*, event: Event) -> dict[str, str]:
    """Return the field errors that make this event's settings inconsistent, keyed by field name."""
    errors: dict[str, str] = {}
    if event.format_kind in (FormatKind.THG_CONSTRUCTED, FormatKind.THG_SEALED, FormatKind.THG_DRAFT):
        if event.structure != Structure.TWO_HEADED_GIANT:
            errors["structure"] = _("Two-Headed Giant formats use the Two-Headed Giant structure.")
        if event.team_size != 2:
            errors["team_size"] = _("Two-Headed Giant is played by teams of 2.")
    elif event.structure == Structure.TWO_HEADED_GIANT and event.team_size != 2:
        errors["team_size"] = _("Two-Headed Giant is played by teams of 2.")
    if event.team_size == 1 and event.structure not in (Structure.SEAT_AGAINST_SEAT, Structure.MULTIPLAYER_PODS):
        errors["structure"] = _("An individual event is played player against player: choose seat against seat.")
    errors.update(_pod_problems(event=event))
    if event.structure == Structure.CUSTOM_SHARED and not (event.shared_life and event.shared_poison):
        errors["shared_life"] = _("A custom shared game needs its starting life and poison limit.")
    if event.format_kind == FormatKind.TEAM_CONSTRUCTED_MIXED:
        formats = [f.strip().lower() for f in (event.seat_formats or [])]
        if len(formats) != event.team_size:
            errors["seat_formats"] = _("Give one format per seat: %(n)d formats for teams of %(n)d.") % {
                "n": event.team_size
            }
        elif event.formats_must_differ and len(set(formats)) != len(formats):
            errors["seat_formats"] = _("Each member must play a different format (DCI 8.3).")
    if event.format_kind in (FormatKind.TEAM_CONSTRUCTED, FormatKind.THG_CONSTRUCTED) and not event.constructed_format:
        errors["constructed_format"] = _("Name the constructed format (standard, pioneer, modern ...).")
    if event.seed_by_rating and not seeding_rated(
        format_kind=event.format_kind, structure=event.structure, team_size=event.team_size
    ):
        errors["seed_by_rating"] = _(
            "This event's format has no rating category, so there are no ratings to seed it by."
        )
    if event.pods_play_across and event.format_kind != FormatKind.THG_DRAFT:
        errors["pods_play_across"] = _("Only a Two-Headed Giant booster draft drafts in pods.")
    elif event.pods_play_across and event.enforcement_level != EnforcementLevel.REGULAR:
        errors["pods_play_across"] = _(
            "Pairing across draft pods is allowed at Regular REL only; at %(rel)s REL the teams of a pod play each "
            "other (MTR 7.6)."
        ) % {"rel": event.get_enforcement_level_display()}
    if event.real_product and event.format_kind in CONSTRUCTED_FORMATS:
        errors["real_product"] = _(
            "Real product is for limited events (sealed, drafts): a constructed event's players bring their own decks."
        )
    elif event.real_product and event_pools_exist(event=event):
        errors["real_product"] = _(
            "Hydra already holds pools of this event's players: real product keeps none. "
            "Run the event with its pools, or make a new event with real product."
        )
    errors.update(_rochester_problems(event=event))
    errors.update(day2_cut_settings_refusals(event=event))
    errors.update(_phase_plan_problems(event=event))
    errors.update(_registered_team_problems(event=event))
    errors.update(_running_event_problems(event=event))
    return errors


def _phase_plan_problems(*, event: Event) -> dict[str, str]:
    """An event with a phase plan (docs/phases.md) takes its Swiss rounds from the plan, and its format from the
    phase being played: both change through the plan, not here."""
    if not event.pk:
        return {}
    phases = event_phases(event=event)
    if not phases:
        return {}
    errors: dict[str, str] = {}
    total = sum(p.rounds for p in phases)
    if event.swiss_rounds != total:
        errors["swiss_rounds"] = _("The phases play %(n)d Swiss rounds: change the phase plan to change them.") % {
            "n": total
        }
    current = phase_current(event=event, phases=phases)
    if event.format_kind != current.format_kind:
        errors["format_kind"] = _("The format is the one of %(phase)s: change the phase plan to change it.") % {
            "phase": current.label
        }
    if event.is_single_elimination:
        errors["bracket_seeding"] = _("An event with a phase plan plays Swiss rounds: remove the phases first.")
    return errors


# Top cuts only a playoff of pods has (multiplayer.engine.PLAYOFF_PLANS); 4 and 16 are brackets' sizes too.
POD_TOP_CUTS = (4, 10, 16, 40)
POD_ONLY_TOP_CUTS = (10, 40)


def _pod_problems(*, event: Event) -> dict[str, str]:
    """Multiplayer pods (docs/multiplayer.md): individuals, constructed, pods of 3 to 5, and a playoff of pods (top 4,
    10, 16 or 40) or none."""
    if not event.is_multiplayer:
        if event.top_cut in POD_ONLY_TOP_CUTS:
            return {"top_cut": _("A top 10 or top 40 is a playoff of pods: multiplayer pod events only.")}
        return {}
    errors: dict[str, str] = {}
    if event.team_size != 1:
        errors["team_size"] = _("Multiplayer pods seat single players: teams of 1.")
    if event.format_kind != FormatKind.TEAM_CONSTRUCTED:
        errors["format_kind"] = _("Multiplayer pods are played with constructed decks (Commander).")
    if event.pod_size not in (3, 4, 5):
        errors["pod_size"] = _("A pod seats 3 to 5 players.")
    if event.top_cut not in (0, *POD_TOP_CUTS):
        errors["top_cut"] = _("Multiplayer pods end with a playoff of pods (top 4, 10, 16 or 40) or none.")
    if event.pod_win_points < max(event.pod_draw_points, event.pod_loss_points):
        errors["pod_win_points"] = _("A win is worth at least as much as a draw or a loss.")
    return errors


def _rochester_problems(*, event: Event) -> dict[str, str]:
    """Team Rochester (RULES.md 6): teams of three, teams of two only as a house rule picked on purpose, never
    four; the one-draft structure at Regular REL only, and the structure fixed once a round is paired."""
    errors: dict[str, str] = {}
    if event.format_kind != FormatKind.TEAM_ROCHESTER:
        return errors
    if event.team_size == ROCHESTER_HOUSE_TEAM_SIZE and not event.rochester_teams_of_two:
        errors["team_size"] = _(
            'Team Rochester is for teams of three (MTR 8.5). Teams of two are a house rule: tick "teams of two '
            '(house rule)" to run them on purpose.'
        )
    elif event.team_size not in (ROCHESTER_TEAM_SIZE, ROCHESTER_HOUSE_TEAM_SIZE):
        errors["team_size"] = _(
            "Team Rochester is for teams of three (MTR 8.5), or of two as a house rule; teams of %(n)d can't draft it."
        ) % {"n": event.team_size}
    if event.draft_structure == DraftStructure.ONE_DRAFT and event.enforcement_level != EnforcementLevel.REGULAR:
        errors["draft_structure"] = _(
            "One draft with the pod rule lifted is allowed at Regular REL only; at %(rel)s REL the event drafts "
            "every round (MTR 7.6)."
        ) % {"rel": event.get_enforcement_level_display()}
    if event.pk and Round.objects.filter(event_id=event.pk).exists():
        stored = Event.objects.filter(pk=event.pk).values_list("draft_structure", flat=True).first()
        if stored is not None and stored != event.draft_structure:
            errors["draft_structure"] = _(
                "The draft structure is chosen before the event starts; round 1 is paired already."
            )
    return errors


# Settings the pairings, seats and results already stand on: fixed once round 1 is paired.
FIXED_ONCE_PAIRED = (
    "team_size",
    "structure",
    "format_kind",
    "shared_life",
    "shared_poison",
    "shared_games_per_match",
    "seed_by_rating",
)


def _running_event_problems(*, event: Event) -> dict[str, str]:
    """Once rounds are paired, what they stand on can't change: the settings above, Swiss rounds below the ones
    already paired, and the top cut once it has started."""
    if not event.pk:
        return {}
    stored = (
        Event.objects.filter(pk=event.pk).values(*FIXED_ONCE_PAIRED, "top_cut", "status", "bracket_seeding").first()
    )
    if stored is None:
        return {}
    errors: dict[str, str] = {}
    swiss_paired = Round.objects.filter(event_id=event.pk, kind="swiss").count()
    if swiss_paired:
        for name in FIXED_ONCE_PAIRED:
            if getattr(event, name) != stored[name]:
                errors[name] = _("Round 1 is paired: the %(field)s can't change any more.") % {
                    "field": Event._meta.get_field(name).verbose_name
                }
        if event.swiss_rounds < swiss_paired:
            errors["swiss_rounds"] = _("%(n)d Swiss rounds are already paired: the event can't have fewer.") % {
                "n": swiss_paired
            }
    if stored["status"] in (EventStatus.TOP_CUT, EventStatus.FINISHED) and event.top_cut != stored["top_cut"]:
        errors["top_cut"] = _("The top cut has started: its size can't change any more.")
    if event.bracket_seeding != stored["bracket_seeding"] and Round.objects.filter(event_id=event.pk).exists():
        errors["bracket_seeding"] = _("Round 1 is paired: the event's structure can't change any more.")
    return errors


# What an organizer may set on an event (the API's PATCH and POST, the event file); status follows the event's
# progress (pairing, top cut, closing) and the version the scoreboards, so neither is here.
_NOT_EDITABLE = {"id", "organizer", "status", "version", "created_at"}
EDITABLE_FIELDS = tuple(f.name for f in Event._meta.concrete_fields if f.editable and f.name not in _NOT_EDITABLE)


@transaction.atomic
def event_update(*, event: Event, user=None, **fields) -> Event:
    """Change the event's settings (EDITABLE_FIELDS), with the same checks as creating it plus what the event's
    progress fixes (event_problems). Decklists are checked again when a setting they depend on changed.

    Raises ValidationError with a message per field, and writes nothing, when a change is refused.
    """
    unknown = sorted(set(fields) - set(EDITABLE_FIELDS))
    if unknown:
        raise ValidationError({name: _("This setting can't be changed here.") for name in unknown})
    event = Event.objects.select_for_update().get(pk=event.pk)
    changed = [name for name, value in fields.items() if getattr(event, name) != value]
    before = {name: getattr(event, name) for name in changed}
    for name in changed:
        setattr(event, name, fields[name])
    if not changed:
        return event
    event_apply_preset(event=event)
    errors = event_problems(event=event)
    if errors:
        raise ValidationError(errors)
    event.full_clean(exclude=["organizer"])
    event.save(update_fields=[f.name for f in Event._meta.concrete_fields if f.name not in ("id", "version")])
    if event_registers_decklists(event=event) and set(DECK_CHECK_FIELDS) & set(changed):
        event_recheck_decklists(event=event)
    if user is not None:
        event_log_record(
            event=event,
            user=user,
            action=LogAction.SETTINGS_CHANGED,
            message=LogText(
                gettext_lazy("Settings changed: %(fields)s."),
                {"fields": [Event._meta.get_field(name).verbose_name for name in changed]},
            ),
            before={name: _plain(before[name]) for name in changed},
            after={name: _plain(getattr(event, name)) for name in changed},
            data={name: [_plain(before[name]), _plain(getattr(event, name))] for name in changed},
        )
    event_bump_version(event_id=event.pk)
    event.refresh_from_db(fields=["version"])
    return event


def _registered_team_problems(*, event: Event) -> dict[str, str]:
    """Registered teams were seated for the stored team size and structure: changing either would leave
    their seats (and results) wrong, so both are fixed while any team is registered."""
    if not event.pk:
        return {}
    stored = Event.objects.filter(pk=event.pk).values("team_size", "structure").first()
    if stored is None or (event.team_size, event.structure) == (stored["team_size"], stored["structure"]):
        return {}
    count = Registration.objects.filter(event_id=event.pk).count()
    if not count:
        return {}
    errors = {}
    if event.team_size != stored["team_size"]:
        errors["team_size"] = _(
            "%(n)d team(s) are registered with %(size)d players each: the team size can't change while teams are "
            "registered. Remove the registrations first."
        ) % {"n": count, "size": stored["team_size"]}
    if event.structure != stored["structure"]:
        errors["structure"] = _(
            "%(n)d team(s) are registered: the structure can't change while teams are registered. "
            "Remove the registrations first."
        ) % {"n": count}
    return errors


def _plain(value):
    """A setting's value as the event log's JSON keeps it."""
    return value if value is None or isinstance(value, (bool, int, str, list)) else str(value)


@transaction.atomic
def event_create(*, by=None, **fields) -> Event:
    """Create an event with its structure's preset applied, after checking its settings are consistent.

    Without a `deck_rule` the format's default applies: no shared cards (MTR 8.4) for Two-Headed Giant
    constructed, four copies per team otherwise.

    Raises ValidationError with a message per field when they are not. With `by` (who creates it), the event's
    log starts with its creation.
    """
    fields.setdefault("deck_rule", default_deck_rule(fields.get("format_kind", FormatKind.TEAM_CONSTRUCTED)))
    event = Event(**fields)
    event_apply_preset(event=event)
    errors = event_problems(event=event)
    if errors:
        raise ValidationError(errors)
    event.full_clean()
    event.save()
    if by is not None:
        event_log_record(
            event=event,
            user=by,
            action=LogAction.EVENT_CREATED,
            message=LogText(gettext_lazy("Event created: %(name)s."), {"name": event.name}),
        )
    return event


# "Run again" copies every setting but the date (given), what belongs to one running of the event (its decklists
# locked) and the deadlines, which move with the date.
COPY_DAYS_LATER = 7
_NOT_COPIED = {"date", "decklists_locked"}
_MOVED_WITH_THE_DATE = ("decklist_deadline", "signup_deadline")


def event_copy_date(*, event: Event) -> dt.date:
    """The date "Run again" suggests: a week after the event (a store's weekly event); the event's own date when
    that would pass the calendar's end."""
    try:
        return event.date + dt.timedelta(days=COPY_DAYS_LATER)
    except OverflowError:
        return event.date


@transaction.atomic
def event_copy(*, event: Event, by, date: dt.date | None = None) -> Event:
    """ "Run again": a new event with `event`'s settings (EDITABLE_FIELDS, the round and deck-building minutes) on
    `date` (a week later unless given), organized by `by`, with none of its players, rounds or results, and the
    features' settings registered in tournaments/copying.py (the entry fee and the prizes, never the payments). Its
    phase plan is copied phase by phase (each logged; none started, no pods seated), so the copy plays phase 1's
    format first. Its deadlines move with the date. The new event's log starts with its creation, naming the event it copies.

    Refused with NotFound when `by` may not see the event, NotAllowed when they don't run it or may not create
    events (tournaments.rights.may_copy_event); with a ValidationError (nothing written) when the settings no
    longer pass event_create's checks."""
    if not may_see_event(by, event):
        raise NotFound(_("No such event."))
    if not may_copy_event(by, event):
        raise NotAllowed(_("Running an event again takes an organizer who runs this event."))
    date = date or event_copy_date(event=event)
    shift = date - event.date
    fields = {name: getattr(event, name) for name in EDITABLE_FIELDS if name not in _NOT_COPIED}
    for name in _MOVED_WITH_THE_DATE:
        if fields[name] is not None:
            try:
                fields[name] += shift
            except OverflowError:
                raise ValidationError(
                    {
                        "date": _("The %(field)s would move past the calendar's end: choose an earlier date.")
                        % {"field": Event._meta.get_field(name).verbose_name}
                    }
                ) from None
    copy = event_create(organizer=by, date=date, **fields)
    source_desk = event_desk_for(event=event)
    desk = event_desk_for(event=copy)
    desk.round_minutes, desk.deckbuilding_minutes = source_desk.round_minutes, source_desk.deckbuilding_minutes
    desk.save(update_fields=["round_minutes", "deckbuilding_minutes"])
    event_log_record(
        event=copy,
        user=by,
        action=LogAction.EVENT_CREATED,
        message=LogText(
            gettext_lazy("Event created: %(name)s, run again from the event of %(date)s."),
            {"name": copy.name, "date": event.date.isoformat()},
        ),
        data={"copied_from": event.pk},
    )
    event_copy_parts(source=event, copy=copy, by=by)  # the features' settings: the fee and prizes (fees)
    for phase in event_phases(event=event):  # the phase plan, never its seats, decks or start (docs/phases.md)
        phase_create(
            event=copy,
            user=by,
            name=phase.name,
            format_kind=phase.format_kind,
            constructed_format=phase.constructed_format,
            rounds=phase.rounds,
            pairing_scope=phase.pairing_scope,
            pod_size=phase.pod_size,
        )
    return copy


@transaction.atomic
def event_finish(*, event: Event) -> Event:
    """Finish the event: its status becomes finished and every round is marked finished, so players can no
    longer report or confirm results (the organizer still corrects them). Bumps the scoreboard version."""
    Event.objects.filter(pk=event.pk).update(status=EventStatus.FINISHED)
    event.status = EventStatus.FINISHED
    Round.objects.filter(event_id=event.pk, is_finished=False).update(is_finished=True)
    event_bump_version(event_id=event.pk)
    _schedule_ratings_update(event_id=event.pk)
    domain_event_send(event_id=event.pk, kind=DomainEvent.EVENT_FINISHED)
    return event


@transaction.atomic
def event_reopen(*, event: Event, user, reason: str) -> Event:
    """Reopen a closed event so its results, drops or pairings can be corrected: back to its top cut (or its
    Swiss rounds), the reason and who reopened it in the event's log. The ratings are rebuilt without the event
    until it is closed again (which rebuilds them with the corrections)."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Say why the event is reopened; it is recorded in the event's log.")})
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != EventStatus.FINISHED:
        raise StateConflict(_("This event is not closed: there is nothing to reopen."))
    has_playoff = Round.objects.filter(event_id=event.pk, kind="playoff").exists()
    event.status = EventStatus.TOP_CUT if has_playoff else EventStatus.RUNNING
    event.save(update_fields=["status"])
    event_log_record(
        event=event,
        user=user,
        action=LogAction.EVENT_REOPENED,
        message=LogText(gettext_lazy("Event reopened: %(reason)s"), {"reason": reason[:2000]}),
        before={"status": EventStatus.FINISHED},
        after={"status": event.status},
        data={"reason": reason[:2000]},
    )
    event_bump_version(event_id=event.pk)
    _schedule_ratings_update(event_id=event.pk)
    return event


def _schedule_ratings_update(*, event_id: int) -> None:
    """After the commit, ask a worker to rebuild the ratings of the event's category (ratings.tasks, RULES.md 8).
    Sent by name: tournaments doesn't import the ratings app, which builds on it."""
    send_after_commit("ratings.event_closed", event_id, what="the ratings update", lost="run recalculate_ratings")


def event_delete_refusal(*, event: Event) -> str | None:
    """Why this event can't be deleted, or None: an event that has started (a round paired) or has results keeps
    its history; close it (finished) instead."""
    if event.status != EventStatus.REGISTRATION or event.rounds.exists():
        return _("This event has started: its rounds and results stay. Close it instead of deleting it.")
    return None


@transaction.atomic
def event_delete(*, event: Event) -> None:
    """Delete an event that hasn't started (created by mistake, cancelled before round 1)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    refusal = event_delete_refusal(event=event)
    if refusal:
        raise StateConflict(refusal)
    event.delete()
