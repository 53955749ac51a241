"""Importing the teams from a CSV or xlsx file: upload, preview, confirm."""

import tablib
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from signup.eventlink import InviteReport, invite_list_run
from signup.teamimport import (
    MAX_UPLOAD,
    TEMPLATE_CSV,
    ImportPreview,
    team_file_confirm,
    team_file_data,
    team_file_payload,
    team_file_preview,
)
from tournaments.doors import event_permission_required
from tournaments.exports import CONTENT_TYPES, FORMATS, dataset_bytes
from tournaments.models import Event
from tournaments.rights import may_run_event
from tournaments.teamcsv import TeamFileError
from tournaments.wording import entrant_sentence
from desk.views._common import back_to_desk


@login_required
@require_http_methods(["GET", "POST"])
@event_permission_required(may_run_event)
def desk_import_teams(request: HttpRequest, event: Event) -> HttpResponse:
    """Import the teams from a CSV or xlsx file: upload, a preview (each player matched to the organizer's own
    placeholder, new, or invited),
    then confirm; all teams or none. ?template=csv|xlsx downloads a file to fill in."""
    if request.GET.get("template") in FORMATS:
        return _import_template(request.GET["template"])
    context = {"event": event}
    if request.method == "POST" and request.POST.get("confirm"):
        try:
            registered = team_file_confirm(
                event=event,
                file_name=request.POST.get("file_name", ""),
                payload=request.POST.get("payload", ""),
                user=request.user,
            )
        except TeamFileError as exc:
            context["preview"] = ImportPreview(file_error=str(exc))
        except ValidationError as exc:
            context["preview"] = ImportPreview(row_errors=exc.messages)
        else:
            messages.success(request, entrant_sentence(event=event, key="imported_message", n=len(registered)))
            return back_to_desk(event)
    elif request.method == "POST":
        upload = request.FILES.get("file")
        if upload is None:
            context["preview"] = ImportPreview(file_error=_("Choose the team list file (CSV or xlsx) first."))
        else:
            data = upload.read(MAX_UPLOAD + 1)
            context["preview"] = team_file_preview(event=event, name=upload.name, data=data, user=request.user)
            context.update(file_name=upload.name, payload=team_file_payload(data))
    status = 400 if context.get("preview") is not None and not context["preview"].ok else 200
    return render(request, "desk/import_teams.html", context, status=status)


def _import_template(file_format: str) -> HttpResponse:
    rows = [line.split(",") for line in TEMPLATE_CSV.strip().splitlines()]
    dataset = tablib.Dataset(*rows[1:], headers=rows[0])
    response = HttpResponse(dataset_bytes(dataset, file_format), content_type=CONTENT_TYPES[file_format])
    response["Content-Disposition"] = f'attachment; filename="teams-template.{file_format}"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
@event_permission_required(may_run_event)
def desk_import_eventlink(request: HttpRequest, event: Event) -> HttpResponse:
    """Import an EventLink invite list (an e-mail address or a display name in the first column): upload, a
    preview line by line (matched, new, by address, already registered, refused and why), then confirm; a report
    after. The lines that can be registered are, together (signup.eventlink)."""
    context: dict = {"event": event}
    if request.method == "POST" and request.POST.get("confirm"):
        data = team_file_data(request.POST.get("payload", ""))
        context["report"] = invite_list_run(event=event, data=data, user=request.user, preview=False)
        context["done"] = True
    elif request.method == "POST":
        upload = request.FILES.get("file")
        if upload is None:
            context["report"] = InviteReport(file_error=_("Choose the invite list file (CSV) first."))
        else:
            data = upload.read(MAX_UPLOAD + 1)
            context["report"] = invite_list_run(event=event, data=data, user=request.user, preview=True)
            context["payload"] = team_file_payload(data)
    status = 400 if context.get("report") is not None and context["report"].file_error else 200
    return render(request, "desk/import_eventlink.html", context, status=status)
