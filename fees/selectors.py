"""Reads of entry fees and prizes (issue 44; docs/fees.md): each in a fixed number of queries."""

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count

from fees.enums import PaymentStatus, TieSplit
from fees.models import EventFee, Prize
from fees.prizes import Award, Placed, PrizeLine, prize_payouts
from tournaments.enums import EventStatus
from tournaments.models import Event, Registration, Seat
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import standings_for_event, team_names_for_event


def fee_for_event(*, event: Event) -> EventFee:
    """The event's fee settings (an unsaved default of 0 EUR when none are set). One query."""
    return EventFee.objects.filter(event=event).first() or EventFee(event=event)


def registration_due(*, registration: Registration, fee: EventFee) -> Decimal:
    """What a registration owes: the fee per player times its seats (one player in an individual event)."""
    return fee.amount * max(registration.seats.count(), 1)


@dataclass(frozen=True)
class PaymentRow:
    registration: int
    name: str
    status: str
    amount: Decimal
    due: Decimal
    paid_by: str
    marked_by: str
    marked_at: object
    dropped: bool


def payments_for_event(*, event: Event, fee: EventFee | None = None) -> list[PaymentRow]:
    """Every registration's fee status, by name: what it owes, what it paid (or got back), who marked it and when.
    Two queries (one more without `fee`)."""
    fee = fee or fee_for_event(event=event)
    registrations = (
        Registration.objects.filter(event=event)
        .select_related("team", "payment__paid_by", "payment__marked_by")
        .annotate(seat_count=Count("seats"))
        .order_by("team__name", "pk")
    )
    rows = []
    for registration in registrations:
        payment = getattr(registration, "payment", None)
        rows.append(
            PaymentRow(
                registration=registration.pk,
                name=registration.team.name,
                status=payment.status if payment else PaymentStatus.UNPAID,
                amount=payment.amount if payment else Decimal(0),
                due=fee.amount * max(registration.seat_count, 1),
                paid_by=payment.paid_by.name if payment and payment.paid_by else "",
                marked_by=payment.marked_by.get_username() if payment and payment.marked_by else "",
                marked_at=payment.marked_at if payment else None,
                dropped=registration.dropped_round is not None,
            )
        )
    return rows


@dataclass(frozen=True)
class FeeTotals:
    collected: Decimal  # paid and kept
    refunded: Decimal
    outstanding: Decimal  # owed by registrations not paid, not waived, not refunded
    unpaid: int
    currency: str


def fee_totals(*, rows: list[PaymentRow], fee: EventFee) -> FeeTotals:
    """The desk's totals over `payments_for_event`'s rows."""

    def total(status):
        return sum((row.amount for row in rows if row.status == status), Decimal(0))

    unpaid = [row for row in rows if row.status == PaymentStatus.UNPAID]
    return FeeTotals(
        collected=total(PaymentStatus.PAID),
        refunded=total(PaymentStatus.REFUNDED),
        outstanding=sum((row.due for row in unpaid), Decimal(0)),
        unpaid=len(unpaid),
        currency=fee.currency,
    )


def payment_for_person(*, event: Event, user) -> PaymentRow | None:
    """The fee status of the registration `user` plays on in `event` (a player sees only their own), or None."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    registration_id = (
        Seat.objects.filter(event=event, player__user_id=user.pk).values_list("registration_id", flat=True).first()
    )
    if registration_id is None:
        return None
    return next(row for row in payments_for_event(event=event) if row.registration == registration_id)


def prizes_for_event(*, event: Event) -> list[Prize]:
    """The event's prize structure, in the organizer's order. One query."""
    return list(Prize.objects.filter(event=event))


@dataclass(frozen=True)
class PayoutRow:
    place: int
    registration: int
    name: str
    record: str
    match_points: int
    item: str
    amount: Decimal
    shared_by: int


def prize_lines_of(prizes) -> list[PrizeLine]:
    """The prize engine's lines (fees.prizes) of prize rows: an event's `Prize`s or a series' `SeriesPrize`s."""
    return [
        PrizeLine(
            item=p.item,
            amount=p.amount,
            place_from=p.place_from,
            place_to=p.place_to,
            min_match_points=p.min_match_points,
            divisible=p.divisible,
        )
        for p in prizes
    ]


def payout_rows(*, placed: list[Placed], prizes, split_evenly: bool, names: dict, records: dict) -> list[PayoutRow]:
    """The payout list of `placed` entrants (an event's registrations or a series' players or teams) under `prizes`:
    every award of fees.prizes, with each entrant's name, record and points. The one list the desk's and a series'
    payouts show, print and export (fees.payoutlist)."""
    lines = prize_lines_of(prizes)
    if not lines:
        return []
    points = {entry.team: entry.match_points for entry in placed}
    awards: list[Award] = prize_payouts(placed=placed, lines=lines, split_evenly=split_evenly)
    return [
        PayoutRow(
            place=a.place,
            registration=a.team,
            name=names.get(a.team, ""),
            record=records.get(a.team, ""),
            match_points=points.get(a.team, 0),
            item=a.item,
            amount=a.amount,
            shared_by=a.shared_by,
        )
        for a in awards
    ]


def payouts_for_event(*, event: Event) -> list[PayoutRow]:
    """The payout list of the event's final placings (the placings so far before the end): every prize each
    entrant wins, ties split as the organizer chose (fees.prizes). Empty until placings exist (issue 56): before a
    result counts nobody has placed, and the prize structure (`prizes_for_event`) is all there is to show."""
    prizes = prizes_for_event(event=event)
    if not prizes:
        return []
    fee = fee_for_event(event=event)
    standings = {row.team: row for row in standings_for_event(event=event)}
    if event.status != EventStatus.FINISHED and not any(row.rounds_played for row in standings.values()):
        return []
    placed = []
    for placing in placements_for_event(event=event):
        points = standings[placing.team].match_points if placing.team in standings else 0
        if placing.stage == "swiss":
            tie = ("swiss", points)
        elif placing.stage == "top_pod":  # a Commander night's top pod: one place each, no shared places
            tie = ("top_pod", placing.place)
        elif placing.place > 2:
            tie = ("playoff", placing.stage)  # the losers of one playoff round share their places
        else:
            tie = ("final", placing.place)
        placed.append(Placed(place=placing.place, team=placing.team, match_points=points, tie=tie))
    return payout_rows(
        placed=placed,
        prizes=prizes,
        split_evenly=fee.prize_ties == TieSplit.EVENLY,
        names=team_names_for_event(event=event),
        records={team: row.record for team, row in standings.items()},
    )
