from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SealedConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "sealed"
    verbose_name = _("Team sealed")

    def ready(self):
        from sealed.selectors import sealed_team_pool
        from tournaments.enums import FormatKind
        from tournaments.pools import pool_provider_register

        # A Two-Headed Giant booster draft's pod picks become the team's sealed pool (drafting.services.pods), so its
        # decks are registered against that pool the same way.
        for kind in (FormatKind.TEAM_SEALED, FormatKind.THG_SEALED, FormatKind.THG_DRAFT):
            pool_provider_register(format_kind=kind, provider=sealed_team_pool)
