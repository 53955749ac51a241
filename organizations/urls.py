"""The organizations pages, mounted at /organizations/."""

from django.urls import path

import common.converters  # noqa: F401  (registers <id:...>)
from organizations import views

app_name = "organizations"
urlpatterns = [
    path("", views.organization_list, name="list"),
    path("new/", views.organization_new, name="new"),
    path("<id:pk>/", views.organization_page, name="organization"),
    path("<id:pk>/stores/", views.location_add, name="location_add"),
    path("<id:pk>/members/", views.member_add, name="member_add"),
    path("<id:pk>/members/<id:user_pk>/remove/", views.member_remove, name="member_remove"),
    path("stores/<id:pk>/", views.store_page, name="store"),
    path("stores/<id:pk>/calendar.ics", views.store_calendar, name="store_calendar"),
]
