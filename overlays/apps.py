from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OverlaysConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "overlays"
    verbose_name = _("Stream overlays")

    def ready(self) -> None:
        from overlays import live  # noqa: F401 - connects the receivers that push changes to the overlays
