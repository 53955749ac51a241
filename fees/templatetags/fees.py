"""The event's front page: its entry fee, its prizes (shown before it starts) and the viewer's own fee status."""

from django import template

from fees import selectors
from fees.enums import PaymentStatus, TieSplit

register = template.Library()


@register.inclusion_tag("fees/_event_prizes.html", takes_context=True)
def event_prizes(context, event):
    """The fee and the prize structure for everyone who sees the event; a player's own payment status (never
    another team's). Nothing when the event has neither a fee nor prizes."""
    request = context.get("request")
    fee = selectors.fee_for_event(event=event)
    mine = selectors.payment_for_person(event=event, user=getattr(request, "user", None))
    return {
        "event": event,
        "fee": fee if fee.amount else None,
        "prizes": selectors.prizes_for_event(event=event),
        "mine": mine,
        "statuses": dict(PaymentStatus.choices),
        "split_evenly": fee.prize_ties == TieSplit.EVENLY,
    }
