"""Reads of multiplayer pod events (docs/multiplayer.md): a round's pods, the player's pod, and the standings."""

from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Prefetch

from multiplayer import engine
from multiplayer.models import MultiplayerBye, MultiplayerSeat, MultiplayerTable, MultiplayerTableState
from tournaments.enums import RoundKind
from tournaments.models import Event, Registration, Round, Seat
from tournaments.selectors.rounds import round_latest


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


def table_get(*, event: Event, table_id: int) -> MultiplayerTable | None:
    """The event's pod with this id, or None."""
    return MultiplayerTable.objects.filter(pk=table_id, round__event=event).select_related("round__event").first()


def tables_latest_round(*, event: Event) -> Round | None:
    """The event's newest round (a Swiss round of pods or the top pod), or None before round 1."""
    return round_latest(event=event)


def table_of_user(*, round_: Round, user) -> MultiplayerTable | None:
    """The pod the signed-in player sits at in `round_`, or None."""
    if not getattr(user, "is_authenticated", False):
        return None
    mine = Seat.objects.filter(event_id=round_.event_id, player__user=user).values("registration_id")
    return MultiplayerTable.objects.filter(round=round_, seats__registration_id__in=mine).first()


def _games(*, event: Event, kind: str) -> list[engine.Game]:
    """Every final pod's seats and every bye of the event's rounds of `kind`, as the engine's Games."""
    games: list[engine.Game] = []
    seats = MultiplayerSeat.objects.filter(
        table__round__event=event, table__round__kind=kind, table__state=MultiplayerTableState.FINAL
    ).values_list("table_id", "registration_id", "position", "outcome")
    by_pod: dict[int, list[tuple[int, int, str]]] = {}
    for table_id, registration_id, position, outcome in seats:
        by_pod.setdefault(table_id, []).append((registration_id, position, outcome))
    for seated in by_pod.values():
        players = [r for r, _p, _o in seated]
        for registration_id, position, outcome in seated:
            others = tuple(p for p in players if p != registration_id)
            games.append(engine.Game(registration_id, others, position, outcome))
    for registration_id in MultiplayerBye.objects.filter(round__event=event, round__kind=kind).values_list(
        "registration_id", flat=True
    ):
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
    *, event: Event, convention: engine.Convention | None = None, games: list[engine.Game] | None = None
) -> list[MultiplayerStandingRow]:
    """The Swiss standings of a pod event, best first, with every tiebreaker's parts (engine.standings); counted
    as the event counts (or as `convention` does: compare_standings tries each), over `games` when they are read
    already."""
    registrations = {r.pk: r for r in Registration.objects.filter(event=event).select_related("team")}
    convention = convention or event_convention(event=event)
    rows = engine.standings(
        _games(event=event, kind=RoundKind.SWISS) if games is None else games,
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


def table_rounds_data(*, event: Event) -> list[dict]:
    """Every round of a pod event with its pods and byes, as plain data (a fixed number of queries)."""
    rounds = list(event.rounds.order_by("number"))
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
