"""What two copies of an event have in common, for push_event / pull_event (pure: event files in, text out).

A copy's *fingerprint* is the SHA-256 of its event file without what differs between two faithful copies (the
source event's id and the event log, which each side writes to on its own). A sync record keeps the fingerprint both
sides had at the last push or pull; a side whose fingerprint differs from it has changed since.
"""

import hashlib
import json

IGNORED_KEYS = ("source_event_id", "log")


def event_file_fingerprint(document: dict) -> str:
    """The SHA-256 (hex) of the document's content, keys sorted, without IGNORED_KEYS."""
    content = {k: v for k, v in document.items() if k not in IGNORED_KEYS}
    return hashlib.sha256(json.dumps(content, sort_keys=True, separators=(",", ":"), default=str).encode()).hexdigest()


def _result(match: dict) -> str:
    seats = " ".join(
        f"{s['letter']} {s['wins_a']}-{s['wins_b']}" + (f"-{s['draws']}" if s.get("draws") else "")
        for s in match.get("seats") or []
    )
    return f"{match.get('result_state')} {match.get('outcome') or '-'} {seats}".strip()


def _only(here: dict, there: dict, label) -> list[str]:
    return [f"{label(key)}: only here" for key in sorted(set(here) - set(there))] + [
        f"{label(key)}: only there" for key in sorted(set(there) - set(here))
    ]


def event_file_differences(*, ours: dict, theirs: dict, limit: int = 30) -> list[str]:
    """What differs between two files of one event, one line each ("here" is `ours`, "there" `theirs`), at most
    `limit` lines (then how many more)."""
    lines: list[str] = []
    a, b = ours.get("event") or {}, theirs.get("event") or {}
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            lines.append(f"event {key}: here {a.get(key)!r}, there {b.get(key)!r}")
    teams_a = {t["name"]: t for t in ours.get("teams") or []}
    teams_b = {t["name"]: t for t in theirs.get("teams") or []}
    lines += _only(teams_a, teams_b, lambda name: f"team {name!r}")
    for name in sorted(set(teams_a) & set(teams_b)):
        ta, tb = teams_a[name], teams_b[name]
        for key in sorted(set(ta) | set(tb)):
            if key != "seats" and ta.get(key) != tb.get(key):
                lines.append(f"team {name!r} {key}: here {ta.get(key)!r}, there {tb.get(key)!r}")
        seats_a = {s["seat"]: s for s in ta.get("seats") or []}
        seats_b = {s["seat"]: s for s in tb.get("seats") or []}
        for letter in sorted(set(seats_a) | set(seats_b)):
            sa, sb = seats_a.get(letter) or {}, seats_b.get(letter) or {}
            if sa.get("player") != sb.get("player"):
                lines.append(f"team {name!r} seat {letter}: here {sa.get('player')!r}, there {sb.get('player')!r}")
            elif sa.get("decklist") != sb.get("decklist"):
                lines.append(f"team {name!r} seat {letter}: the decklists differ")
    rounds_a = {r["number"]: r for r in ours.get("rounds") or []}
    rounds_b = {r["number"]: r for r in theirs.get("rounds") or []}
    lines += _only(rounds_a, rounds_b, lambda number: f"round {number}")
    for number in sorted(set(rounds_a) & set(rounds_b)):
        ma = {m["table"]: m for m in rounds_a[number].get("matches") or []}
        mb = {m["table"]: m for m in rounds_b[number].get("matches") or []}
        for table in sorted(set(ma) | set(mb)):
            x, y = ma.get(table), mb.get(table)
            if x is None or y is None:
                lines.append(f"round {number} table {table}: only {'there' if x is None else 'here'}")
            elif (x["team_a"], x.get("team_b")) != (y["team_a"], y.get("team_b")):
                lines.append(
                    f"round {number} table {table}: here {x['team_a']} v {x.get('team_b')}, "
                    f"there {y['team_a']} v {y.get('team_b')}"
                )
            elif x != y:
                lines.append(
                    f"round {number} table {table} ({x['team_a']} v {x.get('team_b')}): "
                    f"here {_result(x)}, there {_result(y)}"
                )
        if {k: v for k, v in rounds_a[number].items() if k != "matches"} != {
            k: v for k, v in rounds_b[number].items() if k != "matches"
        }:
            lines.append(f"round {number}: its settings differ (kind, seed or finished)")
    for key in ("draft_settings", "draft_tables"):
        if ours.get(key) != theirs.get(key):
            lines.append(f"{key.replace('_', ' ')} differ")
    if len(lines) > limit:
        lines = lines[:limit] + [f"... and {len(lines) - limit} more"]
    return lines
