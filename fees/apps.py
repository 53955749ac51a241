from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FeesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "fees"
    verbose_name = _("Entry fees and prizes")

    def ready(self):
        from fees.services import event_fees_copy
        from tournaments.copying import event_copy_part_register

        event_copy_part_register(key="fees", copier=event_fees_copy)
