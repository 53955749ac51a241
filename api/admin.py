"""Scorekeeper tokens in the organizer's admin: the token text is shown once, on creation."""
from django import forms
from django.contrib import admin, messages
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from api.models import ApiToken, TokenKind
from api.services import api_token_create, api_token_revoke


class ApiTokenForm(forms.ModelForm):
    kind = forms.ChoiceField(choices=TokenKind.choices, initial=TokenKind.SCOREKEEPER, required=False)

    class Meta:
        model = ApiToken
        fields = ["kind", "event", "user", "name"]

    def clean(self):
        cleaned = super().clean()
        if self.instance.pk:
            return cleaned
        from django.core.exceptions import ValidationError

        from tournaments.selectors.roles import user_is_organizer

        cleaned["kind"] = cleaned.get("kind") or TokenKind.SCOREKEEPER
        self.instance.kind = cleaned["kind"]
        kind, event, user = cleaned.get("kind"), cleaned.get("event"), cleaned.get("user")
        if kind == "organizer":
            if event is not None:
                raise ValidationError({"event": _("An organizer token acts on all of its person's events: leave the event empty.")})
            if user is not None and not user_is_organizer(user=user):
                raise ValidationError({"user": _("This account doesn't hold the organizer role: add it to the Organizers group first.")})
        elif event is None:
            raise ValidationError({"event": _("A scorekeeper token is for one event: choose it.")})
        return cleaned


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    form = ApiTokenForm
    list_display = ["name", "kind", "event", "user", "prefix", "created_at", "last_used_at", "revoked_at"]
    list_filter = ["kind", "revoked_at"]
    search_fields = ["name", "event__name", "prefix"]
    list_select_related = ["event", "user"]
    autocomplete_fields = ["event"]
    readonly_fields = ["prefix", "created_at", "last_used_at", "revoked_at"]
    actions = ["revoke"]

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["kind", "event", "user", "name"]
        return ["kind", "event", "user", "name", "prefix", "created_at", "last_used_at", "revoked_at"]

    def get_readonly_fields(self, request, obj=None):
        # A token's event and person are fixed: a token for another event is a new token.
        return self.readonly_fields + (["kind", "event", "user"] if obj is not None else [])

    def get_changeform_initial_data(self, request):
        return {"user": request.user.pk, **super().get_changeform_initial_data(request)}

    def get_queryset(self, request):
        tokens = super().get_queryset(request)
        if request.user.is_superuser:
            return tokens
        return tokens.filter(Q(event__organizer=request.user) | Q(event__isnull=True, user=request.user))

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
            return
        token, raw = api_token_create(event=obj.event, user=obj.user, name=obj.name, organizer=obj.kind == "organizer")
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
