from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self):
        from tournaments import permissions  # noqa: F401  (registers the object permissions with django-rules)
