"""An event's webhooks (docs/webhooks.md), for whoever runs the event (an organizer's session or organizer token):

GET/POST /api/v1/events/{id}/webhooks/, DELETE /api/v1/events/{id}/webhooks/{hook}/,
GET /api/v1/events/{id}/webhooks/deliveries/, POST /api/v1/events/{id}/webhooks/deliveries/{delivery}/resend.
The signing secret is in the answer: the caller runs the event and needs it to verify deliveries.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.permissions import IsTokenOrSessionUser
from api.selectors import event_get_to_run
from api.serializers.webhooks import (
    DeliverySerializer,
    WebhookListInputSerializer,
    WebhookSerializer,
)
from webhooks.models import WebhookDelivery
from webhooks.selectors import deliveries_for_event, webhooks_listed_for
from webhooks.services import webhook_create, webhook_delete, webhook_delivery_resend


def _validation(exc: ValidationError) -> exceptions.ValidationError:
    return exceptions.ValidationError(exc.message_dict if hasattr(exc, "error_dict") else {"request": exc.messages})


class WebhookListView(APIView):
    """The event's webhooks (its own and its organizer's all-events ones); POST registers one."""

    schema_tag = "webhooks"
    permission_classes = [IsTokenOrSessionUser]
    extra_error_codes = (401, 403)

    @extend_schema(responses={200: WebhookSerializer(many=True)})
    def get(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        hooks = [h for h in webhooks_listed_for(event=event) if h.event_id or h.owner_id == request.user.pk]
        return Response(WebhookSerializer(hooks, many=True).data)

    @extend_schema(request=WebhookListInputSerializer, responses={201: WebhookSerializer})
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        data = WebhookListInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            hook = webhook_create(event=event, by=request.user, **data.validated_data)
        except ValidationError as exc:
            raise _validation(exc) from exc
        return Response(WebhookSerializer(hook).data, status=status.HTTP_201_CREATED)


class WebhookDetailView(APIView):
    schema_tag = "webhooks"
    permission_classes = [IsTokenOrSessionUser]
    extra_error_codes = (401, 403)

    @extend_schema(responses={204: None})
    def delete(self, request, event_id: int, hook_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        hook = webhooks_listed_for(event=event).filter(pk=hook_id).first()
        if hook is None or (hook.event_id is None and hook.owner_id != request.user.pk):
            raise exceptions.NotFound(_("This event has no webhook %(id)s.") % {"id": hook_id})
        webhook_delete(webhook=hook, event=event, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeliveryListView(APIView):
    """The event's latest deliveries, newest first, with the receivers' answers."""

    schema_tag = "webhooks"
    permission_classes = [IsTokenOrSessionUser]
    extra_error_codes = (401, 403)

    @extend_schema(responses={200: DeliverySerializer(many=True)})
    def get(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        return Response(DeliverySerializer(deliveries_for_event(event=event), many=True).data)


class DeliveryResendView(APIView):
    """Send a delivery's body again, as a new delivery (201 with it)."""

    schema_tag = "webhooks"
    permission_classes = [IsTokenOrSessionUser]
    extra_error_codes = (401, 403)

    @extend_schema(request=None, responses={201: DeliverySerializer})
    def post(self, request, event_id: int, delivery_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        delivery = (
            WebhookDelivery.objects.select_related("webhook", "event").filter(pk=delivery_id, event=event).first()
        )
        if delivery is None:
            raise exceptions.NotFound(_("This event has no delivery %(id)s.") % {"id": delivery_id})
        again = webhook_delivery_resend(delivery=delivery, by=request.user)
        return Response(DeliverySerializer(again).data, status=status.HTTP_201_CREATED)
