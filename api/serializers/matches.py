from django.utils.translation import gettext as _
from rest_framework import serializers

from api.serializers.common import StrictInputSerializer, TeamRefSerializer
from tournaments.enums import COUNTING_STATES, Outcome, ResultState, RoundKind
from tournaments.models import SeatMatch, TeamMatch


class SeatResultSerializer(serializers.Serializer):
    """One seat's individual best-of-three, games counted from team A's side."""

    letter = serializers.CharField()
    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    draws = serializers.IntegerField()


class SharedGamesSerializer(serializers.Serializer):
    """A shared-game match's games (Two-Headed Giant, Three-Headed Serpent), from team A's side."""

    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    draws = serializers.IntegerField()


def _team(registration) -> dict | None:
    return None if registration is None else {"id": registration.pk, "name": registration.team.name}


class TeamMatchSerializer(serializers.Serializer):
    """A pairing and its result.

    A result counts, and is shown, only once confirmed or final. Until then everyone but the two teams and the
    event's scorekeepers sees the match as "pending" with no games: a reported, unconfirmed result is hidden
    information. Pass context {"full": True} for a caller who may see it.
    """

    id = serializers.IntegerField()
    round = serializers.IntegerField(help_text="The round number.")
    round_name = serializers.CharField(help_text='"Round 3"; playoff rounds "Quarterfinal", "Semifinal", "Final".')
    round_kind = serializers.ChoiceField(choices=RoundKind.choices)
    table = serializers.IntegerField()
    team_a = TeamRefSerializer()
    team_b = TeamRefSerializer(allow_null=True, help_text="null for a bye.")
    is_bye = serializers.BooleanField()
    result_state = serializers.ChoiceField(choices=ResultState.choices)
    outcome = serializers.ChoiceField(choices=Outcome.choices, allow_null=True, help_text="From team A's side.")
    seats = SeatResultSerializer(many=True, help_text="Seat-against-seat events: one entry per seat once shown.")
    games = SharedGamesSerializer(allow_null=True, help_text="Shared-game events: the games, once shown.")
    dispute_note = serializers.CharField(required=False, help_text="Only for the two teams and scorekeepers.")

    def to_representation(self, match: TeamMatch) -> dict:
        shared = self.context.get("shared_game", False)
        return team_match_data(
            pk=match.pk,
            round_=match.round,
            table=match.table,
            team_a=_team(match.team_a),
            team_b=_team(match.team_b),
            result_state=match.result_state,
            outcome=match.outcome,
            dispute_note=match.dispute_note,
            seats=lambda: [(s.letter, s.wins_a, s.wins_b, s.draws) for s in match.seat_matches.all()],
            games=(match.games_won_a, match.games_won_b, match.games_drawn),
            full=self.context.get("full", False),
            shared=shared,
        )


def team_match_data(
    *,
    pk: int,
    round_,
    table: int,
    team_a: dict,
    team_b: dict | None,
    result_state: str,
    outcome: str,
    dispute_note: str,
    seats,
    games: tuple[int, int, int],
    full: bool,
    shared: bool,
) -> dict:
    """One match as the API shows it (TeamMatchSerializer's promise): the result only once it counts, or to a
    caller who may see it (`full`); `seats` is called for the seat results only when they are shown."""
    shown = full or result_state in COUNTING_STATES
    is_bye = team_b is None
    data = {
        "id": pk,
        "round": round_.number,
        "round_name": round_.name,
        "round_kind": round_.kind,
        "table": table,
        "team_a": team_a,
        "team_b": team_b,
        "is_bye": is_bye,
        "result_state": result_state if shown else ResultState.PENDING.value,
        "outcome": (outcome or None) if shown else None,
        "seats": [],
        "games": None,
    }
    if shown and result_state != ResultState.PENDING and not is_bye:
        if shared:
            data["games"] = {"wins_a": games[0], "wins_b": games[1], "draws": games[2]}
        else:
            data["seats"] = [
                {"letter": letter, "wins_a": a, "wins_b": b, "draws": d} for letter, a, b, d in sorted(seats())
            ]
    if full:
        data["dispute_note"] = dispute_note
    return data


def round_matches_data(*, round_, full: bool, shared: bool) -> list[dict]:
    """Every match of `round_` by table, as TeamMatchSerializer shows each, read as plain values in two queries
    whatever the round's size (a round of 512 matches as models would be thousands of objects)."""
    rows = list(
        TeamMatch.objects.filter(round=round_)
        .order_by("table")
        .values_list(
            "pk",
            "table",
            "team_a_id",
            "team_a__team__name",
            "team_b_id",
            "team_b__team__name",
            "result_state",
            "outcome",
            "dispute_note",
            "games_won_a",
            "games_won_b",
            "games_drawn",
        )
    )
    seats: dict[int, list[tuple]] = {}
    if not shared and any(row[6] != ResultState.PENDING and row[4] is not None for row in rows):
        for match, letter, a, b, d in SeatMatch.objects.filter(team_match__round=round_).values_list(
            "team_match_id", "letter", "wins_a", "wins_b", "draws"
        ):
            seats.setdefault(match, []).append((letter, a, b, d))
    return [
        team_match_data(
            pk=pk,
            round_=round_,
            table=table,
            team_a={"id": a, "name": a_name},
            team_b=None if b is None else {"id": b, "name": b_name},
            result_state=state,
            outcome=outcome,
            dispute_note=note,
            seats=lambda pk=pk: seats.get(pk, []),
            games=(won_a, won_b, drawn),
            full=full,
            shared=shared,
        )
        for pk, table, a, a_name, b, b_name, state, outcome, note, won_a, won_b, drawn in rows
    ]


class SeatInputSerializer(StrictInputSerializer):
    letter = serializers.RegexField(r"^[A-H]$", help_text="The seat: A, B, C ...")
    wins_a = serializers.IntegerField(min_value=0, max_value=2, help_text="Games won by team A's player.")
    wins_b = serializers.IntegerField(min_value=0, max_value=2, help_text="Games won by team B's player.")
    draws = serializers.IntegerField(min_value=0, max_value=3, default=0)


class GamesInputSerializer(StrictInputSerializer):
    wins_a = serializers.IntegerField(min_value=0, max_value=3)
    wins_b = serializers.IntegerField(min_value=0, max_value=3)
    draws = serializers.IntegerField(min_value=0, max_value=9, default=0)


class MatchResultInputSerializer(StrictInputSerializer):
    seats = SeatInputSerializer(many=True, required=False, max_length=8)
    games = GamesInputSerializer(required=False)
    result = serializers.CharField(
        required=False,
        max_length=40,
        help_text="Instead of `seats` or `games`: the result as typed at the desk, from team A's side. Seat-against-"
        'seat events: one per seat in seat order, "2-1", "1-0", "1-1", "1-1-1", "ID" (an '
        'intentional draw, 0-0-3) for an individual event\'s one match, "21 12 20" for three seats. '
        'Shared-game events: the winning team ("A", "B") or the games ("2-1", "0-0-1").',
    )

    def validate(self, data):
        if sum(key in data for key in ("seats", "games", "result")) != 1:
            raise serializers.ValidationError(
                _(
                    "Send either `seats` or `result` (seat-against-seat events) or `games` (shared-game events), one of them."
                )
            )
        return data


class MatchDisputeInputSerializer(StrictInputSerializer):
    note = serializers.CharField(
        max_length=2000, required=False, allow_blank=True, help_text="What is wrong with the report."
    )
