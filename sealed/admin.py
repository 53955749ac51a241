"""The organizer's sealed controls: the product per event, opening every team's pool, unlocking a registration."""
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from sealed.models import PoolCard, PoolLog, SealedPool, SealedSettings
from sealed.services import NotYourPool, sealed_pool_unlock, sealed_pools_open


@admin.register(SealedSettings)
class SealedSettingsAdmin(admin.ModelAdmin):
    list_display = ["event", "set_code", "booster_count", "identical_pools", "allow_changes_between_rounds"]
    readonly_fields = ["seed"]
    actions = ["open_pools"]

    @admin.action(description=_("Open a pool for every registered team that has none"))
    def open_pools(self, request: HttpRequest, queryset: QuerySet[SealedSettings]) -> None:
        for settings_ in queryset.select_related("event"):
            try:
                pools = sealed_pools_open(event=settings_.event, by=request.user)
            except ValidationError as exc:
                self.message_user(request, f"{settings_.event}: {' '.join(exc.messages)}", messages.ERROR)
            else:
                self.message_user(request, f"{settings_.event}: {len(pools)} pools opened.", messages.SUCCESS)


class PoolLogInline(admin.TabularInline):
    model = PoolLog
    extra = 0
    can_delete = False
    fields = ["at", "action", "by", "after_round", "detail"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(SealedPool)
class SealedPoolAdmin(admin.ModelAdmin):
    list_display = ["registration", "event", "source", "set_code", "booster_count", "card_count", "registered_at", "page"]
    list_filter = ["event", "source"]
    readonly_fields = ["registration", "event", "source", "set_code", "booster_count", "seed", "basics",
                       "registered_at", "registered_by", "version"]
    inlines = [PoolLogInline]
    actions = ["unlock"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("event", "registration__team").annotate(n=Count("cards"))

    def has_add_permission(self, request) -> bool:
        return False  # pools are opened from the event's sealed settings or entered through the service

    @admin.display(description=_("cards"), ordering="n")
    def card_count(self, obj: SealedPool) -> int:
        return obj.n

    @admin.display(description=_("page"))
    def page(self, obj: SealedPool) -> str:
        return format_html('<a href="{}">{}</a>', reverse("sealed:pool", args=[obj.pk]), _("pool"))

    @admin.action(description=_("Unlock the registration (the team registers again)"))
    def unlock(self, request: HttpRequest, queryset: QuerySet[SealedPool]) -> None:
        for pool in queryset:
            try:
                sealed_pool_unlock(pool=pool, by=request.user)
            except NotYourPool as exc:
                self.message_user(request, f"{pool}: {exc}", messages.ERROR)
            else:
                self.message_user(request, f"{pool}: unlocked.", messages.SUCCESS)


@admin.register(PoolCard)
class PoolCardAdmin(admin.ModelAdmin):
    list_display = ["pool", "position", "name", "rarity", "colors", "types", "mana_value", "seat", "zone"]
    list_filter = ["pool__event", "zone"]
    search_fields = ["name", "pool__registration__team__name"]
    list_select_related = ["pool__registration__team"]

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # the assignment changes only through the services, which check it and keep the log
