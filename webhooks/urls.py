"""The webhook pages, under the event: /events/<id>/webhooks/."""

from django.urls import path

import common.converters  # noqa: F401  (registers <id:...>)
from webhooks import views

app_name = "webhooks"
urlpatterns = [
    path("events/<id:pk>/webhooks/", views.webhooks_page, name="list"),
    path("events/<id:pk>/webhooks/<id:hook_id>/remove/", views.webhook_remove, name="remove"),
    path("events/<id:pk>/webhooks/deliveries/<id:delivery_id>/resend/", views.delivery_resend, name="resend"),
]
