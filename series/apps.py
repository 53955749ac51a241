from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeriesConfig(AppConfig):
    name = "series"
    verbose_name = _("Series")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from series import receivers  # noqa: F401 - connects to tournaments.signals.domain_event
        from series.services import series_event_copy_link
        from tournaments.copying import event_copy_part_register

        event_copy_part_register(key="series", copier=series_event_copy_link)
