"""The team-event model (RULES.md 1 to 3)."""

from .clock import (
    DEFAULT_DECKBUILDING_MINUTES,
    DEFAULT_ROUND_MINUTES,
    ClockExtension,
    ClockPurpose,
    ClockStatus,
    EventDesk,
    RoundClock,
)
from .decklists import Decklist, DecklistChange
from .event import Event
from .eventday import Announcement, CheckIn
from .log import EventLogEntry
from .phases import Phase, PhaseDeck, PhasePod, PhaseSeat
from .people import PersonLanguage, Player, SeatInvitation, Team, WizardsAccount
from .registration import AvoidedPairing, Registration, Seat
from .rounds import Round, SeatMatch, TeamMatch
from .staff import EventStaff, StaffRole

__all__ = [
    "DEFAULT_DECKBUILDING_MINUTES",
    "DEFAULT_ROUND_MINUTES",
    "Announcement",
    "AvoidedPairing",
    "CheckIn",
    "ClockExtension",
    "ClockPurpose",
    "ClockStatus",
    "Decklist",
    "DecklistChange",
    "Event",
    "EventDesk",
    "EventLogEntry",
    "EventStaff",
    "PersonLanguage",
    "Phase",
    "PhaseDeck",
    "PhasePod",
    "PhaseSeat",
    "Player",
    "WizardsAccount",
    "Registration",
    "Round",
    "RoundClock",
    "Seat",
    "SeatInvitation",
    "SeatMatch",
    "StaffRole",
    "Team",
    "TeamMatch",
]
