"""Hydra's URLs: the organizer's admin, the player portal, the REST API."""

from django.contrib import admin
from django.urls import include, path
from django.utils.translation import gettext_lazy as _

from desk.urls import urlpatterns as desk_urlpatterns
from health.views import health, live
from portal.views.accounts import logout_page, password_reset, signup, signup_confirm
from portal.views.checkin import player_check_in
from portal.views.languages import language_set

admin.site.site_header = _("Hydra — team tournaments")
admin.site.site_title = "Hydra"
admin.site.index_title = _("The organizer's operations, on the same services and rights as the desk")

# The database unable to answer now is a 503 with Retry-After, never a 500 (config/errors.py).
handler500 = "config.errors.server_error"

urlpatterns = [
    path("health/", health, name="health"),
    path("health/live/", live, name="health-live"),
    path("admin/", admin.site.urls),
    path("api/", include("api.urls")),
    path("draft/", include("drafting.urls")),
    path("sealed/", include("sealed.urls")),
    path("live/", include("sharedgame.urls")),
    path("ratings/", include("ratings.urls")),
    path("organizations/", include("organizations.urls")),
    path("series/", include("series.urls")),
    path("venue/", include("venue.urls")),
    path("accounts/signup/", signup, name="signup"),
    path("accounts/signup/confirm/<str:token>/", signup_confirm, name="signup_confirm"),
    path("accounts/password_reset/", password_reset, name="password_reset"),  # limited (portal.views.accounts)
    path("accounts/logout/", logout_page, name="logout"),  # GET: a page with the button, not a bare 405
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/setlang/", language_set, name="set_language"),  # and kept with a signed-in person's account
    path("", include("signup.urls")),
    # The player's check-in is the portal's (portal:player_check_in, issue 55); its old name still reverses to it.
    path(
        "",
        include(
            (
                desk_urlpatterns
                + [
                    path("events/<id:pk>/check-in/", player_check_in, name="player_check_in"),
                ],
                "desk",
            )
        ),
    ),
    path("", include("judging.urls")),
    path("", include("webhooks.urls")),
    path("", include("notifications.urls")),
    path("", include("overlays.urls")),
    path("", include("portal.urls")),
]
