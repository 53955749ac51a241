from django.contrib import admin

from cards.models import Card, CardName


class CardNameInline(admin.TabularInline):
    model = CardName
    extra = 0
    fields = ("language", "kind", "name")
    readonly_fields = fields
    can_delete = False


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    """Read-only: cards come from `import_cards`, and an edit here would be overwritten by the next import."""

    list_display = ("name", "type_line", "mana_value", "colors", "deck_limit", "is_basic")
    list_filter = ("is_basic", "colors", "layout")
    search_fields = ("name", "name_key", "names__name_key")
    inlines = [CardNameInline]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
