"""Reads of multiplayer pod events (docs/multiplayer.md): a round's pods, the player's pod, and the standings."""

from dataclasses import dataclass

from django.db.models import Prefetch

from multiplayer import engine
from multiplayer.models import MultiplayerBye, MultiplayerSeat, MultiplayerTable, MultiplayerTableState
from tournaments.enums import RoundKind
from tournaments.models import Event, Registration, Round, Seat
from tournaments.selectors.rounds import matches_players_see, round_latest, rounds_players_see


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


def multiplayer_standings(*, event: Event) -> list[MultiplayerStandingRow]:
    """The Swiss standings of a pod event, best first, with every tiebreaker's parts (engine.standings)."""
    registrations = {r.pk: r for r in Registration.objects.filter(event=event).select_related("team")}
    rows = engine.standings(
        _games(event=event, kind=RoundKind.SWISS),
        scoring=event_scoring(event=event),
        tiebreak=event.pod_tiebreak,
        seed=event.pk,
        players=registrations,
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


def multiplayer_final_places(*, event: Event) -> list[Registration]:
    """The event's final order: the top pod's winner first, then the rest of the top pod, then the Swiss order."""
    swiss = [row.registration for row in multiplayer_standings(event=event)]
    top = (
        MultiplayerTable.objects.filter(round__event=event, round__kind=RoundKind.PLAYOFF)
        .prefetch_related("seats")
        .first()
    )
    if top is None:
        return swiss
    seated = [s.registration_id for s in top.seats.all()]
    result = None
    if top.state == MultiplayerTableState.FINAL:
        winners = tuple(s.registration_id for s in top.seats.all() if s.outcome in ("W", "D"))
        result = engine.TableResult(kind=top.result_kind, players=winners)
    order = engine.final_order([r.pk for r in swiss], seated, result)
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
