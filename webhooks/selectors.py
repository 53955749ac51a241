"""Reads of the webhooks: what a delivery says about an event, built only from what the public pages show.

Nothing hidden leaves Hydra: a result is described only once it counts (confirmed or final), the standings come from
counting results only, and a draft's message names its table and teams, never a pick.
"""

from django.db.models import Q, QuerySet
from django.utils import timezone

from drafting.models import DraftTable, Pod
from multiplayer.models import MultiplayerTable, MultiplayerTableState
from multiplayer.selectors import round_byes, round_multiplayer_tables
from tournaments.enums import COUNTING_STATES
from tournaments.models import Event, Round, TeamMatch
from tournaments.selectors.pairings import round_tables
from tournaments.selectors.standings import standings_for_event, team_names_for_event
from tournaments.signals import DomainEvent
from webhooks.models import Webhook, WebhookDelivery

STANDINGS_ROWS = 64  # a webhook carries the top of the standings; the full table is on the event's pages


def webhooks_for_event(*, event: Event, topic: str | None = None) -> list[Webhook]:
    """The active webhooks that receive this event's news: the event's own and its organizer's all-events ones,
    those subscribed to `topic` only when it is given."""
    hooks = Webhook.objects.filter(is_active=True).filter(
        Q(event=event) | Q(event__isnull=True, owner_id=event.organizer_id)
    )
    return [hook for hook in hooks if topic is None or topic in hook.topics]


def webhooks_listed_for(*, event: Event) -> QuerySet[Webhook]:
    """Every webhook shown on the event's page (active or not): the event's own and its organizer's all-events ones."""
    return (
        Webhook.objects.filter(Q(event=event) | Q(event__isnull=True, owner_id=event.organizer_id))
        .select_related("owner")
        .order_by("pk")
    )


def deliveries_for_event(*, event: Event, limit: int = 200) -> list[WebhookDelivery]:
    """The event's latest deliveries, newest first, with their webhooks (two queries)."""
    return list(WebhookDelivery.objects.filter(event=event).select_related("webhook")[:limit])


def _seats(registration) -> list[dict]:
    return [{"seat": s.letter, "player": s.player.name} for s in registration.seats.all()]


def _round_payload(round_: Round) -> dict:
    tables = []
    for match in round_tables(round_=round_):
        tables.append(
            {
                "table": match.table,
                "team_a": match.team_a.team.name,
                "players_a": _seats(match.team_a),
                "team_b": match.team_b.team.name if match.team_b else None,
                "players_b": _seats(match.team_b) if match.team_b else [],
                "bye": match.team_b is None,
            }
        )
    return {"number": round_.number, "name": str(round_.name), "kind": round_.kind, "tables": tables}


def _pod_round_payload(round_: Round) -> dict:
    """A multiplayer pod round (multiplayer/): each pod's seats in order with their players, and the byes."""
    pods = [
        {
            "pod": pod.number,
            "players": [{"seat": seat.position, "player": str(seat.registration.team)} for seat in pod.seats.all()],
        }
        for pod in round_multiplayer_tables(round_=round_)
    ]
    return {
        "number": round_.number,
        "name": str(round_.name),
        "kind": round_.kind,
        "pods": pods,
        "byes": [str(registration.team) for registration in round_byes(round_=round_)],
    }


def _pod_result_payload(pod: MultiplayerTable) -> dict | None:
    if pod.state != MultiplayerTableState.FINAL:
        return None  # reported but unconfirmed: hidden until it counts
    return {
        "round": pod.round.number,
        "pod": pod.number,
        "kind": pod.result_kind,
        "seats": [
            {"seat": seat.position, "player": str(seat.registration.team), "outcome": seat.outcome}
            for seat in pod.seats.select_related("registration__team").order_by("position")
        ],
    }


def _result_payload(match: TeamMatch) -> dict | None:
    if match.result_state not in COUNTING_STATES:
        return None  # reported but unconfirmed, or disputed: hidden until it counts
    return {
        "round": match.round.number,
        "table": match.table,
        "team_a": match.team_a.team.name,
        "team_b": match.team_b.team.name if match.team_b else None,
        "outcome": match.outcome,
        "state": match.result_state,
        "games": {"a": match.games_won_a, "b": match.games_won_b, "drawn": match.games_drawn},
        "seats": [
            {"seat": s.letter, "wins_a": s.wins_a, "wins_b": s.wins_b, "draws": s.draws}
            for s in match.seat_matches.order_by("letter")
        ],
    }


def _standings_payload(event: Event) -> list[dict]:
    names = team_names_for_event(event=event)
    return [
        {
            "rank": row.rank,
            "team": names.get(row.team, ""),
            "match_points": row.match_points,
            "wins": row.wins,
            "losses": row.losses,
            "draws": row.draws,
            "omw": str(row.omw.rounded),
            "gw": str(row.gw.rounded),
            "ogw": str(row.ogw.rounded),
        }
        for row in standings_for_event(event=event)[:STANDINGS_ROWS]
    ]


def _draft_payload(data: dict) -> dict | None:
    if data.get("table"):
        table = DraftTable.objects.select_related("team1__team", "team2__team").filter(pk=data["table"]).first()
        if table is None:
            return None
        return {
            "kind": "rochester",
            "table": table.number,
            "status": table.status,
            "teams": [table.team1.team.name, table.team2.team.name],
        }
    pod = Pod.objects.filter(pk=data.get("pod")).first()
    if pod is None:
        return None
    teams = list(pod.teams.order_by("pk").values_list("registration__team__name", flat=True))
    return {"kind": "two-headed-giant", "pod": pod.number, "status": pod.status, "teams": teams}


def round_complete(*, round_: Round) -> bool:
    """Every match of the round has a counting result (byes count from the start)."""
    return not round_.matches.exclude(result_state__in=COUNTING_STATES).exists()


def webhook_payload_build(*, event: Event, kind: str, data: dict) -> dict | None:
    """The JSON body of `kind` for this event, or None when there is nothing public to say (a result that doesn't
    count, a round or draft deleted meanwhile)."""
    payload = {
        "topic": kind,
        "at": timezone.now().isoformat(),
        "event": {"id": event.pk, "name": event.name, "date": event.date.isoformat(), "status": event.status},
    }
    if kind in (DomainEvent.ROUND_PAIRED, DomainEvent.TOP_CUT):
        round_ = Round.objects.filter(pk=data.get("round"), event=event).first()
        if round_ is None:
            return None
        payload["round"] = _round_payload(round_)
    elif kind == DomainEvent.RESULT_FINAL:
        match = (
            TeamMatch.objects.select_related("round", "team_a__team", "team_b__team")
            .filter(pk=data.get("match"), round__event=event)
            .first()
        )
        result = _result_payload(match) if match else None
        if result is None:
            return None
        payload["result"] = result
    elif kind == DomainEvent.STANDINGS_CHANGED:
        payload["round"] = data.get("round_number")
        payload["standings"] = _standings_payload(event)
    elif kind == DomainEvent.EVENT_FINISHED:
        payload["standings"] = _standings_payload(event)
    elif kind == DomainEvent.DAY2_CUT:  # made or undone: who did not advance, by name (none once undone)
        payload["cut"] = {
            "round": data.get("round"),
            "made": bool(data.get("made")),
            "not_advanced": sorted(
                event.registrations.filter(day2_cut_round__isnull=False).values_list("team__name", flat=True)
            ),
        }
    elif kind == DomainEvent.POD_ROUND_PAIRED:
        round_ = Round.objects.filter(pk=data.get("round"), event=event).first()
        if round_ is None:
            return None
        payload["round"] = _pod_round_payload(round_)
    elif kind == DomainEvent.POD_RESULT_FINAL:
        pod = MultiplayerTable.objects.select_related("round").filter(pk=data.get("pod"), round__event=event).first()
        result = _pod_result_payload(pod) if pod else None
        if result is None:
            return None
        payload["pod_result"] = result
    elif kind in (DomainEvent.DRAFT_STARTED, DomainEvent.DRAFT_FINISHED):
        draft = _draft_payload(data)
        if draft is None:
            return None
        payload["draft"] = draft
    else:
        return None
    return payload
