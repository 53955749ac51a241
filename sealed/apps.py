from django.apps import AppConfig


class SealedConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "sealed"
    verbose_name = "Team sealed"

    def ready(self):
        from sealed.selectors import sealed_team_pool
        from tournaments.enums import FormatKind
        from tournaments.pools import pool_provider_register

        for kind in (FormatKind.TEAM_SEALED, FormatKind.THG_SEALED):
            pool_provider_register(format_kind=kind, provider=sealed_team_pool)
