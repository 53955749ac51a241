"""The stream overlays, under the event: /events/<id>/overlay/..."""

from django.urls import path

import common.converters  # noqa: F401  (registers <id:...>)
from overlays import views

app_name = "overlays"
urlpatterns = [
    path("events/<id:pk>/overlay/standings/", views.overlay_standings, name="standings"),
    path("events/<id:pk>/overlay/clock/", views.overlay_clock, name="clock"),
    path("events/<id:pk>/overlay/match/<id:match_id>/", views.overlay_match, name="match"),
    path("events/<id:pk>/overlay/draft/<id:table_id>/", views.overlay_draft, name="draft"),
    path("events/<id:pk>/overlay/events/", views.overlay_events, name="events"),
]
