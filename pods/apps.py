from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PodsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "pods"
    verbose_name = _("Multiplayer pods")
