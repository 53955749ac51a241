"""The player portal's URLs, mounted at the site root. Ids in paths take 1 to 18 digits, so every id fits a database
bigint: a longer one is no page (404) rather than an overflow in the database (a 500)."""

from django.urls import path
from django.views.generic import RedirectView

import common.converters  # noqa: F401  (registers <id:...>)
from portal.views import app, checkin, decklists, events, home, join, matches, multiplayer, placeholders

app_name = "portal"
urlpatterns = [
    path("", home.home, name="home"),
    path("favicon.ico", app.favicon, name="favicon"),
    path("sw.js", app.service_worker, name="service_worker"),
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("offline/", app.offline, name="offline"),
    path("events/", home.events, name="events"),
    path("join/", join.join_by_code, name="join_code"),
    path("join/<str:code>/", join.join, name="join"),
    path("events/<id:pk>/", events.event_detail, name="event"),
    path("events/<id:pk>/pairings/", events.event_pairings, name="pairings"),
    path("events/<id:pk>/pairings/teams/", events.event_pairings, {"by_team": True}, name="pairings_by_team"),
    path("events/<id:pk>/standings/", events.event_standings, name="standings"),
    path("events/<id:pk>/bracket/", events.event_bracket, name="bracket"),
    path("events/<id:pk>/draft/", events.event_draft_tables, name="draft_tables"),
    path("events/<id:pk>/decklist/", decklists.decklist_page, name="decklist"),
    path("events/<id:pk>/drop/", events.event_drop, name="event_drop"),
    path("events/<id:pk>/check-in/", checkin.player_check_in, name="player_check_in"),
    path("events/<id:pk>/tables/", multiplayer.event_tables, name="tables"),
    path("tables/<id:pk>/", multiplayer.table_detail, name="table"),
    path("tables/<id:pk>/report/", multiplayer.table_report, name="table_report"),
    path("tables/<id:pk>/confirm/", multiplayer.table_confirm, name="table_confirm"),
    # A Commander night's pages before issue 55 (docs/multiplayer.md): the pages move on, a form posted to an old
    # address (a page open since then) still counts. For one release.
    path("events/<id:pk>/pods/", RedirectView.as_view(pattern_name="portal:tables", permanent=True), name="pods"),
    path("pods/<id:pk>/", RedirectView.as_view(pattern_name="portal:table", permanent=True), name="pod"),
    path("pods/<id:pk>/report/", multiplayer.table_report, name="pod_report"),
    path("pods/<id:pk>/confirm/", multiplayer.table_confirm, name="pod_confirm"),
    path("matches/<id:pk>/", matches.match_detail, name="match"),
    path("matches/<id:pk>/report/", matches.match_report, name="match_report"),
    path("matches/<id:pk>/confirm/", matches.match_confirm, name="match_confirm"),
    path("matches/<id:pk>/dispute/", matches.match_dispute, name="match_dispute"),
    path("invitations/<id:pk>/", placeholders.invitation, name="invitation"),
    path("claim/<str:uidb64>/<str:token>/", placeholders.claim, name="claim"),
]
