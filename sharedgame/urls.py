from django.urls import path

import common.converters  # noqa: F401  (registers <id:...>)
from sharedgame import views

app_name = "sharedgame"
urlpatterns = [
    path("", views.live_index, name="index"),
    path("match/<id:pk>/", views.match_page, name="match"),
    path("match/<id:pk>/state/", views.match_state, name="state"),
    path("match/<id:pk>/change/", views.match_change, name="change"),
    path("match/<id:pk>/undo/", views.match_undo, name="undo"),
    path("match/<id:pk>/next/", views.match_next, name="next"),
    path("match/<id:pk>/report/", views.match_report, name="report"),
]
