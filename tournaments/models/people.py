from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    """A person who plays; linked one-to-one to a login."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player")
    name = models.CharField(_("name"), max_length=120)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name


class Team(models.Model):
    """A team that persists across events (it carries its ratings, RULES.md 8)."""

    name = models.CharField(_("name"), max_length=120)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(
                Lower("name"), name="team_name_unique_ci", violation_error_message=_("A team with this name exists.")
            ),
        ]

    def __str__(self) -> str:
        return self.name
