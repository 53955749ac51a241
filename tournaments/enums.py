"""Choices of the tournaments app: the words of RULES.md sections 1 to 3 as database values."""
from django.db import models
from django.utils.translation import gettext_lazy as _

SEAT_LETTERS = "ABCDEFGH"
MAX_TEAM_SIZE = len(SEAT_LETTERS)


class Structure(models.TextChoices):
    """How two teams play a team match (RULES.md 2)."""

    SEAT_AGAINST_SEAT = "seat", _("Seat against seat")
    TWO_HEADED_GIANT = "2hg", _("Shared game: Two-Headed Giant")
    THREE_HEADED_SERPENT = "3hs", _("Shared game: Three-Headed Serpent")
    CUSTOM_SHARED = "shared", _("Shared game: custom life and poison")


SHARED_STRUCTURES = {Structure.TWO_HEADED_GIANT, Structure.THREE_HEADED_SERPENT, Structure.CUSTOM_SHARED}


class FormatKind(models.TextChoices):
    TEAM_CONSTRUCTED = "team_constructed", _("Team constructed, one format")
    TEAM_CONSTRUCTED_MIXED = "team_constructed_mixed", _("Team constructed, a format per seat")
    TEAM_SEALED = "team_sealed", _("Team sealed")
    TEAM_ROCHESTER = "team_rochester", _("Team Rochester draft")
    THG_CONSTRUCTED = "2hg_constructed", _("Two-Headed Giant constructed")
    THG_SEALED = "2hg_sealed", _("Two-Headed Giant sealed")
    THG_DRAFT = "2hg_draft", _("Two-Headed Giant booster draft")


TWO_HEADED_GIANT_FORMATS = {FormatKind.THG_CONSTRUCTED, FormatKind.THG_SEALED, FormatKind.THG_DRAFT}
CONSTRUCTED_FORMATS = {FormatKind.TEAM_CONSTRUCTED, FormatKind.TEAM_CONSTRUCTED_MIXED, FormatKind.THG_CONSTRUCTED}


class DeckRule(models.TextChoices):
    """Unified deck construction (RULES.md 5)."""

    FOUR_COPIES = "four-copies", _("Four copies per team (DCI 8.5)")
    NO_SHARED = "no-shared", _("No shared cards (MTR 8.4)")


class EventStatus(models.TextChoices):
    REGISTRATION = "registration", _("Registration")
    RUNNING = "running", _("Swiss rounds")
    TOP_CUT = "top_cut", _("Top cut")
    FINISHED = "finished", _("Finished")


class RoundKind(models.TextChoices):
    SWISS = "swiss", _("Swiss")
    PLAYOFF = "playoff", _("Top cut")


class ResultState(models.TextChoices):
    """Where a team match's result stands. Only confirmed and final results count in the standings."""

    PENDING = "pending", _("Not reported")
    REPORTED = "reported", _("Reported, awaiting confirmation")
    CONFIRMED = "confirmed", _("Confirmed by the other team")
    DISPUTED = "disputed", _("Disputed")
    FINAL = "final", _("Final (entered by the organizer)")


COUNTING_STATES = {ResultState.CONFIRMED, ResultState.FINAL}


class Outcome(models.TextChoices):
    """A team match's outcome from team A's side."""

    A_WINS = "A", _("Team A wins")
    B_WINS = "B", _("Team B wins")
    DRAW = "D", _("Draw")


def shared_preset(structure: str, team_size: int) -> tuple[int, int] | None:
    """Return (life, poison limit) of a shared-game structure for a team of `team_size` (RULES.md 2).

    Two-Headed Giant: 30 life, 15 poison. Three-Headed Serpent: 20 life and 10 poison per member.
    None for seat-against-seat events and for custom presets, which the organizer sets.
    """
    if structure == Structure.TWO_HEADED_GIANT:
        return 30, 15
    if structure == Structure.THREE_HEADED_SERPENT:
        return 20 * team_size, 10 * team_size
    return None
