"""The player portal's URLs, mounted at the site root. Ids in paths take 1 to 18 digits, so every id fits a database
bigint: a longer one is no page (404) rather than an overflow in the database (a 500)."""
from django.urls import path, register_converter

from portal import decklists, views


class PortalIdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(PortalIdConverter, "portal_id")

app_name = "portal"
urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("events/", views.events, name="events"),
    path("events/<portal_id:pk>/", views.event_detail, name="event"),
    path("events/<portal_id:pk>/pairings/", views.event_pairings, name="pairings"),
    path("events/<portal_id:pk>/pairings/teams/", views.event_pairings, {"by_team": True}, name="pairings_by_team"),
    path("events/<portal_id:pk>/standings/", views.event_standings, name="standings"),
    path("events/<portal_id:pk>/bracket/", views.event_bracket, name="bracket"),
    path("events/<portal_id:pk>/draft/", views.event_draft_tables, name="draft_tables"),
    path("events/<portal_id:pk>/decklist/", decklists.decklist_page, name="decklist"),
    path("matches/<portal_id:pk>/", views.match_detail, name="match"),
    path("matches/<portal_id:pk>/report/", views.match_report, name="match_report"),
    path("matches/<portal_id:pk>/confirm/", views.match_confirm, name="match_confirm"),
    path("matches/<portal_id:pk>/dispute/", views.match_dispute, name="match_dispute"),
]
