from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SharedGameConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "sharedgame"
    verbose_name = _("Shared-game life and poison")
