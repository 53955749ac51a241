"""API tokens in the organizer's admin, behind the rights module: a user makes tokens only for their own account and
for events they run (a superuser for anyone); the token text is shown once, on creation."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from api.models import ApiToken, TokenKind
from api.services import api_token_create, api_token_revoke
from tournaments.admin_base import OthersRowsDontExist, RightsLimitedChoices, is_superuser
from tournaments.rights import events_run_by, may_create_events, may_manage_tokens, may_use_account


class ApiTokenForm(forms.ModelForm):
    kind = forms.ChoiceField(choices=TokenKind.choices, initial=TokenKind.SCOREKEEPER, required=False)

    class Meta:
        model = ApiToken
        fields = ["kind", "event", "user", "name"]

    request = None  # set by the admin: the rules are asked of the person making the token

    def clean(self):
        cleaned = super().clean()
        if self.instance.pk:
            return cleaned
        cleaned["kind"] = cleaned.get("kind") or TokenKind.SCOREKEEPER
        self.instance.kind = cleaned["kind"]
        kind, event, user = cleaned.get("kind"), cleaned.get("event"), cleaned.get("user")
        me = self.request.user if self.request is not None else None
        if user is not None and not may_use_account(me, user):
            raise ValidationError({"user": _("A token acts as its maker: choose your own account.")})
        if kind == "organizer":
            if event is not None:
                raise ValidationError(
                    {"event": _("An organizer token acts on all of its person's events: leave the event empty.")}
                )
            if user is not None and not may_create_events(user):
                raise ValidationError(
                    {"user": _("This account doesn't hold the organizer role: add it to the Organizers group first.")}
                )
        elif event is None:
            raise ValidationError({"event": _("A scorekeeper token is for one event: choose it.")})
        elif not may_manage_tokens(me, event):
            raise ValidationError({"event": _("You don't run this event: choose one of yours.")})
        return cleaned


@admin.register(ApiToken)
class ApiTokenAdmin(OthersRowsDontExist, RightsLimitedChoices, admin.ModelAdmin):
    form = ApiTokenForm
    list_display = ["name", "kind", "event", "user", "prefix", "created_at", "last_used_at", "revoked_at"]
    list_filter = ["kind", "revoked_at"]
    search_fields = ["name", "event__name", "prefix"]
    list_select_related = ["event", "user"]
    autocomplete_fields = ["event"]
    readonly_fields = ["prefix", "created_at", "last_used_at", "revoked_at"]
    actions = ["revoke"]

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        return type(form.__name__, (form,), {"request": request})

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
        if is_superuser(request):
            return tokens
        return tokens.filter(Q(user=request.user) | Q(event__in=events_run_by(request.user)))

    def _may(self, request, obj) -> bool:
        return obj is None or may_manage_tokens(request.user, obj)

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and self._may(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._may(request, obj)

    def has_delete_permission(self, request, obj=None):
        return False  # tokens are revoked, so the log keeps their name

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
            return
        token, raw = api_token_create(
            event=obj.event, user=obj.user, name=obj.name, organizer=obj.kind == "organizer", by=request.user
        )
        obj.pk, obj.prefix, obj.secret_hash = token.pk, token.prefix, token.secret_hash
        messages.warning(
            request,
            _("Copy the token now; Hydra keeps only its hash and can't show it again: %(token)s") % {"token": raw},
        )

    def has_revoke_permission(self, request) -> bool:
        # Whoever may list tokens may revoke those they manage (each token is asked of may_manage_tokens).
        return self.has_view_permission(request)

    @admin.action(description=_("Revoke the selected tokens"), permissions=["revoke"])
    def revoke(self, request, queryset):
        revoked = 0
        for token in queryset:
            if may_manage_tokens(request.user, token):
                api_token_revoke(token=token)
                revoked += 1
        self.message_user(request, _("Revoked %(n)d tokens.") % {"n": revoked})
