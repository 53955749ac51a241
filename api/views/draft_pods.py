"""Pods of a Two-Headed Giant booster draft: the public state only (RULES.md 7, MTR 9.7), for coverage screens.

Pack counts, whose turn it is (the teams that haven't picked at the current step), deadlines. Never a pick, never a
pool, never a card name.
"""

import hashlib

from django.utils import timezone
from rest_framework import generics
from rest_framework.response import Response

from api.serializers.draft_pods import PodListOutputSerializer
from api.views.base import EventScopedMixin
from common.http import etag_matches
from drafting.selectors.pods import (
    thg_in_round_review,
    thg_pods_for_event,
    thg_pods_overview,
)
from drafting.services.pods import thg_pods_refresh


class PodListView(EventScopedMixin, generics.GenericAPIView):
    """The event's draft pods and where each stands. Carries an ETag from the pods' versions."""

    schema_tag = "drafting"
    conditional_get = True
    serializer_class = PodListOutputSerializer
    pagination_class = None

    def get(self, request, event_id: int):
        event = self.load_event()
        thg_pods_refresh(event=event)  # an expired deadline never shows as running, even with no worker
        now = timezone.now()
        marks = [
            f"{p.pk}.{p.version}{'r' if thg_in_round_review(pod=p, now=now) else ''}"
            for p in thg_pods_for_event(event=event)
        ]
        etag = f'"pods-{hashlib.sha1(",".join(marks).encode()).hexdigest()[:16]}"'
        if etag_matches(etag, request.headers.get("If-None-Match", "")):
            response = Response(status=304)
        else:
            pods = thg_pods_overview(event=event)
            response = Response(PodListOutputSerializer({"count": len(pods), "results": pods}).data)
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache" if event.is_public else "private, no-cache"
        return response
