from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from tournaments import polltokens, rights  # noqa: F401  (the poll tokens' receivers; the object permissions)
        from tournaments.services.daytwo import day2_cut_listener_register
        from tournaments.services.phases import phase_reseat_after_cut

        day2_cut_listener_register(listener=phase_reseat_after_cut)  # a cut made or undone re-seats the next phase
