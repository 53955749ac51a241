from django.apps import AppConfig


class SealedConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "sealed"
    verbose_name = "Team sealed"
