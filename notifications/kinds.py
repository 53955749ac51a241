"""What a person is told about, and the event log's actions each kind comes from (docs/portal.md, "Notifications")."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class NoticeKind(models.TextChoices):
    """The kinds a person chooses to receive, each by inbox (always), Web Push and the e-mail digest."""

    ROUND_PAIRED = "round_paired", _("Round paired: your table and opponent")
    RESULT_TO_CONFIRM = "result_to_confirm", _("A result waits for your confirmation")
    RESULT_DISPUTED = "result_disputed", _("A result of your match disputed or corrected")
    PENALTY = "penalty", _("A penalty given to you")
    ANNOUNCEMENT = "announcement", _("The event's announcements")
    DRAFT_STARTED = "draft_started", _("Your draft started")
    PLACE = "place", _("Your sign-up approved or moved up from the waitlist")
    TIME_NEARLY_UP = "time_nearly_up", _("The round's time is nearly up and your result is missing")
    DAY2_CUT = "day2_cut", _("The Day 2 cut: whether you advanced")
    PHASE_STARTED = "phase_started", _("A new phase started: your pod and where you sit")
    PAPER_DRAFT = "paper_draft", _("A paper draft is called or deck building starts")


class Channel(models.TextChoices):
    PUSH = "push", _("Push to this phone or browser")
    EMAIL = "email", _("E-mail digest")


# What a person gets when they never chose: push for everything, the e-mail digest for nothing (a flood of mails
# during an event helps no one; they turn it on per kind).
DEFAULT_CHANNELS = {kind: {Channel.PUSH} for kind in NoticeKind.values}
