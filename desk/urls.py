"""The desk's URLs, mounted at the site root beside the portal's /events/<id>/ pages."""

from django.urls import path
from django.views.generic import RedirectView

import common.converters  # noqa: F401  (registers <id:...>)
from desk import cards_views, console_views, fees_views, multiplayer_views, views

app_name = "desk"
urlpatterns = [
    path("organize/", console_views.organize, name="organize"),
    path("organize/card-data/", cards_views.card_data, name="card_data"),
    path("organize/card-data/upload/", cards_views.card_data_upload, name="card_data_upload"),
    path("organize/card-data/download/", cards_views.card_data_download, name="card_data_download"),
    path("organize/card-data/request/", cards_views.card_data_request, name="card_data_request"),
    path("organize/card-data/jobs/<slug:job>/", cards_views.card_data_progress, name="card_data_progress"),
    path("organize/card-data/notice/dismiss/", cards_views.card_notice_dismiss, name="card_notice_dismiss"),
    path("events/new/", console_views.event_new, name="event_new"),
    path("events/<id:pk>/settings/", console_views.event_settings, name="event_settings"),
    path("events/<id:pk>/settings/phases/", console_views.event_phase_add, name="phase_add"),
    path("events/<id:pk>/settings/phases/<id:number>/", console_views.event_phase_change, name="phase_change"),
    path("events/<id:pk>/copy/", console_views.event_copy, name="event_copy"),
    path("events/<id:pk>/desk/", views.desk, name="desk"),
    path("events/<id:pk>/desk/step/", views.desk_step, name="step"),
    path("events/<id:pk>/desk/result/", views.desk_result, name="result"),
    path("events/<id:pk>/desk/clock/", views.desk_clock, name="clock"),
    path("events/<id:pk>/desk/team/", views.desk_team, name="team"),
    path("events/<id:pk>/desk/check-in/", views.desk_check_in_settings, name="check_in_settings"),
    path("events/<id:pk>/desk/no-shows/", views.desk_no_shows, name="no_shows"),
    path("events/<id:pk>/desk/announce/", views.desk_announce, name="announce"),
    path("events/<id:pk>/desk/reopen/", views.desk_reopen, name="reopen"),
    path("events/<id:pk>/desk/day2-cut/", views.desk_day2_cut, name="day2_cut"),
    path("events/<id:pk>/desk/exports/", views.desk_exports, name="exports"),
    path("events/<id:pk>/desk/fees/", fees_views.desk_fees, name="fees"),
    path("events/<id:pk>/desk/fees/payouts/", fees_views.desk_payouts, name="payouts"),
    path("events/<id:pk>/desk/check-in-all/", views.desk_check_in_all, name="check_in_all"),
    path("events/<id:pk>/desk/import/", views.desk_import_teams, name="import_teams"),
    path("events/<id:pk>/desk/claim-sheet/", views.desk_claim_sheet, name="claim_sheet"),
    path("events/<id:pk>/desk/drafts/", views.desk_drafts, name="drafts"),
    path("events/<id:pk>/desk/decklists/", views.desk_decklists, name="decklists"),
    path("events/<id:pk>/desk/tables/", multiplayer_views.desk_tables, name="tables"),
    path("events/<id:pk>/rounds/<id:number>/table-slips/", multiplayer_views.table_slips, name="table_slips"),
    # The pages' addresses before issue 55 (docs/multiplayer.md), for one release: a seat or a line posted to the old
    # address still counts, a GET moves on.
    path("events/<id:pk>/desk/pods/", multiplayer_views.desk_tables_moved, name="pods"),
    path(
        "events/<id:pk>/rounds/<id:number>/pod-slips/",
        RedirectView.as_view(pattern_name="desk:table_slips", permanent=True),
        name="pod_slips",
    ),
    path("events/<id:pk>/desk/team/edit/", views.desk_team_edit, name="team_edit"),
    path("events/<id:pk>/staff/", views.staff, name="staff"),
    path("events/<id:pk>/screen/", views.screen, name="screen"),
    path("events/<id:pk>/rounds/<id:number>/slips/", views.slips, name="slips"),
    path("events/<id:pk>/rounds/<id:number>/pairings/print/", views.print_pairings, name="print_pairings"),
    path("events/<id:pk>/standings/print/", views.print_standings, name="print_standings"),
]
