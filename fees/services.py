"""Writes of entry fees and prizes (issue 44; docs/fees.md). Each checks the rights module, refuses with
common.refusals' family, and records one entry in the event log in its own transaction."""

from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from common.refusals import Conflict, NotAllowed, Refusal
from fees.enums import PaymentStatus, PrizeKind, TieSplit
from fees.models import EventFee, Payment, Prize
from fees.selectors import registration_due
from tournaments import rights
from tournaments.logtext import LogText
from tournaments.models import Event, Player, Registration
from tournaments.models.log import LogKind
from tournaments.services.eventlog import event_log_record
from tournaments.wording import entrant_message

FEE_CHANGED = "fee_changed"
FEE_MARKED = "fee_marked"
PRIZES_CHANGED = "prizes_changed"
FEES_COPIED = "fees_copied"
PRIZE_COLUMNS = ("kind", "place_from", "place_to", "min_match_points", "item", "amount", "divisible", "position")

_MARKED = {
    PaymentStatus.PAID: _("%(team)s paid the entry fee: %(amount)s %(currency)s."),
    PaymentStatus.UNPAID: _("%(team)s marked as not paid."),
    PaymentStatus.WAIVED: _("%(team)s: entry fee waived."),
    PaymentStatus.REFUNDED: _("%(team)s: entry fee refunded, %(amount)s %(currency)s."),
}


def _fee_of(event: Event) -> EventFee:
    return EventFee.objects.filter(event=event).first() or EventFee(event=event)


def event_fee_set(
    *, event: Event, by, amount: Decimal | None = None, currency: str | None = None, prize_ties: str | None = None
) -> EventFee:
    """Set the event's entry fee per player, its currency and how prizes split tied placings (what is None stays).
    Whoever runs the event; a refusal names the field that is wrong."""
    if not rights.may_run_event(by, event):
        raise NotAllowed(_("Only the event's organizers set its entry fee and prizes."))
    errors = {}
    if amount is not None and amount < 0:
        errors["amount"] = _("The entry fee can't be negative.")
    if currency is not None and not (len(currency) == 3 and currency.isalpha()):
        errors["currency"] = _("The currency is a three-letter code such as EUR or USD.")
    if prize_ties is not None and prize_ties not in TieSplit.values:
        errors["prize_ties"] = _("Tied placings are split by tiebreakers or evenly.")
    if errors:
        raise Refusal(errors)
    with transaction.atomic():
        fee = _fee_of(event)
        before = {"amount": str(fee.amount), "currency": fee.currency, "prize_ties": fee.prize_ties}
        if amount is not None:
            fee.amount = amount
        if currency is not None:
            fee.currency = currency.upper()
        if prize_ties is not None:
            fee.prize_ties = prize_ties
        fee.save()
        after = {"amount": str(fee.amount), "currency": fee.currency, "prize_ties": fee.prize_ties}
        if after != before:
            event_log_record(
                event=event,
                user=by,
                action=FEE_CHANGED,
                kind=LogKind.SETTINGS,
                before=before,
                after=after,
                message=LogText(
                    _("Entry fee set to %(amount)s %(currency)s."),
                    {"amount": after["amount"], "currency": fee.currency},
                ),
            )
    return fee


def registration_payment_mark(
    *,
    registration: Registration,
    status: str,
    by,
    amount: Decimal | None = None,
    paid_by: Player | None = None,
    method: str = "",
    reference: str = "",
) -> Payment:
    """Mark one registration's entry fee paid, not paid, waived or refunded, with who marked it and when.

    Whoever scores the event (organizers, scorekeepers, their tokens). A paid mark's amount defaults to what the
    registration owes (the fee per player times its seats): one mark for the whole team, whichever member
    (`paid_by`, a player of the team: the captain) paid. A refund needs a paid mark first and gives back its
    amount unless told less."""
    event = registration.event
    if not rights.may_score_event(by, event):
        raise NotAllowed(_("Only the event's organizers and scorekeepers mark entry fees."))
    if status not in PaymentStatus.values:
        raise Refusal({"status": _("The status is one of: unpaid, paid, waived, refunded.")})
    if amount is not None and amount < 0:
        raise Refusal({"amount": _("The amount can't be negative.")})
    if paid_by is not None and not registration.seats.filter(player=paid_by).exists():
        raise Refusal({"paid_by": entrant_message(event=event, key="fee_paid_by_member")})
    fee = _fee_of(event)
    with transaction.atomic():
        Payment.objects.get_or_create(registration=registration)
        payment = Payment.objects.select_for_update().get(registration=registration)
        before = {"status": payment.status, "amount": str(payment.amount)}
        if status == PaymentStatus.REFUNDED:
            if payment.status != PaymentStatus.PAID:
                raise Conflict(_("Only a paid entry fee can be refunded."))
            if amount is not None and amount > payment.amount:
                raise Refusal({"amount": _("A refund can't be more than was paid.")})
            payment.amount = payment.amount if amount is None else amount
        elif status == PaymentStatus.PAID:
            payment.amount = registration_due(registration=registration, fee=fee) if amount is None else amount
        else:
            payment.amount = Decimal(0)
        payment.status = status
        payment.paid_by = paid_by if status == PaymentStatus.PAID else payment.paid_by
        payment.method, payment.reference = method[:40], reference[:100]
        payment.marked_by = rights.person_of(by)
        payment.marked_at = timezone.now()
        payment.save()
        event_log_record(
            event=event,
            user=by,
            action=FEE_MARKED,
            kind=LogKind.DESK,
            registration=registration,
            before=before,
            after={"status": status, "amount": str(payment.amount)},
            message=LogText(
                _MARKED[PaymentStatus(status)],
                {"team": registration.team.name, "amount": str(payment.amount), "currency": fee.currency},
            ),
        )
    return payment


def prize_lines_check(lines: list[dict]) -> list[dict]:
    """The columns of each prize line (kind, place_from, place_to, min_match_points, item, amount, divisible,
    position), checked: a Refusal naming the first wrong line by its number. Each line is a place line
    (place_from, and place_to for a range) or a record line (min_match_points), never both. An event's prizes and a
    series' (series.services.series_prizes_set) are checked here alike."""
    checked = []
    for position, line in enumerate(lines):
        record = line.get("min_match_points") is not None
        place_from, place_to = line.get("place_from"), line.get("place_to") or line.get("place_from")
        if not str(line.get("item", "")).strip():
            raise Refusal({"item": _("Line %(n)d: name the prize.") % {"n": position + 1}})
        if record == (place_from is not None):
            raise Refusal(
                {
                    "place_from": _("Line %(n)d: a prize is for a range of places or for a record, not both.")
                    % {"n": position + 1}
                }
            )
        if not record and not (1 <= place_from <= place_to):
            raise Refusal(
                {
                    "place_to": _("Line %(n)d: the places run from 1 upwards, the first no later than the last.")
                    % {"n": position + 1}
                }
            )
        if Decimal(line.get("amount", 0)) < 0:
            raise Refusal({"amount": _("Line %(n)d: the amount can't be negative.") % {"n": position + 1}})
        checked.append(
            {
                "position": position,
                "item": line["item"].strip()[:120],
                "amount": Decimal(line.get("amount", 1)),
                "kind": PrizeKind.RECORD if record else PrizeKind.PLACE,
                "min_match_points": line.get("min_match_points"),
                "place_from": None if record else place_from,
                "place_to": None if record else place_to,
                "divisible": bool(line.get("divisible", False)),
            }
        )
    return checked


def event_prizes_set(*, event: Event, lines: list[dict], by) -> list[Prize]:
    """Replace the event's prize structure with `lines` (each: item, amount, and place_from/place_to for a place
    line or min_match_points for a record line). Whoever runs the event; nothing is written if a line is wrong."""
    if not rights.may_run_event(by, event):
        raise NotAllowed(_("Only the event's organizers set its entry fee and prizes."))
    prizes = [Prize(event=event, **columns) for columns in prize_lines_check(lines)]
    with transaction.atomic():
        before = [prize_line_json(p) for p in Prize.objects.filter(event=event)]
        Prize.objects.filter(event=event).delete()
        Prize.objects.bulk_create(prizes)
        event_log_record(
            event=event,
            user=by,
            action=PRIZES_CHANGED,
            kind=LogKind.SETTINGS,
            before=before,
            after=[prize_line_json(p) for p in prizes],
            message=LogText(
                ngettext_lazy("Prize structure changed: %(n)d line.", "Prize structure changed: %(n)d lines.", "n"),
                {"n": len(prizes)},
            ),
        )
    return prizes


def event_fees_copy(*, source: Event, copy: Event, by) -> None:
    """ "Run again" (tournaments/copying.py): the copy gets the source's entry fee, currency, tie rule and prize
    structure, never its payments; one entry in the copy's log when there was anything to copy."""
    fee = EventFee.objects.filter(event=source).first()
    prizes = [
        Prize(event=copy, **{name: getattr(p, name) for name in PRIZE_COLUMNS})
        for p in Prize.objects.filter(event=source)
    ]
    if fee is None and not prizes:
        return
    if fee is not None:
        EventFee.objects.create(event=copy, amount=fee.amount, currency=fee.currency, prize_ties=fee.prize_ties)
    Prize.objects.bulk_create(prizes)
    copied = fee or EventFee(event=copy)
    event_log_record(
        event=copy,
        user=by,
        action=FEES_COPIED,
        kind=LogKind.SETTINGS,
        after={
            "amount": str(copied.amount),
            "currency": copied.currency,
            "prize_ties": copied.prize_ties,
            "prizes": [prize_line_json(p) for p in prizes],
        },
        message=LogText(
            _("Entry fee (%(amount)s %(currency)s) and prizes copied from the event of %(date)s."),
            {"amount": str(copied.amount), "currency": copied.currency, "date": source.date.isoformat()},
        ),
        data={"copied_from": source.pk},
    )


def prize_line_json(prize) -> dict:
    """A prize line (an event's or a series') as the log writes it."""
    return {
        "item": prize.item,
        "amount": str(prize.amount),
        "place_from": prize.place_from,
        "place_to": prize.place_to,
        "min_match_points": prize.min_match_points,
        "divisible": prize.divisible,
    }
