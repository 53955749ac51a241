"""A finished TopDeck.gg pod event (its public API's tournament JSON), read as a Hydra event file (issue 50).

TopDeck.gg runs competitive Commander: pods of four, Swiss rounds scored 5/1/0, then a playoff of pods. Its API's
tournament JSON is `{"TID", "tournamentName", "swissNum", "topCut", "startDate" (Unix seconds), "rounds": [{"round":
1 | "Top 16", "tables": [{"table": 1, "players": [{"name", "id"}...] in seat order, "winner": a name or "Draw",
"winner_id", "status"}]}], "standings": [{"name", "id", "wins", "winsSwiss", "winsBracket", "byes", "draws",
"losses", "lossesSwiss", "lossesBracket"}]}`. `topdeck_to_event_file` turns one into the document
`eventfile.importer.event_import` reads (docs/event-format.md): a multiplayer pod event (structure
"multiplayer_pods"), each player a team of one, every pod with its seats and outcome, the byes, the playoff's pods as
playoff rounds. Pure: no ORM.

- A numbered round ("round": 3 or "3") is a Swiss round; a named one ("Top 16", "Top 4", "Finals") is the playoff.
- "winner": "Draw" is a draw among the pod's players. TopDeck's export doesn't say who was still in when it ended,
  so everyone seated drew; the import's warnings say so once.
- A table named "Byes" (or with "Bye" in its status, or with one player) gives its players a bye.
- A pod with no winner is imported unreported (and said in the warnings); a player a round doesn't seat, whose
  published byes the pods don't account for, is read as having had a bye that round (said too); otherwise they
  missed the round (entered late or dropped).
- The scoring and tiebreakers are TopDeck's form of the event's date (multiplayer.engine.POD_CONVENTIONS); the
  published standings are not imported: `compare_standings` checks Hydra's against them.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from multiplayer.engine import POD_CONVENTIONS, topdeck_convention_on
from tournaments.enums import SEAT_LETTERS

_SWISS = re.compile(r"^\s*(?:round\s+)?(\d+)\s*$", re.IGNORECASE)
_TOP = re.compile(r"top\s*(\d+)", re.IGNORECASE)
_HYDRA_TOP_POD = 4  # Hydra's own top pod (multiplayer.services): a top cut of 4 is one pod


class TopDeckFileError(ValueError):
    """The document is not a usable TopDeck event; `problems` maps a place in it to its messages."""

    def __init__(self, problems: dict[str, list[str]]):
        super().__init__("; ".join(f"{where}: {' '.join(messages)}" for where, messages in problems.items()))
        self.problems = problems


def is_topdeck_document(document: object) -> bool:
    """True for a document in TopDeck's shape: rounds of tables (and a TID or tournamentName), not Hydra's own."""
    # TopDeck's own "format" is the game's ("EDH"); Hydra's files say "hydra-event".
    if not isinstance(document, dict) or document.get("format") == "hydra-event":
        return False
    if not isinstance(document.get("rounds"), list):
        return False
    if "TID" in document or "tournamentName" in document:
        return True
    return any(isinstance(r, dict) and "tables" in r for r in document["rounds"])


@dataclass
class _Player:
    key: str  # TopDeck's id, or the name when it has none
    name: str  # the name shown in Hydra (unique, case ignored)


@dataclass
class _Read:
    name: str
    date: str
    tid: str
    players: dict[str, _Player] = field(default_factory=dict)
    swiss: list[tuple[int, list[dict]]] = field(default_factory=list)  # (number, tables)
    playoff: list[tuple[str, list[dict]]] = field(default_factory=list)  # (name, tables)
    warnings: list[str] = field(default_factory=list)


def _text(value: object) -> str:
    return " ".join(str(value).split()) if value is not None else ""


def _date(value: object) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float) and 0 < value < 2**40:
        return dt.datetime.fromtimestamp(value, tz=dt.UTC).date().isoformat()
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value[:10]).isoformat()
        except ValueError:
            return None
    return None


def _is_bye_table(table: dict) -> bool:
    label = f"{_text(table.get('table'))} {_text(table.get('status'))}".lower()
    return "bye" in label or len(table.get("players") or []) == 1


class _Reader:
    def __init__(self, document: dict):
        self.document = document
        self.problems: dict[str, list[str]] = {}
        self.read: _Read | None = None
        self.by_name: dict[str, str] = {}  # a name (case ignored) -> the key of the first player with it
        self.draw_named = False

    def problem(self, where: str, message: str) -> None:
        self.problems.setdefault(where, []).append(message)

    def player(self, row: object, where: str) -> str | None:
        """The key of the player a row names (registering them the first time), or None with a problem."""
        if not isinstance(row, dict):
            self.problem(where, 'Expected a player: {"name": ..., "id": ...}.')
            return None
        name = _text(row.get("name"))
        ident = _text(row.get("id"))
        if not name and not ident:
            self.problem(where, "A player needs a name or an id.")
            return None
        key = f"id:{ident}" if ident else f"name:{name.lower()}"
        read = self.read
        assert read is not None
        if key not in read.players:
            if not ident and name.lower() in self.by_name:
                return self.by_name[name.lower()]
            shown = name or ident
            taken = {p.name.lower() for p in read.players.values()}
            if shown.lower() in taken:  # two players of one name: the second keeps TopDeck's id beside it
                shown = f"{shown} ({ident or len(read.players) + 1})"
                read.warnings.append(
                    f"Two players are named {name!r}: the second is imported as {shown!r} (TopDeck's id)."
                )
            read.players[key] = _Player(key=key, name=shown)
            self.by_name.setdefault(name.lower(), key)
        return key

    def table(self, table: object, where: str) -> dict | None:
        """One pod: {"number", "players": [keys in seat order], "winner": key | None, "draw": bool, "bye": bool}."""
        if not isinstance(table, dict):
            self.problem(where, "Expected a table.")
            return None
        players = table.get("players")
        if not isinstance(players, list) or not players:
            self.problem(f"{where}.players", "Expected the table's players (a list).")
            return None
        keys = [self.player(p, f"{where}.players[{i}]") for i, p in enumerate(players)]
        if any(k is None for k in keys):
            return None
        seated = [k for k in keys if k is not None]
        if len(set(seated)) != len(seated):
            self.problem(f"{where}.players", "A player is seated twice at this table.")
            return None
        number = table.get("table")
        pod = {
            "number": number if isinstance(number, int) and not isinstance(number, bool) else None,
            "players": seated,
            "winner": None,
            "draw": False,
            "bye": _is_bye_table(table),
        }
        if pod["bye"]:
            return pod
        winner, winner_id = _text(table.get("winner")), _text(table.get("winner_id"))
        if winner.lower() == "draw":
            pod["draw"] = True
            self.draw_named = True
            return pod
        chosen = None
        if winner_id and f"id:{winner_id}" in seated:
            chosen = f"id:{winner_id}"
        elif winner:
            chosen = next((k for k in seated if self.read.players[k].name.lower() == winner.lower()), None)  # type: ignore[union-attr]
            if chosen is None:
                chosen = next((k for k in seated if self.by_name.get(winner.lower()) == k), None)
        if winner and chosen is None:
            self.problem(f"{where}.winner", f"The winner {winner!r} is not seated at this table.")
        pod["winner"] = chosen
        return pod

    def run(self) -> _Read | None:
        document = self.document
        name = _text(document.get("tournamentName") or document.get("name"))
        date = _date(document.get("startDate") if "startDate" in document else document.get("dateCreated"))
        if not name:
            self.problem("tournamentName", "The event's name is missing.")
        if date is None:
            self.problem("startDate", "The event's start date is missing or unreadable (Unix seconds or a date).")
        self.read = _Read(name=name[:200], date=date or "", tid=_text(document.get("TID")))
        for i, round_ in enumerate(document["rounds"]):
            where = f"rounds[{i}]"
            if not isinstance(round_, dict) or not isinstance(round_.get("tables"), list):
                self.problem(where, 'Expected a round: {"round": 1, "tables": [...]}.')
                continue
            label = _text(round_.get("round"))
            tables = [self.table(t, f"{where}.tables[{j}]") for j, t in enumerate(round_["tables"])]
            pods = [t for t in tables if t is not None]
            swiss = _SWISS.match(label)
            if swiss:
                self.read.swiss.append((int(swiss.group(1)), pods))
            elif label:
                self.read.playoff.append((label, pods))
            else:
                self.problem(f"{where}.round", 'A round needs its number or its name ("Top 16").')
        for i, row in enumerate(document.get("standings") or []):
            self.player(row, f"standings[{i}]")
        if not self.read.swiss:
            self.problem("rounds", "The event has no Swiss round.")
        numbers = [n for n, _t in self.read.swiss]
        if len(set(numbers)) != len(numbers):
            self.problem("rounds", "A Swiss round is written twice.")
        for number, pods in self.read.swiss + [(0, p) for _n, p in self.read.playoff]:
            seen: set[str] = set()
            for pod in pods:
                if seen & set(pod["players"]):
                    self.problem("rounds", f"A player is seated twice in round {number or 'of the playoff'}.")
                seen |= set(pod["players"])
        if self.problems:
            return None
        self.read.swiss.sort(key=lambda item: item[0])
        return self.read


def _published_byes(document: dict, reader: _Reader) -> dict[str, int]:
    byes: dict[str, int] = {}
    for row in document.get("standings") or []:
        if isinstance(row, dict) and isinstance(row.get("byes"), int) and not isinstance(row.get("byes"), bool):
            key = reader.player(row, "standings")
            if key:
                byes[key] = row["byes"]
    return byes


def topdeck_to_event_file(document: dict, *, imported_by: str = "") -> dict:
    """The Hydra event file (format hydra-event, version 1) of a finished TopDeck event.

    Promises: every player of the rounds and of the published standings is a team of one, named as the player;
    Swiss rounds keep their numbers, playoff rounds follow them; each reported pod is final with each seat's
    outcome; the event counts as TopDeck did on its date. What had to be interpreted is listed in the import log
    entry's `warnings`. Raises TopDeckFileError naming every problem found."""
    reader = _Reader(document)
    read = reader.run() if isinstance(document, dict) and isinstance(document.get("rounds"), list) else None
    if read is None:
        raise TopDeckFileError(reader.problems or {"": ["Expected a TopDeck.gg event."]})
    convention_name = topdeck_convention_on(read.date)
    convention = POD_CONVENTIONS[convention_name]
    published_byes = _published_byes(document, reader)
    last_swiss = read.swiss[-1][0]
    rounds, pods_rows, byes_rows = [], [], []
    played_in: dict[str, list[int]] = {}
    unreported = 0
    for number, pods in read.swiss:
        for pod in pods:
            for key in pod["players"]:
                played_in.setdefault(key, []).append(number)
    # A player seated in no pod of a round, whose published byes the file's bye tables don't account for, had a
    # bye there (their earliest such rounds first).
    explicit = {
        k: sum(1 for _n, pods in read.swiss for p in pods if p["bye"] and k in p["players"]) for k in read.players
    }
    owed = {k: published_byes.get(k, 0) - explicit[k] for k in read.players}
    inferred_byes: list[str] = []
    for number, pods in read.swiss:
        seated = {k for pod in pods for k in pod["players"]}
        for key in read.players:
            if key not in seated and owed[key] > 0:
                owed[key] -= 1
                pods = pods + [{"number": None, "players": [key], "winner": None, "draw": False, "bye": True}]
                played_in.setdefault(key, []).append(number)
                inferred_byes.append(f"{read.players[key].name} (round {number})")
        rounds.append({"number": number, "kind": "swiss", "seed": 0, "is_finished": True, "matches": []})
        table_number = 0
        for pod in pods:
            if pod["bye"]:
                for key in pod["players"]:
                    byes_rows.append({"round": number, "registration": read.players[key].name})
                continue
            table_number += 1
            row, reported = _pod_row(pod, number=number, table=table_number, read=read)
            unreported += not reported
            pods_rows.append(row)
    for i, (_label, pods) in enumerate(read.playoff, start=1):
        number = last_swiss + i
        rounds.append({"number": number, "kind": "playoff", "seed": 0, "is_finished": True, "matches": []})
        for table_number, pod in enumerate((p for p in pods if not p["bye"]), start=1):
            row, reported = _pod_row(pod, number=number, table=table_number, read=read)
            unreported += not reported
            pods_rows.append(row)
    warnings = list(read.warnings)
    if reader.draw_named:
        warnings.append(
            'TopDeck writes "Draw" for a table without naming who was still in when it ended: each such pod is '
            "read as a draw among all its players."
        )
    if unreported:
        warnings.append(f"{unreported} pod(s) have no winner and no draw: imported unreported, counting for nobody.")
    if inferred_byes:
        warnings.append(
            "Seated in no pod of a round, with published byes the pods don't give, read as a bye: "
            + ", ".join(inferred_byes)
            + "."
        )
    missing = [k for k in read.players if k not in played_in]
    if missing:
        warnings.append(
            "In the standings but in no Swiss pod: " + ", ".join(read.players[k].name for k in missing) + "."
        )
    top_cut = _top_cut(read)
    if read.playoff and top_cut != _HYDRA_TOP_POD:
        warnings.append(
            f"The playoff ({', '.join(label for label, _p in read.playoff)}) is imported as its pods; Hydra's own "
            "top cut for pods is one pod of four, so the event's top cut setting is left at none."
        )
    teams = []
    for key, player in read.players.items():
        rounds_played = played_in.get(key, [])
        dropped = max(rounds_played) if rounds_played and max(rounds_played) < last_swiss else None
        teams.append(
            {
                "name": player.name,
                "joined_round": min(rounds_played) if rounds_played else 1,
                "missed_rounds_as_losses": False,
                "dropped_round": dropped,
                "disqualified": None,
                "seats": [{"seat": SEAT_LETTERS[0], "player": player.name}],
            }
        )
    source = f"https://topdeck.gg/event/{read.tid}" if read.tid else read.name
    return {
        "format": "hydra-event",
        "version": 1,
        "event": {
            "name": read.name,
            "date": read.date,
            "team_size": 1,
            "structure": "multiplayer_pods",
            "format_kind": "team_constructed",
            "constructed_format": "commander",
            "pod_size": 4,
            "pod_leftovers": "byes",
            "pod_win_points": convention.scoring.win,
            "pod_draw_points": convention.scoring.draw,
            "pod_loss_points": convention.scoring.loss,
            "pod_bye_points": convention.scoring.bye,
            "pod_tiebreak": convention.tiebreak,
            "pod_opponent_floor": int(convention.floor * 100),
            "pod_byes_at_floor": convention.byes_at_floor,
            "swiss_rounds": last_swiss,
            "top_cut": _HYDRA_TOP_POD if top_cut == _HYDRA_TOP_POD else 0,
            "status": "finished",
        },
        "teams": teams,
        "rounds": rounds,
        "multiplayer_pods": pods_rows,
        "pod_byes": byes_rows,
        "log": [
            {
                "user": imported_by or None,
                "action": "imported",
                "message": f"Imported from TopDeck.gg: {source} ({len(teams)} players, {len(read.swiss)} Swiss "
                f"rounds{f', playoff {top_cut}' if read.playoff else ''}; counted as {convention.label}).",
                "data": {"source": "TopDeck.gg", "tid": read.tid, "convention": convention_name},
                "warnings": warnings,
            }
        ],
    }


def _top_cut(read: _Read) -> int:
    """How many players the playoff started with: its first round's name ("Top 16"), else its players."""
    if not read.playoff:
        return 0
    label, pods = read.playoff[0]
    named = _TOP.search(label)
    if named:
        return int(named.group(1))
    return len({k for round_ in read.playoff for pod in round_[1] for k in pod["players"]})


def _pod_row(pod: dict, *, number: int, table: int, read: _Read) -> tuple[dict, bool]:
    """A pod as the event file's multiplayer_pods row; (row, whether it has a result)."""
    reported = pod["draw"] or pod["winner"] is not None
    if pod["draw"]:
        outcomes = {k: "D" for k in pod["players"]}
    else:
        outcomes = {k: ("W" if k == pod["winner"] else "L") for k in pod["players"]}
    row = {
        "round": number,
        "number": table,
        "state": "final" if reported else "pending",
        "result_kind": ("draw" if pod["draw"] else "win") if reported else "",
        "seats": [
            {
                "registration": read.players[k].name,
                "position": position,
                "outcome": outcomes[k] if reported else "",
            }
            for position, k in enumerate(pod["players"], start=1)
        ],
    }
    return row, reported


def topdeck_published(document: dict) -> list[dict]:
    """The published standings as compare_standings reads them: each row's rank (its place in the list), name as
    imported, and its Swiss record and points under the event's convention."""
    reader = _Reader(document)
    read = reader.run()
    if read is None:
        raise TopDeckFileError(reader.problems)
    convention = POD_CONVENTIONS[topdeck_convention_on(read.date)]
    rows = []
    for rank, row in enumerate(document.get("standings") or [], start=1):
        key = reader.player(row, "standings")
        if key is None:
            continue

        def number(name: str, fallback: str = "", row: dict = row) -> int:
            value = row.get(name, row.get(fallback) if fallback else None)
            return value if isinstance(value, int) and not isinstance(value, bool) else 0

        wins, draws, byes = number("winsSwiss", "wins"), number("draws"), number("byes")
        rows.append(
            {
                "rank": rank,
                "name": read.players[key].name,
                "wins": wins,
                "draws": draws,
                "losses": number("lossesSwiss", "losses"),
                "byes": byes,
                "points": wins * convention.scoring.win
                + draws * convention.scoring.draw
                + byes * convention.scoring.bye,
            }
        )
    return rows
