from django.apps import AppConfig


class DraftingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "drafting"

    def ready(self):
        from drafting import live  # noqa: F401  (publishes table changes for the live pages)
        from drafting.selectors import draft_team_pool
        from tournaments.enums import FormatKind
        from tournaments.pools import pool_provider_register

        pool_provider_register(format_kind=FormatKind.TEAM_ROCHESTER, provider=draft_team_pool)
