from django.urls import path

import common.converters  # noqa: F401  (registers <id:...>)
from drafting import views, views_booster, views_live, views_picklog, views_pods

app_name = "drafting"
urlpatterns = [
    path("", views.draft_index, name="index"),
    path("table/<id:pk>/", views.table_page, name="table"),
    path("table/<id:pk>/state/", views.table_state, name="state"),
    path("table/<id:pk>/events/", views_live.table_events, name="events"),
    path("table/<id:pk>/pick/", views.table_pick, name="pick"),
    path("table/<id:pk>/pool/", views.table_pool, name="pool"),
    path("table/<id:pk>/picks.txt", views_picklog.table_picks, name="table_picks"),
    path("event/<id:pk>/", views.event_progress, name="progress"),
    path("event/<id:pk>/picks.csv", views_picklog.event_picks, name="event_picks"),
    path("event/<id:pk>/booster/", views_booster.booster_event, name="booster_event"),
    path("pod/<id:pk>/", views_pods.pod_page, name="pod"),
    path("pod/<id:pk>/state/", views_pods.pod_state, name="pod_state"),
    path("pod/<id:pk>/events/", views_live.pod_events, name="pod_events"),
    path("pod/<id:pk>/choose/", views_pods.pod_choose, name="pod_choose"),
    path("pod/<id:pk>/pick/", views_pods.pod_pick, name="pod_pick"),
    path("pod/<id:pk>/pool/", views_pods.pod_pool, name="pod_pool"),
    path("pod/<id:pk>/public/", views_pods.pod_public, name="pod_public"),
    path("pod/<id:pk>/picks.txt", views_picklog.pod_picks, name="pod_picks"),
]
