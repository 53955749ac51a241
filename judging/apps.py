from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class JudgingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "judging"
    verbose_name = _("Judging")
