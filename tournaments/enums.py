"""Choices of the tournaments app: the words of RULES.md sections 1 to 3 as database values."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments import structures

SEAT_LETTERS = "ABCDEFGH"
MAX_TEAM_SIZE = len(SEAT_LETTERS)


class Structure(models.TextChoices):
    """How two teams play a team match (RULES.md 2)."""

    SEAT_AGAINST_SEAT = structures.SEAT_AGAINST_SEAT, _("Seat against seat")
    TWO_HEADED_GIANT = structures.TWO_HEADED_GIANT, _("Shared game: Two-Headed Giant")
    THREE_HEADED_SERPENT = structures.THREE_HEADED_SERPENT, _("Shared game: Three-Headed Serpent")
    CUSTOM_SHARED = structures.CUSTOM_SHARED, _("Shared game: custom life and poison")
    MULTIPLAYER_PODS = structures.MULTIPLAYER_PODS, _("Multiplayer pods: three to five players a table")


SHARED_STRUCTURES = {Structure.TWO_HEADED_GIANT, Structure.THREE_HEADED_SERPENT, Structure.CUSTOM_SHARED}


class PodLeftovers(models.TextChoices):
    """Multiplayer pods: what the players left over make when the count isn't a multiple of the pod size."""

    SMALLER = "smaller", _("Smaller pods (pods of 4: some of 3)")
    LARGER = "larger", _("Larger pods (pods of 4: some of 5)")
    BYES = "byes", _("Byes for one or two left over")


class PodTiebreak(models.TextChoices):
    """Multiplayer pods: the first tiebreaker after points (docs/multiplayer.md)."""

    OPPONENT_POINTS = "opponent_points", _("Opponents' average points")
    OPPONENT_WIN_RATE = "opponent_win_rate", _("Opponents' win rate")


class FormatKind(models.TextChoices):
    TEAM_CONSTRUCTED = "team_constructed", _("Team constructed, one format")
    TEAM_CONSTRUCTED_MIXED = "team_constructed_mixed", _("Team constructed, a format per seat")
    TEAM_SEALED = "team_sealed", _("Team sealed")
    TEAM_ROCHESTER = "team_rochester", _("Team Rochester draft")
    THG_CONSTRUCTED = "2hg_constructed", _("Two-Headed Giant constructed")
    THG_SEALED = "2hg_sealed", _("Two-Headed Giant sealed")
    THG_DRAFT = "2hg_draft", _("Two-Headed Giant booster draft")
    BOOSTER_DRAFT = "booster_draft", _("Booster draft (individual)")


TWO_HEADED_GIANT_FORMATS = {FormatKind.THG_CONSTRUCTED, FormatKind.THG_SEALED, FormatKind.THG_DRAFT}
DRAFT_FORMATS = {FormatKind.TEAM_ROCHESTER, FormatKind.THG_DRAFT, FormatKind.BOOSTER_DRAFT}  # drafted at the event
CONSTRUCTED_FORMATS = {FormatKind.TEAM_CONSTRUCTED, FormatKind.TEAM_CONSTRUCTED_MIXED, FormatKind.THG_CONSTRUCTED}


class PairingScope(models.TextChoices):
    """Whom a phase's Swiss rounds pair (issue 42, docs/phases.md)."""

    FIELD = "field", _("The whole field")
    PODS = "pods", _("Within the draft pods")


class DeckRule(models.TextChoices):
    """Unified deck construction (RULES.md 5)."""

    FOUR_COPIES = "four-copies", _("Four copies per team (DCI 8.5)")
    NO_SHARED = "no-shared", _("No shared cards (MTR 8.4)")


def default_deck_rule(format_kind: str) -> str:
    """The unified deck construction a new event of `format_kind` starts with (RULES.md 5): Two-Headed Giant
    constructed follows MTR 8.4 (no shared cards), team constructed the source documents (four copies per team).
    The organizer may choose the other either way."""
    return DeckRule.NO_SHARED if format_kind == FormatKind.THG_CONSTRUCTED else DeckRule.FOUR_COPIES


class EnforcementLevel(models.TextChoices):
    """Rules Enforcement Level (MTR 1.2). Some structures are allowed at Regular REL only."""

    REGULAR = "regular", _("Regular")
    COMPETITIVE = "competitive", _("Competitive")
    PROFESSIONAL = "professional", _("Professional")


class DraftStructure(models.TextChoices):
    """How a team Rochester event drafts (RULES.md 6, MTR 7.6 and 8.5)."""

    EVERY_ROUND = "every_round", _("A draft every round (pod rule: teams play the team they drafted with)")
    ONE_DRAFT = "one_draft", _("One draft, pod rule lifted (Regular REL only)")


# Team Rochester is for teams of three (MTR 8.5); teams of two are a house rule the organizer picks on purpose.
ROCHESTER_TEAM_SIZE = 3
ROCHESTER_HOUSE_TEAM_SIZE = 2
# The DCI text's sanctioning minimum: smaller events are warned, not refused (RULES.md 4).
SANCTIONING_MINIMUM_TEAMS = 4
DEFAULT_DECK_BUILDING_MINUTES = 40


class EventStatus(models.TextChoices):
    REGISTRATION = "registration", _("Registration")
    RUNNING = "running", _("Swiss rounds")
    TOP_CUT = "top_cut", _("Top cut")
    FINISHED = "finished", _("Finished")


class BracketSeeding(models.TextChoices):
    """How an event is run: Swiss rounds (then its top cut), or a single-elimination bracket from round 1 and how
    its seeds are drawn (issue 42); the top seeds get the byes when the field is not a power of two."""

    SWISS = "", _("Swiss rounds")
    RATING = "rating", _("Single elimination, seeded by rating")
    LIST = "list", _("Single elimination, seeded by the organizer's list")
    RANDOM = "random", _("Single elimination, seeded at random")


class CutKind(models.TextChoices):
    """How a Day 2 cut's threshold reads (issue 42): a record ("X-2 or better": the losses allowed, turned into match
    points as the MTR counts them) or the match points needed ("18 points or more")."""

    RECORD = "record", _("Record: losses allowed")
    POINTS = "points", _("Match points needed")


class EntrantStatus(models.TextChoices):
    """Where a team or player stands in the event, as the API and the exports say it: in it, dropped by choice,
    disqualified, or below the Day 2 cut (not paired again, standings kept; not a drop)."""

    ACTIVE = "active", _("Active")
    DROPPED = "dropped", _("Dropped")
    DISQUALIFIED = "disqualified", _("Disqualified")
    DID_NOT_ADVANCE = "did_not_advance", _("Did not advance")


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


class RatingImportance(models.TextChoices):
    """How much an event's results move its players' ratings: the DCI's K by event importance (RULES.md 8)."""

    CASUAL = "casual", _("Casual (K 16)")
    COMPETITIVE = "competitive", _("Competitive (K 32)")
    UNRATED = "unrated", _("Not rated")


RATING_K = {RatingImportance.CASUAL: 16, RatingImportance.COMPETITIVE: 32, RatingImportance.UNRATED: 0}
