"""The admin's pages of events, teams and seats, rounds, matches and results: a door for the organizer's operations
(docs/admin.md). Each action (pair, top cut, re-pair, drops, decklists) calls the service the desk and the API call,
after the same right of tournaments.rights at the row's event, asked through the one door helper (tournaments.doors);
the admin has no rule of its own."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from common.admin import ReadOnlyAdminMixin
from common.params import plain_int
from tournaments import admin_views
from tournaments.admin_base import EventScopedAdmin, EventScopedInline, is_superuser
from tournaments.doors import event_with_right
from tournaments.enums import EventStatus, FormatKind, Outcome, ResultState, default_deck_rule
from tournaments.models import (
    Decklist,
    Event,
    EventLogEntry,
    Player,
    Registration,
    Round,
    Seat,
    SeatMatch,
    Team,
    TeamMatch,
)
from tournaments.rights import events_run_by, may_create_events, may_run_event, may_score_event
from tournaments.selectors.events import event_warnings
from tournaments.services.decklists import (
    DECK_CHECK_FIELDS,
    deck_problem_message,
    event_lock_decklists,
    event_recheck_decklists,
)
from tournaments.services.events import (
    event_apply_preset,
    event_delete,
    event_delete_refusal,
    event_finish,
    event_problems,
)
from tournaments.services.scoreboard import event_bump_version, event_closed_refusal
from tournaments.services.pairing import round_pair_next, round_problems, round_repair
from tournaments.services.rounds import (
    round_take_back,
    round_take_back_refusal,
    team_match_delete,
    team_match_delete_refusal,
)
from tournaments.services.registrations import (
    registration_delete,
    registration_delete_refusal,
    registration_drop,
    registration_reinstate,
    registration_seat_problems,
    registration_seats_locked,
)
from tournaments.services.results import SeatGames, SharedGames, team_match_check, team_match_record_final
from tournaments.services.topcut import topcut_advance, topcut_start


def _run(modeladmin, request, queryset, service, done, *, right=may_score_event) -> None:
    """Call `service(obj)` for each selected object, as the desk and the API do: the same service, after the same
    `right` (a rule of tournaments.rights; may_score_event, the desk's, unless said otherwise) at the object's event,
    asked through tournaments.doors. Each success, refusal, and selected row of an event the person may not manage
    is an admin message, never a 500."""
    _refuse_unlisted(modeladmin, request, queryset)
    for obj in queryset:
        if not all(event_with_right(pk=e.pk, subject=request.user, right=right) for e in modeladmin.events_of(obj)):
            modeladmin.message_user(
                request, _("%(object)s: you may not manage this event.") % {"object": obj}, messages.ERROR
            )
            continue
        try:
            result = service(obj)
        except ValidationError as exc:
            for message in exc.messages:
                modeladmin.message_user(request, f"{obj}: {message}", messages.ERROR)
        else:
            modeladmin.message_user(request, f"{obj}: {done(result)}", messages.SUCCESS)


def _refuse_unlisted(modeladmin, request, queryset) -> None:
    """A selected row the admin doesn't list for this person (another organizer's event) is refused by its id,
    never acted on: the admin's queryset holds only the events they may manage."""
    if request.POST.get("select_across", "0") == "1":  # every listed row: nothing was picked by id
        return
    chosen = {plain_int(pk, max_digits=18) for pk in request.POST.getlist(admin.helpers.ACTION_CHECKBOX_NAME)}
    chosen.discard(None)
    listed = set(modeladmin.get_queryset(request).filter(pk__in=chosen).values_list("pk", flat=True))
    for pk in sorted(chosen - listed):
        modeladmin.message_user(request, _("No. %(id)s: you may not manage this event.") % {"id": pk}, messages.ERROR)


class ScoreboardAdmin(EventScopedAdmin):
    """An admin page whose saves and deletes change what a scoreboard shows (names, pairings, results, status):
    each one bumps the event's scoreboard version, as the services do, so ETags and live pages follow."""

    def scoreboard_event_ids(self, obj) -> set[int]:
        """The events whose scoreboards show `obj`."""
        raise NotImplementedError

    def _bump(self, event_ids) -> None:
        for event_id in sorted(event_ids):
            event_bump_version(event_id=event_id)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        self._bump(self.scoreboard_event_ids(form.instance))

    # Deletes go through the services (EventScopedAdmin.delete_service), which bump the version themselves.


class _YesNoSelect(forms.NullBooleanSelect):
    def __init__(self, attrs=None):
        super().__init__(attrs)
        self.choices = [("true", _("Yes")), ("false", _("No"))]


# Settings a form posted without them keeps as they are (scripts and older forms that don't know them yet).
_KEPT_WHEN_ABSENT = ("enforcement_level", "draft_structure", "deck_building_minutes", "formats_must_differ")


class EventAdminForm(forms.ModelForm):
    # A yes/no choice rather than a checkbox: a form posted without it keeps the rule on (DCI 8.3).
    formats_must_differ = forms.NullBooleanField(
        label=_("Members' formats must all differ"),
        required=False,
        widget=_YesNoSelect,
        help_text=_(
            "Format per seat only: each member plays a different format (DCI 8.3). Choose No to assign "
            "formats per seat freely."
        ),
    )

    class Meta:
        model = Event
        fields = "__all__"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._absent = [n for n in _KEPT_WHEN_ABSENT if self.is_bound and n in self.fields and n not in self.data]
        for name in self._absent:
            self.fields[name].required = False
        if not self.instance.pk and "deck_rule" in self.fields:
            # A new event takes its format's default unless the organizer picks one: MTR 8.4 for Two-Headed
            # Giant constructed, four copies per team otherwise (RULES.md 5).
            field = self.fields["deck_rule"]
            field.required = False
            field.choices = [("", _("The format's default (no shared cards for Two-Headed Giant)"))] + [
                c for c in field.choices if c[0]
            ]
            field.initial = ""
            self.initial["deck_rule"] = ""
        # A post that leaves the rating importance out (older forms and scripts) keeps the event's own.
        if "rating_importance" in self.fields:
            self.fields["rating_importance"].required = False

    def clean_rating_importance(self):
        return self.cleaned_data.get("rating_importance") or self.instance.rating_importance

    def clean(self):
        cleaned = super().clean()
        for name in self._absent:
            cleaned[name] = getattr(self.instance, name)
        if cleaned.get("formats_must_differ") is None and "formats_must_differ" in self.fields:
            cleaned["formats_must_differ"] = True
        if "deck_rule" in cleaned and not cleaned["deck_rule"]:
            cleaned["deck_rule"] = default_deck_rule(cleaned.get("format_kind") or FormatKind.TEAM_CONSTRUCTED)
        event = self.instance
        many_to_many = {f.name for f in Event._meta.many_to_many}
        for name, value in cleaned.items():
            if name not in many_to_many:  # the judges are saved by the form after the event
                setattr(event, name, value)
        event_apply_preset(event=event)
        cleaned["shared_life"], cleaned["shared_poison"] = event.shared_life, event.shared_poison
        for field, message in event_problems(event=event).items():
            self.add_error(field if field in self.fields else None, message)
        return cleaned


class RegistrationInline(EventScopedInline, admin.TabularInline):
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
class EventAdmin(ScoreboardAdmin):
    event_path = None
    form = EventAdminForm
    list_display = ["name", "date", "location", "format_kind", "team_size", "structure", "team_count", "status"]
    list_filter = ["status", "format_kind", "structure", "team_size", "date"]
    search_fields = ["name", "location", "organizer__username"]
    date_hierarchy = "date"
    inlines = [RegistrationInline]
    readonly_fields = ["register_team_link", "organizer_pages", "warnings"]
    actions = [
        "pair_next_round",
        "start_top_cut",
        "advance_top_cut",
        "lock_decklists",
        "unlock_decklists",
        "recheck_decklists",
    ]
    fieldsets = [
        (None, {"fields": ["name", "date", "location", "organizer", "status", "is_public", "enforcement_level"]}),
        (
            _("Teams and format"),
            {
                "fields": [
                    "team_size",
                    "structure",
                    "format_kind",
                    "constructed_format",
                    "seat_formats",
                    "formats_must_differ",
                    "deck_rule",
                ]
            },
        ),
        (_("Team Rochester draft"), {"fields": ["draft_structure", "rochester_teams_of_two", "deck_building_minutes"]}),
        (_("Two-Headed Giant booster draft"), {"fields": ["pods_play_across"]}),
        (
            _("Shared game"),
            {"fields": ["shared_life", "shared_poison", "shared_games_per_match"], "classes": ["collapse"]},
        ),
        (_("Rounds"), {"fields": ["swiss_rounds", "top_cut"]}),
        (_("Ratings"), {"fields": ["rating_importance", "region", "seed_by_rating"]}),
        (
            _("Decklists"),
            {
                "fields": [
                    "extra_banned",
                    "decklist_deadline",
                    "decklists_locked",
                    "decklists_published",
                    "real_product",
                    "decklists_at_regular",
                ]
            },
        ),
        (
            _("Registration"),
            {
                "fields": [
                    "register_team_link",
                    "signup_open",
                    "signup_deadline",
                    "signup_capacity",
                    "signup_needs_approval",
                ]
            },
        ),
        (_("Running the event"), {"fields": ["warnings", "organizer_pages"]}),
    ]

    def get_urls(self):
        own = [
            path(
                "<int:event_id>/pairings/",
                self.admin_site.admin_view(admin_views.event_pairings),
                name="tournaments_event_pairings",
            ),
            path(
                "<int:event_id>/standings/",
                self.admin_site.admin_view(admin_views.event_standings),
                name="tournaments_event_standings",
            ),
            path(
                "<int:event_id>/standings.csv",
                self.admin_site.admin_view(admin_views.event_standings_csv),
                name="tournaments_event_standings_csv",
            ),
            path(
                "<int:event_id>/decklists/",
                self.admin_site.admin_view(admin_views.event_decklists),
                name="tournaments_event_decklists",
            ),
        ]
        return own + super().get_urls()

    @admin.display(description=_("warnings"))
    def warnings(self, obj: Event) -> str:
        found = event_warnings(event=obj) if obj.pk else []
        return format_html_join("", "<p>{}</p>", ((w,) for w in found)) if found else "-"

    @admin.display(description=_("pages"))
    def organizer_pages(self, obj: Event) -> str:
        if not obj.pk:
            return "-"
        links = [
            (reverse("admin:tournaments_event_pairings", args=[obj.pk]), _("Printable pairings")),
            (reverse("admin:tournaments_event_standings", args=[obj.pk]), _("Standings")),
            (reverse("admin:tournaments_event_standings_csv", args=[obj.pk]), _("Standings as CSV")),
            (reverse("admin:tournaments_event_decklists", args=[obj.pk]), _("Printable decklists")),
            (reverse("judging:event", args=[obj.pk]), _("Judging")),
            (reverse("judging:log", args=[obj.pk]), _("Event log")),
            (reverse("admin:tournaments_round_changelist") + f"?event__id__exact={obj.pk}", _("Rounds")),
            (
                reverse("admin:tournaments_teammatch_changelist")
                + f"?round__event__id__exact={obj.pk}&result_state__exact=disputed",
                _("Disputed results"),
            ),
        ]
        return format_html_join(" · ", '<a href="{}">{}</a>', links)

    @admin.action(description=_("Pair the next Swiss round"), permissions=["change"])
    def pair_next_round(self, request, queryset):
        _run(
            self,
            request,
            queryset,
            lambda e: round_pair_next(event=e, user=request.user),
            lambda r: _("round %(n)d paired (seed %(seed)d).") % {"n": r.number, "seed": r.seed},
        )
        for event in queryset:
            for warning in event_warnings(event=event):
                self.message_user(request, f"{event}: {warning}", messages.WARNING)

    @admin.action(description=_("Lock decklist registration"), permissions=["change"])
    def lock_decklists(self, request, queryset):
        _run(
            self,
            request,
            queryset,
            lambda e: event_lock_decklists(event=e),
            lambda e: _("decklists locked."),
            right=may_run_event,
        )

    @admin.action(description=_("Reopen decklist registration"), permissions=["change"])
    def unlock_decklists(self, request, queryset):
        _run(
            self,
            request,
            queryset,
            lambda e: event_lock_decklists(event=e, locked=False),
            lambda e: _("decklists open."),
            right=may_run_event,
        )

    @admin.action(description=_("Recheck decklists"), permissions=["change"])
    def recheck_decklists(self, request, queryset):
        _run(
            self,
            request,
            queryset,
            lambda e: event_recheck_decklists(event=e),
            lambda n: (
                ngettext("decklists of %(n)d team checked again.", "decklists of %(n)d teams checked again.", n)
                % {"n": n}
            ),
            right=may_run_event,
        )

    @admin.action(description=_("Start the top cut"), permissions=["change"])
    def start_top_cut(self, request, queryset):
        _run(
            self, request, queryset, lambda e: topcut_start(event=e, user=request.user), lambda r: _("top cut paired.")
        )

    @admin.action(description=_("Pair the next top-cut round"), permissions=["change"])
    def advance_top_cut(self, request, queryset):
        _run(
            self,
            request,
            queryset,
            lambda e: topcut_advance(event=e, user=request.user),
            lambda r: _("next top-cut round paired.") if r else _("the final is decided: the event is finished."),
        )

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

    # An organizer runs their own events here without the model-wide permissions (change_event would run every
    # event): the rights module's object rule decides.
    def has_view_permission(self, request, obj=None):
        return self.may_run_object(request, obj) and (
            admin.ModelAdmin.has_view_permission(self, request, obj) or may_create_events(request.user)
        )

    def has_change_permission(self, request, obj=None):
        return self.may_run_object(request, obj) and (
            admin.ModelAdmin.has_change_permission(self, request, obj) or may_create_events(request.user)
        )

    def get_readonly_fields(self, request, obj=None):
        # The owner is who created the event; handing it to someone else is a superuser's act (co-organizers are
        # added on the event's staff page).
        readonly = list(super().get_readonly_fields(request, obj))
        return readonly if obj is None or is_superuser(request) else [*readonly, "organizer"]

    def save_model(self, request, obj, form, change):
        if not change:
            return super().save_model(request, obj, form, change)
        # Every field but the version: it was read with the form and may have been bumped since.
        obj.save(update_fields=[f.name for f in Event._meta.concrete_fields if f.name not in ("id", "version")])
        if "status" in form.changed_data and obj.status == EventStatus.FINISHED:
            event_finish(event=obj)
        if obj.has_decklists and set(DECK_CHECK_FIELDS) & set(form.changed_data):
            # The stored problems were found under the old rule, format or banned list.
            checked = event_recheck_decklists(event=obj)
            self.message_user(
                request,
                ngettext(
                    "Decklists of %(n)d team checked again under the new settings.",
                    "Decklists of %(n)d teams checked again under the new settings.",
                    checked,
                )
                % {"n": checked},
            )

    def scoreboard_event_ids(self, obj: Event) -> set[int]:
        return {obj.pk} if obj.pk else set()

    def delete_refusal(self, obj: Event) -> str | None:
        return event_delete_refusal(event=obj)

    def delete_service(self, request, obj: Event) -> None:
        event_delete(event=obj)


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


class SeatInline(EventScopedInline, admin.TabularInline):
    model = Seat
    formset = SeatInlineFormSet
    fields = ["letter", "player"]
    autocomplete_fields = ["player"]
    extra = 0

    def get_extra(self, request, obj=None, **kwargs):
        if obj is None:
            return 3
        return 0

    # Seats lock once round 1 is paired (RULES.md 1): after that a judge corrects them through the API or the
    # organizer's desk, with the reason recorded in the event's log.
    def _locked(self, obj) -> bool:
        return obj is not None and registration_seats_locked(event=obj.event)

    def has_change_permission(self, request, obj=None):
        return not self._locked(obj) and super().has_change_permission(request, obj)

    def has_add_permission(self, request, obj=None):
        return not self._locked(obj) and super().has_add_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return not self._locked(obj) and super().has_delete_permission(request, obj)


@admin.register(Registration)
class RegistrationAdmin(ScoreboardAdmin):
    list_display = [
        "team",
        "event",
        "players",
        "decklist_status",
        "joined_round",
        "dropped_round",
        "day2_cut_round",
        "disqualified_at",
    ]
    # Byes in advance and fixed tables change through their services (logged, checked against the rounds paired):
    # the desk's team page and the API. The admin shows them; the Day 2 cut's mark too (the desk and the API make it).
    readonly_fields = ["deck_problem_list", "byes_in_advance", "fixed_table", "day2_cut_round"]
    list_filter = [
        "event",
        ("dropped_round", admin.EmptyFieldListFilter),
        ("day2_cut_round", admin.EmptyFieldListFilter),
    ]
    search_fields = ["team__name", "seats__player__name", "event__name"]
    autocomplete_fields = ["team"]
    inlines = [SeatInline]
    list_select_related = ["team", "event"]
    actions = ["drop_teams", "reinstate_teams"]

    def get_readonly_fields(self, request, obj=None):
        # The event is chosen once: the seats repeat it (Seat.event), so moving a registration is refused.
        return [*super().get_readonly_fields(request, obj), *(["event"] if obj is not None else [])]

    @admin.action(description=_("Drop the selected teams (not paired from the next round on)"), permissions=["change"])
    def drop_teams(self, request, queryset):
        _run(
            self,
            request,
            queryset,
            lambda r: registration_drop(registration=r, user=request.user),
            lambda r: _("dropped after round %(n)d.") % {"n": r.dropped_round},
        )

    @admin.action(description=_("Reinstate the selected teams"), permissions=["change"])
    def reinstate_teams(self, request, queryset):
        _run(
            self,
            request,
            queryset,
            lambda r: registration_reinstate(registration=r, user=request.user),
            lambda r: _("reinstated."),
        )

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats__player", "seats__decklist")

    def scoreboard_event_ids(self, obj: Registration) -> set[int]:
        return {obj.event_id}

    def delete_refusal(self, obj: Registration) -> str | None:
        return registration_delete_refusal(registration=obj)

    def delete_service(self, request, obj: Registration) -> None:
        registration_delete(registration=obj, user=request.user)

    @admin.display(description=_("players"))
    def players(self, obj: Registration) -> str:
        return ", ".join(f"{s.letter}: {s.player.name}" for s in obj.seats.all())

    @admin.display(description=_("decklists"))
    def decklist_status(self, obj: Registration) -> str:
        seats = list(obj.seats.all())
        submitted = sum(1 for s in seats if hasattr(s, "decklist"))
        if submitted == 0:
            return _("none submitted")
        if obj.deck_problems:
            return _("%(n)d/%(t)d submitted, %(p)d problem(s)") % {
                "n": submitted,
                "t": len(seats),
                "p": len(obj.deck_problems),
            }
        return _("%(n)d/%(t)d submitted, legal") % {"n": submitted, "t": len(seats)}

    @admin.display(description=_("decklist problems"))
    def deck_problem_list(self, obj: Registration) -> str:
        if not obj.deck_problems:
            return _("None.")
        return format_html(
            "<ul>{}</ul>", format_html_join("", "<li>{}</li>", ((deck_problem_message(p),) for p in obj.deck_problems))
        )


@admin.register(Decklist)
class DecklistAdmin(EventScopedAdmin):
    event_path = "seat__event"
    list_display = ["seat", "event", "main_count", "sideboard_count", "submitted_at"]
    list_filter = ["seat__event"]
    search_fields = ["seat__player__name", "seat__registration__team__name"]
    list_select_related = ["seat__player", "seat__registration__team", "seat__event"]
    readonly_fields = ["seat", "text", "main", "sideboard", "errors", "submitted_by", "submitted_at"]

    def has_add_permission(self, request):
        return False  # players submit their own lists in the portal

    @admin.display(description=_("event"), ordering="seat__event__name")
    def event(self, obj: Decklist) -> str:
        return obj.seat.event.name


class SharedAcrossEventsAdmin(ScoreboardAdmin):
    """Teams and players take part in many events, of many organizers: one is shown to a user when it is in one
    of their events (or in none yet, just created), and changed only when every event it is in is theirs."""

    events_lookup = ""

    def events_of(self, obj) -> list[Event]:
        return list(Event.objects.filter(pk__in=self.scoreboard_event_ids(obj)))

    def may_run_object(self, request, obj) -> bool:
        if obj is None or obj.pk is None:
            return True
        events = self.events_of(obj)
        return (
            all(may_run_event(request.user, e) for e in events)
            if events
            else request.user.has_perm(f"{self.model._meta.app_label}.add_{self.model._meta.model_name}")
        )

    def scope(self, queryset, request):
        if is_superuser(request):
            return queryset
        mine = Q(**{f"{self.events_lookup}__in": events_run_by(request.user)}) | Q(
            **{f"{self.events_lookup}__isnull": True}
        )
        return queryset.filter(pk__in=self.model.objects.filter(mine).values("pk"))

    def has_delete_permission(self, request, obj=None):
        return is_superuser(request) and super().has_delete_permission(request, obj)

    def delete_service(self, request, obj) -> None:
        event_ids = self.scoreboard_event_ids(obj)
        obj.delete()
        self._bump(event_ids)


@admin.register(Team)
class TeamAdmin(SharedAcrossEventsAdmin):
    events_lookup = "registrations__event"
    list_display = ["name", "event_count", "created_at"]
    search_fields = ["name"]

    def scoreboard_event_ids(self, obj: Team) -> set[int]:
        return set(Registration.objects.filter(team_id=obj.pk).values_list("event_id", flat=True)) if obj.pk else set()

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_event_count=Count("registrations"))

    @admin.display(description=_("events"), ordering="_event_count")
    def event_count(self, obj: Team) -> int:
        return obj._event_count


@admin.register(Player)
class PlayerAdmin(SharedAcrossEventsAdmin):
    events_lookup = "seats__event"
    list_display = ["name", "user", "created_at"]
    search_fields = ["name", "user__username", "user__email"]
    autocomplete_fields = ["user"]

    def get_readonly_fields(self, request, obj=None):
        # Linking a player record to an account decides whose matches and decklist that account sees: a superuser's
        # act (players claim their own records through the portal).
        readonly = list(super().get_readonly_fields(request, obj))
        return readonly if is_superuser(request) else [*readonly, "user"]

    def scoreboard_event_ids(self, obj: Player) -> set[int]:
        return set(Seat.objects.filter(player_id=obj.pk).values_list("event_id", flat=True)) if obj.pk else set()


class TeamMatchAdminForm(forms.ModelForm):
    """A match entered or edited by hand: both teams must be of the round's event, and a bye (team B empty) is a
    final win for team A, as the pairing service writes it."""

    class Meta:
        model = TeamMatch
        fields = "__all__"

    def clean(self):
        cleaned = super().clean()
        round_ = cleaned.get("round") or (self.instance.round if self.instance.round_id else None)
        if round_ is not None and (refusal := event_closed_refusal(event_id=round_.event_id)):
            raise forms.ValidationError(refusal)  # results of a closed event are final until it is reopened
        if round_ is not None:
            for side in ("team_a", "team_b"):
                team = cleaned.get(side)
                if team is not None and team.event_id != round_.event_id:
                    self.add_error(
                        side,
                        _("%(team)s is not registered for %(event)s.") % {"team": team, "event": round_.event.name},
                    )
        if "team_b" in cleaned and cleaned["team_b"] is None:
            self.instance.outcome, self.instance.result_state = Outcome.A_WINS, ResultState.FINAL
        elif self.instance.pk and self.initial.get("team_b") is None and cleaned.get("team_b") is not None:
            # A bye turned into a match: it has no result yet.
            self.instance.outcome, self.instance.result_state = "", ResultState.PENDING
        return cleaned


class TeamMatchInline(EventScopedInline, admin.TabularInline):
    model = TeamMatch
    form = TeamMatchAdminForm
    fields = ["table", "team_a", "team_b", "outcome", "result_state"]
    readonly_fields = ["outcome", "result_state"]
    extra = 0
    show_change_link = True
    autocomplete_fields = ["team_a", "team_b"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("team_a__team", "team_b__team")


@admin.register(Round)
class RoundAdmin(ScoreboardAdmin):
    list_display = ["event", "number", "round_name", "kind", "seed", "is_finished", "match_count"]
    list_filter = ["event", "kind", "is_finished"]
    search_fields = ["event__name"]
    inlines = [TeamMatchInline]
    list_select_related = ["event"]
    actions = ["pair_again"]

    def get_urls(self):
        own = [
            path(
                "<int:round_id>/swap/",
                self.admin_site.admin_view(admin_views.round_swap),
                name="tournaments_round_swap",
            )
        ]
        return own + super().get_urls()

    def get_readonly_fields(self, request, obj=None):
        # The "Swap two teams" link only for those who may change rounds; view-only users see the check alone.
        if self.has_change_permission(request, obj):
            return ["pairing_check"]
        return ["pairing_check_only"]

    @admin.display(description=_("name"), ordering="number")
    def round_name(self, obj: Round) -> str:
        return obj.name

    @staticmethod
    def _pairing_check(obj: Round, *, with_swap: bool) -> str:
        if not obj.pk:
            return "-"
        swap = ""
        if with_swap:
            swap = format_html(
                ' · <a href="{}">{}</a>', reverse("admin:tournaments_round_swap", args=[obj.pk]), _("Swap two teams")
            )
        problems = round_problems(round_=obj)
        if not problems:
            return format_html("{}{}", _("No rule is broken."), swap)
        return format_html("<ul>{}</ul>{}", format_html_join("", "<li>{}</li>", ((p.message,) for p in problems)), swap)

    @admin.display(description=_("pairing check"))
    def pairing_check(self, obj: Round) -> str:
        return self._pairing_check(obj, with_swap=True)

    @admin.display(description=_("pairing check"))
    def pairing_check_only(self, obj: Round) -> str:
        return self._pairing_check(obj, with_swap=False)

    @admin.action(description=_("Pair the selected rounds again (new seed)"), permissions=["change"])
    def pair_again(self, request, queryset):
        _run(
            self,
            request,
            queryset,
            lambda r: round_repair(round_=r, user=request.user),
            lambda r: _("paired again (seed %(s)d).") % {"s": r.seed},
        )

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_match_count=Count("matches"))

    @admin.display(description=_("matches"), ordering="_match_count")
    def match_count(self, obj: Round) -> int:
        return obj._match_count

    def scoreboard_event_ids(self, obj: Round) -> set[int]:
        return {obj.event_id}

    def delete_refusal(self, obj: Round) -> str | None:
        return round_take_back_refusal(round_=obj)

    def delete_service(self, request, obj: Round) -> None:
        round_take_back(round_=obj, user=request.user)


class SeatMatchFormSet(forms.BaseInlineFormSet):
    def clean(self):
        super().clean()
        if any(self.errors) or not self.instance.round_id:
            return  # the match form says what is missing
        if self.instance.is_bye or self.instance.round.event.is_shared_game:
            return
        seats = [
            SeatGames(
                f.cleaned_data["letter"], f.cleaned_data["wins_a"], f.cleaned_data["wins_b"], f.cleaned_data["draws"]
            )
            for f in self.forms
            if f.cleaned_data and not f.cleaned_data.get("DELETE")
        ]
        self.instance._admin_seats = seats
        if seats:
            team_match_check(match=self.instance, seats=seats)


class SeatMatchInline(EventScopedInline, admin.TabularInline):
    model = SeatMatch
    formset = SeatMatchFormSet
    fields = ["letter", "players", "wins_a", "wins_b", "draws"]
    readonly_fields = ["players"]
    extra = 0

    @admin.display(description=_("players"))
    def players(self, obj: SeatMatch) -> str:
        """Who plays this seat: team A's player against team B's."""
        if obj is None or not obj.team_match_id or not obj.letter:
            return ""
        names = dict(
            Seat.objects.filter(
                registration_id__in=[obj.team_match.team_a_id, obj.team_match.team_b_id], letter=obj.letter
            ).values_list("registration_id", "player__name")
        )
        return _("%(a)s against %(b)s") % {
            "a": names.get(obj.team_match.team_a_id, "—"),
            "b": names.get(obj.team_match.team_b_id, "—"),
        }

    def get_formset(self, request, obj=None, **kwargs):
        """The seats not entered yet come with their letters filled in, in order (never a blank letter)."""
        formset = super().get_formset(request, obj, **kwargs)
        if obj is not None and not obj.is_bye and not obj.round.event.is_shared_game:
            have = set(obj.seat_matches.values_list("letter", flat=True))
            missing = [letter for letter in obj.round.event.seat_letters if letter not in have]

            class WithLetters(formset):
                def __init__(self, *args, **kw):
                    kw.setdefault("initial", [{"letter": letter} for letter in missing])
                    super().__init__(*args, **kw)

            return WithLetters
        return formset

    def get_extra(self, request, obj=None, **kwargs):
        if obj is None or obj.is_bye or obj.round.event.is_shared_game:
            return 0
        return max(0, obj.round.event.team_size - obj.seat_matches.count())


@admin.register(TeamMatch)
class TeamMatchAdmin(ScoreboardAdmin):
    event_path = "round__event"
    form = TeamMatchAdminForm
    list_display = ["__str__", "round_number", "event", "outcome", "result_state", "reported_by", "updated_at"]
    list_filter = ["result_state", "round__event", "round__number"]
    search_fields = ["team_a__team__name", "team_b__team__name", "round__event__name"]
    list_select_related = ["round__event", "team_a__team", "team_b__team", "reported_by"]
    autocomplete_fields = ["team_a", "team_b"]
    inlines = [SeatMatchInline]
    readonly_fields = [
        "outcome",
        "result_state",
        "reported_by",
        "reported_at",
        "confirmed_by",
        "confirmed_at",
        "dispute_note",
    ]
    fields = ["round", "table", "team_a", "team_b", "games_won_a", "games_won_b", "games_drawn", *readonly_fields]

    def get_fields(self, request, obj=None):
        # Team-level game counts mean something only in shared-game events (2HG, 3HS); seat events score by seat.
        fields = list(super().get_fields(request, obj))
        if obj is not None and not obj.round.event.is_shared_game:
            fields = [f for f in fields if f not in ("games_won_a", "games_won_b", "games_drawn")]
        return fields

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = {
            **(extra_context or {}),
            "subtitle": _(
                "Saving with results records them as this match's final result, entered by you: it counts in the "
                "standings at once, without the teams confirming."
            ),
        }
        return super().change_view(request, object_id, form_url, extra_context)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        match = form.instance
        if match.is_bye:
            return
        # The organizer's entry is final: it goes through the same service as every other result.
        if match.round.event.is_shared_game:
            games = SharedGames(match.games_won_a, match.games_won_b, match.games_drawn)
            if games != SharedGames(0, 0, 0):
                team_match_record_final(match=match, user=request.user, games=games)
        elif getattr(match, "_admin_seats", None):
            team_match_record_final(match=match, user=request.user, seats=match._admin_seats)

    def scoreboard_event_ids(self, obj: TeamMatch) -> set[int]:
        return {Round.objects.values_list("event_id", flat=True).get(pk=obj.round_id)}

    def delete_refusal(self, obj: TeamMatch) -> str | None:
        return team_match_delete_refusal(match=obj)

    def delete_service(self, request, obj: TeamMatch) -> None:
        team_match_delete(match=obj, user=request.user)

    @admin.display(description=_("round"), ordering="round__number")
    def round_number(self, obj: TeamMatch) -> str:
        return obj.round.name

    @admin.display(description=_("event"), ordering="round__event__name")
    def event(self, obj: TeamMatch) -> str:
        return obj.round.event.name


@admin.register(EventLogEntry)
class EventLogEntryAdmin(ReadOnlyAdminMixin, EventScopedAdmin):
    """The event's log, read only: what was changed, by whom, when and why."""

    list_display = ["at", "event", "kind", "action", "text", "user", "actor"]
    list_filter = ["kind", "action", "event"]
    search_fields = ["message", "event__name"]
    list_select_related = ["event", "user"]
    readonly_fields = [
        "event",
        "at",
        "user",
        "actor",
        "kind",
        "action",
        "text",
        "round_number",
        "registration",
        "match",
        "before",
        "after",
        "warnings",
        "data",
    ]
    exclude = ["message", "source"]

    @admin.display(description=_("what happened"))
    def text(self, obj: EventLogEntry) -> str:
        return obj.text
