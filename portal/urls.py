"""The player portal's URLs, mounted at the site root."""
from django.urls import path

from portal import decklists, views

app_name = "portal"
urlpatterns = [
    path("", views.home, name="home"),
    path("events/", views.events, name="events"),
    path("events/<int:pk>/", views.event_detail, name="event"),
    path("events/<int:pk>/pairings/", views.event_pairings, name="pairings"),
    path("events/<int:pk>/pairings/teams/", views.event_pairings, {"by_team": True}, name="pairings_by_team"),
    path("events/<int:pk>/standings/", views.event_standings, name="standings"),
    path("events/<int:pk>/bracket/", views.event_bracket, name="bracket"),
    path("events/<int:pk>/draft/", views.event_draft_tables, name="draft_tables"),
    path("events/<int:pk>/decklist/", decklists.decklist_page, name="decklist"),
    path("matches/<int:pk>/", views.match_detail, name="match"),
    path("matches/<int:pk>/report/", views.match_report, name="match_report"),
    path("matches/<int:pk>/confirm/", views.match_confirm, name="match_confirm"),
    path("matches/<int:pk>/dispute/", views.match_dispute, name="match_dispute"),
]
