"""The desk's entry fees and payouts (issue 44; docs/fees.md): who hasn't paid at check-in, the totals, marking a
registration paid, waived or refunded, the fee itself, and the payout list of the final placings (printed, or as a
CSV or xlsx file)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from common.params import plain_int
from common.textlist import text_list
from fees import selectors, services
from fees.enums import PaymentStatus, TieSplit
from fees.payoutlist import payout_dataset, payout_download
from fees.prizelines import amount_parse, prize_lines_parse, prize_lines_text
from tournaments.doors import event_permission_required
from tournaments.exports import FORMATS
from tournaments.models import CheckIn, Event, Registration
from tournaments.rights import may_run_event, may_score_event
from tournaments.wording import entrant_noun, entrant_sentence


def _post(request: HttpRequest, event: Event) -> None:
    if request.POST.get("action") == "prizes":
        if not may_run_event(request.user, event):
            raise Http404("No such event.")
        services.event_prizes_set(event=event, by=request.user, lines=prize_lines_parse(request.POST.get("prizes", "")))
        return
    if request.POST.get("action") == "fee":
        if not may_run_event(request.user, event):
            raise Http404("No such event.")
        services.event_fee_set(
            event=event,
            by=request.user,
            amount=amount_parse(request.POST.get("amount", "")),
            currency=request.POST.get("currency") or None,
            prize_ties=request.POST.get("prize_ties") or None,
        )
        return
    registration_id = plain_int(request.POST.get("registration", ""), max_digits=18)
    registration = Registration.objects.filter(event=event, pk=registration_id).select_related("team").first()
    if registration is None:
        raise ValidationError(entrant_sentence(event=event, key="fee_choose_entrant"))
    services.registration_payment_mark(
        registration=registration,
        status=request.POST.get("status", ""),
        by=request.user,
        method=request.POST.get("method", "")[:40],
    )


@login_required
@require_http_methods(["GET", "POST"])
@event_permission_required(may_score_event)
def desk_fees(request: HttpRequest, event: Event) -> HttpResponse:
    """Entry fees at the desk (organizers and scorekeepers): the totals, who hasn't paid (checked in first), a
    button per status for each registration; the fee and how ties split prizes for whoever runs the event."""
    if request.method == "POST":
        try:
            _post(request, event)
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        return redirect("desk:fees", pk=event.pk)
    fee = selectors.fee_for_event(event=event)
    rows = selectors.payments_for_event(event=event, fee=fee)
    checked_in = set(CheckIn.objects.filter(registration__event=event).values_list("registration_id", flat=True))
    unpaid_here = [row.name for row in rows if row.status == PaymentStatus.UNPAID and row.registration in checked_in]
    rows = sorted(rows, key=lambda row: (row.status != PaymentStatus.UNPAID, row.registration not in checked_in))
    payouts = selectors.payouts_for_event(event=event)  # empty before placings exist: the prize structure instead
    prize_text = prize_lines_text(selectors.prizes_for_event(event=event))
    return render(
        request,
        "desk/fees.html",
        {
            "event": event,
            "fee": fee,
            "totals": selectors.fee_totals(rows=rows, fee=fee),
            "rows": [(row, row.registration in checked_in) for row in rows],
            "statuses": PaymentStatus.choices,
            "ties": TieSplit.choices,
            "may_run": may_run_event(request.user, event),
            "unpaid_here": entrant_sentence(
                event=event, key="fee_unpaid_checked_in", n=len(unpaid_here), teams=text_list(unpaid_here)
            )
            if unpaid_here
            else "",
            "payouts": payouts,
            "payouts_waiting": bool(prize_text) and not payouts,
            "formats": FORMATS,
            "prize_text": prize_text,
        },
    )


@login_required
@require_GET
@event_permission_required(may_score_event)
def desk_payouts(request: HttpRequest, event: Event) -> HttpResponse:
    """The payout list as a file: ?format=csv or xlsx (whoever scores the event)."""
    dataset = payout_dataset(
        rows=selectors.payouts_for_event(event=event),
        entrant=entrant_noun(event=event, form="Singular"),
        record=_("Record"),
        points=_("Match points"),
    )
    return payout_download(dataset=dataset, file_format=request.GET.get("format", "csv"), title=event.name)
