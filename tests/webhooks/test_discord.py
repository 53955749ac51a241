from webhooks.discord import discord_message, is_discord_url


def test_discord_urls_are_recognised_and_others_not():
    assert is_discord_url("https://discord.com/api/webhooks/123/abc")
    assert is_discord_url("https://discordapp.com/api/webhooks/123/abc")
    assert not is_discord_url("http://discord.com/api/webhooks/123/abc")
    assert not is_discord_url("https://discord.com.evil.example/api/webhooks/1/x")
    assert not is_discord_url("https://example.org/api/webhooks/1/x")


def _payload(**extra):
    return {
        "topic": "round.paired",
        "at": "2026-01-01T10:00:00+00:00",
        "event": {"id": 1, "name": "Team Open", "date": "2026-01-01", "status": "running"},
        **extra,
    }


def test_pairings_go_to_discord_as_text_lines():
    round_ = {
        "number": 2,
        "name": "Round 2",
        "kind": "swiss",
        "tables": [
            {"table": 1, "team_a": "Hydras", "players_a": [], "team_b": "Gorgons", "players_b": [], "bye": False},
            {"table": 2, "team_a": "Krakens", "players_a": [], "team_b": None, "players_b": [], "bye": True},
        ],
    }
    message = discord_message(_payload(round=round_))
    assert message["content"] == "Team Open: Round 2 is paired"
    description = message["embeds"][0]["description"]
    assert "  1  Hydras   vs  Gorgons" in description
    assert "  2  Krakens  vs  (bye)" in description
    assert message["allowed_mentions"] == {"parse": []}


def test_standings_go_to_discord_as_text_and_stay_under_discord_limits():
    rows = [
        {
            "rank": i,
            "team": f"Team {i:04d}",
            "match_points": 30 - i % 30,
            "wins": 3,
            "losses": 1,
            "draws": 0,
            "omw": "0.5000",
            "gw": "0.6000",
            "ogw": "0.5000",
        }
        for i in range(1, 400)
    ]
    message = discord_message(_payload(topic="standings.changed", round=3, standings=rows))
    description = message["embeds"][0]["description"]
    assert "  1. Team 0001" in description
    assert len(description) <= 4096
    assert len(message["content"]) <= 2000


def test_a_pod_round_and_a_pod_result_go_to_discord_as_text_lines():
    round_ = {
        "number": 1,
        "name": "Round 1",
        "kind": "swiss",
        "byes": ["Zed"],
        "pods": [
            {
                "pod": 1,
                "players": [{"seat": 1, "player": "Ann"}, {"seat": 2, "player": "Bo"}, {"seat": 3, "player": "Cy"}],
            },
        ],
    }
    message = discord_message(_payload(topic="pods.round.paired", round=round_))
    assert message["content"] == "Team Open: Round 1 is seated in pods"
    assert "pod  1  1. Ann, 2. Bo, 3. Cy" in message["embeds"][0]["description"]
    assert "byes: Zed" in message["embeds"][0]["description"]
    result = {
        "round": 1,
        "pod": 3,
        "kind": "win",
        "seats": [{"seat": 1, "player": "Ann", "outcome": "W"}, {"seat": 2, "player": "Bo", "outcome": "L"}],
    }
    message = discord_message(_payload(topic="pods.result.final", pod_result=result))
    assert message["content"] == "Team Open: result of pod 3"
    assert "seat 1: Ann won" in message["embeds"][0]["description"]
