"""Match reads shared by the portal, the API and the shared-game pages."""

from tournaments.models import Seat, TeamMatch


def match_user_side(*, match: TeamMatch, user) -> str | None:
    """'A' or 'B' when the user plays on that team of the match, None otherwise (anonymous users included)."""
    if user is None or not user.is_authenticated:
        return None
    registration_id = (
        Seat.objects.filter(player__user=user, registration_id__in=[match.team_a_id, match.team_b_id])
        .values_list("registration_id", flat=True)
        .first()
    )
    if registration_id is None:
        return None
    return "A" if registration_id == match.team_a_id else "B"
