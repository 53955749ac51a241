from django.urls import path

import common.converters  # noqa: F401  (registers <id:...>)
from sealed import views

app_name = "sealed"
urlpatterns = [
    path("", views.pool_index, name="index"),
    path("pool/<id:pk>/", views.pool_page, name="pool"),
]
