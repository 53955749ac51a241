"""The organizer's admin for sign-ups and for importing and exporting an event's teams (docs/registration.md).

Import: upload a team list (CSV with comma, semicolon or tab, UTF-8; or an .xlsx spreadsheet), see a preview of
every team and seat or every bad row named by its line, then confirm. The preview is the real import run inside a
transaction that is rolled back, so what it shows is exactly what the confirmation writes: all teams or none,
through the same service as the API's POST /api/v1/events/{id}/teams/import.
"""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.admin import ReadOnlyAdminMixin
from signup.exports import EXPORTS, FORMATS, event_export
from signup.models import EventTeamList, Invitation, SignupSeat, TeamSignup
from signup.teamimport import team_file_confirm, team_file_payload, team_file_preview
from tournaments.admin_base import EventScopedAdmin, EventScopedInline
from tournaments.doors import event_with_right
from tournaments.exports import CONTENT_TYPES
from tournaments.models import Event
from tournaments.rights import may_run_event
from tournaments.teamcsv import TeamFileError


class SignupSeatInline(EventScopedInline, admin.TabularInline):
    model = SignupSeat
    fields = ["letter", "player", "active"]
    readonly_fields = ["letter", "player", "active"]
    extra = 0
    can_delete = False


class InvitationInline(EventScopedInline, admin.TabularInline):
    model = Invitation
    fields = ["letter", "email", "expires_at", "accepted_at", "accepted_by"]
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(TeamSignup)
class TeamSignupAdmin(EventScopedAdmin):
    """Read-only: sign-ups change through their services (the portal's pages), so the waitlist stays in order."""

    list_display = ["name", "event", "status", "completed_at", "created_at"]
    list_filter = ["status", "event"]
    search_fields = ["name", "seats__player__name"]
    readonly_fields = ["event", "name", "captain", "status", "completed_at", "registration"]
    inlines = [SignupSeatInline, InvitationInline]

    def has_add_permission(self, request):
        return False


class TeamFileForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Team list"),
        help_text=gettext_lazy(
            "CSV (comma, semicolon or tab; UTF-8) or an .xlsx spreadsheet with the "
            "columns team, seat, player: one line per player."
        ),
    )


@admin.register(EventTeamList)
class EventTeamListAdmin(ReadOnlyAdminMixin, EventScopedAdmin):
    event_path = None
    list_display = ["name", "date", "team_count", "import_link", "export_links"]
    search_fields = ["name"]
    list_display_links = None

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_teams=Count("registrations"))

    @admin.display(description=gettext_lazy("teams"))
    def team_count(self, obj):
        return obj._teams

    @admin.display(description=gettext_lazy("import"))
    def import_link(self, obj):
        return format_html(
            '<a href="{}">{}</a>', reverse("admin:signup_event_teams_import", args=[obj.pk]), _("Import teams")
        )

    @admin.display(description=gettext_lazy("export"))
    def export_links(self, obj):
        links = [
            (reverse("admin:signup_event_export", args=[obj.pk, what, fmt]), f"{label} ({fmt})")
            for what, (label, _r, _q) in EXPORTS.items()
            for fmt in FORMATS
        ]
        return format_html_join(" · ", '<a href="{}">{}</a>', links)

    def has_view_permission(self, request, obj=None):
        # No model permission of its own: the list shows the events the user runs, to any staff account.
        return request.user.is_active and request.user.is_staff and self.may_run_object(request, obj)

    def get_urls(self):
        own = [
            path(
                "<int:event_id>/import/", self.admin_site.admin_view(self.import_view), name="signup_event_teams_import"
            ),
            path(
                "<int:event_id>/export/<str:what>.<str:file_format>",
                self.admin_site.admin_view(self.export_view),
                name="signup_event_export",
            ),
        ]
        return own + super().get_urls()

    def _event(self, request, event_id) -> Event:
        event = event_with_right(pk=event_id, subject=request.user, right=may_run_event)
        if event is None:
            get_object_or_404(Event, pk=event_id)  # a missing event is 404; another organizer's 403, as always
            raise PermissionDenied
        return event

    def export_view(self, request, event_id: int, what: str, file_format: str):
        event = self._event(request, event_id)
        if what not in EXPORTS or file_format not in FORMATS:
            raise Http404("No such export.")
        response = HttpResponse(
            event_export(event=event, what=what, file_format=file_format), content_type=CONTENT_TYPES[file_format]
        )
        response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-{what}.{file_format}"'
        return response

    def import_view(self, request, event_id: int):
        event = self._event(request, event_id)
        context = {
            **self.admin_site.each_context(request),
            "event": event,
            "opts": self.model._meta,
            "title": _("Import teams into %(event)s") % {"event": event.name},
        }
        form = TeamFileForm()
        if request.method == "POST" and request.POST.get("confirm"):
            return self._confirm(request, event, context)
        if request.method == "POST":
            form = TeamFileForm(request.POST, request.FILES)
            if form.is_valid():
                upload = form.cleaned_data["file"]
                data = upload.read(2 * 1024 * 1024 + 1)
                context.update(self._preview(request, event, name=upload.name, data=data))
        context["form"] = form
        return TemplateResponse(request, "signup/admin/import.html", context)

    def _preview(self, request, event, *, name: str, data: bytes) -> dict:
        preview = team_file_preview(event=event, name=name, data=data, user=request.user)
        if not preview.ok:
            return {"file_error": preview.file_error, "row_errors": preview.row_errors}
        return {
            "preview": [
                (team, [(s.letter, s.player, s.status == "invited") for s in seats]) for team, seats in preview.teams
            ],
            "note": preview.note,
            "file_name": name,
            "payload": team_file_payload(data),
        }

    def _confirm(self, request, event, context):
        try:
            registered = team_file_confirm(
                event=event,
                file_name=request.POST.get("file_name", ""),
                payload=request.POST.get("payload", ""),
                user=request.user,
            )
        except TeamFileError as exc:
            context.update({"file_error": str(exc), "form": TeamFileForm()})
            return TemplateResponse(request, "signup/admin/import.html", context)
        except ValidationError as exc:
            context.update({"row_errors": exc.messages, "form": TeamFileForm()})
            return TemplateResponse(request, "signup/admin/import.html", context)
        messages.success(
            request, _("%(n)d teams registered for %(event)s.") % {"n": len(registered), "event": event.name}
        )
        return redirect(reverse("admin:tournaments_event_change", args=[event.pk]))
