"""The series pages, mounted at /series/."""

from django.urls import path

import common.converters  # noqa: F401  (registers <id:...>)
from series import views

app_name = "series"
urlpatterns = [
    path("", views.series_list, name="list"),
    path("new/", views.series_new, name="new"),
    path("<id:pk>/", views.series_page, name="series"),
    path("<id:pk>/manage/", views.series_manage, name="manage"),
    path("<id:pk>/attach/", views.series_attach, name="attach"),
    path("<id:pk>/events/<id:event_pk>/detach/", views.series_detach, name="detach"),
    path("<id:pk>/weekly/", views.series_weekly, name="weekly"),
    path("<id:pk>/prizes/", views.series_prizes, name="prizes"),
    path("<id:pk>/payouts/", views.series_payouts, name="payouts"),
    path("<id:pk>/invite/", views.series_invite, name="invite"),
    path("<id:pk>/calendar.ics", views.series_calendar, name="calendar"),
    path("invitations/<id:pk>/accept/", views.series_invitation_answer, {"accept": True}, name="invitation_accept"),
    path("invitations/<id:pk>/decline/", views.series_invitation_answer, {"accept": False}, name="invitation_decline"),
]
