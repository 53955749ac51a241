"""The organizer's home: events, teams and seats, rounds, matches and results."""
from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Player, Registration, Round, Seat, SeatMatch, Team, TeamMatch
from tournaments.services.events import event_apply_preset, event_problems
from tournaments.services.registrations import registration_seat_problems


class EventAdminForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = "__all__"

    def clean(self):
        cleaned = super().clean()
        event = self.instance
        for name, value in cleaned.items():
            setattr(event, name, value)
        event_apply_preset(event=event)
        cleaned["shared_life"], cleaned["shared_poison"] = event.shared_life, event.shared_poison
        for field, message in event_problems(event=event).items():
            self.add_error(field if field in self.fields else None, message)
        return cleaned


class RegistrationInline(admin.TabularInline):
    model = Registration
    fields = ["team", "players", "joined_round", "dropped_round"]
    readonly_fields = ["team", "players", "joined_round", "dropped_round"]
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        # Seats are entered on the registration's own page, where they can be checked together.
        return False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("team").prefetch_related("seats__player")

    @admin.display(description=_("players"))
    def players(self, obj: Registration) -> str:
        return ", ".join(f"{s.letter}: {s.player.name}" for s in obj.seats.all())


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    form = EventAdminForm
    list_display = ["name", "date", "location", "format_kind", "team_size", "structure", "team_count", "status"]
    list_filter = ["status", "format_kind", "structure", "team_size", "date"]
    search_fields = ["name", "location", "organizer__username"]
    date_hierarchy = "date"
    inlines = [RegistrationInline]
    readonly_fields = ["register_team_link"]
    fieldsets = [
        (None, {"fields": ["name", "date", "location", "organizer", "status", "is_public"]}),
        (_("Teams and format"), {"fields": ["team_size", "structure", "format_kind", "constructed_format", "seat_formats", "deck_rule"]}),
        (_("Shared game"), {"fields": ["shared_life", "shared_poison", "shared_games_per_match"], "classes": ["collapse"]}),
        (_("Rounds"), {"fields": ["swiss_rounds", "top_cut"]}),
        (_("Registration"), {"fields": ["register_team_link"]}),
    ]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_team_count=Count("registrations"))

    @admin.display(description=_("teams"), ordering="_team_count")
    def team_count(self, obj: Event) -> int:
        return obj._team_count

    @admin.display(description=_("register a team"))
    def register_team_link(self, obj: Event) -> str:
        if not obj.pk:
            return _("Save the event first.")
        url = reverse("admin:tournaments_registration_add") + f"?event={obj.pk}"
        return format_html('<a class="addlink" href="{}">{}</a>', url, _("Register a team"))

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        initial.setdefault("organizer", request.user.pk)
        return initial


class SeatInlineFormSet(forms.BaseInlineFormSet):
    def clean(self):
        super().clean()
        if any(self.errors):
            return
        event = self.instance.event if self.instance.event_id else None
        if event is None:
            return
        seats = [
            (form.cleaned_data["letter"], form.cleaned_data["player"])
            for form in self.forms
            if form.cleaned_data and not form.cleaned_data.get("DELETE")
        ]
        problems = registration_seat_problems(event=event, seats=seats, registration=self.instance)
        if problems:
            raise ValidationError(problems)


class SeatInline(admin.TabularInline):
    model = Seat
    formset = SeatInlineFormSet
    fields = ["letter", "player"]
    autocomplete_fields = ["player"]
    extra = 0

    def get_extra(self, request, obj=None, **kwargs):
        if obj is None:
            return 3
        return 0


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["team", "event", "players", "joined_round", "dropped_round"]
    list_filter = ["event", ("dropped_round", admin.EmptyFieldListFilter)]
    search_fields = ["team__name", "seats__player__name", "event__name"]
    autocomplete_fields = ["team"]
    inlines = [SeatInline]
    list_select_related = ["team", "event"]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats__player")

    @admin.display(description=_("players"))
    def players(self, obj: Registration) -> str:
        return ", ".join(f"{s.letter}: {s.player.name}" for s in obj.seats.all())


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "event_count", "created_at"]
    search_fields = ["name"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_event_count=Count("registrations"))

    @admin.display(description=_("events"), ordering="_event_count")
    def event_count(self, obj: Team) -> int:
        return obj._event_count


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "user", "created_at"]
    search_fields = ["name", "user__username", "user__email"]
    autocomplete_fields = ["user"]


class TeamMatchInline(admin.TabularInline):
    model = TeamMatch
    fields = ["table", "team_a", "team_b", "outcome", "result_state"]
    readonly_fields = ["outcome", "result_state"]
    extra = 0
    show_change_link = True
    autocomplete_fields = ["team_a", "team_b"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("team_a__team", "team_b__team")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "kind", "seed", "is_finished", "match_count"]
    list_filter = ["event", "kind", "is_finished"]
    search_fields = ["event__name"]
    inlines = [TeamMatchInline]
    list_select_related = ["event"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_match_count=Count("matches"))

    @admin.display(description=_("matches"), ordering="_match_count")
    def match_count(self, obj: Round) -> int:
        return obj._match_count


class SeatMatchInline(admin.TabularInline):
    model = SeatMatch
    fields = ["letter", "wins_a", "wins_b", "draws"]
    extra = 0


@admin.register(TeamMatch)
class TeamMatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round_number", "event", "outcome", "result_state", "reported_by", "updated_at"]
    list_filter = ["result_state", "round__event", "round__number"]
    search_fields = ["team_a__team__name", "team_b__team__name", "round__event__name"]
    list_select_related = ["round__event", "team_a__team", "team_b__team", "reported_by"]
    autocomplete_fields = ["team_a", "team_b"]
    inlines = [SeatMatchInline]
    readonly_fields = ["reported_by", "reported_at", "confirmed_by", "confirmed_at"]

    @admin.display(description=_("round"), ordering="round__number")
    def round_number(self, obj: TeamMatch) -> int:
        return obj.round.number

    @admin.display(description=_("event"), ordering="round__event__name")
    def event(self, obj: TeamMatch) -> str:
        return obj.round.event.name
