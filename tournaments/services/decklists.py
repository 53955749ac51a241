"""Decklist registration for team constructed events (RULES.md 5) and limited events (RULES.md 7).

A player submits the decklist of their own seat; Hydra keeps the text as pasted, parses it (any language, front
faces, Arena and MTGO exports) and checks the whole team at once, so the player sees every problem of the team
and can fix and resubmit until the organizer's deadline or lock.

Limited events with a pool Hydra knows check the decks against it (tournaments.limited.pool_problems). Limited
events with real product (Event.real_product: boosters opened at the table) take typed lists without a pool: a
list with a name Hydra can't read or a main deck under 40 cards is refused with every reason, nothing stored.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.refusals import NotAllowed
from cards.commander import MAX_COMMANDERS
from cards.decklist import DecklistError, decklist_parse, decklist_text, decklist_with_commanders
from cards.deckrules import Problem
from cards.selectors import card_name_index, card_rules_for_names, team_decklists_check
from tournaments.enums import CONSTRUCTED_FORMATS, FormatKind
from tournaments.limited import main_deck_problems, pool_problems
from tournaments.models import Decklist, DecklistChange, Event, Registration, Round, Seat
from tournaments.pools import team_pool
from tournaments.rights import may_judge_event
from tournaments.selectors.phases import event_phases, phase_current, phase_first_round
from tournaments.selectors.decklists import event_registers_decklists, event_takes_typed_decks
from tournaments.logtext import LogText
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.results import NotYourMatch
from tournaments.wording import entrant_sentence


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


def decklists_locked_reason(*, event: Event) -> str | None:
    """None while the event's decklists are open, else why they are locked, as a sentence a player can act on:
    the organizer locked them, the explicit deadline passed, or (with no explicit deadline) round 1 is paired.
    Once locked, only a judge changes a list (decklist_judge_change)."""
    if event.decklists_locked:
        return _("The organizer has locked decklist registration. Ask a judge if your list must change.")
    if event.decklist_deadline:
        if timezone.now() > event.decklist_deadline:
            return _("The decklist deadline has passed, so decklists are locked. Ask a judge if your list must change.")
        return None
    phases = event_phases(event=event)
    phase = phase_current(event=event, phases=phases)
    if phase is not None and phase.number > 1:  # each phase registers its decks until its own first round
        first = phase_first_round(phase=phase, phases=phases)
        if Round.objects.filter(event=event, number__gte=first).exists():
            return _(
                "Round %(n)d, the first of %(phase)s, is paired, so decklists are locked. Ask a judge if your "
                "list must change."
            ) % {"n": first, "phase": phase.label}
        return None
    if Round.objects.filter(event=event).exists():
        return _("Round 1 is paired, so decklists are locked. Ask a judge if your list must change.")
    return None


def decklists_open(*, event: Event) -> str | None:
    """None while players may submit decklists, else the reason they can't."""
    if not event_registers_decklists(event=event):
        if event_takes_typed_decks(event=event):
            return _(
                "This event is played at Regular REL with real product, and its organizer doesn't ask for "
                "deck registration: there is no decklist to register."
            )
        return _("This event is not a constructed event: it has no decklists to register.")
    return decklists_locked_reason(event=event)


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
    aligned = all([p.code for p in found] == [p.code for p in english] for found in by_language.values())
    registration.deck_problems = [
        {
            "code": p.code,
            "message": p.message,
            "card": p.card,
            "decks": list(p.decks),
            "counts": list(p.counts),
            "rule": p.rule,
            "messages": {code: found[i].message for code, found in by_language.items()} if aligned else {},
        }
        for i, p in enumerate(english)
    ]
    registration.save(update_fields=["deck_problems"])
    active = translation.get_language() or settings.LANGUAGE_CODE
    return by_language.get(active, english) if aligned else english


@transaction.atomic
def registration_pool_check_refresh(*, registration: Registration) -> bool:
    """A limited team's lists were checked before its pool existed ("no-pool"): once the pool is there (the organizer
    entered it, the draft ended), check them again now. Called when the lists are read, so no pool-making app has to
    know about deck registration. Returns whether it checked again."""
    if not any(p.get("code") == "no-pool" for p in registration.deck_problems or []):
        return False
    if team_pool(registration=registration) is None:
        return False
    Registration.objects.select_for_update().filter(pk=registration.pk).first()
    registration_check_decks(registration=registration)
    return True


def _missing_languages(problems: list[dict]) -> list[str]:
    """The shipped languages some stored problem has no message in (stored before the language was shipped)."""
    return [code for code, _name in settings.LANGUAGES if any(code not in (p.get("messages") or {}) for p in problems)]


def registrations_deck_problems_complete(*, registrations: Sequence[Registration]) -> int:
    """Give the stored decklist problems of `registrations` their messages in every shipped language where some
    are missing (problems stored before a language was shipped read English in it): each problem is rendered again
    from the team's lists in that language, its code and parameters unchanged, and kept only if the problems found
    are the same (the same codes in the same order); nothing is checked anew or decided again, and the players see
    no change but the language. Called where problems are read (the player's decklist page, the judges' and the
    desk's pages, the API), so nobody has to check the lists again. A registration whose problems changed meanwhile
    is left as it is (compare-and-set). Returns how many registrations were completed. Only the registrations
    lacking a language cost anything: the check of their lists, once."""
    completed = 0
    for registration in registrations:
        problems = registration.deck_problems or []
        missing = _missing_languages(problems)
        if not problems or not missing:
            continue
        event = registration.event
        seats = list(registration.seats.select_related("player").order_by("letter"))
        lists = {d.seat_id: d for d in Decklist.objects.filter(seat__in=seats)}
        codes = [p.get("code") for p in problems]
        filled = [{**p, "messages": dict(p.get("messages") or {})} for p in problems]
        for code in missing:
            with translation.override(code):
                found = _team_problems(event=event, seats=seats, lists=lists)
            if [p.code for p in found] != codes:
                continue  # the lists read differently now (new card data): English until they are checked again
            for stored, problem in zip(filled, found, strict=True):
                stored["messages"].setdefault(code, problem.message)
        if filled != problems and Registration.objects.filter(pk=registration.pk, deck_problems=problems).update(
            deck_problems=filled
        ):
            registration.deck_problems = filled
            completed += 1
    return completed


def deck_problem_message(problem: dict, *, language: str | None = None) -> str:
    """A stored decklist problem's message in `language` (default: the active one), else in English."""
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    return (problem.get("messages") or {}).get(language) or problem.get("message", "")


def _team_problems(*, event: Event, seats: list[Seat], lists: dict[int, Decklist]) -> list[Problem]:
    """The team's problems, in the active language."""
    missing = [s for s in seats if s.pk not in lists]
    formats = _event_formats(event)
    problems: list[Problem] = [
        Problem(
            code="missing-decklist",
            message=entrant_sentence(event=event, key="missing_decklist", seat=s.letter, player=s.player.name),
            decks=(_seat_label(s),),
        )
        for s in missing
    ]
    submitted = [s for s in seats if s.pk in lists]
    if not submitted:
        return problems
    if event.format_kind not in CONSTRUCTED_FORMATS:
        return problems + _limited_problems(event=event, seats=submitted, lists=lists)
    if not isinstance(formats, str):
        # A mixed-format team: each submitted seat keeps the format of its own seat.
        letters = event.seat_letters
        formats = [
            formats[letters.index(s.letter)] if letters.index(s.letter) < len(formats) else "" for s in submitted
        ]
    # The lists already in are checked at once, each on its own and against each other (unified construction), so a
    # player sees their own deck's problems the moment they submit and a shared card as soon as a teammate's list
    # is in; the labels name the teammate whose list shares the card.
    check = team_decklists_check(
        decklists=[(_seat_label(s), lists[s.pk].text) for s in submitted],
        rule=event.deck_rule,
        formats=formats,
        extra_banned=[line.strip() for line in event.extra_banned.splitlines() if line.strip()],
        two_headed_giant=event.format_kind == FormatKind.THG_CONSTRUCTED,
        on_date=event.date,  # the legalities of the card data of the event's date
        formats_must_differ=event.formats_must_differ,
    )
    for label, errors in check.parse_errors.items():
        for error in errors:
            problems.append(
                Problem(
                    code=f"decklist-{error.code}",
                    message=f"{label}: {error.message}",
                    decks=(label,),
                )
            )
    # The team's size is a problem only once every list is in (a missing list is reported above).
    problems += [p for p in check.problems if not (missing and p.code == "team-size")]
    return problems


def _limited_problems(*, event: Event, seats: list[Seat], lists: dict[int, Decklist]) -> list[Problem]:
    """A limited team's registered decks against its pool (tournaments.limited), with each list's unread lines."""
    index = card_name_index()
    problems: list[Problem] = []
    decks = []
    for seat in seats:
        label = _seat_label(seat)
        parsed = decklist_parse(lists[seat.pk].text, resolver=index)
        for error in parsed.errors:
            problems.append(Problem(code=f"decklist-{error.code}", message=f"{label}: {error.message}", decks=(label,)))
        decks.append(parsed.to_deck(label))
    if event_takes_typed_decks(event=event):  # real product: no pool to check against, the main deck's size only
        return problems + main_deck_problems(decks)
    pool = team_pool(registration=seats[0].registration)
    if pool is None:
        problems.append(
            Problem(
                code="no-pool",
                message=entrant_sentence(event=event, key="no_pool"),
            )
        )
        return problems
    names = {name for deck in decks for name in deck.names()}
    basics = {name for name, card in card_rules_for_names(names=names).items() if card.is_basic}
    return problems + pool_problems(decks, pool=pool.cards, basics=basics, shared_sideboard=pool.shared_sideboard)


def _seat_label(seat: Seat) -> str:
    """How a deck is named in the team's problems: its seat and its player, so a player reads whose list shares a
    card with theirs; in an individual event (no teammates, no seats to tell apart) the player alone."""
    if seat.event.is_individual:
        return seat.player.name
    return _("Seat %(letter)s (%(player)s)") % {"letter": seat.letter, "player": seat.player.name}


def seat_deck_label(*, seat: Seat) -> str:
    """The label of `seat`'s deck in its team's stored problems, in the active language."""
    return _seat_label(seat)


@transaction.atomic
def decklist_submit(*, seat: Seat, user, text: str | bytes, commanders: Sequence[str] = ()) -> DecklistOutcome:
    """Store the decklist of `seat` as submitted by its player, parsed, and re-check the whole team.

    `commanders` (a Commander deck's form or API field: one name, or two partners) become "Commander: <name>" lines
    at the top of the stored text, in place of any it had; more than two are refused.

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
    named = [name for name in commanders if name and name.strip()]
    if len(named) > MAX_COMMANDERS:
        raise ValidationError(
            _("Name one commander, or two that may be partners; %(n)d are too many.") % {"n": len(named)}
        )
    text = decklist_with_commanders(text, named)
    # Lock the registration row: two teammates submitting at once are checked one after the other.
    Registration.objects.select_for_update().filter(pk=seat.registration_id).first()
    decklist, errors = _store(seat=seat, user=user, text=text)
    problems = registration_check_decks(registration=seat.registration)
    event_log_record(
        event=seat.registration.event,
        user=user,
        action=LogAction.DECKLIST_SUBMITTED,
        registration=seat.registration,
        message=LogText(
            gettext_lazy("%(player)s registered a decklist (%(main)d main deck, %(side)d sideboard)."),
            {"player": seat.player.name, "main": sum(decklist.main.values()), "side": sum(decklist.sideboard.values())},
        ),
        after={"main": sum(decklist.main.values()), "sideboard": sum(decklist.sideboard.values())},
        data={"seat": seat.letter, "player": seat.player_id, "legal": not errors and not problems},
    )
    return DecklistOutcome(decklist=decklist, errors=errors, team_problems=problems)


def _typed_deck_refusals(*, seat: Seat, parsed) -> list[str]:
    """Why a typed limited deck (real product, no pool) can't be registered, every reason at once: each line whose
    card Hydra can't read (with the names it might mean) and a main deck under 40 cards. Empty: it can."""
    reasons = [e.message for e in parsed.errors]
    reasons += [p.message for p in main_deck_problems([parsed.to_deck(_seat_label(seat))])]
    return reasons


def _store(*, seat: Seat, user, text: str | bytes):
    """Parse `text` and store it as `seat`'s decklist; returns (decklist, parse errors). Refused with
    ValidationError, storing nothing, for input with nothing usable in it."""
    parsed = decklist_parse(text, resolver=card_name_index())
    whole = [e for e in parsed.errors if e.line_number is None]
    if whole:
        # Empty, binary or oversized input: nothing usable to keep, so nothing is stored.
        raise ValidationError([e.message for e in whole])
    if event_takes_typed_decks(event=seat.registration.event):
        # Without a pool the card names and the 40 cards are all there is to check, so a list that fails them is
        # refused outright (the player's text stays in their form) rather than kept as an illegal registration.
        refusals = _typed_deck_refusals(seat=seat, parsed=parsed)
        if refusals:
            raise ValidationError(refusals)
    text = decklist_text(text)  # an upload as the parser read it (UTF-16 too), never U+FFFD in place of its BOM
    decklist, _created = Decklist.objects.update_or_create(
        seat=seat,
        defaults={
            "text": text.replace("\x00", ""),
            "main": parsed.main,
            "sideboard": parsed.sideboard,
            "errors": [
                {"line": e.line_number, "code": e.code, "message": e.message, "suggestions": list(e.suggestions)}
                for e in parsed.errors
            ],
            "submitted_by": user,
        },
    )
    return decklist, parsed.errors


@transaction.atomic
def decklist_judge_change(*, seat: Seat, user, text: str | bytes, reason: str) -> DecklistOutcome:
    """A judge (or whoever runs the event) changes `seat`'s decklist, also after the deadline and the lock.

    The reason is required; the list as it was is kept (DecklistChange) and the change goes into the event's log,
    so every change to a locked list can be traced. The team is checked again. Refused with NotAllowed for
    anyone who doesn't judge the event, with ValidationError without a reason or for input with nothing usable in
    it (nothing is written then).
    """
    seat = Seat.objects.select_related("registration__event", "registration__team", "player").get(pk=seat.pk)
    event = seat.registration.event
    if not may_judge_event(user, event):
        raise NotAllowed(_("Only a judge of this event can change a decklist."))
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Give the reason for the change; it is recorded in the event's log.")})
    Registration.objects.select_for_update().filter(pk=seat.registration_id).first()
    old = Decklist.objects.select_for_update().filter(seat=seat).first()
    locked = decklists_locked_reason(event=event) is not None
    if old is not None:
        DecklistChange.objects.create(
            decklist=old,
            text=old.text,
            main=old.main,
            sideboard=old.sideboard,
            submitted_at=old.submitted_at,
            changed_by=user,
            reason=reason[:2000],
        )
    decklist, errors = _store(seat=seat, user=user, text=text)
    problems = registration_check_decks(registration=seat.registration)
    event_log_record(
        event=event,
        user=user,
        action=LogAction.DECKLIST_CHANGED,
        registration=seat.registration,
        message=LogText(
            gettext_lazy("The decklist of %(team)s, seat %(letter)s (%(player)s) was changed by a judge: %(reason)s"),
            {"team": seat.registration.team.name, "letter": seat.letter, "player": seat.player.name, "reason": reason},
        ),
        before={"decklist": old.text if old else None},
        after={"decklist": decklist.text},
        data={
            "team": seat.registration_id,
            "seat": seat.letter,
            "player": seat.player_id,
            "reason": reason,
            "locked": locked,
            "old": old.text if old else None,
            "new": decklist.text,
        },
    )
    return DecklistOutcome(decklist=decklist, errors=errors, team_problems=problems)


@transaction.atomic
def event_lock_decklists(*, event: Event, locked: bool = True) -> Event:
    """Lock (or reopen) decklist registration for the event."""
    event.decklists_locked = locked
    event.save(update_fields=["decklists_locked"])
    return event


# The event settings a decklist check depends on: when one changes, the stored problems are out of date.
DECK_CHECK_FIELDS = (
    "format_kind",
    "constructed_format",
    "seat_formats",
    "deck_rule",
    "extra_banned",
    "formats_must_differ",
    "real_product",
)


@transaction.atomic
def event_recheck_decklists(*, event: Event) -> int:
    """Check every team that has submitted a decklist again under the event's current deck rule, format(s) and
    banned list, and store the problems (registration_check_decks). Returns how many teams were checked.

    Refused with ValidationError for an event that has no decklists.
    """
    if not event_registers_decklists(event=event):
        raise ValidationError(_("This event is not a constructed event: it has no decklists to check."))
    submitted = Seat.objects.filter(event=event, decklist__isnull=False).values("registration_id")
    # Locked like decklist_submit does, so a teammate's submission meanwhile is checked after, not lost.
    registrations = (
        Registration.objects.select_for_update(of=("self",))
        .filter(pk__in=submitted)
        .select_related("event")
        .order_by("pk")
    )
    checked = 0
    for registration in registrations:
        registration_check_decks(registration=registration)
        checked += 1
    return checked
