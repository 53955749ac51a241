"""Hydra's standings of an imported event against the standings its source published (MTGODecklistCache).

Pure: plain rows in, one plain report out. The command `compare_standings` feeds it; docs/standings.md says
where and why Hydra and the published sources differ.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction

# Published figure -> the name Hydra's pages give it.
PERCENTAGES = (("OMWP", "OMW%"), ("GWP", "GW%"), ("OGWP", "OGW%"))
COUNTS = (("Rank", "rank"), ("Points", "points"), ("Wins", "wins"), ("Losses", "losses"), ("Draws", "draws"))


def _decimals(value: float) -> int:
    text = repr(float(value))
    return len(text.split(".")[1]) if "." in text and "e" not in text else 6


def _close(hydra: Fraction, published: float) -> bool:
    # Sources round to 4 (MTGO) or 6 (Melee) decimals: equal within half the last published decimal.
    places = max(4, _decimals(published))
    return abs(float(hydra) - float(published)) <= 0.5 * 10 ** -places + 1e-12


def _are_match_points(row: Mapping) -> bool:
    """Whether a published row's Points are match points at all (3 a win, 1 a draw)."""
    try:
        return row["Points"] == 3 * row["Wins"] + row["Draws"]
    except (KeyError, TypeError):
        return False


def standings_compare(
    *, hydra: Mapping[str, Mapping[str, object]], published: Iterable[Mapping],
    source_arithmetic: Mapping[str, Mapping[str, object]] | None = None,
) -> dict:
    """Compare each published standings row with Hydra's row of the same player (names compared without case).

    `hydra` maps a player's name to their figures: "rank", "points", "wins", "losses", "draws" (ints) and "OMW%",
    "GW%", "OGW%" (Fractions). Returns {"players", "differ" (players with at least one difference),
    "differences": [{"player", "figure", "hydra", "published"}], "by_figure": {figure: count}}; percentages are
    given as floats of 6 decimals, and a player one side lacks is a difference of the figure "player".
    With `source_arithmetic` (the same players' figures computed as the source computes them), each difference
    has `explained_by`: "source arithmetic" when that figure equals the published one, else "", and the report
    counts them in "explained".
    """
    source = {name.lower(): row for name, row in (source_arithmetic or {}).items()}
    by_name = {name.lower(): (name, row) for name, row in hydra.items()}
    differences: list[dict] = []
    seen: set[str] = set()
    players = 0
    for row in published:
        name = " ".join(str(row.get("Player") or "").split())
        if not name:
            continue
        players += 1
        seen.add(name.lower())
        found = by_name.get(name.lower())
        if found is None:
            differences.append({"player": name, "figure": "player", "hydra": None, "published": "listed"})
            continue
        mine = found[1]
        for key, figure in COUNTS:
            if key == "Points" and not _are_match_points(row):
                continue  # e.g. topdeck.gg publishes 0 points for everybody: nothing to compare
            if key in row and row[key] is not None and mine.get(figure) != row[key]:
                theirs = source.get(name.lower(), {}).get(figure)
                differences.append({"player": name, "figure": figure, "hydra": mine.get(figure), "published": row[key],
                                    "explained_by": "source arithmetic" if theirs == row[key] else ""})
        for key, figure in PERCENTAGES:
            value = row.get(key)
            if value is None:
                continue
            if not _close(mine[figure], value):
                theirs = source.get(name.lower(), {}).get(figure)
                differences.append({
                    "player": name, "figure": figure, "hydra": round(float(mine[figure]), 6), "published": value,
                    "explained_by": "source arithmetic" if theirs is not None and _close(theirs, value) else "",
                })
    for key, (name, _row) in by_name.items():
        if key not in seen:
            players += 1
            differences.append({"player": name, "figure": "player", "hydra": "listed", "published": None})
    return {
        "players": players,
        "differ": len({d["player"].lower() for d in differences}),
        "differences": differences,
        "by_figure": dict(Counter(d["figure"] for d in differences)),
        "explained": sum(1 for d in differences if d.get("explained_by")),
    }

