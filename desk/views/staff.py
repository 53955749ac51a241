"""The event's staff (issue 25): who helps run the event and in which role."""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from common.params import plain_int
from tournaments.doors import event_permission_required
from tournaments.models import Event, StaffRole
from tournaments.rights import may_manage_staff
from tournaments.services.staff import event_staff_remove, event_staff_set, staff_user_by_name


@login_required
@event_permission_required(may_manage_staff)
def staff(request: HttpRequest, event: Event) -> HttpResponse:
    """Who helps run the event and in which role; the owner and co-organizers add, change and remove them."""
    if request.method == "POST":
        try:
            if request.POST.get("remove"):
                user = get_object_or_404(
                    get_user_model(), pk=plain_int(request.POST["remove"], max_digits=18) or 0, event_roles__event=event
                )
                event_staff_remove(event=event, user=user, by=request.user)
                messages.success(
                    request, _("%(name)s no longer has a role at this event.") % {"name": user.get_username()}
                )
            else:
                user = staff_user_by_name(username=request.POST.get("username", ""))
                member = event_staff_set(event=event, user=user, role=request.POST.get("role", ""), by=request.user)
                messages.success(
                    request, _("%(name)s: %(role)s.") % {"name": user.get_username(), "role": member.get_role_display()}
                )
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        return redirect("desk:staff", pk=event.pk)
    return render(
        request,
        "desk/staff.html",
        {
            "event": event,
            "staff": event.staff.select_related("user").order_by("role", "user__username"),
            "roles": StaffRole.choices,
        },
    )
