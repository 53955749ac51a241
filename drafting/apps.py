from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DraftingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "drafting"
    verbose_name = _("Drafts")

    def ready(self):
        from drafting import live  # noqa: F401  (publishes table changes for the live pages)
        from drafting.selectors import draft_team_pool
        from tournaments.enums import FormatKind
        from tournaments.pools import pool_provider_register

        pool_provider_register(format_kind=FormatKind.TEAM_ROCHESTER, provider=draft_team_pool)
        # A booster draft's picks become each player's pool (services.pods: pods_pools_create makes it a sealed pool
        # at the end of the draft), registered against like a sealed pool.
        from sealed.selectors import sealed_team_pool

        pool_provider_register(format_kind=FormatKind.BOOSTER_DRAFT, provider=sealed_team_pool)
