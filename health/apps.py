from django.apps import AppConfig


class HealthConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "health"

    def ready(self):
        from health import signals  # noqa: F401  (beat's stamp when it sends the heartbeat)
