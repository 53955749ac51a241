"""The judges' records in the admin: readable by whoever may read the admin's models, changed only on the judges'
pages (judging.services keeps the log)."""

from django.contrib import admin

from common.admin import ReadOnlyAdminMixin
from judging.models import DeckCheck, Penalty
from tournaments.admin_base import EventScopedAdmin


class ReadOnlyAdmin(ReadOnlyAdminMixin, EventScopedAdmin):
    """Deletes too are refused, as EventScopedAdmin refuses them without a delete service."""


@admin.register(DeckCheck)
class DeckCheckAdmin(ReadOnlyAdmin):
    list_display = ["at", "event", "registration", "round", "result", "judge"]
    list_filter = ["result"]
    list_select_related = ["event", "registration__team", "round", "judge"]


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = ["at", "event", "player", "registration", "round", "infraction", "penalty", "judge"]
    list_filter = ["penalty", "infraction"]
    list_select_related = ["event", "player", "registration__team", "round", "judge"]
