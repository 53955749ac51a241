from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DeskConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "desk"
    verbose_name = _("Event day desk")

    def ready(self):
        from desk.models import Announcement, CheckIn
        from eventfile.parts import BY, ROUND, TEAM, Part, parts_register

        # The desk's records of an event travel in the event file (docs/event-format.md).
        parts_register(part=Part("check_ins", CheckIn, "registration__event", {"registration": TEAM, "by": BY},
                                 order=("registration__team__name",)))
        parts_register(part=Part("announcements", Announcement, "event", {"round": ROUND, "by": BY},
                                 order=("created_at", "pk")))
