"""The stream overlays, under the event: /events/<id>/overlay/..."""
from django.urls import path

from desk.urls import DeskIdConverter  # noqa: F401 - registers the desk_id converter used below
from overlays import views

app_name = "overlays"
urlpatterns = [
    path("events/<desk_id:pk>/overlay/standings/", views.overlay_standings, name="standings"),
    path("events/<desk_id:pk>/overlay/clock/", views.overlay_clock, name="clock"),
    path("events/<desk_id:pk>/overlay/match/<desk_id:match_id>/", views.overlay_match, name="match"),
    path("events/<desk_id:pk>/overlay/draft/<desk_id:table_id>/", views.overlay_draft, name="draft"),
    path("events/<desk_id:pk>/overlay/events/", views.overlay_events, name="events"),
]
