from django.apps import AppConfig


class DraftingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "drafting"

    def ready(self):
        from drafting import live  # noqa: F401  (publishes table changes for the live pages)
