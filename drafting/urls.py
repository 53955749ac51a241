from django.urls import path

from drafting import views, views_booster, views_live, views_picklog, views_pods

app_name = "drafting"
urlpatterns = [
    path("", views.draft_index, name="index"),
    path("table/<int:pk>/", views.table_page, name="table"),
    path("table/<int:pk>/state/", views.table_state, name="state"),
    path("table/<int:pk>/events/", views_live.table_events, name="events"),
    path("table/<int:pk>/pick/", views.table_pick, name="pick"),
    path("table/<int:pk>/pool/", views.table_pool, name="pool"),
    path("table/<int:pk>/picks.txt", views_picklog.table_picks, name="table_picks"),
    path("event/<int:pk>/", views.event_progress, name="progress"),
    path("event/<int:pk>/picks.csv", views_picklog.event_picks, name="event_picks"),
    path("event/<int:pk>/booster/", views_booster.booster_event, name="booster_event"),
    path("pod/<int:pk>/", views_pods.pod_page, name="pod"),
    path("pod/<int:pk>/state/", views_pods.pod_state, name="pod_state"),
    path("pod/<int:pk>/events/", views_live.pod_events, name="pod_events"),
    path("pod/<int:pk>/choose/", views_pods.pod_choose, name="pod_choose"),
    path("pod/<int:pk>/pick/", views_pods.pod_pick, name="pod_pick"),
    path("pod/<int:pk>/pool/", views_pods.pod_pool, name="pod_pool"),
    path("pod/<int:pk>/public/", views_pods.pod_public, name="pod_public"),
    path("pod/<int:pk>/picks.txt", views_picklog.pod_picks, name="pod_picks"),
]
