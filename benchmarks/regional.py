"""A generated Regional Championship in MTGODecklistCache's JSON (as Melee publishes one): Swiss rounds paired by
points, a Day 2 cut after a round (players below the cut stop playing), a few drops and byes, a top 8 numbered on
as "Quarterfinals", "Semifinals", "Finals". For `bench_regional` and the import's tests; pure Python, no ORM."""

from __future__ import annotations

import random


def regional_document(
    *,
    players: int = 1028,
    rounds: int = 15,
    cut_after: int = 8,
    losses_allowed: int = 3,
    seed: int = 1,
    best_of_five_slips: int = 2,
) -> dict:
    """The document, its published Standings the Swiss records and points (no percentages). A few
    Swiss results are written "3-0-0" (the data-entry slips real files have), `best_of_five_slips` of them."""
    rng = random.Random(seed)
    names = [f"Player {i:04d}" for i in range(1, players + 1)]
    points = {name: 0 for name in names}
    losses = {name: 0 for name in names}
    met: dict[str, set[str]] = {name: set() for name in names}
    active = list(names)
    had_bye: set[str] = set()
    out_rounds = []
    slips = best_of_five_slips
    for number in range(1, rounds + 1):
        if number == cut_after + 1:
            # The MTR's Day 2 cut by points: "X-3 or better" after 8 rounds is 15 match points or more.
            active = [name for name in active if points[name] >= 3 * (cut_after - losses_allowed)]
        if number > 2 and number != cut_after + 1:
            for name in rng.sample(active, k=max(0, len(active) // 200)):  # a few drops
                active.remove(name)
        order = sorted(active, key=lambda n: (-points[n], rng.random()))
        matches = []
        if len(order) % 2:
            bye = next(n for n in reversed(order) if n not in had_bye)
            order.remove(bye)
            had_bye.add(bye)
            points[bye] += 3
            matches.append({"Player1": bye, "Player2": "-", "Result": "2-0-0"})
        while order:
            one = order.pop(0)
            two = next((n for n in order if n not in met[one]), order[0])
            order.remove(two)
            met[one].add(two)
            met[two].add(one)
            roll = rng.random()
            if roll < 0.05:
                result = "1-1-0"
                points[one] += 1
                points[two] += 1
            else:
                winner, loser = (one, two) if roll < 0.525 else (two, one)
                result = rng.choice(("2-0-0", "2-1-0"))
                if slips and number > 1:
                    result, slips = "3-0-0", slips - 1
                points[winner] += 3
                losses[loser] += 1
                if winner is two:
                    result = "-".join((result.split("-")[1], result.split("-")[0], result.split("-")[2]))
            matches.append({"Player1": one, "Player2": two, "Result": result})
        out_rounds.append({"RoundName": f"Round {number}", "Matches": matches})
    record = {name: [0, 0, 0] for name in names}
    for round_ in out_rounds:
        for match in round_["Matches"]:
            one, two = match["Player1"], match["Player2"]
            won, lost, _drawn = (int(n) for n in match["Result"].split("-"))
            if two == "-":
                record[one][0] += 1
            elif won == lost:
                record[one][2] += 1
                record[two][2] += 1
            else:
                record[one if won > lost else two][0] += 1
                record[two if won > lost else one][1] += 1
    top = sorted(active, key=lambda n: -points[n])[:8]
    bracket = [top[0], top[7], top[3], top[4], top[1], top[6], top[2], top[5]]
    for name in ("Quarterfinals", "Semifinals", "Finals"):
        matches, winners = [], []
        for one, two in zip(bracket[::2], bracket[1::2]):
            matches.append({"Player1": one, "Player2": two, "Result": "2-1-0"})
            winners.append(one)
        out_rounds.append({"RoundName": name, "Matches": matches})
        bracket = winners
    return {
        "Tournament": {
            "Name": f"Generated Regional Championship ({players} players)",
            "Date": "2025-05-10T09:00:00Z",
            "Uri": "https://example.org/generated-regional-championship",
        },
        "Decks": [],
        "Rounds": out_rounds,
        "Standings": [
            {
                "Rank": rank,
                "Player": name,
                "Points": points[name],
                "Wins": record[name][0],
                "Losses": record[name][1],
                "Draws": record[name][2],
            }
            for rank, name in enumerate(sorted(names, key=lambda n: -points[n]), start=1)
        ],
    }
