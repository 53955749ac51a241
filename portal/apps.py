from django.apps import AppConfig


class PortalConfig(AppConfig):
    """The player portal: server-rendered pages for players at the table and the public scoreboards."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "portal"
    verbose_name = "Portal"
