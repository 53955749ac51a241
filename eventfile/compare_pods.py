"""A pod event's standings against the ones TopDeck.gg published (issue 50): `compare_standings` with a TopDeck
file. Hydra's standings are counted under every dated convention (multiplayer.engine.POD_CONVENTIONS) over the pods
read once; each difference from the published row names the conventions that reproduce the published figure."""

from multiplayer.engine import POD_CONVENTIONS
from multiplayer.selectors import multiplayer_final_places, multiplayer_standings, multiplayer_swiss_games
from tournaments.models import Event

FIELDS = ("rank", "points", "wins", "draws", "losses", "byes")


def _figures(*, event: Event, convention, games) -> dict[str, dict[str, int]]:
    """Each player's figures (by name, case ignored) under one convention: final place, Swiss points and record."""
    rows = multiplayer_standings(event=event, convention=convention, games=games)
    places = {
        r.pk: i for i, r in enumerate(multiplayer_final_places(event=event, convention=convention, games=games), 1)
    }
    return {
        row.registration.team.name.lower(): {
            "rank": places[row.registration.pk],
            "points": row.standing.points,
            "wins": row.standing.wins,
            "draws": row.standing.draws,
            "losses": row.standing.games - row.standing.wins - row.standing.draws,
            "byes": row.standing.byes,
        }
        for row in rows
    }


def pod_standings_compare(*, event: Event, published: list[dict], convention: str) -> dict:
    """{"players", "convention", "equal_rows" per convention, "differences": [{"name", "field", "hydra",
    "published", "explained_by": [conventions]}]}, Hydra's figures those of `convention` (the event's own)."""
    games = multiplayer_swiss_games(event=event)
    under = {name: _figures(event=event, convention=c, games=games) for name, c in POD_CONVENTIONS.items()}
    hydra = under[convention]
    differences, equal_rows = [], dict.fromkeys(under, 0)
    for row in published:
        key = row["name"].lower()
        for name, figures in under.items():
            equal_rows[name] += all(figures.get(key, {}).get(f) == row[f] for f in FIELDS)
        mine = hydra.get(key)
        for field in FIELDS:
            value = mine.get(field) if mine else None
            if value != row[field]:
                differences.append(
                    {
                        "name": row["name"],
                        "field": field,
                        "hydra": value,
                        "published": row[field],
                        "explained_by": [n for n, f in under.items() if f.get(key, {}).get(field) == row[field]],
                    }
                )
    return {
        "players": len(published),
        "convention": convention,
        "equal_rows": equal_rows,
        "differences": differences,
    }
