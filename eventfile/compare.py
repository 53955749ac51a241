"""Hydra's standings of an imported event against the standings its source published (MTGODecklistCache).

Pure: plain rows in, one plain report out. The command `compare_standings` feeds it; docs/standings.md says
where and why Hydra and the published sources differ, and which source uses which convention.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from eventfile.mtgodecklistcache import record_published

# Published figure -> the name Hydra's pages give it.
PERCENTAGES = (("OMWP", "OMW%"), ("GWP", "GW%"), ("OGWP", "OGW%"))
COUNTS = (("Rank", "rank"), ("Points", "points"), ("Wins", "wins"), ("Losses", "losses"), ("Draws", "draws"))
# More decimals than this is a figure published unrounded (float noise such as 0.5700000000000001), not a
# precision: it is read at the precision the file's other figures have.
_NOISE = 8
_UNROUNDED_PRECISION = 6


def _decimals(value: float) -> int:
    text = repr(float(value))
    if "e" in text:
        return _NOISE + 1
    return len(text.split(".")[1]) if "." in text else 0


def published_precision(rows: Iterable[Mapping]) -> int:
    """The decimals a file publishes its percentages with: the most any of its figures shows (at least 4, as
    MTGO's; 6 for Melee's), figures with float noise left out; 6 when every figure is unrounded."""
    shown = [
        _decimals(row[key])
        for row in rows
        for key, _figure in PERCENTAGES
        if isinstance(row.get(key), (int, float)) and not isinstance(row.get(key), bool)
    ]
    rounded = [d for d in shown if d <= _NOISE]
    if not rounded:
        return _UNROUNDED_PRECISION
    return max(4, *rounded)


def _at(value, places: int) -> Decimal:
    """The value rounded half up to `places` decimals (a Fraction exactly, a float as it is written)."""
    if isinstance(value, Fraction):
        exact = Decimal(value.numerator) / Decimal(value.denominator)
    else:
        exact = Decimal(repr(float(value)))
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def _same(hydra, published, places: int) -> bool:
    """Equal at the published precision: within half its last decimal (float noise in either is no difference)."""
    return abs(_at(hydra, places + 6) - _at(published, places + 6)) <= Decimal(5).scaleb(-places - 1)


def _are_match_points(row: Mapping) -> bool:
    """Whether a published row's Points are match points at all (3 a win, 1 a draw)."""
    try:
        return row["Points"] == 3 * row["Wins"] + row["Draws"]
    except (KeyError, TypeError):
        return False


class _Tried:
    """The conventions to try, each one's figures keyed by lower-case name, read (and so computed, for a lazy
    mapping) only when a difference asks."""

    def __init__(self, conventions: Mapping[str, Mapping[str, Mapping]] | None):
        self._conventions = conventions or {}
        self._lowered: dict[str, dict[str, Mapping]] = {}

    def labels(self) -> list[str]:
        return list(self._conventions)

    def figures(self, label: str) -> dict[str, Mapping]:
        if label not in self._lowered:
            self._lowered[label] = {name.lower(): row for name, row in self._conventions[label].items()}
        return self._lowered[label]


def _explained(conventions: _Tried, name: str, figure: str, published, places: int | None) -> str:
    """The first convention whose figure of this player equals the published one, or ""."""
    for convention in conventions.labels():
        theirs = conventions.figures(convention).get(name.lower(), {}).get(figure)
        if theirs is None:
            continue
        if (places is None and theirs == published) or (places is not None and _same(theirs, published, places)):
            return convention
    return ""


def standings_compare(
    *,
    hydra: Mapping[str, Mapping[str, object]],
    published: Iterable[Mapping],
    conventions: Mapping[str, Mapping[str, Mapping[str, object]]] | None = None,
) -> dict:
    """Compare each published standings row with Hydra's row of the same player (names compared without case).

    `hydra` maps a player's name to their figures: "rank", "points", "wins", "losses", "draws" (ints) and "OMW%",
    "GW%", "OGW%" (Fractions). Percentages are compared at the file's published precision
    (`published_precision`). Returns {"players", "differ" (players with at least one difference), "precision",
    "differences": [{"player", "figure", "hydra", "published", "explained_by"}], "by_figure": {figure: count},
    "explained", "by_convention": {convention: count}, "not_published": records a 0-0-0 row doesn't give}; Hydra's percentages are given at the published precision,
    and a player one side lacks is a difference of the figure "player". `conventions` maps the name of a way of
    computing (e.g. "the 1/3 floor + drawn games worth 0") to the same players' figures computed that way, in the
    order to try them: each difference's `explained_by` names the first that gives exactly the published figure.
    """
    rows = list(published)
    places = published_precision(rows)
    tried = _Tried(conventions)
    by_name = {name.lower(): (name, row) for name, row in hydra.items()}
    differences: list[dict] = []
    seen: set[str] = set()
    players = 0
    not_published = 0
    for row in rows:
        name = " ".join(str(row.get("Player") or "").split())
        if not name:
            continue
        players += 1
        seen.add(name.lower())
        found = by_name.get(name.lower())
        if found is None:
            differences.append(
                {"player": name, "figure": "player", "hydra": None, "published": "listed", "explained_by": ""}
            )
            continue
        mine = found[1]
        record_shown = record_published(row)
        for key, figure in COUNTS:
            if key in ("Wins", "Losses", "Draws") and not record_shown:
                not_published += 1
                continue  # a 0-0-0 record beside points: the file publishes no records
            if key == "Points" and record_shown and not _are_match_points(row):
                continue  # e.g. topdeck.gg publishes 0 points for everybody: nothing to compare
            if key in row and row[key] is not None and mine.get(figure) != row[key]:
                differences.append(
                    {
                        "player": name,
                        "figure": figure,
                        "hydra": mine.get(figure),
                        "published": row[key],
                        "explained_by": _explained(tried, name, figure, row[key], None),
                    }
                )
        for key, figure in PERCENTAGES:
            value = row.get(key)
            if value is None:
                continue
            if not _same(mine[figure], value, places):
                differences.append(
                    {
                        "player": name,
                        "figure": figure,
                        "hydra": float(_at(mine[figure], places)),
                        "published": value,
                        "explained_by": _explained(tried, name, figure, value, places),
                    }
                )
    for key, (name, _row) in by_name.items():
        if key not in seen:
            players += 1
            differences.append(
                {"player": name, "figure": "player", "hydra": "listed", "published": None, "explained_by": ""}
            )
    return {
        "players": players,
        "differ": len({d["player"].lower() for d in differences}),
        "precision": places,
        "differences": differences,
        "by_figure": dict(Counter(d["figure"] for d in differences)),
        "explained": sum(1 for d in differences if d["explained_by"]),
        "by_convention": dict(Counter(d["explained_by"] for d in differences if d["explained_by"])),
        "not_published": not_published,
    }
