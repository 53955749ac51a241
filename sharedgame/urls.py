from django.urls import path

from sharedgame import views

app_name = "sharedgame"
urlpatterns = [
    path("", views.live_index, name="index"),
    path("match/<int:pk>/", views.match_page, name="match"),
    path("match/<int:pk>/state/", views.match_state, name="state"),
    path("match/<int:pk>/change/", views.match_change, name="change"),
    path("match/<int:pk>/undo/", views.match_undo, name="undo"),
    path("match/<int:pk>/next/", views.match_next, name="next"),
    path("match/<int:pk>/report/", views.match_report, name="report"),
]
