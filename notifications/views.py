"""A person's notifications: the inbox (/notifications/), marking read, the choices page, the browser's push
subscription and the live stream the open pages listen to for the banner. Every page asks
tournaments.rights.may_read_notifications: a person's own, never anyone else's."""

from asgiref.sync import sync_to_async
from django.contrib import messages
from django.core.handlers.asgi import ASGIRequest
from django.contrib.auth.decorators import login_required, user_passes_test
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from common.params import plain_int
from drafting.live import redis_url
from drafting.views.live import live_stream
from notifications.forms import PreferencesForm, SubscriptionForm
from notifications.live import person_channel
from notifications.selectors import (
    notification_preferences_of,
    notification_view,
    notifications_of,
    notifications_unread_count,
)
from notifications.services import (
    notification_preferences_set,
    notifications_mark_read,
    push_endpoint_problem,
    push_subscription_add,
    push_subscription_remove,
)
from notifications.vapid import vapid_public_key
from tournaments.rights import may_read_notifications

PAGE = 50
_reader = user_passes_test(may_read_notifications)


@login_required
@_reader
@require_GET
def inbox(request: HttpRequest) -> HttpResponse:
    """The newest notifications (`?unread=1`: only the unread), each with its link; a button marks all read."""
    unread_only = request.GET.get("unread") == "1"
    rows = notifications_of(person=request.user, unread=True if unread_only else None)[:PAGE]
    return render(
        request,
        "notifications/inbox.html",
        {
            "notices": [notification_view(n) for n in rows],
            "unread_only": unread_only,
            "unread": notifications_unread_count(person=request.user),
        },
    )


@login_required
@_reader
@require_GET
def banner(request: HttpRequest) -> HttpResponse:
    """The banner an open page shows (fetched when the live stream says something new came): the newest unread."""
    newest = notifications_of(person=request.user, unread=True).first()
    return render(
        request,
        "notifications/banner.html",
        {
            "notice": notification_view(newest) if newest else None,
            "unread": notifications_unread_count(person=request.user),
        },
    )


@login_required
@_reader
@require_POST
def mark_read(request: HttpRequest) -> HttpResponse:
    """POST `id` (one notification) or nothing (all of them); back to the inbox, or to the notification's link
    when `go` is set."""
    raw = request.POST.get("id")
    if raw is None:
        notifications_mark_read(person=request.user)
        return redirect("notifications:inbox")
    notice_id = plain_int(raw)
    if notice_id is None:
        return HttpResponse(_("Which notification? Send its number."), status=400, content_type="text/plain")
    notifications_mark_read(person=request.user, ids=[notice_id])
    target = notifications_of(person=request.user).filter(pk=notice_id).values_list("link", flat=True).first()
    return redirect(target if target and request.POST.get("go") else "notifications:inbox")


@login_required
@_reader
@require_http_methods(["GET", "POST"])
def preferences(request: HttpRequest) -> HttpResponse:
    """Which kinds arrive by push and by the e-mail digest; this browser's push is switched on here too."""
    form = PreferencesForm(request.POST or None, initial_choices=notification_preferences_of(person=request.user))
    if request.method == "POST" and form.is_valid():
        notification_preferences_set(person=request.user, choices=form.choices())
        messages.success(request, _("Your choices are saved."))
        return redirect("notifications:preferences")
    return render(
        request,
        "notifications/preferences.html",
        {"form": form, "vapid_key": vapid_public_key(), "has_email": bool(request.user.email)},
    )


@login_required
@_reader
@require_POST
def subscribe(request: HttpRequest) -> JsonResponse:
    """The browser's push subscription (form fields endpoint, p256dh, auth) kept for this person; 400 with the
    reason for anything else."""
    form = SubscriptionForm(request.POST)
    if not form.is_valid():
        return JsonResponse({"errors": form.errors}, status=400)
    endpoint = form.cleaned_data["endpoint"]
    if problem := push_endpoint_problem(endpoint):
        return JsonResponse({"errors": {"endpoint": [problem]}}, status=400)
    try:
        push_subscription_add(
            person=request.user,
            endpoint=endpoint,
            p256dh=form.cleaned_data["p256dh"],
            auth=form.cleaned_data["auth"],
            language=get_language() or "en",
        )
    except ValidationError as exc:
        return JsonResponse({"errors": {"endpoint": exc.messages}}, status=400)
    return JsonResponse({"subscribed": True})


@login_required
@_reader
@require_POST
def unsubscribe(request: HttpRequest) -> JsonResponse:
    """Forget this browser's subscription (POST `endpoint`)."""
    removed = push_subscription_remove(person=request.user, endpoint=request.POST.get("endpoint", ""))
    return JsonResponse({"removed": removed})


async def events(request: HttpRequest) -> HttpResponse:
    """Server-Sent Events of the person's unread count (drafting.views.live.live_stream on the person's channel):
    the open page fetches the banner when it changes. 204 without Redis, and from a WSGI server, which would hold
    a thread for the stream's whole life (the page doesn't listen then; the inbox has everything)."""
    user = await request.auser()
    if request.method != "GET":
        return HttpResponse(status=405, headers={"Allow": "GET"})
    if not await sync_to_async(may_read_notifications)(user):
        return HttpResponse(status=403)
    if not redis_url() or not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    unread = await sync_to_async(notifications_unread_count)(person=user)
    response = StreamingHttpResponse(live_stream(person_channel(user.pk), unread), content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"
    return response
