"""The webhook pages, under the event: /events/<id>/webhooks/."""
from django.urls import path

from desk.urls import DeskIdConverter  # noqa: F401 - registers the desk_id converter used below
from webhooks import views

app_name = "webhooks"
urlpatterns = [
    path("events/<desk_id:pk>/webhooks/", views.webhooks_page, name="list"),
    path("events/<desk_id:pk>/webhooks/<desk_id:hook_id>/remove/", views.webhook_remove, name="remove"),
    path("events/<desk_id:pk>/webhooks/deliveries/<desk_id:delivery_id>/resend/", views.delivery_resend, name="resend"),
]
