"""The organizer's draft controls: settings per event, tables with their actions and progress, the audit log."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, ngettext_lazy

from cards.forms import card_list_widget, set_code_field
from drafting.boosters import BoosterDataError
from tournaments.admin_base import EventScopedAdmin, EventScopedInline, event_log_html
from drafting.data import UnknownSetError
from drafting.models import DraftSettings, DraftStatus, DraftTable
from drafting.selectors.tables import draft_log_entries, draft_seat_to_pick, draft_table_plan
from drafting.services.picks import DraftRefused
from drafting.services.tables import (
    MAX_PACK_SIZE,
    PacksRefused,
    draft_table_choose,
    draft_table_end,
    draft_table_enter_pack_text,
    draft_table_generate_packs,
    draft_table_pause,
    draft_table_resume,
    draft_table_set_timing,
    draft_table_start,
    draft_table_undo_last_pick,
    draft_tables_create,
)


def _each(modeladmin, request, queryset, service, done: str, *, id_arg: str = "table_id", **kwargs) -> None:
    """Run a draft service (tables by default; pods with id_arg="pod_id") on every selected row, reporting each
    refusal in the user's words; `done` (a plural form on "n") says how many it ran on."""
    ok = 0
    for draft in queryset:
        try:
            service(**{id_arg: draft.pk}, by=request.user, **kwargs)
            ok += 1
        except (DraftRefused, UnknownSetError, BoosterDataError) as refused:
            modeladmin.message_user(request, f"{draft}: {refused}", messages.ERROR)
    if ok:
        modeladmin.message_user(request, done % {"n": ok}, messages.SUCCESS)


@admin.register(DraftSettings)
class DraftSettingsAdmin(EventScopedAdmin):
    list_display = ["event", "set_code", "review_seconds", "pick_seconds", "progress_link"]
    actions = ["create_tables"]

    @admin.display(description=_("tables"))
    def progress_link(self, obj: DraftSettings) -> str:
        return format_html('<a href="{}">{}</a>', reverse("drafting:progress", args=[obj.event_id]), _("progress"))

    @admin.action(description=_("Create draft tables from the registered teams"))
    def create_tables(self, request: HttpRequest, queryset: QuerySet[DraftSettings]) -> None:
        for settings in queryset.select_related("event"):
            try:
                tables = draft_tables_create(event=settings.event, by=request.user)
            except DraftRefused as refused:
                self.message_user(request, f"{settings.event}: {refused}", messages.ERROR)
            else:
                self.message_user(
                    request,
                    ngettext("%(event)s: %(n)d table.", "%(event)s: %(n)d tables.", len(tables))
                    % {"event": settings.event, "n": len(tables)},
                    messages.SUCCESS,
                )


class ReadOnlyInline(EventScopedInline, admin.TabularInline):
    """A record shown with its parent and never edited there: every field read-only, nothing added or deleted."""

    extra = 0
    can_delete = False

    def get_readonly_fields(self, request, obj=None):
        return self.fields

    def has_add_permission(self, request, obj=None):
        return False


class DraftLogField:
    """The `draft_log` read-only field of a draft table's or pod's admin page: its entries in the event's one log."""

    @admin.display(description=_("draft log"))
    def draft_log(self, obj) -> str:
        return draft_log_html(obj)


def draft_log_html(draft) -> str:
    """A draft's entries of the event's one log, for its admin page (read only)."""
    return event_log_html(draft_log_entries(draft=draft), event_id=draft.event_id, kind="draft")


class UndoForm(forms.Form):
    reason = forms.CharField(label=_("Why (goes in the audit log)"), widget=forms.Textarea(attrs={"rows": 3}))


class EndForm(UndoForm):
    """Ending a draft can't be taken back: the organizer confirms it on its own page and says why."""


class EnterPacksForm(forms.Form):
    text = forms.CharField(
        label=_("Packs"),
        strip=False,
        widget=card_list_widget(rows=32),
        help_text=_(
            "One card name per line, in the order the cards are laid out; a blank line ends a pack. Packs in "
            'the order they are laid out. Lines starting with # are notes ("# pack 2, 1C").'
        ),
    )
    set_code = set_code_field()
    pack_size = forms.IntegerField(
        label=_("Cards per pack"),
        required=False,
        min_value=1,
        max_value=MAX_PACK_SIZE,
        help_text=_("Empty: what most packs have (with a set, a size its boosters have)."),
    )


class DraftTableTimingForm(forms.ModelForm):
    """The only fields an organizer edits on a table's page: its timing. Saved through draft_table_set_timing."""

    class Meta:
        model = DraftTable
        fields = ["review_seconds", "pick_seconds"]

    def clean(self):
        cleaned = super().clean()
        for name, least in (("review_seconds", 0), ("pick_seconds", 1)):
            value = cleaned.get(name)
            if value is not None and not least <= value <= 3600:
                self.add_error(
                    name, _("Between %(least)d and 3600 seconds; leave empty for no limit.") % {"least": least}
                )
        if self.instance.pk and self.instance.status == DraftStatus.FINISHED and self.has_changed():
            raise forms.ValidationError(_("This table's draft is over; its timing can't change."))
        return cleaned


@admin.register(DraftTable)
class DraftTableAdmin(DraftLogField, EventScopedAdmin):
    form = DraftTableTimingForm
    list_display = [
        "number",
        "event",
        "round_name",
        "teams",
        "chooser",
        "first_team",
        "status",
        "pack",
        "pick",
        "progress",
        "seat_to_pick",
        "deadline",
    ]
    list_filter = ["status", "event", "round__number"]
    list_select_related = ["event", "round", "team1__team", "team2__team"]
    readonly_fields = [
        "event",
        "round",
        "number",
        "team1",
        "team2",
        "seed",
        "chooser",
        "first_team",
        "set_code",
        "booster_seed",
        "pack_source",
        "pack_sizes",
        "status",
        "review_break",
        "pack_index",
        "pick_number",
        "picks_open_at",
        "deadline",
        "paused_deadline_left",
        "paused_review_left",
        "version",
        "started_at",
        "finished_at",
        "deck_building_minutes",
        "draft_log",
    ]
    fields = readonly_fields[:9] + ["review_seconds", "pick_seconds"] + readonly_fields[9:]
    change_form_template = "drafting/admin/drafttable_change_form.html"
    actions = [
        "team1_first",
        "team2_first",
        "enter_packs",
        "generate_packs",
        "start",
        "pause",
        "review_break",
        "resume",
        "undo_last_pick",
        "end",
    ]

    @admin.display(description=_("round"), ordering="round__number")
    def round_name(self, obj: DraftTable) -> str:
        return obj.round.name if obj.round_id else _("One draft")

    def has_add_permission(self, request):
        return False  # tables come from the registered teams: the action on the event's draft settings

    def save_model(self, request, obj, form, change):
        # Never obj.save(): the row holds the live draft (pick, deadline, version) that a pick may change meanwhile.
        if change and form.has_changed():
            try:
                draft_table_set_timing(
                    table_id=obj.pk,
                    by=request.user,
                    review_seconds=form.cleaned_data["review_seconds"],
                    pick_seconds=form.cleaned_data["pick_seconds"],
                )
            except DraftRefused as refused:  # the table finished between the form's check and the save
                self.message_user(request, str(refused), messages.ERROR)

    def get_urls(self):
        enter = path(
            "<path:object_id>/enter-packs/",
            self.admin_site.admin_view(self.enter_packs_view),
            name="drafting_drafttable_enter_packs",
        )
        return [enter, *super().get_urls()]

    def enter_packs_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """The organizer types in the packs of one table from real packs; refused text stays in the box."""
        table = self.get_object(request, object_id)  # None for another's table or an id that is no number
        if table is None:
            raise Http404(_("There is no such draft table."))
        if not self.has_change_permission(request, table):
            raise PermissionDenied
        form = EnterPacksForm(request.POST or None, initial={"set_code": table.set_code})
        if request.method == "POST" and form.is_valid():
            try:
                draft_table_enter_pack_text(table_id=table.pk, by=request.user, **form.cleaned_data)
            except PacksRefused as refused:
                form.add_error(None, refused.problems)
            except (DraftRefused, UnknownSetError) as refused:
                form.add_error(None, str(refused))
            else:
                table.refresh_from_db()
                self.message_user(
                    request,
                    _("%(table)s: %(n)d packs of %(k)s cards entered.")
                    % {
                        "table": table,
                        "n": len(table.pack_sizes),
                        "k": _(" or ").join(map(str, sorted(set(table.pack_sizes)))),
                    },
                    messages.SUCCESS,
                )
                return HttpResponseRedirect(reverse("admin:drafting_drafttable_change", args=[table.pk]))
        context = {
            **self.admin_site.each_context(request),
            "title": _("Enter the packs of %(table)s") % {"table": table},
            "form": form,
            "table": table,
            "opts": self.model._meta,
            "original": table,
            "openers": [str(plan.opener) for plan in draft_table_plan(table=table)] if table.first_team else [],
            "started": table.status != DraftStatus.SETUP,
        }
        return TemplateResponse(request, "drafting/admin/enter_packs.html", context)

    @admin.display(description=_("teams"))
    def teams(self, obj: DraftTable) -> str:
        return f"{obj.team1.team.name} – {obj.team2.team.name}"

    @admin.display(description=_("pack"))
    def pack(self, obj: DraftTable) -> str:
        return "" if obj.status == "setup" else f"{min(obj.pack_index + 1, obj.pack_count)}/{obj.pack_count}"

    @admin.display(description=_("pick"))
    def pick(self, obj: DraftTable) -> str:
        return str(obj.pick_number) if obj.status in ("running", "paused") else ""

    @admin.display(description=_("picks made"))
    def progress(self, obj: DraftTable) -> str:
        return f"{obj.picks_made}/{obj.pick_count}"

    @admin.display(description=_("to pick"))
    def seat_to_pick(self, obj: DraftTable) -> str:
        return draft_seat_to_pick(table=obj) or ""

    @admin.action(description=_("Record the choice: team 1 picks first"))
    def team1_first(self, request, queryset):
        _each(
            self,
            request,
            queryset,
            draft_table_choose,
            ngettext_lazy("Team 1 picks first at %(n)d table.", "Team 1 picks first at %(n)d tables.", "n"),
            first_team=1,
        )

    @admin.action(description=_("Record the choice: team 2 picks first"))
    def team2_first(self, request, queryset):
        _each(
            self,
            request,
            queryset,
            draft_table_choose,
            ngettext_lazy("Team 2 picks first at %(n)d table.", "Team 2 picks first at %(n)d tables.", "n"),
            first_team=2,
        )

    @admin.action(description=_("Enter packs from real packs (one table)"))
    def enter_packs(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, _("Select one table: its packs are typed in on their own page."), messages.ERROR)
            return None
        return HttpResponseRedirect(reverse("admin:drafting_drafttable_enter_packs", args=[queryset.get().pk]))

    @admin.action(description=_("Generate packs from the set"))
    def generate_packs(self, request, queryset):
        _each(
            self,
            request,
            queryset,
            draft_table_generate_packs,
            ngettext_lazy("Packs generated for %(n)d table.", "Packs generated for %(n)d tables.", "n"),
        )

    @admin.action(description=_("Start"))
    def start(self, request, queryset):
        _each(
            self,
            request,
            queryset,
            draft_table_start,
            ngettext_lazy("%(n)d table started.", "%(n)d tables started.", "n"),
        )

    @admin.action(description=_("Pause"))
    def pause(self, request, queryset):
        _each(
            self,
            request,
            queryset,
            draft_table_pause,
            ngettext_lazy("%(n)d table paused.", "%(n)d tables paused.", "n"),
        )

    @admin.action(description=_("Pause for a review break (players may look at their picks)"))
    def review_break(self, request, queryset):
        _each(
            self,
            request,
            queryset,
            draft_table_pause,
            ngettext_lazy("Review break at %(n)d table.", "Review break at %(n)d tables.", "n"),
            review_break=True,
        )

    @admin.action(description=_("Resume"))
    def resume(self, request, queryset):
        _each(
            self,
            request,
            queryset,
            draft_table_resume,
            ngettext_lazy("%(n)d table resumed.", "%(n)d tables resumed.", "n"),
        )

    @admin.action(description=_("End the draft"))
    def end(self, request, queryset):
        """Asks first, on a page of its own with the tables and a reason for the audit log; only the confirmed
        form (with its reason) ends anything."""
        form = EndForm(request.POST if "reason" in request.POST else None)
        if form.is_valid():
            _each(
                self,
                request,
                queryset,
                draft_table_end,
                ngettext_lazy("%(n)d table ended.", "%(n)d tables ended.", "n"),
                reason=form.cleaned_data["reason"].strip(),
            )
            return None
        return self._confirm_page(
            request,
            queryset,
            form,
            action="end",
            title=_("End the draft"),
            explain=_(
                "The draft ends now at these tables: cards not yet taken stay untaken and the players see their pools. "
                "This can't be undone. The reason goes in the audit log with your name."
            ),
        )

    @admin.action(description=_("Undo the last pick (judge's fix)"))
    def undo_last_pick(self, request, queryset):
        form = UndoForm(request.POST if "reason" in request.POST else None)
        if form.is_valid():
            _each(
                self,
                request,
                queryset,
                draft_table_undo_last_pick,
                ngettext_lazy("Last pick undone at %(n)d table.", "Last pick undone at %(n)d tables.", "n"),
                reason=form.cleaned_data["reason"],
            )
            return None
        return self._confirm_page(
            request,
            queryset,
            form,
            action="undo_last_pick",
            title=_("Undo the last pick"),
            explain=_(
                "The most recent pick goes back on the table and the player picks "
                "again. This is recorded with your name."
            ),
        )

    def _confirm_page(self, request, queryset, form, *, action: str, title: str, explain: str) -> TemplateResponse:
        """The page an action asks on before it runs: the selected tables, what will happen, a reason."""
        context = {
            **self.admin_site.each_context(request),
            "title": title,
            "form": form,
            "explain": explain,
            "tables": queryset,
            "opts": self.model._meta,
            "action": action,
            "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "drafting/admin_undo.html", context)


# --- Two-Headed Giant booster draft in pods (docs/2hg-draft.md) ------------------------------------------------------
from drafting.models import Pod, PodTeam  # noqa: E402
from drafting.services import pods as pod_services  # noqa: E402


class PodTeamInline(ReadOnlyInline):
    model = PodTeam
    fields = ["seat", "registration", "picked_through"]


class PodTimingForm(forms.ModelForm):
    class Meta:
        model = Pod
        fields = ["pick_seconds", "round_review_seconds", "deck_building_minutes"]


@admin.register(Pod)
class PodAdmin(DraftLogField, EventScopedAdmin):
    form = PodTimingForm
    list_display = ["number", "event", "status", "pack_round_shown", "pick_shown", "deadline", "links"]
    list_filter = ["status", "event"]
    list_select_related = ["event"]
    inlines = [PodTeamInline]
    readonly_fields = [
        "event",
        "number",
        "seed",
        "set_code",
        "booster_seed",
        "pack_source",
        "status",
        "review_break",
        "pack_round",
        "step",
        "picks_open_at",
        "deadline",
        "version",
        "started_at",
        "finished_at",
        "review_between_picks",
        "draft_log",
    ]
    fields = (
        readonly_fields[:6] + ["pick_seconds", "round_review_seconds", "deck_building_minutes"] + readonly_fields[6:]
    )
    actions = ["generate_packs", "start", "pause", "review_break", "resume", "end"]

    @admin.display(description=_("pack round"))
    def pack_round_shown(self, obj: Pod) -> int:
        return obj.pack_round + 1

    @admin.display(description=_("pick"))
    def pick_shown(self, obj: Pod) -> int:
        return obj.step + 1

    @admin.display(description=_("pages"))
    def links(self, obj: Pod) -> str:
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">{}</a>',
            reverse("drafting:pod", args=[obj.pk]),
            _("live"),
            reverse("drafting:pod_public", args=[obj.pk]),
            _("public"),
        )

    def has_add_permission(self, request):
        return False  # pods come from the registered teams: the action on the event's draft settings

    def save_model(self, request, obj, form, change):
        # Never obj.save(): the row holds the live draft that a pick may change meanwhile.
        if change and form.has_changed():
            try:
                pod_services.thg_pod_set_timing(
                    pod_id=obj.pk,
                    by=request.user,
                    pick_seconds=form.cleaned_data["pick_seconds"],
                    round_review_seconds=form.cleaned_data["round_review_seconds"],
                    deck_building_minutes=form.cleaned_data["deck_building_minutes"],
                )
            except DraftRefused as refused:
                self.message_user(request, str(refused), messages.ERROR)

    @admin.action(description=_("Generate packs from the set's boosters"))
    def generate_packs(self, request, queryset):
        _each(
            self,
            request,
            queryset,
            pod_services.thg_pod_generate_packs,
            ngettext_lazy("Packs generated for %(n)d pod.", "Packs generated for %(n)d pods.", "n"),
            id_arg="pod_id",
        )

    @admin.action(description=_("Start the draft"))
    def start(self, request, queryset):
        _each(
            self,
            request,
            queryset,
            pod_services.thg_pod_start,
            ngettext_lazy("%(n)d pod started.", "%(n)d pods started.", "n"),
            id_arg="pod_id",
        )

    @admin.action(description=_("Pause"))
    def pause(self, request, queryset):
        _each(
            self,
            request,
            queryset,
            pod_services.thg_pod_pause,
            ngettext_lazy("%(n)d pod paused.", "%(n)d pods paused.", "n"),
            id_arg="pod_id",
        )

    @admin.action(description=_("Review break (teams see their pools)"))
    def review_break(self, request, queryset):
        _each(
            self,
            request,
            queryset,
            pod_services.thg_pod_pause,
            ngettext_lazy("Review break in %(n)d pod.", "Review break in %(n)d pods.", "n"),
            id_arg="pod_id",
            review_break=True,
        )

    @admin.action(description=_("Resume"))
    def resume(self, request, queryset):
        _each(
            self,
            request,
            queryset,
            pod_services.thg_pod_resume,
            ngettext_lazy("%(n)d pod resumed.", "%(n)d pods resumed.", "n"),
            id_arg="pod_id",
        )

    @admin.action(description=_("End the draft where it stands"))
    def end(self, request, queryset):
        _each(
            self,
            request,
            queryset,
            pod_services.thg_pod_end,
            ngettext_lazy("%(n)d pod ended.", "%(n)d pods ended.", "n"),
            id_arg="pod_id",
            reason="organizer, from the admin",
        )


def _seat_pods(modeladmin, request, queryset, *, confirm_five: bool) -> None:
    for settings in queryset.select_related("event"):
        try:
            pods = pod_services.thg_pods_seat(event=settings.event, by=request.user, confirm_five=confirm_five)
        except DraftRefused as refused:
            modeladmin.message_user(request, f"{settings.event}: {refused}", messages.ERROR)
        else:
            modeladmin.message_user(
                request,
                ngettext("%(event)s: %(n)d pod.", "%(event)s: %(n)d pods.", len(pods))
                % {"event": settings.event, "n": len(pods)},
                messages.SUCCESS,
            )


@admin.action(description=_("Seat the Two-Headed Giant teams in draft pods"))
def seat_pods(modeladmin, request, queryset):
    _seat_pods(modeladmin, request, queryset, confirm_five=False)


@admin.action(description=_("Seat five Two-Headed Giant teams in one pod of five (confirmed)"))
def seat_pod_of_five(modeladmin, request, queryset):
    _seat_pods(modeladmin, request, queryset, confirm_five=True)


DraftSettingsAdmin.actions = [*DraftSettingsAdmin.actions, seat_pods, seat_pod_of_five]
