"""Entry fees and paid status, prizes and payouts through the API (issue 44; docs/fees.md).

The fee and the prizes are read by whoever sees the event; the payments by the event's organizers and scorekeepers
(a player reads only their own); marking needs may_score_event, the fee and the prizes may_run_event. Any other
caller gets 404 for the writes, as if the event didn't exist."""

from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from api.authentication import token_of
from api.idempotency import idempotent_write
from api.permissions import IsTokenOrSessionUser, event_scores
from api.selectors import event_get_to_run, event_get_visible
from api.serializers.fees import (
    FeesInputSerializer,
    FeesOutputSerializer,
    PaymentInputSerializer,
    PaymentOutputSerializer,
    PayoutOutputSerializer,
    PrizesInputSerializer,
    PrizesOutputSerializer,
)
from fees import selectors, services
from tournaments import rights
from tournaments.models import Player, Registration


def _fees_body(*, request, event) -> dict:
    fee = selectors.fee_for_event(event=event)
    if event_scores(request=request, event=event):
        rows = selectors.payments_for_event(event=event, fee=fee)
        totals = selectors.fee_totals(rows=rows, fee=fee)
    else:
        own = None if token_of(request) else selectors.payment_for_person(event=event, user=request.user)
        rows, totals = [own] if own else [], None
    return FeesOutputSerializer({"fee": fee, "totals": totals, "payments": rows}).data


class FeesView(APIView):
    """The event's entry fee and its payments: GET reads them, PATCH sets the fee, its currency and how prizes
    split tied placings (whoever runs the event)."""

    schema_tag = "fees"
    extra_error_codes = (401, 403)

    def get_permissions(self):
        return [IsTokenOrSessionUser()] if self.request.method != "GET" else []

    @extend_schema(responses={200: FeesOutputSerializer})
    def get(self, request, event_id: int):
        event = event_get_visible(request=request, event_id=event_id)
        return Response(_fees_body(request=request, event=event))

    @extend_schema(request=FeesInputSerializer, responses={200: FeesOutputSerializer})
    @idempotent_write
    def patch(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        data = FeesInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.event_fee_set(event=event, by=request.user, **data.validated_data)
        return Response(_fees_body(request=request, event=event))


class PaymentView(APIView):
    """One registration's entry fee: PATCH marks it paid, not paid, waived or refunded (organizers and
    scorekeepers; the mark is the whole team's, `paid_by` the player who paid for it)."""

    schema_tag = "fees"
    permission_classes = [IsTokenOrSessionUser]
    extra_error_codes = (401, 403, 409)

    @extend_schema(
        request=PaymentInputSerializer,
        responses={200: PaymentOutputSerializer},
        operation_id="events_fees_payment_mark",
    )
    @idempotent_write
    def patch(self, request, event_id: int, registration_id: int):
        event = event_get_to_run(request=request, event_id=event_id, rule=rights.may_score_event)
        registration = Registration.objects.filter(event=event, pk=registration_id).select_related("team").first()
        if registration is None:
            raise NotFound("There is no such registration in this event.")
        data = PaymentInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        if "paid_by" in values:
            values["paid_by"] = Player.objects.filter(pk=values["paid_by"]).first()
            if values["paid_by"] is None:
                raise NotFound("There is no such player.")
        services.registration_payment_mark(registration=registration, by=request.user, **values)
        row = next(r for r in selectors.payments_for_event(event=event) if r.registration == registration.pk)
        return Response(PaymentOutputSerializer(row).data)


class PrizesView(APIView):
    """The event's prize structure: GET reads it (whoever sees the event), PUT replaces it (whoever runs it)."""

    schema_tag = "fees"
    extra_error_codes = (401, 403)

    def get_permissions(self):
        return [IsTokenOrSessionUser()] if self.request.method != "GET" else []

    def _body(self, event):
        fee = selectors.fee_for_event(event=event)
        return PrizesOutputSerializer(
            {"prize_ties": fee.prize_ties, "lines": selectors.prizes_for_event(event=event)}
        ).data

    @extend_schema(responses={200: PrizesOutputSerializer})
    def get(self, request, event_id: int):
        return Response(self._body(event_get_visible(request=request, event_id=event_id)))

    @extend_schema(request=PrizesInputSerializer, responses={200: PrizesOutputSerializer})
    def put(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        data = PrizesInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.event_prizes_set(event=event, lines=data.validated_data["lines"], by=request.user)
        return Response(self._body(event))


class PayoutsView(APIView):
    """The payout list of the final placings (the placings so far before the end), ties split as the organizer
    chose."""

    schema_tag = "fees"

    @extend_schema(responses={200: PayoutOutputSerializer(many=True)})
    def get(self, request, event_id: int):
        event = event_get_visible(request=request, event_id=event_id)
        return Response(PayoutOutputSerializer(selectors.payouts_for_event(event=event), many=True).data)
