"""A finished event in the JSON of the public MTGODecklistCache repository, read as a Hydra event file.

MTGODecklistCache (github.com/Badaro/MTGODecklistCache, `Tournaments/<source>/<date>/<event>.json`) collects
MTGO and Melee events: `{"Tournament": {"Name", "Date", "Uri"}, "Decks": [...], "Rounds": [{"RoundName",
"Matches": [{"Player1", "Player2", "Result": "2-1-0"}]}], "Standings": [{"Rank", "Player", "Points", "Wins",
"Losses", "Draws", "OMWP", "GWP", "OGWP"}]}`. `cache_to_event_file` turns one into the document
`eventfile.importer.event_import` reads (docs/event-format.md): an individual event (team_size 1), each player a
team of one named as the player, each match's games the result of its one seat. Pure: no ORM.

- "Round N" (or a bare "N", as topdeck.gg writes) is a Swiss round; "Quarterfinals", "Semifinals", "Finals" (and
  "Top 8", "Top 4", "Final"...) are the playoff, whose first round's size sets the top cut (4 matches: a top 8).
  A playoff Hydra can't run (a top 16, a bracket out of order) is left out, and the event log says so: the Swiss
  rounds, which the standings come from, are still imported.
- "-", "" or null as a player is a bye; "Result" is "won-lost-drawn" games from Player1's side (the third number,
  drawn games, may be missing); equal games are a drawn match. A match written twice in one round (a drawn
  match recorded once from each side, as some Melee events do) is counted once.
- A player missing from every later Swiss round dropped after the last one they played; a player missing from the
  first rounds entered late (their missed rounds are not counted as losses: the source doesn't say).
- The published "Standings" are not imported: they are what `compare_standings` checks Hydra's against.
"""
from __future__ import annotations

import re

from tournaments.standings import TeamMatchRecord, compute_standings

# The words a playoff round's name may hold, and the top cut its first round implies.
_PLAYOFF_WORDS = ("quarterfinal", "semifinal", "final", "top ", "playoff")
_CUT_FOR_MATCHES = {4: 8, 2: 4, 1: 2}
_SWISS_ROUND = re.compile(r"^\s*(?:round\s+)?(\d+)\s*$", re.IGNORECASE)
_RESULT = re.compile(r"^\s*(\d+)\s*-\s*(\d+)(?:\s*-\s*(\d+))?\s*$")
_BYES = ("-", "")
# Constructed formats a cached event's name tells (the cache has no format field); the first found wins.
_FORMATS = ("premodern", "pioneer", "standard", "modern", "legacy", "vintage", "pauper", "explorer", "historic",
            "timeless", "alchemy", "commander", "oathbreaker")


class CacheFileError(ValueError):
    """The document is not a usable MTGODecklistCache event; `problems` maps a place in it to its messages."""

    def __init__(self, problems: dict[str, list[str]]):
        super().__init__("; ".join(f"{where}: {' '.join(messages)}" for where, messages in problems.items()))
        self.problems = problems


def is_cache_document(document: object) -> bool:
    """True for a document in MTGODecklistCache's shape (a "Tournament" and "Rounds"), not Hydra's own format."""
    return isinstance(document, dict) and "Tournament" in document and "Rounds" in document and "format" not in document


def _name(value: object) -> str:
    return " ".join(str(value or "").split())


def _games(result: object) -> tuple[int, int, int] | None:
    match = _RESULT.match(str(result or ""))
    if match is None:
        return None
    won, lost, drawn = (int(group or 0) for group in match.groups())
    return won, lost, drawn


def _format_of(name: str) -> str:
    words = re.findall(r"[a-z]+", name.lower())
    return next((fmt for fmt in _FORMATS if fmt in words), "")


def _playoff_round(name: str) -> bool:
    lowered = name.lower()
    return any(word in lowered for word in _PLAYOFF_WORDS)


def cache_to_event_file(document: dict, *, imported_by: str = "") -> dict:
    """The Hydra event file (format hydra-event, version 1) of a finished MTGODecklistCache event.

    Promises: every player of the rounds and of the published standings is a team of one, named as the player;
    Swiss rounds keep their numbers, playoff rounds follow them; each match's result is final, its outcome the
    one its games give. Raises CacheFileError naming every problem found (a missing tournament name or date, a
    result that isn't "won-lost[-drawn]", a player twice in one round, a playoff Hydra can't run (its first round
    not 1, 2 or 4 matches), no Swiss round at all).
    """
    problems: dict[str, list[str]] = {}

    def problem(where: str, message: str) -> None:
        problems.setdefault(where, []).append(message)

    tournament = document.get("Tournament")
    if not isinstance(tournament, dict):
        problem("Tournament", "Expected an object with the event's Name and Date.")
        raise CacheFileError(problems)
    name = _name(tournament.get("Name"))[:200]
    date = str(tournament.get("Date") or "")[:10]
    if not name:
        problem("Tournament.Name", "The event has no name.")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        problem("Tournament.Date", "The event's date is not an ISO date (e.g. 2024-03-07T23:05:00Z).")
    rounds = document.get("Rounds")
    if not isinstance(rounds, list) or not rounds:
        problem("Rounds", "The file has no rounds (MTGO leagues, preliminaries and dailies publish none): Hydra "
                          "can't rebuild the event without its matches.")
        raise CacheFileError(problems)

    players: dict[str, str] = {}  # lower-case name -> the name as first written

    def player(value: object) -> str:
        shown = _name(value)
        return players.setdefault(shown.lower(), shown)

    swiss: list[tuple[int, list[dict]]] = []
    playoff: list[list[dict]] = []
    played_in: dict[str, list[int]] = {}
    for i, round_ in enumerate(rounds):
        where = f"Rounds[{i}]"
        if not isinstance(round_, dict) or not isinstance(round_.get("Matches"), list):
            problem(where, "Expected an object with RoundName and a list of Matches.")
            continue
        round_name = _name(round_.get("RoundName"))
        number_match = _SWISS_ROUND.match(round_name)
        if number_match is None and not _playoff_round(round_name):
            problem(f"{where}.RoundName", f"{round_name!r} is neither a Swiss round (\"Round 3\") nor a playoff "
                                          "round (\"Quarterfinals\", \"Semifinals\", \"Finals\").")
            continue
        if number_match is not None and playoff:
            problem(f"{where}.RoundName", f"{round_name!r} comes after the playoff started.")
            continue
        matches, seen = [], set()
        for j, match in enumerate(round_["Matches"]):
            mwhere = f"{where}.Matches[{j}]"
            if not isinstance(match, dict):
                problem(mwhere, "Expected an object with Player1, Player2 and Result.")
                continue
            one, two = _name(match.get("Player1")), _name(match.get("Player2"))
            if one in _BYES:
                one, two = two, one
            games = _games(match.get("Result"))
            if one in _BYES:
                problem(mwhere, "A match names two players, or one player and \"-\" for a bye.")
                continue
            if games is None:
                problem(f"{mwhere}.Result", f"{match.get('Result')!r} is not games won-lost-drawn, e.g. \"2-1-0\".")
                continue
            names = [player(one)] + ([] if two in _BYES else [player(two)])
            pairing = frozenset(who.lower() for who in names)
            if len(names) == 2 and pairing <= seen and any(
                frozenset((m["team_a"].lower(), (m["team_b"] or "").lower())) == pairing for m in matches
            ):
                continue  # the same match written from the other side
            for who in names:
                if who.lower() in seen:
                    problem(mwhere, f"{who} plays twice in {round_name}.")
                seen.add(who.lower())
            if two in _BYES:
                matches.append({"team_a": names[0], "team_b": None, "games": None})
            else:
                matches.append({"team_a": names[0], "team_b": names[1], "games": games})
        if number_match is not None:
            number = int(number_match.group(1))
            if number < 1 or any(number == n for n, _m in swiss):
                problem(f"{where}.RoundName", f"{round_name!r}: Swiss rounds are numbered from 1, each once.")
                continue
            swiss.append((number, matches))
        else:
            playoff.append(matches)
    standings = document.get("Standings") or []
    if not isinstance(standings, list):
        problem("Standings", "Expected a list.")
        standings = []
    for row in standings:
        if isinstance(row, dict) and _name(row.get("Player")):
            player(row["Player"])
    swiss.sort(key=lambda item: item[0])
    if not playoff:
        swiss, playoff = _split_numbered_playoff(swiss)
    for number, matches in swiss:
        for match in matches:
            for side in ("team_a", "team_b"):
                if match[side]:
                    played_in.setdefault(match[side].lower(), []).append(number)
    if not swiss and not problems:
        problem("Rounds", "The file has no Swiss round (\"Round 1\" ...): Hydra can't rebuild the event from its "
                          "playoff alone (MTGO publishes only the playoff of a Challenge).")
    top_cut, left_out = 0, ""
    if playoff:
        top_cut = _CUT_FOR_MATCHES.get(len(playoff[0]), 0)
        sizes = [len(matches) for matches in playoff]
        if not top_cut or sizes != [top_cut // 2 >> i for i in range(len(playoff))]:
            left_out = (f" The playoff ({len(playoff)} rounds of {', '.join(map(str, sizes))} matches) was left out: "
                        "Hydra runs a top 2, 4 or 8.")
            top_cut, playoff = 0, []
    if problems:
        raise CacheFileError(problems)

    numbers = [number for number, _m in swiss]
    last_swiss = numbers[-1]
    seeds = _seeds(playoff, swiss_rank=_swiss_rank(swiss, players=list(players))) if playoff else {}
    teams = []
    for key, shown in players.items():
        rounds_played = played_in.get(key, [])
        joined = min(rounds_played) if rounds_played else 1
        dropped = max(rounds_played) if rounds_played and max(rounds_played) < last_swiss else None
        teams.append({
            "name": shown, "joined_round": joined, "missed_rounds_as_losses": False, "dropped_round": dropped,
            "disqualified": None, "topcut_seed": seeds.get(key), "seats": [{"seat": "A", "player": shown}],
        })
    hydra_rounds = [_round(number, matches, "swiss") for number, matches in swiss]
    hydra_rounds += [_round(last_swiss + i, matches, "playoff") for i, matches in enumerate(playoff, start=1)]
    uri = _name(tournament.get("Uri"))
    return {
        "format": "hydra-event",
        "version": 1,
        "event": {
            "name": name, "date": date, "team_size": 1, "structure": "seat", "format_kind": "team_constructed",
            "constructed_format": _format_of(name) or "constructed", "swiss_rounds": last_swiss,
            "top_cut": top_cut, "status": "finished",
        },
        "teams": teams,
        "rounds": hydra_rounds,
        "log": [{
            "user": imported_by or None, "action": "imported",
            "message": f"Imported from MTGODecklistCache: {uri or name} ({len(teams)} players, "
                       f"{len(swiss)} Swiss rounds{f', top {top_cut}' if top_cut else ''}).{left_out}",
            "data": {"source": "MTGODecklistCache", "uri": uri},
        }],
    }


def _swiss_rank(swiss: list[tuple[int, list[dict]]], *, players: list[str]) -> dict[str, int]:
    """Lower-case name -> rank in Hydra's own Swiss standings of these rounds (the individual tiebreakers)."""
    ids = {name: index for index, name in enumerate(players, start=1)}
    records = []
    for number, matches in swiss:
        for match in matches:
            a = ids[match["team_a"].lower()]
            if match["team_b"] is None:
                records.append(TeamMatchRecord(round=number, team_a=a, team_b=None, outcome="A"))
                continue
            won, lost, drawn = match["games"]
            outcome = "A" if won > lost else "B" if lost > won else "D"
            records.append(TeamMatchRecord(round=number, team_a=a, team_b=ids[match["team_b"].lower()],
                                           outcome=outcome, games=(won, lost, drawn)))
    names = {index: name for name, index in ids.items()}
    return {names[row.team]: row.rank for row in compute_standings(records, teams=ids.values(), games=True)}


def _seeds(playoff: list[list[dict]], *, swiss_rank: dict[str, int]) -> dict[str, int]:
    """Top-cut seeds that rebuild the bracket as it was played (Hydra's bracket: 1 v 8 and 4 v 5 in the top half,
    2 v 7 and 3 v 6 in the bottom one), given in Swiss order wherever the bracket leaves a choice."""
    def rank(name: str) -> int:
        return swiss_rank.get(name.lower(), 10**6)

    def pair(match: dict) -> list[str]:
        return sorted((match["team_a"], match["team_b"]), key=rank)

    first = playoff[0]
    if len(first) == 1:
        return {name.lower(): seed for seed, name in enumerate(pair(first[0]), start=1)}
    if len(first) == 2:
        top, bottom = sorted(first, key=lambda m: rank(pair(m)[0]))
        return {pair(top)[0].lower(): 1, pair(top)[1].lower(): 4, pair(bottom)[0].lower(): 2, pair(bottom)[1].lower(): 3}
    # A top 8: the two quarterfinals whose winners met in a semifinal make one half of the bracket.
    by_player = {name.lower(): match for match in first for name in (match["team_a"], match["team_b"])}
    halves = []
    for semi in (playoff[1] if len(playoff) > 1 else []):
        feeding = [by_player.get(semi[side].lower()) for side in ("team_a", "team_b") if semi[side]]
        if len(feeding) == 2 and None not in feeding and feeding[0] is not feeding[1]:
            halves.append(feeding)
    if len(halves) != 2 or halves[0][0] in halves[1] or halves[0][1] in halves[1]:  # the semifinals aren't in the file: 1 v 8 with 4 v 5 by Swiss order
        ordered = sorted(first, key=lambda m: rank(pair(m)[0]))
        halves = [[ordered[0], ordered[3]], [ordered[1], ordered[2]]]
    halves = [sorted(half, key=lambda m: rank(pair(m)[0])) for half in halves]
    top, bottom = sorted(halves, key=lambda half: rank(pair(half[0])[0]))
    seeds = {}
    for match, (high, low) in zip((top[0], top[1], bottom[0], bottom[1]), ((1, 8), (4, 5), (2, 7), (3, 6))):
        better, worse = pair(match)
        seeds[better.lower()], seeds[worse.lower()] = high, low
    return seeds


def playoff_numbered_as_rounds(document: dict) -> bool:
    """Whether the file numbers its playoff on as Swiss rounds ("Round 7" ... for a top 8, as Melee does): its
    source then counted the playoff's matches in every published figure."""
    rounds = [r for r in document.get("Rounds") or [] if isinstance(r, dict)]
    if any(_playoff_round(_name(r.get("RoundName"))) for r in rounds):
        return False
    swiss = [(i, [{"team_a": _name(m.get("Player1")),
                   "team_b": None if _name(m.get("Player2")) in _BYES else _name(m.get("Player2")),
                   "games": _games(m.get("Result"))} for m in r.get("Matches") or [] if isinstance(m, dict)])
             for i, r in enumerate(rounds)]
    if any(m["games"] is None for _i, ms in swiss for m in ms):
        return False
    return bool(_split_numbered_playoff(swiss)[1])


def _winners(matches: list[dict]) -> set[str] | None:
    """The winners of a round's matches (lower-case names), or None when a match has no winner (a draw, a bye)."""
    winners = set()
    for match in matches:
        if match["team_b"] is None:
            return None
        won, lost, _drawn = match["games"]
        if won == lost:
            return None
        winners.add((match["team_a"] if won > lost else match["team_b"]).lower())
    return winners


def _split_numbered_playoff(swiss: list[tuple[int, list[dict]]]) -> tuple[list, list]:
    """Melee numbers a top 8 on as "Round 7", "Round 8", "Round 9": the last rounds are a playoff when they hold
    4, 2, 1 matches (or 2, 1; or 1), each played by winners of the one before, and the round before them had more
    than twice as many matches (a Swiss round, where everybody still in plays). Returns (Swiss, playoff rounds)."""
    for size in (4, 2, 1):
        length = size.bit_length()
        if len(swiss) <= length:
            continue
        tail = swiss[-length:]
        if [len(matches) for _n, matches in tail] != [size >> i for i in range(length)]:
            continue
        if len(swiss[-length - 1][1]) <= 2 * size:
            continue
        first_winners = _winners(tail[0][1])
        if first_winners is None:
            continue
        previous, bracket = first_winners, True
        for _number, matches in tail[1:]:
            players = {side.lower() for m in matches for side in (m["team_a"], m["team_b"])}
            winners = _winners(matches)
            if winners is None or not players <= previous:
                bracket = False
                break
            previous = winners
        if bracket:
            return swiss[:-length], [matches for _n, matches in tail]
    return swiss, []


def _round(number: int, matches: list[dict], kind: str) -> dict:
    out = []
    for table, match in enumerate(matches, start=1):
        if match["team_b"] is None:
            out.append({"table": table, "team_a": match["team_a"], "team_b": None, "result_state": "final",
                        "outcome": "A", "seats": []})
            continue
        won, lost, drawn = match["games"]
        outcome = "A" if won > lost else "B" if lost > won else "D"
        out.append({"table": table, "team_a": match["team_a"], "team_b": match["team_b"], "result_state": "final",
                    "outcome": outcome, "seats": [{"letter": "A", "wins_a": won, "wins_b": lost, "draws": drawn}]})
    return {"number": number, "kind": kind, "seed": 0, "is_finished": True, "matches": out}
