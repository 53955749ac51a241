"""Ratings in the organizer's admin: read-only (every row is rebuilt from results), with a rebuild action."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from common.admin import ReadOnlyAdminMixin
from ratings.categories import parse_category
from ratings.models import PlayerRating, RatingCategory, RatingHistory
from ratings.services import category_recalculate
from tournaments.rights import may_change_site_data


class DerivedAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Rows computed from results: they are viewed, never edited by hand (a rebuild would undo the edit)."""


@admin.register(RatingCategory)
class RatingCategoryAdmin(DerivedAdmin):
    list_display = ["slug", "label", "events", "matches", "players", "recalculated_at"]
    actions = ["recalculate"]

    def has_recalculate_permission(self, request) -> bool:
        # Ratings are the server's, not an event's: rebuilding them is the operator's (issue 52).
        return may_change_site_data(request.user)

    @admin.action(description=_("Rebuild the selected categories from all results"), permissions=["recalculate"])
    def recalculate(self, request, queryset):
        for row in queryset:
            category = parse_category(row.slug)
            if category is None:
                continue
            summary = category_recalculate(category=category)
            self.message_user(
                request,
                _("%(category)s: %(players)d players rated from %(matches)d team matches of %(events)d events.")
                % {
                    "category": row.label,
                    "players": summary.players,
                    "matches": summary.matches,
                    "events": summary.events,
                },
                messages.SUCCESS,
            )


@admin.register(PlayerRating)
class PlayerRatingAdmin(DerivedAdmin):
    list_display = ["player", "category", "rating_shown", "matches", "wins", "losses", "draws", "last_event_date"]
    list_filter = ["category"]
    search_fields = ["player__name"]
    list_select_related = ["player", "category"]
    ordering = ["category", "-rating", "player_id"]

    @admin.display(description=_("rating"), ordering="rating")
    def rating_shown(self, obj: PlayerRating) -> str:
        return f"{obj.rating:.0f}"


@admin.register(RatingHistory)
class RatingHistoryAdmin(DerivedAdmin):
    list_display = ["player", "category", "event", "date", "rating_before", "rating_after", "matches"]
    list_filter = ["category"]
    search_fields = ["player__name", "event__name"]
    list_select_related = ["player", "category", "event"]
    date_hierarchy = "date"
