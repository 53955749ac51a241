from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from tournaments.enums import EventStatus, FormatKind, Structure, shared_preset
from tournaments.models import Event, Registration, Round


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
    if event.structure == Structure.CUSTOM_SHARED and not (event.shared_life and event.shared_poison):
        errors["shared_life"] = _("A custom shared game needs its starting life and poison limit.")
    if event.format_kind == FormatKind.TEAM_CONSTRUCTED_MIXED:
        formats = [f.strip().lower() for f in (event.seat_formats or [])]
        if len(formats) != event.team_size:
            errors["seat_formats"] = _("Give one format per seat: %(n)d formats for teams of %(n)d.") % {"n": event.team_size}
        elif len(set(formats)) != len(formats):
            errors["seat_formats"] = _("Each member must play a different format (DCI 8.3).")
    if event.format_kind in (FormatKind.TEAM_CONSTRUCTED, FormatKind.THG_CONSTRUCTED) and not event.constructed_format:
        errors["constructed_format"] = _("Name the constructed format (standard, pioneer, modern ...).")
    errors.update(_registered_team_problems(event=event))
    return errors


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


@transaction.atomic
def event_create(**fields) -> Event:
    """Create an event with its structure's preset applied, after checking its settings are consistent.

    Raises ValidationError with a message per field when they are not.
    """
    event = Event(**fields)
    event_apply_preset(event=event)
    errors = event_problems(event=event)
    if errors:
        raise ValidationError(errors)
    event.full_clean()
    event.save()
    return event


def event_bump_version(*, event_id: int) -> None:
    """Mark the event's scoreboards as changed: pairings, results, registrations and drops all call this, and
    the API's ETags and the live pages follow Event.version."""
    Event.objects.filter(pk=event_id).update(version=F("version") + 1)


@transaction.atomic
def event_finish(*, event: Event) -> Event:
    """Finish the event: its status becomes finished and every round is marked finished, so players can no
    longer report or confirm results (the organizer still corrects them). Bumps the scoreboard version."""
    Event.objects.filter(pk=event.pk).update(status=EventStatus.FINISHED)
    event.status = EventStatus.FINISHED
    Round.objects.filter(event_id=event.pk, is_finished=False).update(is_finished=True)
    event_bump_version(event_id=event.pk)
    return event
