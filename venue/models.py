"""Venue mode's e-mail: without internet, Hydra's messages (password resets, invitations) are kept here and printed
or shown from /venue/mail/ instead of being sent (venue.mail.PrintableEmailBackend)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class PrintedMail(models.Model):
    to = models.TextField(_("to"))
    subject = models.CharField(_("subject"), max_length=300)
    body = models.TextField(_("text"))
    created_at = models.DateTimeField(_("written"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("printable e-mail")
        verbose_name_plural = _("printable e-mails")

    def __str__(self) -> str:
        return f"{self.subject} -> {self.to}"
