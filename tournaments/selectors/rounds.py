"""The event's latest round: one question, asked here by every page, service and selector (issue 55)."""

from tournaments.models import Event, Round


def round_latest(*, event: Event | int, kind: str | None = None) -> Round | None:
    """The event's round with the highest number, of any kind (a Swiss round or the top cut's, including a phase's
    rounds: they are numbered on with the event's) unless `kind` (a tournaments.enums.RoundKind) names one kind;
    None before its first. `event` is the event or its id."""
    rounds = Round.objects.filter(event_id=getattr(event, "pk", event))
    if kind is not None:
        rounds = rounds.filter(kind=kind)
    return rounds.order_by("-number").first()
