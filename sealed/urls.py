from django.urls import path

from sealed import views

app_name = "sealed"
urlpatterns = [
    path("", views.pool_index, name="index"),
    path("pool/<int:pk>/", views.pool_page, name="pool"),
]
