from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PortalConfig(AppConfig):
    """The player portal: server-rendered pages for players at the table and the public scoreboards."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "portal"
    verbose_name = _("Portal")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from portal.languages import remember_at_login

        user_logged_in.connect(remember_at_login, dispatch_uid="portal.languages.remember_at_login")
