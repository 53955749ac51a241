from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "api"
    verbose_name = _("API")

    def ready(self):
        from api import schema  # noqa: F401  (registers the token scheme with drf-spectacular)
        from api import tasks  # noqa: F401  (computes the standings ahead after each change)
