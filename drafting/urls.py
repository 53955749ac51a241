from django.urls import path

from drafting import views, views_live

app_name = "drafting"
urlpatterns = [
    path("", views.draft_index, name="index"),
    path("table/<int:pk>/", views.table_page, name="table"),
    path("table/<int:pk>/state/", views.table_state, name="state"),
    path("table/<int:pk>/events/", views_live.table_events, name="events"),
    path("table/<int:pk>/pick/", views.table_pick, name="pick"),
    path("table/<int:pk>/pool/", views.table_pool, name="pool"),
    path("event/<int:pk>/", views.event_progress, name="progress"),
]
