from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PortalConfig(AppConfig):
    """The player portal: server-rendered pages for players at the table and the public scoreboards."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "portal"
    verbose_name = _("Portal")
