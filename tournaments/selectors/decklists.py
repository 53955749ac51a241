"""Which events register decklists: what the decklist services, the published lists (and so the rights) and the
pages ask, below all of them."""

from dataclasses import dataclass

from django.conf import settings
from django.db.models import Prefetch
from django.utils import translation

from cards.selectors import card_printed_names

from cards.deckrules import COMMANDER_FORMATS
from tournaments.enums import CONSTRUCTED_FORMATS, EnforcementLevel, FormatKind
from tournaments.models import Decklist, Event, Registration, Seat
from tournaments.pools import event_has_pools


def event_registers_decklists(*, event: Event) -> bool:
    """Constructed events register decklists; limited events too where Hydra knows the team's pool to check them
    against (tournaments.pools: sealed, Rochester, the drafts), and limited events with real product (pools Hydra
    doesn't know) where the organizer asks for deck registration (event_asks_typed_decks)."""
    if event.format_kind in CONSTRUCTED_FORMATS:
        return True
    if event.real_product:
        return event_asks_typed_decks(event=event)
    return event_has_pools(event=event)


def event_deck_formats(*, event: Event) -> list[str]:
    """The constructed formats the event's decks are checked in (one, or one per seat); none for limited events."""
    if event.format_kind == FormatKind.TEAM_CONSTRUCTED_MIXED:
        return [f.strip().lower() for f in event.seat_formats if f and f.strip()]
    if event.format_kind in CONSTRUCTED_FORMATS and event.constructed_format:
        return [event.constructed_format.strip().lower()]
    return []


def event_plays_commander(*, event: Event) -> bool:
    """Some deck of the event is a Commander deck (its format, or a seat's in a mixed-format team): its decklist page
    asks for the commander."""
    return any(f in COMMANDER_FORMATS for f in event_deck_formats(event=event))


def event_takes_typed_decks(*, event: Event) -> bool:
    """A limited event whose decks are registered as typed lists without a pool (real product): checked by card
    name and the 40-card main deck, never against a pool, never for unified construction."""
    return event.real_product and event.format_kind not in CONSTRUCTED_FORMATS


def event_asks_typed_decks(*, event: Event) -> bool:
    """A real-product limited event asks its players to register their decks: always at Competitive and
    Professional REL (MTR 2.7), at Regular REL only when the organizer turned it on (decklists_at_regular)."""
    if not event_takes_typed_decks(event=event):
        return False
    return event.enforcement_level != EnforcementLevel.REGULAR or event.decklists_at_regular


def registration_decklist_seats(*, registration: Registration) -> list[Seat]:
    """The team's seats in letter order, each with its player and its decklist (or none) loaded: one query."""
    return list(registration.seats.select_related("player", "decklist").order_by("letter"))


def event_decklist_registrations(*, event: Event) -> list[Registration]:
    """Every team of the event with its seats, players and decklists (`decklist_seats`), by name: two queries,
    whatever the event's size. What the desk's decklist page shows."""
    seats = Prefetch(
        "seats", queryset=Seat.objects.select_related("player", "decklist").order_by("letter"), to_attr="decklist_seats"
    )
    return list(
        Registration.objects.filter(event=event).select_related("team").prefetch_related(seats).order_by("team__name")
    )


def seat_decklist(seat: Seat) -> Decklist | None:
    """The seat's decklist, or None (the reverse one-to-one raises when there is none)."""
    try:
        return seat.decklist
    except Decklist.DoesNotExist:
        return None


@dataclass(frozen=True)
class DeckLine:
    """One line of a registered list as its player reads it: the count, the English name (the rules decide by it)
    and the name printed in the reader's language, where the card data has one."""

    count: int
    name: str
    printed: str = ""


def decklist_lines(*, decklist: Decklist, language: str | None = None) -> tuple[list[DeckLine], list[DeckLine]]:
    """The main deck and the sideboard of `decklist` in the reader's `language` (default: the active one): one
    query for the printed names."""
    language = language or translation.get_language()
    printed = card_printed_names(names=[*decklist.main, *decklist.sideboard], language=language)
    return (
        [DeckLine(count, name, printed.get(name, "")) for name, count in decklist.main.items()],
        [DeckLine(count, name, printed.get(name, "")) for name, count in decklist.sideboard.items()],
    )


def deck_problems_read(*, problems: list[dict], language: str | None = None) -> list[str]:
    """Stored decklist problems as the reader reads them: each message in `language` (default: the active one; a
    problem stored before that language was shipped falls back to English), the card it is about named as printed
    in that language with the English name beside it, where the card data has one. One query for the names."""
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    printed = card_printed_names(names=[p["card"] for p in problems if p.get("card")], language=language)
    read = []
    for problem in problems:
        message = (problem.get("messages") or {}).get(language) or problem.get("message", "")
        card = problem.get("card") or ""
        if card in printed and card in message:
            message = message.replace(card, f"{printed[card]} ({card})", 1)
        read.append(message)
    return read
