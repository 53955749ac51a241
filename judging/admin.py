"""The judges' records in the admin: readable by whoever may read the admin's models, changed only on the judges'
pages (judging.services keeps the log)."""
from django.contrib import admin

from judging.models import DeckCheck, Penalty
from tournaments.admin_base import EventScopedAdmin


class ReadOnlyAdmin(EventScopedAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


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
