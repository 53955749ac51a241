from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.logtext import log_text_render

from .event import Event


# The key of an imported entry's `data` that keeps who the event file said acted ({"user", "actor"}): words from the
# file, never an account (issue 37).
FROM_FILE = "from_file"


class LogKind(models.TextChoices):
    """What an entry is about: the event log page and its CSV filter by it."""

    RESULT = "result", _("Results")
    PAIRING = "pairing", _("Pairings")
    DROP = "drop", _("Drops")
    SEATS = "seats", _("Seats and teams")
    DRAFT = "draft", _("Drafts")
    POOL = "pool", _("Sealed pools")
    PENALTY = "penalty", _("Penalties and deck checks")
    DECKLIST = "decklist", _("Decklists")
    SETTINGS = "settings", _("Settings")
    STAFF = "staff", _("Staff")
    DESK = "desk", _("Desk")
    EVENT = "event", _("Event")


def change_text(value) -> str:
    """A before/after value in one line for people: "state: reported, result: A 2-0 (A)"; a pairing as
    "1: A v B; 2: C v –" (a bye has no opponent)."""
    if value is None:
        return ""
    if isinstance(value, list):
        return "; ".join(change_text(v) for v in value)
    if isinstance(value, dict):
        if {"table", "a", "b"} <= value.keys():
            return f"{value['table']}: {value['a']} v {value['b'] or '–'}"
        return ", ".join(
            f"{k}: {change_text(v) if isinstance(v, (dict, list)) else ('–' if v is None else v)}"
            for k, v in value.items()
        )
    return str(value)


class EventLogEntry(models.Model):
    """One recorded change to an event that judges and the organizer must be able to trace afterwards (RULES.md 1):
    the one audit log of an event (issue 29). Every writer goes through tournaments.services.eventlog
    `event_log_record`.

    `action` is a short machine-readable word (see tournaments.services.eventlog.LogAction) and `kind` its family,
    for filtering. `message` is the sentence in English as written; `source` keeps its gettext msgid and values
    (tournaments.logtext) so that `text` shows it in the reader's language. `before` and `after` hold
    what changed (a result, a pairing, a setting), `warnings` what the organizer went past, `data` further details
    (ids, a draft table or pod) for exports.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="log_entries", verbose_name=_("event"))
    at = models.DateTimeField(_("at"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    # Who did it, in words, when it wasn't a person's own session: "token Desk 2 (of alice)" (issue 25).
    actor = models.CharField(_("acting as"), max_length=200, blank=True, default="")
    kind = models.CharField(_("kind"), max_length=12, choices=LogKind.choices, default=LogKind.EVENT, db_index=True)
    action = models.CharField(_("action"), max_length=40)
    message = models.TextField(_("what happened"))
    source = models.JSONField(_("message source"), default=dict, blank=True)
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    registration = models.ForeignKey(
        "tournaments.Registration",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("team"),
    )
    match = models.ForeignKey(
        "tournaments.TeamMatch",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("match"),
    )
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    warnings = models.JSONField(_("went on despite"), default=list, blank=True)
    data = models.JSONField(_("details"), default=dict, blank=True)

    class Meta:
        ordering = ["event", "at", "pk"]
        verbose_name = _("event log entry")
        verbose_name_plural = _("event log")
        indexes = [models.Index(fields=["event", "kind"], name="eventlog_event_kind")]

    @property
    def by(self) -> str:
        """Who did it, in words: the token by name when it was one, else the person's username ('' for Hydra). An
        entry imported from an event file names who imported it, and the file's actor only as the file's words."""
        by = self.actor or (self.user.get_username() if self.user_id else "")
        written = self.data.get(FROM_FILE) if isinstance(self.data, dict) else None
        if isinstance(written, dict):
            named = written.get("actor") or written.get("user") or "–"
            return _("%(by)s, imported (from the file: %(named)s)") % {"by": by or "Hydra", "named": named}
        return by

    @property
    def text(self) -> str:
        """The sentence in the active language (the stored English one for entries written before issue 29)."""
        return log_text_render(self.source, fallback=self.message) if self.source else self.message

    @property
    def warning_texts(self) -> list[str]:
        """The warnings the organizer went past, in the active language."""
        return [log_text_render(w) for w in self.warnings]

    @property
    def before_text(self) -> str:
        return change_text(self.before)

    @property
    def after_text(self) -> str:
        return change_text(self.after)

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}: {self.message}"
