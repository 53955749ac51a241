"""The organizer's sealed controls: the product per event, opening every team's pool, entering a pool from real
product, unlocking a registration."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from cards.forms import card_list_widget, set_code_field
from sealed.models import PoolCard, SealedPool, SealedSettings
from sealed.services import (
    NotYourPool,
    sealed_pool_enter,
    sealed_pool_log_entries,
    sealed_pool_unlock,
    sealed_pools_open,
)
from tournaments.admin_base import EventScopedAdmin, event_log_html, usable_choices
from tournaments.enums import FormatKind
from tournaments.models import Registration

POOL_FORMATS = [FormatKind.TEAM_SEALED, FormatKind.THG_SEALED, FormatKind.THG_DRAFT]


@admin.register(SealedSettings)
class SealedSettingsAdmin(EventScopedAdmin):
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
                self.message_user(
                    request,
                    ngettext("%(event)s: %(n)d pool opened.", "%(event)s: %(n)d pools opened.", len(pools))
                    % {"event": settings_.event, "n": len(pools)},
                    messages.SUCCESS,
                )


class TeamChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Registration) -> str:
        return f"{obj.event.name}: {obj.team.name}"


class EnterPoolForm(forms.Form):
    registration = TeamChoiceField(
        label=_("Team"),
        # Real-product events keep no pools (sealed.services.RealProductPools): not offered.
        queryset=Registration.objects.filter(
            event__format_kind__in=POOL_FORMATS, event__real_product=False, dropped_round__isnull=True
        )
        .select_related("event", "team")
        .order_by("-event__date", "event__name", "team__name"),
    )
    text = forms.CharField(
        label=_("Cards"),
        strip=False,
        widget=card_list_widget(rows=30),
        help_text=_(
            'One card per line, "2 Card Name" for two copies; blank lines and // notes are skipped. English, '
            "front-face and foreign names are understood; every name is stored in English."
        ),
    )
    set_code = set_code_field()
    booster_size = forms.IntegerField(
        label=_("Cards per booster"),
        required=False,
        min_value=1,
        max_value=30,
        initial=14,
        help_text=_(
            "The list must then hold the event's boosters times this many cards. Empty: the total isn't checked."
        ),
    )


@admin.register(SealedPool)
class SealedPoolAdmin(EventScopedAdmin):
    list_display = [
        "registration",
        "event",
        "source",
        "set_code",
        "booster_count",
        "card_count",
        "registered_at",
        "page",
    ]
    list_filter = ["event", "source"]
    readonly_fields = [
        "registration",
        "event",
        "source",
        "set_code",
        "booster_count",
        "seed",
        "basics",
        "registered_at",
        "registered_by",
        "version",
        "pool_log",
    ]
    actions = ["unlock"]
    change_list_template = "sealed/admin/sealedpool_change_list.html"
    change_form_template = "sealed/admin/sealedpool_change_form.html"

    @admin.display(description=_("pool log"))
    def pool_log(self, obj: SealedPool) -> str:
        return event_log_html(sealed_pool_log_entries(pool=obj), event_id=obj.event_id, kind="pool")

    def get_urls(self):
        enter = path("enter/", self.admin_site.admin_view(self.enter_view), name="sealed_sealedpool_enter")
        return [enter, *super().get_urls()]

    def enter_view(self, request: HttpRequest) -> HttpResponse:
        """The organizer pastes a team's pool from real product; a refused list stays in the box."""
        if not self.has_change_permission(request):
            raise PermissionDenied
        form = EnterPoolForm(request.POST or None, initial={"registration": request.GET.get("registration")})
        form.fields["registration"].queryset = (
            usable_choices(
                request=request,
                model=Registration,
                queryset=form.fields["registration"].queryset,
            )
            or form.fields["registration"].queryset
        )
        if request.method == "POST" and form.is_valid():
            try:
                pool = sealed_pool_enter(by=request.user, check_names=True, **form.cleaned_data)
            except ValidationError as refused:
                form.add_error(None, refused.messages)
            else:
                count = pool.cards.count()
                self.message_user(
                    request,
                    ngettext("%(pool)s: %(n)d card entered.", "%(pool)s: %(n)d cards entered.", count)
                    % {"pool": pool, "n": count},
                    messages.SUCCESS,
                )
                return HttpResponseRedirect(reverse("admin:sealed_sealedpool_change", args=[pool.pk]))
        context = {
            **self.admin_site.each_context(request),
            "title": _("Enter a team's pool from real product"),
            "form": form,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "sealed/admin/enter_pool.html", context)

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
                self.message_user(request, _("%(pool)s: unlocked.") % {"pool": pool}, messages.SUCCESS)


@admin.register(PoolCard)
class PoolCardAdmin(EventScopedAdmin):
    event_path = "pool__event"
    list_display = ["pool", "position", "name", "rarity", "colors", "types", "mana_value", "seat", "zone"]
    list_filter = ["pool__event", "zone"]
    search_fields = ["name", "pool__registration__team__name"]
    list_select_related = ["pool__registration__team"]

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # the assignment changes only through the services, which check it and keep the log
