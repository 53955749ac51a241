"""The judges' pages, the event log, a player's own penalties and the published decklists, under /events/<id>/."""

from django.urls import path

import common.converters  # noqa: F401  (registers <id:...>)
from judging import views

app_name = "judging"
urlpatterns = [
    path("events/<id:pk>/judging/", views.judging_event, name="event"),
    path("events/<id:pk>/judging/teams/<id:team>/", views.judging_team, name="team"),
    path("events/<id:pk>/judging/teams/<id:team>/print/", views.print_team, name="print_team"),
    path("events/<id:pk>/judging/print/", views.print_all, name="print_all"),
    path("events/<id:pk>/judging/seats/<id:seat>/decklist/", views.decklist_change, name="decklist_change"),
    path("events/<id:pk>/judging/judges/", views.judges, name="judges"),
    path("events/<id:pk>/judging/deck-checks/", views.deck_check, name="deck_check"),
    path("events/<id:pk>/judging/penalties/", views.penalty, name="penalty"),
    path("events/<id:pk>/log/", views.log_page, name="log"),
    path("events/<id:pk>/log.csv", views.log_csv, name="log_csv"),
    path("events/<id:pk>/my-penalties/", views.my_penalties, name="my_penalties"),
    path("events/<id:pk>/decklists/", views.public_decklists, name="public_decklists"),
]
