"""Discord's webhook message shape for a delivery (pure: a payload dict in, a message dict out).

A Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>) takes `content` (at most 2,000 characters) and
`embeds` (a description of at most 4,096); it ignores Hydra's signature headers. Pairings and standings go out as
monospaced text so they line up in the channel.
"""

from urllib.parse import urlsplit

DISCORD_HOSTS = {"discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"}
CONTENT_LIMIT = 2000
DESCRIPTION_LIMIT = 4096
COLOUR = 0x2E7D32

TITLES = {
    "round.paired": "{event}: {round} is paired",
    "topcut.started": "{event}: the top cut starts ({round})",
    "result.final": "{event}: result at table {table}",
    "standings.changed": "{event}: standings",
    "event.finished": "{event} is finished: final standings",
    "draft.started": "{event}: draft started",
    "draft.finished": "{event}: draft finished",
    "pods.round.paired": "{event}: {round} is seated in pods",
    "pods.result.final": "{event}: result of pod {pod}",
}


def is_discord_url(url: str) -> bool:
    """True for a Discord webhook URL, which gets Discord's message shape instead of Hydra's JSON."""
    parts = urlsplit(url)
    return (
        parts.scheme == "https"
        and (parts.hostname or "").lower() in DISCORD_HOSTS
        and parts.path.startswith("/api/webhooks/")
    )


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 2] + "\n…"


def _code(lines: list[str], limit: int) -> str:
    body = "\n".join(lines)
    return "```\n" + _cut(body, limit - 8) + "\n```"


def _pods(round_: dict) -> list[str]:
    lines = [
        f"pod {pod['pod']:>2}  " + ", ".join(f"{p['seat']}. {p['player']}" for p in pod["players"])
        for pod in round_["pods"]
    ]
    return lines + ([f"byes: {', '.join(round_['byes'])}"] if round_["byes"] else [])


def _pod_result(result: dict) -> list[str]:
    outcome = {"W": "won", "D": "drew", "L": "lost"}
    return [f"  seat {s['seat']}: {s['player']} {outcome.get(s['outcome'], '')}".rstrip() for s in result["seats"]]


def _pairings(round_: dict) -> list[str]:
    width = max((len(t["team_a"]) for t in round_["tables"]), default=0)
    lines = []
    for table in round_["tables"]:
        other = "(bye)" if table["bye"] else table["team_b"]
        lines.append(f"{table['table']:>3}  {table['team_a']:<{width}}  vs  {other}")
    return lines


def _standings(rows: list[dict]) -> list[str]:
    width = max((len(r["team"]) for r in rows), default=0)
    return [
        f"{r['rank']:>3}. {r['team']:<{width}}  {r['match_points']:>3} pts  {r['wins']}-{r['losses']}-{r['draws']}  OMW {r['omw']}"
        for r in rows
    ]


def _result(result: dict) -> list[str]:
    winner = {"A": result["team_a"], "B": result["team_b"]}.get(result["outcome"])
    head = f"{result['team_a']} vs {result['team_b']}: " + (f"{winner} wins" if winner else "draw")
    seats = [
        f"  seat {s['seat']}: {s['wins_a']}-{s['wins_b']}" + (f"-{s['draws']}" if s["draws"] else "")
        for s in result["seats"]
    ]
    if not seats:
        games = result["games"]
        seats = [f"  games {games['a']}-{games['b']}" + (f"-{games['drawn']}" if games["drawn"] else "")]
    return [head, *seats]


def discord_message(payload: dict) -> dict:
    """The Discord message for a Hydra payload: a one-line `content` and one embed with the text."""
    topic, event = payload["topic"], payload["event"]
    round_ = payload.get("round") if isinstance(payload.get("round"), dict) else None
    title = TITLES.get(topic, "{event}").format(
        event=event["name"],
        round=round_["name"] if round_ else "",
        table=payload.get("result", {}).get("table", ""),
        pod=payload.get("pod_result", {}).get("pod", ""),
    )
    if round_:
        lines = _pods(round_) if "pods" in round_ else _pairings(round_)
    elif "pod_result" in payload:
        lines = _pod_result(payload["pod_result"])
    elif "standings" in payload:
        lines = _standings(payload["standings"])
    elif "result" in payload:
        lines = _result(payload["result"])
    elif "draft" in payload:
        draft = payload["draft"]
        where = f"table {draft['table']}" if "table" in draft else f"pod {draft['pod']}"
        lines = [f"{where}: " + ", ".join(draft["teams"])]
    else:
        lines = []
    embed = {"title": _cut(title, 256), "color": COLOUR, "timestamp": payload["at"]}
    if lines:
        embed["description"] = _code(lines, DESCRIPTION_LIMIT)
    return {"content": _cut(title, CONTENT_LIMIT), "embeds": [embed], "allowed_mentions": {"parse": []}}
