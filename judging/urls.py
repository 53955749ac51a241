"""The judges' pages, the event log, a player's own penalties and the published decklists, under /events/<id>/."""
from django.urls import path

from desk.urls import DeskIdConverter  # noqa: F401  (registers the desk_id converter)
from judging import views

app_name = "judging"
urlpatterns = [
    path("events/<desk_id:pk>/judging/", views.judging_event, name="event"),
    path("events/<desk_id:pk>/judging/teams/<desk_id:team>/", views.judging_team, name="team"),
    path("events/<desk_id:pk>/judging/teams/<desk_id:team>/print/", views.print_team, name="print_team"),
    path("events/<desk_id:pk>/judging/print/", views.print_all, name="print_all"),
    path("events/<desk_id:pk>/judging/seats/<desk_id:seat>/decklist/", views.decklist_change, name="decklist_change"),
    path("events/<desk_id:pk>/judging/judges/", views.judges, name="judges"),
    path("events/<desk_id:pk>/judging/deck-checks/", views.deck_check, name="deck_check"),
    path("events/<desk_id:pk>/judging/penalties/", views.penalty, name="penalty"),
    path("events/<desk_id:pk>/log/", views.log_page, name="log"),
    path("events/<desk_id:pk>/log.csv", views.log_csv, name="log_csv"),
    path("events/<desk_id:pk>/my-penalties/", views.my_penalties, name="my_penalties"),
    path("events/<desk_id:pk>/decklists/", views.public_decklists, name="public_decklists"),
]
