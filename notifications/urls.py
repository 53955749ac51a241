from django.urls import path

from notifications import views

app_name = "notifications"

urlpatterns = [
    path("notifications/", views.inbox, name="inbox"),
    path("notifications/read/", views.mark_read, name="mark_read"),
    path("notifications/banner/", views.banner, name="banner"),
    path("notifications/events/", views.events, name="events"),
    path("notifications/preferences/", views.preferences, name="preferences"),
    path("notifications/push/subscribe/", views.subscribe, name="subscribe"),
    path("notifications/push/unsubscribe/", views.unsubscribe, name="unsubscribe"),
]
