"""The webhook pages under an event, for whoever runs it (tournaments.rights.may_run_event); anyone else gets
404, as for a hidden event. Thin: check, call one service or selector, render."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.doors import event_permission_required
from tournaments.models import Event
from tournaments.rights import may_run_event
from webhooks.forms import WebhookForm
from webhooks.models import WebhookDelivery
from webhooks.selectors import deliveries_for_event, webhooks_listed_for
from webhooks.services import webhook_create, webhook_delete, webhook_delivery_resend


@login_required
@event_permission_required(may_run_event)
def webhooks_page(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's webhooks, the form to add one, and the latest deliveries with their answers."""
    form = WebhookForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            try:
                hook = webhook_create(
                    event=event,
                    by=request.user,
                    url=form.cleaned_data["url"],
                    topics=form.cleaned_data["topics"],
                    all_events=form.cleaned_data["all_events"],
                )
            except ValidationError as exc:
                form.add_error(None, " ".join(exc.messages))
            else:
                messages.success(request, _("Webhook added: %(url)s.") % {"url": hook.url})
                return redirect("webhooks:list", pk=event.pk)
    hooks = list(webhooks_listed_for(event=event))
    return render(
        request,
        "webhooks/webhooks.html",
        {
            "event": event,
            "form": form,
            "hooks": hooks,
            "deliveries": deliveries_for_event(event=event),
        },
        status=400 if form.errors else 200,
    )


@login_required
@require_POST
@event_permission_required(may_run_event)
def webhook_remove(request: HttpRequest, event: Event, hook_id: int) -> HttpResponse:
    hook = webhooks_listed_for(event=event).filter(pk=hook_id).first()
    # An all-events webhook belongs to its owner: only they remove it.
    if hook is None or (hook.event_id is None and hook.owner_id != request.user.pk):
        raise Http404("No such webhook.")
    webhook_delete(webhook=hook, event=event, by=request.user)
    messages.success(request, _("Webhook removed: %(url)s.") % {"url": hook.url})
    return redirect("webhooks:list", pk=event.pk)


@login_required
@require_POST
@event_permission_required(may_run_event)
def delivery_resend(request: HttpRequest, event: Event, delivery_id: int) -> HttpResponse:
    delivery = WebhookDelivery.objects.select_related("webhook", "event").filter(pk=delivery_id, event=event).first()
    if delivery is None:
        raise Http404("No such delivery.")
    webhook_delivery_resend(delivery=delivery, by=request.user)
    messages.success(request, _("Delivery %(id)d is being sent again.") % {"id": delivery.pk})
    return redirect("webhooks:list", pk=event.pk)
