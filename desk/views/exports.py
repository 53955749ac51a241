"""Every export of the event in one place (CSV, xlsx, the whole event file)."""

import json

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from eventfile.export import event_export as eventfile_export
from signup.eventlink import store_player_list
from signup.exports import EXPORTS, event_export
from tournaments.doors import event_permission_required
from tournaments.exports import CONTENT_TYPES, FORMATS
from tournaments.models import Event
from tournaments.rights import may_run_event
from tournaments.wording import entrant_sentence


@login_required
@require_GET
@event_permission_required(may_run_event)
def desk_exports(request: HttpRequest, event: Event) -> HttpResponse:
    """Every export of the event in one place: standings, pairings, results, placings, teams and decklists as CSV
    or xlsx (signup.exports, written safe by tournaments.exports) the whole event file (eventfile) and the players as an EventLink invite list (signup.eventlink). With
    ?what=...&format=... the file itself."""
    what, file_format = request.GET.get("what", ""), request.GET.get("format", "")
    name = slugify(event.name) or "event"
    if what == "event":
        body = json.dumps(eventfile_export(event=event), ensure_ascii=False, indent=1)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{name}.hydra.json"'
        return response
    if what == "eventlink":
        response = HttpResponse(store_player_list(event=event), content_type=CONTENT_TYPES["csv"])
        response["Content-Disposition"] = f'attachment; filename="{name}-eventlink.csv"'
        return response
    if what or file_format:
        if what not in EXPORTS or file_format not in FORMATS:
            raise Http404(_("No such export: choose one of the list."))
        response = HttpResponse(
            event_export(event=event, what=what, file_format=file_format), content_type=CONTENT_TYPES[file_format]
        )
        response["Content-Disposition"] = f'attachment; filename="{name}-{what}.{file_format}"'
        return response
    return render(
        request,
        "desk/exports.html",
        {
            "event": event,
            "exports": [
                (key, entrant_sentence(event=event, key="export_teams") if key == "teams" else label)
                for key, (label, _r, _s) in EXPORTS.items()
            ],
            "formats": FORMATS,
        },
    )
