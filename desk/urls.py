"""The desk's URLs, mounted at the site root beside the portal's /events/<id>/ pages."""

from django.urls import path
from django.views.generic import RedirectView

import common.converters  # noqa: F401  (registers <id:...>)
from desk.views import (
    cards,
    checkin,
    claims,
    console,
    decklists,
    desk,
    drafts,
    exports,
    fees,
    imports,
    multiplayer,
    paper,
    projector,
    staff,
    teams,
)

app_name = "desk"
urlpatterns = [
    path("organize/", console.organize, name="organize"),
    path("organize/card-data/", cards.card_data, name="card_data"),
    path("organize/card-data/upload/", cards.card_data_upload, name="card_data_upload"),
    path("organize/card-data/download/", cards.card_data_download, name="card_data_download"),
    path("organize/card-data/request/", cards.card_data_request, name="card_data_request"),
    path("organize/card-data/jobs/<slug:job>/", cards.card_data_progress, name="card_data_progress"),
    path("organize/card-data/notice/dismiss/", cards.card_notice_dismiss, name="card_notice_dismiss"),
    path("events/new/", console.event_new, name="event_new"),
    path("events/<id:pk>/settings/", console.event_settings, name="event_settings"),
    path("events/<id:pk>/settings/phases/", console.event_phase_add, name="phase_add"),
    path("events/<id:pk>/settings/phases/<id:number>/", console.event_phase_change, name="phase_change"),
    path("events/<id:pk>/copy/", console.event_copy, name="event_copy"),
    path("events/<id:pk>/desk/", desk.desk, name="desk"),
    path("events/<id:pk>/desk/step/", desk.desk_step, name="step"),
    path("events/<id:pk>/desk/result/", desk.desk_result, name="result"),
    path("events/<id:pk>/desk/clock/", desk.desk_clock, name="clock"),
    path("events/<id:pk>/desk/team/", checkin.desk_team, name="team"),
    path("events/<id:pk>/desk/check-in/", checkin.desk_check_in_settings, name="check_in_settings"),
    path("events/<id:pk>/desk/no-shows/", checkin.desk_no_shows, name="no_shows"),
    path("events/<id:pk>/desk/announce/", desk.desk_announce, name="announce"),
    path("events/<id:pk>/desk/reopen/", desk.desk_reopen, name="reopen"),
    path("events/<id:pk>/desk/day2-cut/", desk.desk_day2_cut, name="day2_cut"),
    path("events/<id:pk>/desk/exports/", exports.desk_exports, name="exports"),
    path("events/<id:pk>/desk/fees/", fees.desk_fees, name="fees"),
    path("events/<id:pk>/desk/fees/payouts/", fees.desk_payouts, name="payouts"),
    path("events/<id:pk>/desk/check-in-all/", checkin.desk_check_in_all, name="check_in_all"),
    path("events/<id:pk>/desk/import/", imports.desk_import_teams, name="import_teams"),
    path("events/<id:pk>/desk/import/eventlink/", imports.desk_import_eventlink, name="import_eventlink"),
    path("events/<id:pk>/desk/claim-sheet/", claims.desk_claim_sheet, name="claim_sheet"),
    path("events/<id:pk>/desk/drafts/", drafts.desk_drafts, name="drafts"),
    path("events/<id:pk>/desk/decklists/", decklists.desk_decklists, name="decklists"),
    path("events/<id:pk>/desk/tables/", multiplayer.desk_tables, name="tables"),
    path("events/<id:pk>/rounds/<id:number>/table-slips/", multiplayer.table_slips, name="table_slips"),
    # The pages' addresses before issue 55 (docs/multiplayer.md), for one release: a seat or a line posted to the old
    # address still counts, a GET moves on.
    path("events/<id:pk>/desk/pods/", multiplayer.desk_tables_moved, name="pods"),
    path(
        "events/<id:pk>/rounds/<id:number>/pod-slips/",
        RedirectView.as_view(pattern_name="desk:table_slips", permanent=True),
        name="pod_slips",
    ),
    path("events/<id:pk>/desk/team/edit/", teams.desk_team_edit, name="team_edit"),
    path("events/<id:pk>/staff/", staff.staff, name="staff"),
    path("events/<id:pk>/screen/", projector.screen, name="screen"),
    path("events/<id:pk>/rounds/<id:number>/slips/", paper.slips, name="slips"),
    path("events/<id:pk>/rounds/<id:number>/pairings/print/", paper.print_pairings, name="print_pairings"),
    path("events/<id:pk>/standings/print/", paper.print_standings, name="print_standings"),
]
