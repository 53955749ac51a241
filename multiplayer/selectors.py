"""Reads of multiplayer pod events (docs/multiplayer.md): a round's pods, the player's pod, and the standings."""

from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from django.db.models import Prefetch

from multiplayer import engine
from multiplayer.models import MultiplayerBye, MultiplayerSeat, MultiplayerTable, MultiplayerTableState
from tournaments.enums import RoundKind
from tournaments.models import Event, Registration, Round, Seat
from tournaments.placements import Placing
from tournaments.selectors.daytwo import day2_below_cut
from tournaments.selectors.rounds import matches_players_see, round_latest, rounds_players_see
from tournaments.standings import OpponentAverage, StandingRow, WinPercentage


def event_scoring(*, event: Event) -> engine.Scoring:
    """The event's points for a win, a draw, a loss and a bye."""
    return engine.Scoring(
        win=event.pod_win_points, draw=event.pod_draw_points, loss=event.pod_loss_points, bye=event.pod_bye_points
    )


def round_multiplayer_tables(*, round_: Round) -> list[MultiplayerTable]:
    """The round's pods, numbered, each with its seats in order and their players (three queries)."""
    seats = MultiplayerSeat.objects.select_related("registration__team").order_by("position")
    return list(
        MultiplayerTable.objects.filter(round=round_)
        .order_by("number")
        .prefetch_related(Prefetch("seats", queryset=seats))
    )


def round_byes(*, round_: Round) -> list[Registration]:
    return [
        bye.registration for bye in MultiplayerBye.objects.filter(round=round_).select_related("registration__team")
    ]


def tables_without_result(*, round_: Round) -> list[int]:
    """The numbers of the round's pods whose result isn't final yet."""
    return list(
        MultiplayerTable.objects.filter(round=round_)
        .exclude(state=MultiplayerTableState.FINAL)
        .order_by("number")
        .values_list("number", flat=True)
    )


def round_open_tables(*, event: Event, round_number: int) -> list[int] | None:
    """The pods of Swiss round `round_number` without a final result ([] when every one has it), or None when the
    round isn't seated (the Day 2 cut's question: tournaments.finalorder)."""
    round_ = event.rounds.filter(kind=RoundKind.SWISS, number=round_number).first()
    return None if round_ is None else tables_without_result(round_=round_)


def seat_of_registration(*, round_: Round, registration_id: int) -> MultiplayerSeat | None:
    """The entrant's seat in `round_` (with its pod), or None (a bye, dropped, or not a pod round). One query."""
    return (
        MultiplayerSeat.objects.filter(table__round=round_, registration_id=registration_id)
        .select_related("table")
        .first()
    )


def has_bye(*, round_: Round, registration_id: int) -> bool:
    """The entrant sits out `round_` with a bye."""
    return MultiplayerBye.objects.filter(round=round_, registration_id=registration_id).exists()


def table_get(*, event: Event, table_id: int, drafts: bool = False) -> MultiplayerTable | None:
    """The event's pod with this id, or None; a pod of a round players may not see yet (its pods a draft the
    organizer reviews) only with `drafts` (the staff's reads)."""
    tables = MultiplayerTable.objects.filter(pk=table_id, round__event=event)
    if not drafts:
        tables = matches_players_see(tables)
    return tables.select_related("round__event").first()


def tables_latest_round(*, event: Event, players: bool = False) -> Round | None:
    """The event's newest round (a Swiss round of pods or the top pod), or None before round 1; with `players` the
    newest that players may see (tournaments.selectors.rounds)."""
    return round_latest(event=event, players=players)


def table_of_user(*, round_: Round, user) -> MultiplayerTable | None:
    """The pod the signed-in player sits at in `round_`, or None."""
    if not getattr(user, "is_authenticated", False):
        return None
    mine = Seat.objects.filter(event_id=round_.event_id, player__user=user).values("registration_id")
    return MultiplayerTable.objects.filter(round=round_, seats__registration_id__in=mine).first()


def _games(*, event: Event, kind: str, upto_round: int | None = None) -> list[engine.Game]:
    """Every final pod's seats and every bye of the event's rounds of `kind` (up to round `upto_round`), as the
    engine's Games."""
    games: list[engine.Game] = []
    seats = MultiplayerSeat.objects.filter(
        table__round__event=event, table__round__kind=kind, table__state=MultiplayerTableState.FINAL
    )
    byes = MultiplayerBye.objects.filter(round__event=event, round__kind=kind)
    if upto_round is not None:
        seats = seats.filter(table__round__number__lte=upto_round)
        byes = byes.filter(round__number__lte=upto_round)
    by_pod: dict[int, list[tuple[int, int, str]]] = {}
    for table_id, registration_id, position, outcome in seats.values_list(
        "table_id", "registration_id", "position", "outcome"
    ):
        by_pod.setdefault(table_id, []).append((registration_id, position, outcome))
    for seated in by_pod.values():
        players = [r for r, _p, _o in seated]
        for registration_id, position, outcome in seated:
            others = tuple(p for p in players if p != registration_id)
            games.append(engine.Game(registration_id, others, position, outcome))
    for registration_id in byes.values_list("registration_id", flat=True):
        games.append(engine.Game(registration_id, (), 0, "B"))
    return games


@dataclass
class MultiplayerStandingRow:
    """One line of the standings: the engine's Standing and the player's registration."""

    standing: engine.Standing
    registration: Registration


def event_convention(*, event: Event) -> engine.Convention:
    """How the event counts: its points, first tiebreaker, opponent's floor and byes."""
    return engine.Convention(
        scoring=event_scoring(event=event),
        tiebreak=event.pod_tiebreak,
        floor=Fraction(event.pod_opponent_floor, 100),
        byes_at_floor=event.pod_byes_at_floor,
        label="",
    )


def multiplayer_standings(
    *,
    event: Event,
    convention: engine.Convention | None = None,
    games: list[engine.Game] | None = None,
    upto_round: int | None = None,
) -> list[MultiplayerStandingRow]:
    """The Swiss standings of a pod event (after round `upto_round`), best first, with every tiebreaker's parts
    (engine.standings); counted as the event counts (or as `convention` does: compare_standings tries each), over
    `games` when they are read already."""
    registrations = {r.pk: r for r in Registration.objects.filter(event=event).select_related("team")}
    convention = convention or event_convention(event=event)
    rows = engine.standings(
        _games(event=event, kind=RoundKind.SWISS, upto_round=upto_round) if games is None else games,
        scoring=convention.scoring,
        tiebreak=convention.tiebreak,
        seed=event.pk,
        players=registrations,
        floor=convention.floor,
        bye_opponents=event.pod_size - 1 if convention.byes_at_floor else 0,
    )
    return [
        MultiplayerStandingRow(standing=row, registration=registrations[row.player])
        for row in rows
        if row.player in registrations
    ]


def table_history(*, event: Event) -> list[list[int]]:
    """Every pod the event has seated so far (its players' registration ids), reported or not: a pod is history
    once it is made."""
    tables: dict[int, list[int]] = {}
    for table_id, registration_id in MultiplayerSeat.objects.filter(table__round__event=event).values_list(
        "table_id", "registration_id"
    ):
        tables.setdefault(table_id, []).append(registration_id)
    return list(tables.values())


def multiplayer_swiss_games(*, event: Event) -> list[engine.Game]:
    """Every final Swiss pod's seats and every Swiss bye, as the engine's Games (read once, counted many ways)."""
    return _games(event=event, kind=RoundKind.SWISS)


def playoff_played(*, event: Event) -> list[list[tuple[list[int], engine.TableResult]]]:
    """The playoff rounds played so far, first to last, each its pods with a final result as (seated in seat order,
    result) (engine.playoff_entrants)."""
    stages: dict[int, list[tuple[list[int], engine.TableResult]]] = {}
    for table in (
        MultiplayerTable.objects.filter(
            round__event=event, round__kind=RoundKind.PLAYOFF, state=MultiplayerTableState.FINAL
        )
        .select_related("round")
        .prefetch_related("seats")
        .order_by("round__number", "number")
    ):
        seats = sorted(table.seats.all(), key=lambda s: s.position)
        winners = tuple(s.registration_id for s in seats if s.outcome in ("W", "D"))
        result = engine.TableResult(kind=table.result_kind, players=winners)
        stages.setdefault(table.round.number, []).append(([s.registration_id for s in seats], result))
    return [stages[n] for n in sorted(stages)]


def next_seating(*, event: Event) -> str:
    """What seating the event's next round seats: "round" (a Swiss round), "playoff" (a playoff round before the
    last) or "top" (the top pod, the playoff's last round)."""
    swiss = event.rounds.filter(kind=RoundKind.SWISS).count()
    plan = engine.PLAYOFF_PLANS.get(event.top_cut, ())
    if swiss < event.swiss_rounds or not plan:
        return "round"
    played = event.rounds.filter(kind=RoundKind.PLAYOFF).count()
    return "top" if played + 1 >= len(plan) else "playoff"


def multiplayer_final_places(
    *, event: Event, convention: engine.Convention | None = None, games: list[engine.Game] | None = None
) -> list[Registration]:
    """The event's final order: the playoff's last pod (its winner first, then the rest of it), then each earlier
    playoff round's players, then the Swiss order (engine.playoff_order)."""
    swiss = [row.registration for row in multiplayer_standings(event=event, convention=convention, games=games)]
    stages: dict[int, list[tuple[list[int], engine.TableResult | None]]] = {}
    for top in (
        MultiplayerTable.objects.filter(round__event=event, round__kind=RoundKind.PLAYOFF)
        .select_related("round")
        .prefetch_related("seats")
        .order_by("round__number", "number")
    ):
        seated = [s.registration_id for s in sorted(top.seats.all(), key=lambda s: s.position)]
        result = None
        if top.state == MultiplayerTableState.FINAL:
            winners = tuple(s.registration_id for s in top.seats.all() if s.outcome in ("W", "D"))
            result = engine.TableResult(kind=top.result_kind, players=winners)
        stages.setdefault(top.round.number, []).append((seated, result))
    if not stages:
        return swiss
    order = engine.playoff_order([r.pk for r in swiss], [stages[n] for n in sorted(stages)])
    by_id = {r.pk: r for r in swiss}
    return [by_id[pk] for pk in order]


def _decided_by(above: engine.Standing | None, row: engine.Standing) -> str:
    """The first criterion that ranks `row` below `above` (docs/multiplayer.md, "Tiebreakers"); "" for the first."""
    if above is None:
        return ""
    if row.points != above.points:
        return "points"
    if row.opponent_score != above.opponent_score:
        return "opponents' average"
    if row.wins != above.wins:
        return "pods won"
    if row.seat_average != above.seat_average:
        return "seat order"
    return "final tiebreak"


def _share(part: int, whole: int) -> WinPercentage:
    return WinPercentage(
        points=part, played=whole, value=Fraction(part, whole) if whole else Fraction(0), floored=False
    )


def multiplayer_standing_rows(*, event: Event, upto_round: int | None = None) -> tuple[StandingRow, ...]:
    """The pod standings as the core's standings rows (tournaments/finalorder.py: what the Standings tab, the
    exports, the seasons and every other reader of `standings_for_event` read for a pod event, issue 56).

    `match_points` are the pod points; the record is pods won-lost-drawn (a bye is neither: `byes`); `mw` the
    points as a share of what the rounds played could have given; `omw` the opponents' average (the first
    tiebreaker, with each opponent's share as its parts); `gw` the pods won per pod played; `ogw` the average seat
    (the seat-order tiebreaker: a number, not a percentage); `decided_by` "points", "opponents' average", "pods
    won", "seat order" or "final tiebreak"."""
    best = max(event.pod_win_points, 1)
    rows: list[StandingRow] = []
    above: engine.Standing | None = None
    for line in multiplayer_standings(event=event, upto_round=upto_round):
        s = line.standing
        score = s.opponent_score
        rows.append(
            StandingRow(
                s.rank,
                line.registration.pk,
                s.points,
                s.wins,
                s.games - s.wins - s.draws,
                s.draws,
                s.byes,
                WinPercentage(  # `played`: the rounds with a result (rounds_played), byes included
                    points=s.points,
                    played=s.played,
                    value=Fraction(s.points, s.played * best) if s.played else Fraction(0),
                    floored=False,
                ),
                OpponentAverage(
                    opponents=tuple(o for o, _share_of in s.opponent_parts),
                    table=MappingProxyType(dict(s.opponent_parts)),
                    total=score.numerator,
                    denominator=score.denominator,
                ),
                _share(s.wins, s.games),
                OpponentAverage(opponents=(), table=MappingProxyType({}), total=s.seat_sum, denominator=s.games or 1),
                f"{s.final:.12f}",
                _decided_by(above, s),
            )
        )
        above = s
    return tuple(rows)


def multiplayer_placings(*, event: Event) -> list[Placing]:
    """The event's final placings (issue 56: what `placements_for_event` answers for a pod event): the order of
    `multiplayer_final_places` (the top pod first, then the Swiss order), the disqualified who played no top pod
    moved last; stage "top_pod" for the players of the top pod (every playoff round's), "swiss" for the others."""
    order = [registration.pk for registration in multiplayer_final_places(event=event)]
    playoff = set(
        MultiplayerSeat.objects.filter(table__round__event=event, table__round__kind=RoundKind.PLAYOFF).values_list(
            "registration_id", flat=True
        )
    )
    disqualified = (
        set(Registration.objects.filter(event=event, disqualified_at__isnull=False).values_list("pk", flat=True))
        - playoff
    )
    # After a Day 2 cut, the players who played no Day 2 come below every Day 2 player (as in every structure).
    below = day2_below_cut(event=event) - playoff
    order = [pk for pk in order if pk not in below] + [pk for pk in order if pk in below]
    order = [pk for pk in order if pk not in disqualified] + [pk for pk in order if pk in disqualified]
    return [
        Placing(place=place, team=pk, stage="top_pod" if pk in playoff else "swiss")
        for place, pk in enumerate(order, start=1)
    ]


def table_data(*, table: MultiplayerTable) -> dict:
    """A pod as plain data (the API's and the live pages' shape): its seats in order with their outcomes."""
    return {
        "id": table.pk,
        "number": table.number,
        "state": table.state,
        "result": table.result_kind,
        "seats": [
            {
                "seat": s.position,
                "id": s.registration_id,
                "name": s.registration.team.name,
                "outcome": s.outcome if table.state == MultiplayerTableState.FINAL else "",
            }
            for s in table.seats.all()
        ],
    }


def table_rounds_data(*, event: Event, drafts: bool = False) -> list[dict]:
    """Every round of a pod event that players may see with its pods and byes, as plain data (a fixed number of
    queries); a round whose pods are a draft the organizer reviews too with `drafts` (the staff's reads)."""
    rounds = list((event.rounds.all() if drafts else rounds_players_see(event=event)).order_by("number"))
    seats = MultiplayerSeat.objects.select_related("registration__team").order_by("position")
    tables = (
        MultiplayerTable.objects.filter(round__event=event)
        .order_by("number")
        .prefetch_related(Prefetch("seats", queryset=seats))
    )
    byes = MultiplayerBye.objects.filter(round__event=event).select_related("registration__team")
    by_round: dict[int, list[dict]] = {}
    for table in tables:
        by_round.setdefault(table.round_id, []).append(table_data(table=table))
    byes_of: dict[int, list[dict]] = {}
    for bye in byes:
        byes_of.setdefault(bye.round_id, []).append({"id": bye.registration_id, "name": bye.registration.team.name})
    for round_ in rounds:
        round_.event = event
    return [
        {
            "number": r.number,
            "name": r.name,
            "kind": r.kind,
            "pods": by_round.get(r.pk, []),
            "byes": byes_of.get(r.pk, []),
        }
        for r in rounds
    ]


def multiplayer_standings_data(*, event: Event) -> list[dict]:
    """The standings as plain data, every tiebreaker with its parts (exact fractions as text)."""
    data = []
    for row in multiplayer_standings(event=event):
        s = row.standing
        data.append(
            {
                "rank": s.rank,
                "id": row.registration.pk,
                "name": row.registration.team.name,
                "points": s.points,
                "games": s.games,
                "wins": s.wins,
                "draws": s.draws,
                "byes": s.byes,
                "opponents": {
                    "value": round(float(s.opponent_score), 4),
                    "exact": str(s.opponent_score),
                    "parts": [{"opponent": o, "share": str(share)} for o, share in s.opponent_parts],
                },
                "seat_average": str(s.seat_average),
                "seat_average_value": round(float(s.seat_average), 4),
            }
        )
    return data


def multiplayer_rated_games(*, events) -> list[tuple[int, int, list[tuple[int, str]]]]:
    """Every final pod of `events` (a queryset) as (event id, pod size, [(registration id, outcome)] in seat order),
    in replay order: event date, event, round, pod. Two queries."""
    tables = list(
        MultiplayerTable.objects.filter(round__event__in=events, state=MultiplayerTableState.FINAL)
        .order_by("round__event__date", "round__event_id", "round__number", "number")
        .values_list("pk", "round__event_id")
    )
    seats: dict[int, list[tuple[int, str]]] = {}
    for table_id, registration_id, outcome in (
        MultiplayerSeat.objects.filter(table_id__in=[pk for pk, _e in tables])
        .order_by("position")
        .values_list("table_id", "registration_id", "outcome")
    ):
        seats.setdefault(table_id, []).append((registration_id, outcome))
    return [(event_id, len(seats.get(pk, [])), seats.get(pk, [])) for pk, event_id in tables]
