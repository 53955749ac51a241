from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DeskConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "desk"
    verbose_name = _("Event day desk")
