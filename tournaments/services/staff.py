"""The event's staff: co-organizers, scorekeepers and judges (tournaments.models.EventStaff, issue 25)."""

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.refusals import NotAllowed
from tournaments.logtext import LogText
from tournaments.models import Event, EventStaff, StaffRole
from tournaments.rights import forget_rights, may_manage_staff
from tournaments.services.eventlog import LogAction, event_log_record


def _check(*, event: Event, by) -> None:
    if not may_manage_staff(by, event):
        raise NotAllowed(_("Only the event's organizers choose its staff."))


def staff_user_by_name(*, username: str):
    """The active account with this username (case-insensitive), or a ValidationError saying what to do."""
    name = (username or "").strip()
    if not name or "\x00" in name or len(name) > 150:
        raise ValidationError(_("Type the username of an existing account."))
    user = get_user_model().objects.filter(username__iexact=name, is_active=True).first()
    if user is None:
        raise ValidationError(
            _("No account is called %(name)s: check the spelling of the user name (the person signs up first).")
            % {"name": repr(name[:150])}
        )
    return user


@transaction.atomic
def event_staff_set(*, event: Event, user, role: str, by) -> EventStaff:
    """Give `user` this role at the event (replacing the role they had). The owner needs none: they run it."""
    _check(event=event, by=by)
    if role not in StaffRole.values:
        raise ValidationError(_("Choose a role: co-organizer, scorekeeper or judge."))
    if user.pk == event.organizer_id:
        raise ValidationError(_("%(name)s organizes this event already.") % {"name": user.get_username()})
    Event.objects.select_for_update().filter(pk=event.pk).first()
    staff = EventStaff.objects.filter(event=event, user=user).first()
    before = staff.role if staff else ""
    if staff is None:
        staff = EventStaff.objects.create(
            event=event, user=user, role=role, added_by=by if getattr(by, "pk", None) else None
        )
    elif staff.role != role:
        staff.role = role
        staff.save(update_fields=["role"])
    else:
        return staff
    event_log_record(
        event=event,
        user=by,
        action=LogAction.STAFF_CHANGED,
        message=LogText(
            gettext_lazy("%(name)s is now %(role)s."), {"name": user.get_username(), "role": StaffRole(role).label}
        ),
        before={"role": before},
        after={"role": role},
        data={"user": user.pk, "before": before, "after": role},
    )
    forget_rights(user=user)
    return staff


@transaction.atomic
def event_staff_remove(*, event: Event, user, by) -> None:
    _check(event=event, by=by)
    staff = EventStaff.objects.select_for_update().filter(event=event, user=user).first()
    if staff is None:
        raise ValidationError(_("%(name)s has no role at this event.") % {"name": user.get_username()})
    before = staff.role
    staff.delete()
    event_log_record(
        event=event,
        user=by,
        action=LogAction.STAFF_CHANGED,
        message=LogText(gettext_lazy("%(name)s no longer has a role at this event."), {"name": user.get_username()}),
        before={"role": before},
        after={"role": ""},
        data={"user": user.pk, "before": before, "after": ""},
    )
    forget_rights(user=user)
