from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MultiplayerConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "multiplayer"
    # The app was `pods` until issue 55; its label stays, so its migrations, tables and content types carry on.
    label = "pods"
    verbose_name = _("Multiplayer pods")

    def ready(self):
        from multiplayer.selectors import multiplayer_placings, multiplayer_standing_rows, round_open_tables
        from tournaments.enums import Structure
        from tournaments.finalorder import structure_order_register

        # Every reader of an event's standings and placings (tournaments.selectors) reads a Commander night's from
        # its pods and top pod (issue 56): tournaments imports no multiplayer module.
        structure_order_register(
            structure=Structure.MULTIPLAYER_PODS,
            standings=multiplayer_standing_rows,
            placings=multiplayer_placings,
            open_tables=round_open_tables,
        )
