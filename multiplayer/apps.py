from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MultiplayerConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "multiplayer"
    # The app was `pods` until issue 55; its label stays, so its migrations, tables and content types carry on.
    label = "pods"
    verbose_name = _("Multiplayer pods")
