from django.apps import AppConfig


class EventfileConfig(AppConfig):
    """Whole events as one JSON document: export, import (docs/event-format.md)."""

    name = "eventfile"
    verbose_name = "Event files"
