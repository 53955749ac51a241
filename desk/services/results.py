"""Results typed at the desk: read the keyboard entry (desk.entry) and record it final with the results
service (team_match_record_final), the one place a result's rules live."""
from django.core.exceptions import ValidationError

from desk.entry import EntryError, parse_seats, parse_shared
from tournaments.models import TeamMatch
from tournaments.services.results import SeatGames, SharedGames, team_match_record_final


def desk_result_enter(*, match: TeamMatch, by, text: str) -> TeamMatch:
    """Record the result typed as `text` (see desk.entry) as final. Raises ValidationError with the reason."""
    event = match.round.event
    try:
        if event.is_shared_game:
            a, b, d = parse_shared(text, best_of=event.shared_games_per_match)
            return team_match_record_final(match=match, user=by, games=SharedGames(wins_a=a, wins_b=b, draws=d))
        seats = [SeatGames(letter=s.letter, wins_a=s.wins_a, wins_b=s.wins_b, draws=s.draws)
                 for s in parse_seats(text, event.seat_letters)]
    except EntryError as exc:
        raise ValidationError(str(exc)) from exc
    return team_match_record_final(match=match, user=by, seats=seats)
