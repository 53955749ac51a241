"""A registration's team name (registrations.registration_update, and an individual event's entry once its invited
person takes the seat: services.invitations)."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.logtext import LogText
from tournaments.models import Registration, Team
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.players import shown_name


def registration_rename(*, registration: Registration, name: str, user) -> None:
    """Call the registration's team `name` (an address by its first part: shown_name), logged with who. A team's
    name belongs to the team across events: when the team has played other events too, this registration moves to
    a team of the new name, so the old events keep the old name. Refused (ValidationError, nothing written) for an
    empty or too long name, or one another team of this event has. The caller holds the event's lock."""
    new = shown_name(name)
    if not new:
        raise ValidationError({"name": _("Give the team's name.")})
    if len(new) > Team._meta.get_field("name").max_length:
        raise ValidationError(
            {"name": _("A team's name has at most %(n)d characters.") % {"n": Team._meta.get_field("name").max_length}}
        )
    old = registration.team
    old_name = old.name
    if new == old_name:
        return
    target = Team.objects.filter(name__iexact=new).exclude(pk=old.pk).first()
    if target is not None and Registration.objects.filter(event=registration.event, team=target).exists():
        raise ValidationError({"name": _("Another team of this event is called %(name)s.") % {"name": target.name}})
    if target is None and not Registration.objects.filter(team=old).exclude(pk=registration.pk).exists():
        old.name = new
        old.save(update_fields=["name"])
    else:
        registration.team = target or Team.objects.create(name=new)
        registration.save(update_fields=["team"])
    event_log_record(
        event=registration.event,
        user=user,
        action=LogAction.TEAM_RENAMED,
        registration=registration,
        message=LogText(gettext_lazy("%(old)s is now called %(new)s."), {"old": old_name, "new": new}),
        before={"name": old_name},
        after={"name": new},
        data={"team": registration.pk, "old": old_name, "new": new},
    )
