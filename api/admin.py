"""Scorekeeper tokens in the organizer's admin: the token text is shown once, on creation."""
from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from api.models import ApiToken
from api.services import api_token_create, api_token_revoke


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "user", "prefix", "created_at", "last_used_at", "revoked_at"]
    list_filter = ["revoked_at"]
    search_fields = ["name", "event__name", "prefix"]
    list_select_related = ["event", "user"]
    autocomplete_fields = ["event"]
    readonly_fields = ["prefix", "created_at", "last_used_at", "revoked_at"]
    actions = ["revoke"]

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["event", "user", "name"]
        return ["event", "user", "name", "prefix", "created_at", "last_used_at", "revoked_at"]

    def get_readonly_fields(self, request, obj=None):
        # A token's event and person are fixed: a token for another event is a new token.
        return self.readonly_fields + (["event", "user"] if obj is not None else [])

    def get_changeform_initial_data(self, request):
        return {"user": request.user.pk, **super().get_changeform_initial_data(request)}

    def get_queryset(self, request):
        tokens = super().get_queryset(request)
        if request.user.is_superuser:
            return tokens
        return tokens.filter(event__organizer=request.user)

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
            return
        token, raw = api_token_create(event=obj.event, user=obj.user, name=obj.name)
        obj.pk, obj.prefix, obj.secret_hash = token.pk, token.prefix, token.secret_hash
        messages.warning(
            request,
            _("Copy the token now; Hydra keeps only its hash and can't show it again: %(token)s") % {"token": raw},
        )

    @admin.action(description=_("Revoke the selected tokens"))
    def revoke(self, request, queryset):
        for token in queryset:
            api_token_revoke(token=token)
        self.message_user(request, _("Revoked %(n)d tokens.") % {"n": queryset.count()})
