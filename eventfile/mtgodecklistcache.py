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
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments.enums import SEAT_LETTERS as _SEAT_LETTERS
from tournaments.standings import TeamMatchRecord, compute_standings

# The words a playoff round's name may hold, and the top cut its first round implies.
_PLAYOFF_WORDS = ("quarterfinal", "semifinal", "final", "top ", "playoff")
_CUT_FOR_MATCHES = {4: 8, 2: 4, 1: 2}
_SWISS_ROUND = re.compile(r"^\s*(?:round\s+)?(\d+)\s*$", re.IGNORECASE)
_RESULT = re.compile(r"^\s*(\d+)\s*-\s*(\d+)(?:\s*-\s*(\d+))?\s*$")
# A bye is written "-", "" or null, or as a player named "Bye" (some organizers' files).
_BYES = ("-", "", "bye")
# Placement playoff rounds: "Loser Semifinals", "Match for 7th and 8th places", "3rd Place Match" (ManaTraders
# publishes them), "Placement", "Consolation".
_PLACEMENT = re.compile(r"\b\d+(?:st|nd|rd|th)\b.*\bplaces?\b|\bplacement\b|\bconsolation\b|\blosers?\b", re.IGNORECASE)
# Constructed formats a cached event's name tells (the cache has no format field); the first found wins.
_FORMATS = (
    "premodern",
    "pioneer",
    "standard",
    "modern",
    "legacy",
    "vintage",
    "pauper",
    "explorer",
    "historic",
    "timeless",
    "alchemy",
    "commander",
    "oathbreaker",
)


class CacheFileError(ValueError):
    """The document is not a usable MTGODecklistCache event; `problems` maps a place in it to its messages."""

    def __init__(self, problems: dict[str, list[str]]):
        super().__init__("; ".join(f"{where}: {' '.join(messages)}" for where, messages in problems.items()))
        self.problems = problems


def is_cache_document(document: object) -> bool:
    """True for a document in MTGODecklistCache's shape (a "Tournament" and "Rounds"), not Hydra's own format, or
    for several of them as one team event: {"team_size": n, "files": [...]} (`cache_to_hydra`)."""
    if isinstance(document, dict) and "files" in document and "format" not in document and "Tournament" not in document:
        return (
            isinstance(document["files"], list)
            and bool(document["files"])
            and all(is_cache_document(item) for item in document["files"])
        )
    return isinstance(document, dict) and "Tournament" in document and "Rounds" in document and "format" not in document


def cache_to_hydra(document: dict, *, team_size: int | None = None, imported_by: str = "") -> dict:
    """The Hydra event file of a cache document: an individual event, or a team event of teams of `team_size`
    (given, or the document's own "team_size" key) from one file or {"team_size": n, "files": [one per seat]}.
    Raises CacheFileError as the two conversions do."""
    size = team_size if team_size is not None else document.get("team_size", 1)
    files = document["files"] if "files" in document and "Tournament" not in document else [document]
    if size == 1 and len(files) == 1:
        return cache_to_event_file(files[0], imported_by=imported_by)
    if size == 1:
        raise CacheFileError({"team_size": ["Several files are one team event: give its team size (2 or more)."]})
    return cache_to_team_event_file(files, team_size=size, imported_by=imported_by)


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


def _is_bye(name: str) -> bool:
    return name.lower() in _BYES


def _placement_round(name: str) -> bool:
    return bool(_PLACEMENT.search(name))


def _playoff_round(name: str) -> bool:
    lowered = name.lower()
    return any(word in lowered for word in _PLAYOFF_WORDS)


@dataclass
class _Read:
    """One cache file read: its rounds as Hydra will number them, its players, and what it had to interpret."""

    name: str
    date: str
    uri: str
    swiss: list[tuple[int, list[dict]]]
    playoff: list[list[dict]]
    placement: list[list[dict]]
    players: dict[str, str]  # lower-case name -> the name as first written
    standings: list[dict]
    warnings: list[str] = field(default_factory=list)
    left_out: str = ""
    day2: _Day2 | None = None


def _read(document: dict, problem) -> _Read | None:
    """Read one cache file; problems go to `problem(where, message)`, interpretations to the warnings."""
    warnings: list[str] = []
    tournament = document.get("Tournament")
    if not isinstance(tournament, dict):
        problem("Tournament", "Expected an object with the event's Name and Date.")
        return None
    name = _name(tournament.get("Name"))[:200]
    date = str(tournament.get("Date") or "")[:10]
    if not name:
        problem("Tournament.Name", "The event has no name.")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        problem("Tournament.Date", "The event's date is not an ISO date (e.g. 2024-03-07T23:05:00Z).")
    rounds = document.get("Rounds")
    if not isinstance(rounds, list) or not rounds:
        problem(
            "Rounds",
            "The file has no rounds (MTGO leagues, preliminaries and dailies publish none): Hydra "
            "can't rebuild the event without its matches.",
        )
        return None

    players: dict[str, str] = {}

    def player(value: object) -> str:
        shown = _name(value)
        return players.setdefault(shown.lower(), shown)

    swiss: list[tuple[int, list[dict]]] = []
    playoff: list[list[dict]] = []
    placement: list[list[dict]] = []
    named_bye = 0
    for i, round_ in enumerate(rounds):
        where = f"Rounds[{i}]"
        if not isinstance(round_, dict) or not isinstance(round_.get("Matches"), list):
            problem(where, "Expected an object with RoundName and a list of Matches.")
            continue
        round_name = _name(round_.get("RoundName"))
        number_match = _SWISS_ROUND.match(round_name)
        is_placement = number_match is None and _placement_round(round_name)
        if number_match is None and not is_placement and not _playoff_round(round_name):
            problem(
                f"{where}.RoundName",
                f'{round_name!r} is neither a Swiss round ("Round 3") nor a playoff '
                'round ("Quarterfinals", "Semifinals", "Finals", "Match for 7th '
                'and 8th places").',
            )
            continue
        if number_match is not None and (playoff or placement):
            problem(f"{where}.RoundName", f"{round_name!r} comes after the playoff started.")
            continue
        matches, seen = [], set()
        for j, match in enumerate(round_["Matches"]):
            mwhere = f"{where}.Matches[{j}]"
            if not isinstance(match, dict):
                problem(mwhere, "Expected an object with Player1, Player2 and Result.")
                continue
            one, two = _name(match.get("Player1")), _name(match.get("Player2"))
            named_bye += sum(1 for who in (one, two) if who.lower() == "bye")
            if _is_bye(one):
                one, two = two, one
            games = _games(match.get("Result"))
            if _is_bye(one):
                problem(mwhere, 'A match names two players, or one player and "-" for a bye.')
                continue
            if games is None:
                problem(f"{mwhere}.Result", f'{match.get("Result")!r} is not games won-lost-drawn, e.g. "2-1-0".')
                continue
            names = [player(one)] + ([] if _is_bye(two) else [player(two)])
            pairing = frozenset(who.lower() for who in names)
            if (
                len(names) == 2
                and pairing <= seen
                and any(frozenset((m["team_a"].lower(), (m["team_b"] or "").lower())) == pairing for m in matches)
            ):
                continue  # the same match written from the other side
            for who in names:
                if who.lower() in seen:
                    problem(mwhere, f"{who} plays twice in {round_name}.")
                seen.add(who.lower())
            if _is_bye(two):
                matches.append({"team_a": names[0], "team_b": None, "games": None})
            else:
                matches.append({"team_a": names[0], "team_b": names[1], "games": games})
        if number_match is not None:
            number = int(number_match.group(1))
            if number < 1 or any(number == n for n, _m in swiss):
                problem(f"{where}.RoundName", f"{round_name!r}: Swiss rounds are numbered from 1, each once.")
                continue
            swiss.append((number, matches))
        elif is_placement:
            placement.append(matches)
            warnings.append(
                _(
                    "%(round)r was read as a playoff round deciding the places it names (placement "
                    "matches between teams that went out in the same playoff round)."
                )
                % {"round": round_name}
            )
        else:
            playoff.append(matches)
    if named_bye:
        warnings.append(
            _(
                'A player named "Bye" was read as a bye (%(n)d matches): a win for the other side, '
                "left out of opponents' averages."
            )
            % {"n": named_bye}
        )
    standings = document.get("Standings") or []
    if not isinstance(standings, list):
        problem("Standings", "Expected a list.")
        standings = []
    standings = [
        row
        for row in standings
        if isinstance(row, dict) and _name(row.get("Player")) and not _is_bye(_name(row.get("Player")))
    ]
    for row in standings:
        player(row["Player"])
    swiss.sort(key=lambda item: item[0])
    if not playoff:
        swiss, playoff = _split_numbered_playoff(swiss)
    if not swiss:
        problem(
            "Rounds",
            'The file has no Swiss round ("Round 1" ...): Hydra can\'t rebuild the event from its '
            "playoff alone (MTGO publishes only the playoff of a Challenge).",
        )
        return None
    left_out = ""
    if playoff:
        top_cut = _CUT_FOR_MATCHES.get(len(playoff[0]), 0)
        sizes = [len(matches) for matches in playoff]
        if not top_cut or sizes != [top_cut // 2 >> i for i in range(len(playoff))]:
            left_out = (
                f" The playoff ({len(playoff)} rounds of {', '.join(map(str, sizes))} matches) was left out: "
                "Hydra runs a top 2, 4 or 8."
            )
            playoff, placement = [], []
    uri = _name(tournament.get("Uri"))
    return _Read(
        name=name,
        date=date,
        uri=uri,
        swiss=swiss,
        playoff=playoff,
        placement=placement,
        players=players,
        standings=standings,
        warnings=warnings,
        left_out=left_out,
    )


def _check_warnings(read: _Read) -> list[str]:
    """What doesn't add up in a file: missing round numbers, players without a match, published records the
    matches don't give."""
    warnings = []
    numbers = [number for number, _m in read.swiss]
    missing = sorted(set(range(1, numbers[-1] + 1)) - set(numbers))
    if missing:
        warnings.append(
            _("Swiss rounds %(missing)s are missing from the file (it has rounds %(have)s).")
            % {"missing": ", ".join(map(str, missing)), "have": ", ".join(map(str, numbers))}
        )
    swiss_records = _records([m for _n, m in read.swiss])
    records = _records([m for _n, m in read.swiss] + read.playoff + read.placement)
    idle = [shown for key, shown in read.players.items() if key not in records]
    if idle:
        warnings.append(_("Listed without any match in the file: %(names)s.") % {"names": ", ".join(idle)})
    played = len(read.swiss) + len(read.playoff) + len(read.placement)
    longest = 0
    for row in read.standings:
        published = [row.get(key) for key in ("Wins", "Losses", "Draws")]
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in published) or not record_published(row):
            continue
        longest = max(longest, sum(published))
        mine = records.get(_name(row["Player"]).lower(), [0, 0, 0])
        swiss_only = swiss_records.get(_name(row["Player"]).lower(), [0, 0, 0])
        if published not in (mine, swiss_only):
            warnings.append(
                _("%(name)s: the published standings say %(published)s, the file's matches give %(file)s.")
                % {
                    "name": _name(row["Player"]),
                    "published": "-".join(map(str, published)),
                    "file": "-".join(map(str, mine)),
                }
            )
    if longest > played:
        warnings.append(
            _(
                "The published standings count up to %(n)d matches for one player, but the file has "
                "%(rounds)d rounds: rounds are missing from it."
            )
            % {"n": longest, "rounds": played}
        )
    return warnings


def record_published(row: dict) -> bool:
    """Whether a published standings row gives a record at all: some files publish every record as 0-0-0 beside
    the points ("not published", not a 0-0-0 record)."""
    record = [row.get(key) for key in ("Wins", "Losses", "Draws")]
    points = row.get("Points")
    return not (
        record == [0, 0, 0] and isinstance(points, (int, float)) and not isinstance(points, bool) and points > 0
    )


def _records(rounds: list[list[dict]]) -> dict[str, list[int]]:
    """Lower-case name -> [wins, losses, draws] in these rounds' matches (a bye a win), in one pass."""
    records: dict[str, list[int]] = {}
    for matches in rounds:
        for match in matches:
            a = records.setdefault(match["team_a"].lower(), [0, 0, 0])
            if match["team_b"] is None:
                a[0] += 1
                continue
            b = records.setdefault(match["team_b"].lower(), [0, 0, 0])
            won, lost, _drawn = match["games"]
            if won == lost:
                a[2] += 1
                b[2] += 1
            else:
                (a if won > lost else b)[0] += 1
                (b if won > lost else a)[1] += 1
    return records


def _teams_and_rounds(read: _Read, *, seats: str, seat_players) -> tuple[list[dict], list[dict], int]:
    """The event file's teams and rounds of a read file; (teams, rounds, top cut)."""
    played_in: dict[str, list[int]] = {}
    for number, matches in read.swiss:
        for match in matches:
            for side in ("team_a", "team_b"):
                if match[side]:
                    played_in.setdefault(match[side].lower(), []).append(number)
    top_cut = _CUT_FOR_MATCHES.get(len(read.playoff[0]), 0) if read.playoff else 0
    last_swiss = read.swiss[-1][0]
    cut = _day2_cut(read.swiss, played_in)
    seeds = _seeds(read.playoff, swiss_rank=_swiss_rank(read.swiss, players=list(read.players))) if read.playoff else {}
    teams = []
    for key, shown in read.players.items():
        rounds_played = played_in.get(key, [])
        joined = min(rounds_played) if rounds_played else 1
        dropped = max(rounds_played) if rounds_played and max(rounds_played) < last_swiss else None
        not_advanced = cut is not None and key in cut.below
        teams.append(
            {
                "name": shown,
                "joined_round": joined,
                "missed_rounds_as_losses": False,
                "dropped_round": None if not_advanced else dropped,
                "disqualified": None,
                "topcut_seed": seeds.get(key),
                "seats": [{"seat": letter, "player": seat_players(shown, letter)} for letter in seats],
                **({"day2_cut_round": cut.round} if not_advanced else {}),
            }
        )
    rounds = [(number, matches, "swiss") for number, matches in read.swiss]
    rounds += [(last_swiss + i, matches, "playoff") for i, matches in enumerate(read.playoff + read.placement, start=1)]
    read.day2 = cut
    if cut is not None:
        read.warnings.append(cut.warning())
    return teams, rounds, top_cut


# A Day 2 cut is inferred only where an event's size and rounds say one was made (Regional Championships, the
# Pro Tour: hundreds of players, 13 to 16 Swiss rounds, the cut after round 7 to 9) and enough players stopped
# together: at least this many Swiss rounds and players, and this share of the round's players not advancing.
_DAY2_MIN_ROUNDS = 8
_DAY2_MIN_PLAYERS = 64
_DAY2_MIN_SHARE = 0.2


@dataclass
class _Day2:
    """A Day 2 cut read from who played on: after `round`, `min_points` match points were needed; `below` (lower-case
    names) stopped there with fewer; `dropped` stopped there with enough (they dropped)."""

    round: int
    min_points: int
    below: set[str]
    dropped: int

    @property
    def kind(self) -> str:
        return "record" if self.min_points % 3 == 0 else "points"

    @property
    def threshold(self) -> int:
        return self.round - self.min_points // 3 if self.kind == "record" else self.min_points

    def warning(self) -> str:
        text = _(
            "A Day 2 cut after round %(round)d was inferred from who played on: %(n)d players stopped after it "
            "with fewer than %(points)d match points while every player with more played on; they did not "
            "advance."
        ) % {"round": self.round, "n": len(self.below), "points": self.min_points}
        if self.dropped:
            text += " " + _("%(n)d players who stopped there with enough points dropped.") % {"n": self.dropped}
        return text


def _points_after(swiss: list[tuple[int, list[dict]]], upto: int) -> dict[str, int]:
    """Lower-case name -> match points after the Swiss rounds up to `upto` (a bye 3 points)."""
    points: dict[str, int] = {}
    for number, matches in swiss:
        if number > upto:
            continue
        for match in matches:
            a = match["team_a"].lower()
            if match["team_b"] is None:
                points[a] = points.get(a, 0) + 3
                continue
            b = match["team_b"].lower()
            won, lost, _drawn = match["games"]
            if won == lost:
                points[a], points[b] = points.get(a, 0) + 1, points.get(b, 0) + 1
            else:
                winner, loser = (a, b) if won > lost else (b, a)
                points[winner] = points.get(winner, 0) + 3
                points.setdefault(loser, 0)
    return points


def _day2_cut(swiss: list[tuple[int, list[dict]]], played_in: dict[str, list[int]]) -> _Day2 | None:
    """The Day 2 cut the rounds show, or None: the round after which the most players stopped together, every one
    of them below the points of the lowest player who played on, where the event is big and long enough."""
    numbers = [number for number, _m in swiss]
    if len(numbers) < _DAY2_MIN_ROUNDS or len(played_in) < _DAY2_MIN_PLAYERS:
        return None
    last = {key: max(rounds) for key, rounds in played_in.items() if rounds}
    best = None
    for number in numbers[:-1]:
        in_round = [key for key, rounds in played_in.items() if number in rounds]
        stopped = [key for key in in_round if last[key] == number]
        going_on = [key for key in in_round if last[key] > number]
        if not going_on or len(stopped) < _DAY2_MIN_SHARE * len(in_round):
            continue
        points = _points_after(swiss, number)
        min_points = min(points.get(key, 0) for key in going_on)
        below = {key for key in stopped if points.get(key, 0) < min_points}
        if min_points <= 0 or len(below) < _DAY2_MIN_SHARE * len(in_round):
            continue
        if best is None or len(below) > len(best.below):
            best = _Day2(round=number, min_points=min_points, below=below, dropped=len(stopped) - len(below))
    return best


def _event(
    read: _Read,
    *,
    team_size: int,
    top_cut: int,
    teams: list[dict],
    rounds: list[dict],
    warnings: list[str],
    imported_by: str,
    files: int = 1,
) -> dict:
    last_swiss = read.swiss[-1][0]
    kind = f"{len(teams)} players" if team_size == 1 else f"{len(teams)} teams of {team_size}, {files} file(s)"
    return {
        "format": "hydra-event",
        "version": 1,
        "event": {
            "name": read.name,
            "date": read.date,
            "team_size": team_size,
            "structure": "seat",
            "format_kind": "team_constructed",
            "constructed_format": _format_of(read.name) or "constructed",
            "swiss_rounds": last_swiss,
            "top_cut": top_cut,
            "status": "finished",
            **(
                {
                    "day2_cut_round": read.day2.round,
                    "day2_cut_kind": read.day2.kind,
                    "day2_cut_threshold": read.day2.threshold,
                    "day2_cut_applied": True,
                }
                if read.day2
                else {}
            ),
        },
        "teams": teams,
        "rounds": rounds,
        "log": [
            {
                "user": imported_by or None,
                "action": "imported",
                "message": f"Imported from MTGODecklistCache: {read.uri or read.name} ({kind}, "
                f"{len(read.swiss)} Swiss rounds{f', top {top_cut}' if top_cut else ''}).{read.left_out}",
                "data": {"source": "MTGODecklistCache", "uri": read.uri},
                "warnings": warnings,
            }
        ],
    }


def cache_to_event_file(document: dict, *, imported_by: str = "") -> dict:
    """The Hydra event file (format hydra-event, version 1) of a finished MTGODecklistCache event.

    Promises: every player of the rounds and of the published standings is a team of one, named as the player;
    Swiss rounds keep their numbers, playoff rounds follow them (placement matches last); each match's result is
    final, its outcome the one its games give. What the file had to be read as, or doesn't add up, is listed in
    its log entry's `warnings` (`import_warnings` gives them). Raises CacheFileError naming every problem found (a
    missing tournament name or date, a result that isn't "won-lost[-drawn]", a player twice in one round, no Swiss
    round at all).
    """
    problems: dict[str, list[str]] = {}

    def problem(where: str, message: str) -> None:
        problems.setdefault(where, []).append(message)

    read = _read(document, problem) if isinstance(document, dict) else None
    if problems or read is None:
        raise CacheFileError(problems or {"": ["Expected an MTGODecklistCache event."]})
    teams, numbered, top_cut = _teams_and_rounds(read, seats="A", seat_players=lambda name, _letter: name)
    rounds = [_round(number, matches, kind) for number, matches, kind in numbered]
    return _event(
        read,
        team_size=1,
        top_cut=top_cut,
        teams=teams,
        rounds=rounds,
        warnings=read.warnings + _check_warnings(read),
        imported_by=imported_by,
    )


def import_warnings(document: dict) -> list[str]:
    """The warnings a converted document carries (its import log entry's), for the answer to the importer."""
    return [
        str(w) for entry in document.get("log") or [] if isinstance(entry, dict) for w in entry.get("warnings") or []
    ]


def seat_player_name(team: str, letter: str) -> str:
    """The player of a team's seat when the files name only the team (after its first player, seat A)."""
    return team if letter == "A" else f"{team[:190]} ({letter})"


def cache_to_team_event_file(documents: list[dict], *, team_size: int, imported_by: str = "") -> dict:
    """The Hydra event file of a finished team event of teams of `team_size` that the cache keeps as one file per
    seat (each team named after its first player; a seat without decklists may have no file) or as one file.

    Promises: one team event; each team's seat A is its named player, the other seats "<team> (B)" ... as the
    files name nobody else. When the seat files differ in a match's result they are seat results (file i is seat
    i, the team match scored seat against seat); when they agree, or there is one file, they are the team match's
    result (won-lost-drawn individual matches), and the match has no seat results. The team variant of the
    tiebreakers applies (a bye is one won team match). Warnings as `cache_to_event_file`'s. Raises CacheFileError
    naming every problem (a file unreadable, files of different events or pairings, a wrong number of files).
    """
    problems: dict[str, list[str]] = {}

    def problem(where: str, message: str) -> None:
        problems.setdefault(where, []).append(message)

    if not isinstance(team_size, int) or isinstance(team_size, bool) or not 2 <= team_size <= len(_SEAT_LETTERS):
        raise CacheFileError({"team_size": [f"A team event's teams have 2 to {len(_SEAT_LETTERS)} members."]})
    if not isinstance(documents, list) or not 1 <= len(documents) <= team_size:
        raise CacheFileError({"files": [f"Give one file for the team event, or one per seat (at most {team_size})."]})
    reads = []
    for i, document in enumerate(documents):

        def in_file(where: str, message: str, i=i) -> None:
            problem(f"files[{i}].{where}" if len(documents) > 1 else where, message)

        reads.append(_read(document, in_file) if isinstance(document, dict) else None)
    if problems or None in reads:
        raise CacheFileError(problems or {"files": ["Expected MTGODecklistCache events."]})
    first = reads[0]
    shape = [_shape(read) for read in reads]
    for i, read in enumerate(reads[1:], start=1):
        if (read.uri or read.name) != (first.uri or first.name):
            problem(f"files[{i}].Tournament", "This file is another event than the first file.")
        elif shape[i] != shape[0]:
            problem(
                f"files[{i}].Rounds",
                "This file's pairings differ from the first file's: seat files of one team event pair the same teams.",
            )
    if problems:
        raise CacheFileError(problems)
    seat_results = any(_results(read) != _results(first) for read in reads[1:])
    if seat_results and len(reads) != team_size:
        raise CacheFileError(
            {
                "files": [
                    f"The files' results differ, so they are seats' results: give one file per "
                    f"seat ({team_size}), seat A first."
                ]
            }
        )
    letters = _SEAT_LETTERS[:team_size]
    teams, numbered, top_cut = _teams_and_rounds(first, seats=letters, seat_players=seat_player_name)
    rounds = []
    for index, (number, _matches, kind) in enumerate(numbered):
        per_file = [_all_rounds(read)[index][1] for read in reads]
        rounds.append(_team_round(number, per_file, kind, letters=letters, seat_results=seat_results))
    warnings = list(first.warnings) + _check_warnings(first)
    if seat_results:
        warnings.append(
            _("The %(n)d files were read as seats %(seats)s, in the order given: each match scored seat against seat.")
            % {"n": len(reads), "seats": ", ".join(letters)}
        )
    else:
        warnings.append(
            _(
                "The files give each team match's result only (individual matches won-lost-drawn), no "
                "seat's: the matches were imported without seat results."
            )
        )
    return _event(
        first,
        team_size=team_size,
        top_cut=top_cut,
        teams=teams,
        rounds=rounds,
        warnings=warnings,
        imported_by=imported_by,
        files=len(reads),
    )


def _all_rounds(read: _Read) -> list[tuple[int, list[dict]]]:
    return list(read.swiss) + [(0, m) for m in read.playoff + read.placement]


def _shape(read: _Read) -> list[list[tuple[str, str]]]:
    """Each round's pairings, without results (the seat files of one team event share them)."""
    return [[(m["team_a"].lower(), (m["team_b"] or "").lower()) for m in matches] for _n, matches in _all_rounds(read)]


def _results(read: _Read) -> list[list]:
    return [[m["games"] for m in matches] for _n, matches in _all_rounds(read)]


def _team_round(number: int, per_file: list[list[dict]], kind: str, *, letters: str, seat_results: bool) -> dict:
    out = []
    for table, matches in enumerate(zip(*per_file, strict=True), start=1):
        match = matches[0]
        if match["team_b"] is None:
            out.append(
                {
                    "table": table,
                    "team_a": match["team_a"],
                    "team_b": None,
                    "result_state": "final",
                    "outcome": "A",
                    "seats": [],
                }
            )
            continue
        if seat_results:
            seats = [
                {"letter": letter, "wins_a": m["games"][0], "wins_b": m["games"][1], "draws": m["games"][2]}
                for letter, m in zip(letters, matches, strict=True)
            ]
            won = sum(1 for s in seats if s["wins_a"] > s["wins_b"])
            lost = sum(1 for s in seats if s["wins_b"] > s["wins_a"])
            drawn = len(seats) - won - lost
        else:
            seats = []
            won, lost, drawn = match["games"]
        outcome = "A" if won > lost else "B" if lost > won else "D"
        out.append(
            {
                "table": table,
                "team_a": match["team_a"],
                "team_b": match["team_b"],
                "result_state": "final",
                "outcome": outcome,
                "games": {"wins_a": won, "wins_b": lost, "draws": drawn},
                "seats": seats,
            }
        )
    return {"number": number, "kind": kind, "seed": 0, "is_finished": True, "matches": out}


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
            records.append(
                TeamMatchRecord(
                    round=number,
                    team_a=a,
                    team_b=ids[match["team_b"].lower()],
                    outcome=outcome,
                    games=(won, lost, drawn),
                )
            )
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
        return {
            pair(top)[0].lower(): 1,
            pair(top)[1].lower(): 4,
            pair(bottom)[0].lower(): 2,
            pair(bottom)[1].lower(): 3,
        }
    # A top 8: the two quarterfinals whose winners met in a semifinal make one half of the bracket.
    by_player = {name.lower(): match for match in first for name in (match["team_a"], match["team_b"])}
    halves = []
    for semi in playoff[1] if len(playoff) > 1 else []:
        feeding = [by_player.get(semi[side].lower()) for side in ("team_a", "team_b") if semi[side]]
        if len(feeding) == 2 and None not in feeding and feeding[0] is not feeding[1]:
            halves.append(feeding)
    if (
        len(halves) != 2 or halves[0][0] in halves[1] or halves[0][1] in halves[1]
    ):  # the semifinals aren't in the file: 1 v 8 with 4 v 5 by Swiss order
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
    swiss = [
        (
            i,
            [
                {
                    "team_a": _name(m.get("Player1")),
                    "team_b": None if _is_bye(_name(m.get("Player2"))) else _name(m.get("Player2")),
                    "games": _games(m.get("Result")),
                }
                for m in r.get("Matches") or []
                if isinstance(m, dict)
            ],
        )
        for i, r in enumerate(rounds)
    ]
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
            out.append(
                {
                    "table": table,
                    "team_a": match["team_a"],
                    "team_b": None,
                    "result_state": "final",
                    "outcome": "A",
                    "seats": [],
                }
            )
            continue
        won, lost, drawn = match["games"]
        outcome = "A" if won > lost else "B" if lost > won else "D"
        out.append(
            {
                "table": table,
                "team_a": match["team_a"],
                "team_b": match["team_b"],
                "result_state": "final",
                "outcome": outcome,
                "seats": [{"letter": "A", "wins_a": won, "wins_b": lost, "draws": drawn}],
            }
        )
    return {"number": number, "kind": kind, "seed": 0, "is_finished": True, "matches": out}
