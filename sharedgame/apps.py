from django.apps import AppConfig


class SharedGameConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "sharedgame"
    verbose_name = "Shared-game life and poison"
