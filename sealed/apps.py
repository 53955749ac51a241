from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SealedConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "sealed"
    verbose_name = _("Team sealed")

    def ready(self):
        from sealed.selectors import sealed_event_has_pools, sealed_team_pool
        from sealed.services import sealed_pools_archive, sealed_pools_from_pod
        from tournaments.enums import FormatKind
        from tournaments.pools import (
            pool_archiver_register,
            pool_provider_register,
            pool_sink_register,
            pools_exist_register,
        )

        # A Two-Headed Giant booster draft's pod picks become the team's sealed pool (handed over through the pool
        # sink at the end of the draft), so its decks are registered against that pool the same way; so are a
        # booster draft's, each player's picks their pool.
        for kind in (FormatKind.TEAM_SEALED, FormatKind.THG_SEALED, FormatKind.THG_DRAFT, FormatKind.BOOSTER_DRAFT):
            pool_provider_register(format_kind=kind, provider=sealed_team_pool)
        pool_sink_register(sink=sealed_pools_from_pod)
        pools_exist_register(check=sealed_event_has_pools)
        pool_archiver_register(archiver=sealed_pools_archive)  # pools belong to their phase (issue 42)
