"""Decklist registration for team constructed events (RULES.md 5).

A player submits the decklist of their own seat; Hydra keeps the text as pasted, parses it (any language, front
faces, Arena and MTGO exports) and checks the whole team at once, so the player sees every problem of the team
and can fix and resubmit until the organizer's deadline or lock.
"""
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from cards.decklist import DecklistError, decklist_parse
from cards.deckrules import Problem
from cards.selectors import card_name_index, team_decklists_check
from tournaments.enums import CONSTRUCTED_FORMATS, FormatKind
from tournaments.models import Decklist, Event, Registration, Seat
from tournaments.services.results import NotYourMatch


# An upload larger than this is no decklist; the parser has its own, tighter limits on what it reads.
MAX_UPLOAD_BYTES = 256 * 1024


class NotYourSeat(NotYourMatch):
    """The user doesn't hold this seat. Views answer 404."""


@dataclass
class DecklistOutcome:
    """What a submission left: the lines of this decklist that could not be read, and the team's problems."""

    decklist: Decklist
    errors: list[DecklistError] = field(default_factory=list)
    team_problems: list[Problem] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.errors and not self.team_problems


def _event_formats(event: Event) -> str | list[str]:
    if event.format_kind == FormatKind.TEAM_CONSTRUCTED_MIXED:
        return [f.strip().lower() for f in event.seat_formats]
    return (event.constructed_format or "").strip().lower()


def decklists_open(*, event: Event) -> str | None:
    """None while players may submit decklists, else the reason they can't."""
    if event.format_kind not in CONSTRUCTED_FORMATS:
        return _("This event is not a constructed event: it has no decklists to register.")
    if event.decklists_locked:
        return _("The organizer has locked decklist registration.")
    if event.decklist_deadline and timezone.now() > event.decklist_deadline:
        return _("The decklist deadline has passed.")
    return None


def registration_check_decks(*, registration: Registration) -> list[Problem]:
    """Check the team's submitted decklists together, store the problems on the registration and return them.

    A missing decklist is a problem of its own; parse errors are reported per seat. Each stored problem keeps its
    message in every language of the site (`messages`, English also as `message`), since teammates, the organizer
    and the admin read them in their own languages (`deck_problem_message`). Returns the problems in the active
    language.
    """
    event = registration.event
    seats = list(registration.seats.select_related("player").order_by("letter"))
    lists = {d.seat_id: d for d in Decklist.objects.filter(seat__in=seats)}
    by_language: dict[str, list[Problem]] = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            by_language[code] = _team_problems(event=event, seats=seats, lists=lists)
    english = by_language[settings.LANGUAGE_CODE]
    aligned = all(
        [p.code for p in found] == [p.code for p in english] for found in by_language.values()
    )
    registration.deck_problems = [
        {
            "code": p.code, "message": p.message, "card": p.card, "decks": list(p.decks), "counts": list(p.counts),
            "rule": p.rule,
            "messages": {code: found[i].message for code, found in by_language.items()} if aligned else {},
        }
        for i, p in enumerate(english)
    ]
    registration.save(update_fields=["deck_problems"])
    active = translation.get_language() or settings.LANGUAGE_CODE
    return by_language.get(active, english) if aligned else english


def deck_problem_message(problem: dict, *, language: str | None = None) -> str:
    """A stored decklist problem's message in `language` (default: the active one), else in English."""
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    return (problem.get("messages") or {}).get(language) or problem.get("message", "")


def _team_problems(*, event: Event, seats: list[Seat], lists: dict[int, Decklist]) -> list[Problem]:
    """The team's problems, in the active language."""
    missing = [s for s in seats if s.pk not in lists]
    formats = _event_formats(event)
    problems: list[Problem] = [
        Problem(code="missing-decklist", message=_("Seat %(seat)s (%(player)s) has not submitted a decklist.")
                % {"seat": s.letter, "player": s.player.name}, decks=(_seat_label(s),))
        for s in missing
    ]
    if not missing:
        check = team_decklists_check(
            decklists=[(_seat_label(s), lists[s.pk].text) for s in seats],
            rule=event.deck_rule,
            formats=formats,
            extra_banned=[line.strip() for line in event.extra_banned.splitlines() if line.strip()],
            two_headed_giant=event.format_kind == FormatKind.THG_CONSTRUCTED,
            on_date=event.date,  # the legalities of the card data of the event's date
            formats_must_differ=event.formats_must_differ,
        )
        for label, errors in check.parse_errors.items():
            for error in errors:
                problems.append(Problem(
                    code=f"decklist-{error.code}", message=f"{label}: {error.message}", decks=(label,),
                ))
        problems += check.problems
    return problems


def _seat_label(seat: Seat) -> str:
    return _("Seat %(letter)s") % {"letter": seat.letter}


@transaction.atomic
def decklist_submit(*, seat: Seat, user, text: str | bytes) -> DecklistOutcome:
    """Store the decklist of `seat` as submitted by its player, parsed, and re-check the whole team.

    Refused with NotYourSeat when the user doesn't hold the seat, and with ValidationError when registration is
    closed. A list with unreadable lines is still stored (nothing the player typed is lost): the errors say
    which lines to fix.
    """
    seat = Seat.objects.select_related("registration__event", "player").get(pk=seat.pk)
    if seat.player.user_id != user.pk:
        raise NotYourSeat(_("This is not your seat."))
    reason = decklists_open(event=seat.registration.event)
    if reason:
        raise ValidationError(reason)
    # Lock the registration row: two teammates submitting at once are checked one after the other.
    Registration.objects.select_for_update().filter(pk=seat.registration_id).first()
    parsed = decklist_parse(text, resolver=card_name_index())
    whole = [e for e in parsed.errors if e.line_number is None]
    if whole:
        # Empty, binary or oversized input: nothing usable to keep, so nothing is stored.
        raise ValidationError([e.message for e in whole])
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    decklist, _created = Decklist.objects.update_or_create(
        seat=seat,
        defaults={
            "text": text.replace("\x00", ""), "main": parsed.main, "sideboard": parsed.sideboard,
            "errors": [
                {"line": e.line_number, "code": e.code, "message": e.message, "suggestions": list(e.suggestions)}
                for e in parsed.errors
            ],
            "submitted_by": user,
        },
    )
    problems = registration_check_decks(registration=seat.registration)
    return DecklistOutcome(decklist=decklist, errors=parsed.errors, team_problems=problems)


@transaction.atomic
def event_lock_decklists(*, event: Event, locked: bool = True) -> Event:
    """Lock (or reopen) decklist registration for the event."""
    event.decklists_locked = locked
    event.save(update_fields=["decklists_locked"])
    return event


# The event settings a decklist check depends on: when one changes, the stored problems are out of date.
DECK_CHECK_FIELDS = ("format_kind", "constructed_format", "seat_formats", "deck_rule", "extra_banned", "formats_must_differ")


@transaction.atomic
def event_recheck_decklists(*, event: Event) -> int:
    """Check every team that has submitted a decklist again under the event's current deck rule, format(s) and
    banned list, and store the problems (registration_check_decks). Returns how many teams were checked.

    Refused with ValidationError for an event that has no decklists.
    """
    if not event.has_decklists:
        raise ValidationError(_("This event is not a constructed event: it has no decklists to check."))
    submitted = Seat.objects.filter(event=event, decklist__isnull=False).values("registration_id")
    # Locked like decklist_submit does, so a teammate's submission meanwhile is checked after, not lost.
    registrations = Registration.objects.select_for_update(of=("self",)).filter(pk__in=submitted).select_related("event").order_by("pk")
    checked = 0
    for registration in registrations:
        registration_check_decks(registration=registration)
        checked += 1
    return checked
