"""Hydra's URLs: the organizer's admin, the player portal, the REST API."""
from django.contrib import admin
from django.urls import include, path

from portal.accounts import signup

admin.site.site_header = "Hydra — team tournaments"
admin.site.site_title = "Hydra"
admin.site.index_title = "Organizer"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("api.urls")),
    path("draft/", include("drafting.urls")),
    path("sealed/", include("sealed.urls")),
    path("live/", include("sharedgame.urls")),
    path("accounts/signup/", signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("portal.urls")),
]
