"""What the desk's views share: the round asked for, the way back to the desk, a refusal shown there, the join code
at the door and the QR codes."""

import functools

import segno
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.utils.safestring import mark_safe
from django.urls import reverse
from django.utils.translation import gettext as _

from common.params import plain_int
from common.venue import venue_absolute_uri
from signup.services import join_code_for, signup_closed_reason
from tournaments.models import Event, Round
from tournaments.selectors.events import event_latest_round


def round_or_404(event: Event, number: int | str | None) -> Round | None:
    if number in (None, ""):
        return event_latest_round(event=event)
    value = plain_int(str(number), max_digits=4) if not isinstance(number, int) else number
    round_ = event.rounds.filter(number=value).first() if value is not None else None
    if round_ is None:
        raise Http404(_("Round %(round)s doesn't exist in this event.") % {"round": str(number)[:10]})
    return round_


def back_to_desk(event: Event, round_: Round | None = None) -> HttpResponse:
    url = f"/events/{event.pk}/desk/"
    return redirect(url + (f"?round={round_.number}" if round_ else ""))


def refused(request, event: Event, exc: ValidationError) -> HttpResponse:
    for message in exc.messages:
        messages.error(request, message)
    return back_to_desk(event)


def join_at_door(request, event: Event, round_: Round | None) -> dict | None:
    """Before round 1 of an individual event, its join code and the QR code of its join page (portal.views.join), for
    the projector and the desk; None otherwise. Says why sign-up is closed, if it is."""
    if not event.is_individual or round_ is not None:
        return None
    code = join_code_for(event=event)
    url = venue_absolute_uri(request=request, path=reverse("portal:join", args=[code]))
    return {
        "code": code,
        "url": url,
        "qr": mark_safe(qr_svg(url)),  # noqa: S308 - segno's own SVG
        "typed_at": venue_absolute_uri(request=request, path=reverse("portal:join_code")),
        "closed": signup_closed_reason(event=event),
    }


@functools.lru_cache(maxsize=256)
def qr_svg(url: str) -> str:
    """The QR code of `url` as inline SVG markup (segno, drawn on the server: no script, no network). Kept per
    URL: the projector asks for the same code on every refresh."""
    return segno.make(url, error="m").svg_inline(scale=6, dark="#000", light="#fff", border=2, omitsize=True)
