"""The REST API under /api/v1/ (issue 7). Path ids take 1 to 18 digits, so every id fits a database bigint."""
from django.urls import path, re_path, register_converter
from drf_spectacular.views import SpectacularAPIView

from api.exceptions import not_found_view
from api.views.docs import ApiDocsView
from api.views.drafting import DraftTableDetailView, DraftTableListView
from api.views.events import EventDetailView, EventListView, RoundListView, TeamListView
from api.views.matches import MatchConfirmView, MatchDetailView, MatchDisputeView, MatchListView, MatchResultView
from api.views.sharedgame import MatchLifeView
from api.views.standings import BracketView, StandingsView


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "id")

app_name = "api"

urlpatterns = [
    path("v1/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("v1/docs/", ApiDocsView.as_view(), name="docs"),
    path("v1/events/", EventListView.as_view(), name="event-list"),
    path("v1/events/<id:event_id>/", EventDetailView.as_view(), name="event-detail"),
    path("v1/events/<id:event_id>/teams/", TeamListView.as_view(), name="team-list"),
    path("v1/events/<id:event_id>/rounds/", RoundListView.as_view(), name="round-list"),
    path("v1/events/<id:event_id>/matches/", MatchListView.as_view(), name="match-list"),
    path("v1/events/<id:event_id>/matches/<id:match_id>/", MatchDetailView.as_view(), name="match-detail"),
    path("v1/events/<id:event_id>/matches/<id:match_id>/life/", MatchLifeView.as_view(), name="match-life"),
    path("v1/events/<id:event_id>/matches/<id:match_id>/result", MatchResultView.as_view(), name="match-result"),
    path("v1/events/<id:event_id>/matches/<id:match_id>/confirm", MatchConfirmView.as_view(), name="match-confirm"),
    path("v1/events/<id:event_id>/matches/<id:match_id>/dispute", MatchDisputeView.as_view(), name="match-dispute"),
    path("v1/events/<id:event_id>/standings/", StandingsView.as_view(), name="standings"),
    path("v1/events/<id:event_id>/bracket/", BracketView.as_view(), name="bracket"),
    path("v1/events/<id:event_id>/draft-tables/", DraftTableListView.as_view(), name="draft-table-list"),
    path("v1/events/<id:event_id>/draft-tables/<id:number>/", DraftTableDetailView.as_view(), name="draft-table-detail"),
    re_path(r"^.*$", not_found_view),
]
