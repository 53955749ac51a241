"""The people who help run one event, each in one role (issue 25). The event's owner is `Event.organizer`."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class StaffRole(models.TextChoices):
    CO_ORGANIZER = "co_organizer", _("Co-organizer")
    SCOREKEEPER = "scorekeeper", _("Scorekeeper")
    JUDGE = "judge", _("Judge")


class EventStaff(models.Model):
    """One person's role at one event (tournaments.rights says what each role may do):

    - co-organizer: runs everything, as the owner does (settings, staff, tokens, pairings, results);
    - scorekeeper: check-in, pairings, the clock and results; no settings, no staff changes;
    - judge: deck checks, penalties, changes to locked decklists, the event log.
    """

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="staff", verbose_name=_("event")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles", verbose_name=_("person")
    )
    role = models.CharField(_("role"), max_length=20, choices=StaffRole.choices)
    added_at = models.DateTimeField(_("added"), auto_now_add=True)
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("added by"),
    )

    class Meta:
        ordering = ["event", "role", "user__username"]
        verbose_name = _("event staff member")
        verbose_name_plural = _("event staff")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "user"],
                name="event_staff_one_role_per_person",
                violation_error_message=_("This person already has a role at this event."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}, {self.event})"
