from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventfileConfig(AppConfig):
    """Whole events as one JSON document: export, import (docs/event-format.md)."""

    name = "eventfile"
    verbose_name = _("Event files")
