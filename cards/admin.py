from django.contrib import admin

from cards.models import Card, CardDataImport, CardDataRequest, CardDisplaySettings, CardName, CardSet
from cards.selectors import card_images_forget
from common.admin import ReadOnlyAdminMixin


class CardNameInline(admin.TabularInline):
    model = CardName
    extra = 0
    fields = ("language", "kind", "name")
    readonly_fields = fields
    can_delete = False


@admin.register(Card)
class CardAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Read-only: cards come from `import_cards`, and an edit here would be overwritten by the next import."""

    list_display = ("name", "type_line", "mana_value", "colors", "deck_limit", "is_basic")
    list_filter = ("is_basic", "colors", "layout")
    search_fields = ("name", "name_key", "names__name_key")
    inlines = [CardNameInline]


@admin.register(CardSet)
class CardSetAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Read-only: sets come from `import_cards`. The list is where an organizer looks up a set code."""

    list_display = ("code", "name", "set_type", "release_date", "booster_kinds")
    list_filter = ("set_type",)
    search_fields = ("code", "name")
    exclude = ("booster",)


@admin.register(CardDataImport)
class CardDataImportAdmin(admin.ModelAdmin):
    list_display = (
        "imported_at",
        "source",
        "data_date",
        "cards_created",
        "cards_updated",
        "legalities_changed",
        "sets_created",
        "printings",
    )

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(CardDataRequest)
class CardDataRequestAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Read-only: organizers ask for newer card data on the card data page (issue 52); the operator reads them."""

    list_display = ("requested_at", "by", "email", "note")
    search_fields = ("by", "email", "note")


@admin.register(CardDisplaySettings)
class CardDisplaySettingsAdmin(admin.ModelAdmin):
    """One row: whether pages may show card pictures from Scryfall."""

    list_display = ("__str__", "remote_images")

    def has_add_permission(self, request):
        # One row at most, and only for who holds the model's permission (a superuser): site-wide, not an event's.
        return super().has_add_permission(request) and not CardDisplaySettings.objects.exists()

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        card_images_forget()

    def has_delete_permission(self, request, obj=None):
        return False
