"""Rating categories (RULES.md 8, DCI 8.3): which rating an event's results feed.

- Team constructed (one format or a format per seat): one constructed rating per team size.
- Team limited (team sealed, team Rochester draft): one limited rating per team size.
- Two-Headed Giant (constructed, sealed and booster draft alike) and the house Three-Headed Serpent: a rating
  each of their own. 2HG teams are always two; the Serpent's are kept apart by team size, like the others.
- Custom shared games (the organizer's own life and poison) are a house format with no rating.
- Multiplayer pods (a Commander night) rate in one category of their own, "multiplayer": each pod is rated as the
  two-player matches it stands for (multiplayer.engine.table_pairwise), docs/multiplayer.md.
- Individual events (teams of one, RULES.md 9) rate in categories of their own, "constructed-1" and "limited-1",
  apart from every team rating: a player's Friday nights don't move their team rating, nor the reverse.

A category is a short slug ("constructed-3", "limited-2", "2hg", "3hs-3") so URLs, the API and the database use
the same word.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from tournaments.enums import FormatKind, Structure

CONSTRUCTED = "constructed"
LIMITED = "limited"
TWO_HEADED_GIANT = "2hg"
THREE_HEADED_SERPENT = "3hs"
MULTIPLAYER = "multiplayer"  # multiplayer pods (issue 43): every pod rated pairwise, docs/multiplayer.md
# The kinds whose slug is the kind alone: one category whatever the team size.
_ONE_CATEGORY = (TWO_HEADED_GIANT, MULTIPLAYER)

KIND_LABELS = {
    CONSTRUCTED: _("Team constructed"),
    LIMITED: _("Team limited"),
    TWO_HEADED_GIANT: _("Two-Headed Giant"),
    THREE_HEADED_SERPENT: _("Three-Headed Serpent"),
    MULTIPLAYER: _("Multiplayer pods"),
}
KIND_ORDER = [CONSTRUCTED, LIMITED, TWO_HEADED_GIANT, THREE_HEADED_SERPENT, MULTIPLAYER]
INDIVIDUAL_LABELS = {CONSTRUCTED: _("Constructed, individual"), LIMITED: _("Limited, individual")}


@dataclass(frozen=True)
class Category:
    kind: str
    team_size: int

    @property
    def slug(self) -> str:
        if self.kind in _ONE_CATEGORY:
            return self.kind
        return f"{self.kind}-{self.team_size}"

    @property
    def label(self) -> str:
        """ "Team constructed, teams of 3", "Constructed, individual" or "Two-Headed Giant", in the reader's
        language."""
        if self.kind in _ONE_CATEGORY:
            return str(KIND_LABELS[self.kind])
        if self.team_size == 1:
            return str(INDIVIDUAL_LABELS[self.kind])
        return _("%(kind)s, teams of %(n)d") % {"kind": KIND_LABELS[self.kind], "n": self.team_size}

    @property
    def sort_key(self) -> tuple[int, int]:
        return KIND_ORDER.index(self.kind), self.team_size


def category_for(*, format_kind: str, structure: str, team_size: int) -> Category | None:
    """The category an event with these settings is rated in, or None for a format that has no rating."""
    if structure == Structure.THREE_HEADED_SERPENT:
        return Category(THREE_HEADED_SERPENT, team_size)
    if structure == Structure.TWO_HEADED_GIANT or format_kind in (
        FormatKind.THG_CONSTRUCTED,
        FormatKind.THG_SEALED,
        FormatKind.THG_DRAFT,
    ):
        return Category(TWO_HEADED_GIANT, 2)
    if structure == Structure.MULTIPLAYER_PODS:
        return Category(MULTIPLAYER, 1)
    if structure == Structure.CUSTOM_SHARED:
        return None
    if format_kind in (FormatKind.TEAM_CONSTRUCTED, FormatKind.TEAM_CONSTRUCTED_MIXED):
        return Category(CONSTRUCTED, team_size)
    if format_kind in (FormatKind.TEAM_SEALED, FormatKind.TEAM_ROCHESTER):
        return Category(LIMITED, team_size)
    return None


def parse_category(slug: str) -> Category | None:
    """The category a slug names ("constructed-3", "2hg"), or None when it names none."""
    if slug == TWO_HEADED_GIANT:
        return Category(TWO_HEADED_GIANT, 2)
    if slug == MULTIPLAYER:
        return Category(MULTIPLAYER, 1)
    kind, _sep, size = slug.rpartition("-")
    if kind not in (CONSTRUCTED, LIMITED, THREE_HEADED_SERPENT) or not size.isdigit():
        return None
    team_size = int(size)
    if not 2 <= team_size <= 8 and not (team_size == 1 and kind in INDIVIDUAL_LABELS):
        return None
    return Category(kind, team_size)


ALL_SLUGS = (
    [TWO_HEADED_GIANT, MULTIPLAYER]
    + [f"{kind}-1" for kind in INDIVIDUAL_LABELS]
    + [f"{kind}-{size}" for kind in (CONSTRUCTED, LIMITED, THREE_HEADED_SERPENT) for size in range(2, 9)]
)
