"""The rating pages, mounted at /ratings/."""
from django.urls import path

from portal.urls import PortalIdConverter  # noqa: F401 - registers the portal_id converter
from ratings import views

app_name = "ratings"
urlpatterns = [
    path("", views.index, name="index"),
    path("players/<portal_id:pk>/", views.player, name="player"),
    path("<slug:slug>/", views.leaderboard, name="leaderboard"),
]
