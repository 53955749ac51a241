"""The formats Hydra runs, as the presets a new event starts from (RULES.md 2 and 9), and the defaults that follow
from the number of players or teams expected. Pure data and arithmetic: the console's form (desk.forms) and the
API (`preset` when creating an event, GET /api/v1/presets/) offer them, and tournaments.services.events.event_create
checks the event they make.

The store's events are individual (teams of one inside, RULES.md 9): constructed in one format picked from a list,
sealed (digital pools, or real product: the prerelease evening) and booster draft (RULES.md 10). The team formats
follow them.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from tournaments.enums import DraftStructure, EnforcementLevel, FormatKind, Structure


@dataclass(frozen=True)
class Preset:
    """One format: what the organizer picks, and the event's settings it stands for."""

    key: str
    label: str
    explains: str
    team_size: int
    structure: str
    format_kind: str
    # Which of the form's questions matter for it (the others are left at the event's defaults).
    asks: frozenset[str] = field(default_factory=frozenset)
    team_sizes: tuple[int, ...] = ()  # other team sizes it may be played with; () when fixed
    # Event settings the preset fixes (real product, the REL, deck registration, the deck building minutes); the
    # organizer changes them afterwards on the settings page. A fixed enforcement_level overrides the form's.
    settings: Mapping[str, object] = field(default_factory=dict)
    constructed_format: str = ""  # the format it is played in, when the preset fixes it (Commander 1-v-1)

    @property
    def is_individual(self) -> bool:
        """A preset for single players (the store's events), not teams."""
        return self.team_size == 1

    @property
    def fixes_enforcement_level(self) -> bool:
        return "enforcement_level" in self.settings

    @property
    def is_limited(self) -> bool:
        return self.format_kind in (
            FormatKind.TEAM_SEALED,
            FormatKind.TEAM_ROCHESTER,
            FormatKind.THG_SEALED,
            FormatKind.THG_DRAFT,
            FormatKind.BOOSTER_DRAFT,
        )


CONSTRUCTED = frozenset({"constructed_format", "deck_rule"})
POD_QUESTIONS = frozenset({"pod_size", "pod_scoring", "pod_leftovers"})
# Multiplayer pods are played with Commander decks, checked as Commander lists (cards.deckrules, cards.commander).
POD_FORMAT = "commander"
# The pod scoring presets the console offers (multiplayer.engine.SCORING_PRESETS), by their points.
POD_SCORING_CHOICES = (
    ("competitive", _("Competitive: 5 a win, 1 a draw, 0 a loss, 1 a bye")),
    ("standard", _("Casual: 3 a win, 1 a draw, 0 a loss, 1 a bye")),
    ("wins_only", _("Wins only: 1 a win")),
)

# Real product (issue 40): boosters opened at the table, pools Hydra doesn't know. The deck building minutes are
# MTR Appendix B's deck construction time (sealed 30, team sealed 60); its 20 minutes of pool registration before
# them don't happen without a pool to register.
SEALED_BUILDING_MINUTES = 30
TEAM_SEALED_BUILDING_MINUTES = 60
PRERELEASE = {
    "real_product": True,
    "enforcement_level": EnforcementLevel.REGULAR,
    "decklists_at_regular": False,
    "deck_building_minutes": SEALED_BUILDING_MINUTES,
}
SEALED_REAL_PRODUCT = {
    "real_product": True,
    "enforcement_level": EnforcementLevel.COMPETITIVE,
    "deck_building_minutes": SEALED_BUILDING_MINUTES,
}
# Each member registers their own deck whatever the REL: the team's three decks are what keeps its pool apart.
TEAM_SEALED_REAL_PRODUCT = {
    "real_product": True,
    "decklists_at_regular": True,
    "deck_building_minutes": TEAM_SEALED_BUILDING_MINUTES,
}

PRESETS: tuple[Preset, ...] = (
    Preset(
        "individual_constructed",
        _("Constructed"),
        _(
            "Player against player in one constructed format you pick (Standard, Pioneer, Modern ...): a Friday "
            "Night Magic."
        ),
        1,
        Structure.SEAT_AGAINST_SEAT,
        FormatKind.TEAM_CONSTRUCTED,
        frozenset({"constructed_format"}),
    ),
    Preset(
        "individual_sealed",
        _("Sealed"),
        _("Each player opens six boosters and builds a deck of 40: a prerelease."),
        1,
        Structure.SEAT_AGAINST_SEAT,
        FormatKind.TEAM_SEALED,
    ),
    Preset(
        "prerelease",
        _("Prerelease (real product)"),
        _(
            "Each player opens real boosters at the table and builds a deck of 40 under the deck building timer; "
            "Regular REL, no deck registration."
        ),
        1,
        Structure.SEAT_AGAINST_SEAT,
        FormatKind.TEAM_SEALED,
        settings=PRERELEASE,
    ),
    Preset(
        "sealed_real_product",
        _("Sealed with real product"),
        _(
            "Real boosters opened at the table, Competitive REL: each player types their deck of 40 or more, "
            "the rest as sideboard, before round 1."
        ),
        1,
        Structure.SEAT_AGAINST_SEAT,
        FormatKind.TEAM_SEALED,
        settings=SEALED_REAL_PRODUCT,
    ),
    Preset(
        "individual_draft",
        _("Booster draft"),
        _("Players draft three boosters in pods of up to eight (MTR 7), then play within their pod first."),
        1,
        Structure.SEAT_AGAINST_SEAT,
        FormatKind.BOOSTER_DRAFT,
    ),
    Preset(
        "commander_night",
        _("Commander night"),
        _(
            "Four players a table (three or five where the count demands), one winner a game, points and "
            "standings; an optional top pod of four (docs/pods.md)."
        ),
        1,
        Structure.MULTIPLAYER_PODS,
        FormatKind.TEAM_CONSTRUCTED,
        POD_QUESTIONS,
    ),
    Preset(
        "commander_duel",
        _("Commander 1-v-1"),
        _(
            "Player against player with Commander decks (100 cards with the commander, one copy of each card, the "
            "commander's colours), Swiss rounds of ordinary matches; Hydra checks every decklist."
        ),
        1,
        Structure.SEAT_AGAINST_SEAT,
        FormatKind.TEAM_CONSTRUCTED,
        constructed_format=POD_FORMAT,
    ),
    Preset(
        "team_constructed",
        _("Team constructed"),
        _(
            "Teams of three, one constructed format for the team, seat against seat, with the unified deck "
            "construction rule you pick."
        ),
        3,
        Structure.SEAT_AGAINST_SEAT,
        FormatKind.TEAM_CONSTRUCTED,
        CONSTRUCTED,
        (2, 3, 4),
    ),
    Preset(
        "team_constructed_mixed",
        _("Team constructed, a format per seat"),
        _("Teams of three, each seat with its own format (for example Standard, Pioneer, Modern; DCI 8.3)."),
        3,
        Structure.SEAT_AGAINST_SEAT,
        FormatKind.TEAM_CONSTRUCTED_MIXED,
        frozenset({"seat_formats", "deck_rule"}),
    ),
    Preset(
        "team_sealed",
        _("Team sealed"),
        _("Teams of three open the same product and build three decks from the team's pool."),
        3,
        Structure.SEAT_AGAINST_SEAT,
        FormatKind.TEAM_SEALED,
    ),
    Preset(
        "team_sealed_real_product",
        _("Team sealed with real boxes"),
        _(
            "Teams of three (or two) open real boosters at the table; each member registers their own deck of "
            "40 or more."
        ),
        3,
        Structure.SEAT_AGAINST_SEAT,
        FormatKind.TEAM_SEALED,
        team_sizes=(2, 3),
        settings=TEAM_SEALED_REAL_PRODUCT,
    ),
    Preset(
        "team_rochester",
        _("Team Rochester draft"),
        _("Teams of three draft face up two teams to a table (MTR 8.5), then play the other team."),
        3,
        Structure.SEAT_AGAINST_SEAT,
        FormatKind.TEAM_ROCHESTER,
        frozenset({"draft_structure"}),
    ),
    Preset(
        "2hg_constructed",
        _("Two-Headed Giant constructed"),
        _("Teams of two share one game: 30 life, 15 poison (MTR 9)."),
        2,
        Structure.TWO_HEADED_GIANT,
        FormatKind.THG_CONSTRUCTED,
        CONSTRUCTED,
    ),
    Preset(
        "2hg_sealed",
        _("Two-Headed Giant sealed"),
        _("Teams of two share one game and build from one sealed pool."),
        2,
        Structure.TWO_HEADED_GIANT,
        FormatKind.THG_SEALED,
    ),
    Preset(
        "2hg_draft",
        _("Two-Headed Giant booster draft"),
        _("Teams of two draft in pods of three or four teams, two cards a pick, then share one game."),
        2,
        Structure.TWO_HEADED_GIANT,
        FormatKind.THG_DRAFT,
    ),
    Preset(
        "three_headed_serpent",
        _("Three-Headed Serpent"),
        _("Teams of three share one game: 60 life, 30 poison (20 and 10 per member), constructed."),
        3,
        Structure.THREE_HEADED_SERPENT,
        FormatKind.TEAM_CONSTRUCTED,
        CONSTRUCTED,
        (2, 3, 4),
    ),
)
PRESETS_BY_KEY = {preset.key: preset for preset in PRESETS}
DEFAULT_DRAFT_STRUCTURE = DraftStructure.EVERY_ROUND
DEFAULT_EXPECTED = 8  # the players or teams expected when nobody says (the form's initial number)

# MTR Appendix E: the Swiss rounds for a number of players (or of teams, as the team formats count them): (at most
# this many, rounds).
_SWISS_ROUNDS = ((2, 1), (4, 2), (8, 3), (16, 4), (32, 5), (64, 6), (128, 7), (226, 8), (409, 9))
MAX_SUGGESTED_ROUNDS = 10


def suggested_swiss_rounds(teams: int) -> int:
    """The Swiss rounds for `teams` players or teams (MTR Appendix E): 8 play 3 rounds, 9 to 16 play 4 ..."""
    for most, rounds in _SWISS_ROUNDS:
        if teams <= most:
            return rounds
    return MAX_SUGGESTED_ROUNDS


def preset_event_fields(
    *, preset: Preset, expected: int, team_size: int | None = None, enforcement_level: str | None = None
) -> dict:
    """The settings an event made from `preset` starts with for `expected` players or teams: its team size (the
    preset's, or `team_size` where the preset allows it), structure, format, Swiss rounds and top cut for the field
    (MTR Appendix E), the REL (the preset's own, else `enforcement_level`), the settings the preset fixes, and an
    individual event's sign-up at the door. Explicit settings given on top of these win (the API's, the form's)."""
    fields: dict = {
        "team_size": team_size or preset.team_size,
        "structure": preset.structure,
        "format_kind": preset.format_kind,
        "swiss_rounds": suggested_swiss_rounds(expected),
        "top_cut": suggested_top_cut(expected),
    }
    if enforcement_level:
        fields["enforcement_level"] = enforcement_level
    if preset.constructed_format:  # the format the preset fixes (Commander 1-v-1)
        fields["constructed_format"] = preset.constructed_format
    fields.update(preset.settings)
    if preset.is_individual:  # the store's players join at the door by the event's join code (portal.views.join)
        fields["signup_open"] = True
    return fields


def suggested_top_pod(players: int) -> int:
    """A Commander night's top pod: none for up to 8 players (two pods of four play the rounds), the top 4 from 9."""
    return 0 if players <= 8 else 4


def suggested_top_cut(teams: int) -> int:
    """Hydra's default top cut: none for up to 8 players or teams (the Swiss rounds decide), a top 4 for 9 to 16, a
    top 8 beyond (the MTR's usual cut). The organizer picks another freely."""
    if teams <= 8:
        return 0
    return 4 if teams <= 16 else 8
