from django.urls import path

import common.converters  # noqa: F401  (registers <id:...>)
from drafting.views import booster, live, paper, picklog, pods, tables

app_name = "drafting"
urlpatterns = [
    path("", tables.draft_index, name="index"),
    path("table/<id:pk>/", tables.table_page, name="table"),
    path("table/<id:pk>/state/", tables.table_state, name="state"),
    path("table/<id:pk>/events/", live.table_events, name="events"),
    path("table/<id:pk>/pick/", tables.table_pick, name="pick"),
    path("table/<id:pk>/pool/", tables.table_pool, name="pool"),
    path("table/<id:pk>/picks.txt", picklog.table_picks, name="table_picks"),
    path("event/<id:pk>/", tables.event_progress, name="progress"),
    path("event/<id:pk>/picks.csv", picklog.event_picks, name="event_picks"),
    path("event/<id:pk>/booster/", booster.booster_event, name="booster_event"),
    path("event/<id:pk>/paper/", paper.paper_event, name="paper_event"),
    path("event/<id:pk>/call/", paper.called_page, name="call"),
    path("event/<id:pk>/call/state/", paper.called_state, name="call_state"),
    path("pod/<id:pk>/", pods.pod_page, name="pod"),
    path("pod/<id:pk>/state/", pods.pod_state, name="pod_state"),
    path("pod/<id:pk>/events/", live.pod_events, name="pod_events"),
    path("pod/<id:pk>/choose/", pods.pod_choose, name="pod_choose"),
    path("pod/<id:pk>/pick/", pods.pod_pick, name="pod_pick"),
    path("pod/<id:pk>/pool/", pods.pod_pool, name="pod_pool"),
    path("pod/<id:pk>/public/", pods.pod_public, name="pod_public"),
    path("pod/<id:pk>/picks.txt", picklog.pod_picks, name="pod_picks"),
]
