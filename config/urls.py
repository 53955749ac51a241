"""Hydra's URLs: the organizer's admin, the player portal, the REST API."""
from django.contrib import admin
from django.urls import include, path

from health.views import health
from portal.accounts import signup

admin.site.site_header = "Hydra — team tournaments"
admin.site.site_title = "Hydra"
admin.site.index_title = "Organizer"

urlpatterns = [
    path("health/", health, name="health"),
    path("admin/", admin.site.urls),
    path("api/", include("api.urls")),
    path("draft/", include("drafting.urls")),
    path("sealed/", include("sealed.urls")),
    path("live/", include("sharedgame.urls")),
    path("ratings/", include("ratings.urls")),
    path("accounts/signup/", signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("signup.urls")),
    path("", include("desk.urls")),
    path("", include("judging.urls")),
    path("", include("portal.urls")),
]
