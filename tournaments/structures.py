"""The shared-game structures' values and presets (RULES.md 2), as plain data.

A rules engine reads these (sharedgame.rules) without Django's choices; tournaments.enums builds its `Structure`
choices from the same values, so what is stored doesn't change.
"""

SEAT_AGAINST_SEAT = "seat"
TWO_HEADED_GIANT = "2hg"
THREE_HEADED_SERPENT = "3hs"
CUSTOM_SHARED = "shared"
# Individuals at tables of three to five, one winner a game (issue 43, docs/multiplayer.md; the engine is multiplayer.engine).
MULTIPLAYER_PODS = "multiplayer_pods"


def shared_preset(structure: str, team_size: int) -> tuple[int, int] | None:
    """Return (life, poison limit) of a shared-game structure for a team of `team_size` (RULES.md 2).

    Two-Headed Giant: 30 life, 15 poison. Three-Headed Serpent: 20 life and 10 poison per member.
    None for seat-against-seat events and for custom presets, which the organizer sets.
    """
    if structure == TWO_HEADED_GIANT:
        return 30, 15
    if structure == THREE_HEADED_SERPENT:
        return 20 * team_size, 10 * team_size
    return None
