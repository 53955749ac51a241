"""Sign-up and player profile URLs, mounted at the site root (docs/registration.md)."""

from django.urls import path

import common.converters  # noqa: F401  (registers <id:...>)
from signup import profiles, views

app_name = "signup"
urlpatterns = [
    path("events/<id:pk>/signup/", views.event_signup, name="event"),
    path("events/<id:pk>/signup/manage/", views.manage, name="manage"),
    path("signup/teams/<id:pk>/", views.team_page, name="team"),
    path("signup/teams/<id:pk>/seats/<str:letter>/email/", views.invitation_email, name="invitation_email"),
    path("signup/teams/<id:pk>/seats/<str:letter>/renew/", views.invitation_renew, name="invitation_renew"),
    path("signup/teams/<id:pk>/withdraw/", views.team_withdraw, name="withdraw"),
    path("signup/teams/<id:pk>/leave/", views.team_leave, name="leave"),
    path("signup/join/<str:token>/", views.join, name="join"),
    path("players/<id:pk>/", profiles.player_profile, name="player"),
    path("players/me/wizards/", profiles.player_wizards_account, name="wizards_account"),
]
