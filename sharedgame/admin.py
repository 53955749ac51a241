"""The organizer's view of live games: each game's totals with every change, who made it and when (read-only:
changes go through the live page, where the organizer may undo any change)."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from sharedgame.models import GameState, LifeChange
from tournaments.admin_base import EventScopedAdmin, EventScopedInline


class LifeChangeInline(EventScopedInline, admin.TabularInline):
    model = LifeChange
    extra = 0
    can_delete = False
    fields = ["at", "by", "team", "life", "poison", "undone_at", "undone_by"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(GameState)
class GameStateAdmin(EventScopedAdmin):
    event_path = "match__round__event"
    list_display = ["match", "number", "life_a", "poison_a", "life_b", "poison_b", "winner", "live"]
    list_filter = ["match__round__event"]
    list_select_related = ["match__round__event", "match__team_a__team", "match__team_b__team"]
    readonly_fields = [
        "match",
        "number",
        "starting_life",
        "poison_limit",
        "life_a",
        "poison_a",
        "life_b",
        "poison_b",
        "winner",
        "version",
    ]
    inlines = [LifeChangeInline]

    def has_add_permission(self, request) -> bool:
        return False

    @admin.display(description=_("live page"))
    def live(self, obj: GameState) -> str:
        return format_html('<a href="{}">{}</a>', reverse("sharedgame:match", args=[obj.match_id]), _("open"))
