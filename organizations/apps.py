from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OrganizationsConfig(AppConfig):
    name = "organizations"
    verbose_name = _("Organizations")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from organizations.services import event_location_copy
        from organizations.selectors import MEMBERS_AFFILIATION
        from tournaments.affiliations import affiliation_register
        from tournaments.copying import event_copy_part_register

        affiliation_register(key="organizations", affiliation=MEMBERS_AFFILIATION)
        event_copy_part_register(key="organizations", copier=event_location_copy)
