"""The team-event model (RULES.md 1 to 3)."""
from .decklists import Decklist, DecklistChange
from .event import Event
from .log import EventLogEntry
from .people import Player, Team
from .registration import Registration, Seat
from .rounds import Round, SeatMatch, TeamMatch
from .staff import EventStaff, StaffRole

__all__ = ["Decklist", "DecklistChange", "Event", "EventLogEntry", "EventStaff", "Player", "Registration", "Round", "Seat", "SeatMatch", "StaffRole", "Team", "TeamMatch"]
