from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .registration import Seat


class Decklist(models.Model):
    """A player's registered decklist for a constructed event: the text as pasted, beside what it parsed to.

    `main` and `sideboard` map English names to counts (the English name decides, RULES.md 5); `errors` holds
    the lines that could not be read. The team's rule problems are kept on the registration, as they involve
    every deck of the team.
    """

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="decklist")
    text = models.TextField(_("decklist as submitted"))
    main = models.JSONField(_("main deck"), default=dict)
    sideboard = models.JSONField(_("sideboard"), default=dict)
    errors = models.JSONField(_("lines that could not be read"), default=list)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    submitted_at = models.DateTimeField(_("submitted at"), auto_now=True)

    class Meta:
        verbose_name = _("decklist")
        verbose_name_plural = _("decklists")

    def __str__(self) -> str:
        return f"{self.seat}"

    @property
    def main_count(self) -> int:
        return sum(self.main.values())

    @property
    def sideboard_count(self) -> int:
        return sum(self.sideboard.values())


class DecklistChange(models.Model):
    """A decklist as it was before a judge changed it after the deadline: the old list is kept, with who changed
    it, when and why (the event log says the same in a sentence)."""

    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="changes", verbose_name=_("decklist"))
    text = models.TextField(_("decklist before the change"))
    main = models.JSONField(_("main deck"), default=dict)
    sideboard = models.JSONField(_("sideboard"), default=dict)
    submitted_at = models.DateTimeField(_("submitted at"))
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+", verbose_name=_("changed by")
    )
    changed_at = models.DateTimeField(_("changed at"), auto_now_add=True)
    reason = models.TextField(_("reason"))

    class Meta:
        ordering = ["decklist", "changed_at", "pk"]
        verbose_name = _("decklist change")
        verbose_name_plural = _("decklist changes")

    def __str__(self) -> str:
        return f"{self.decklist} {self.changed_at:%Y-%m-%d %H:%M}"
