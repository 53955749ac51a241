"""The rating pages, mounted at /ratings/."""

from django.urls import path

import common.converters  # noqa: F401  (registers <id:...>)
from ratings import views

app_name = "ratings"
urlpatterns = [
    path("", views.index, name="index"),
    path("players/<id:pk>/", views.player, name="player"),
    path("<slug:slug>/", views.leaderboard, name="leaderboard"),
]
