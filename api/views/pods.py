"""Pods of a Two-Headed Giant booster draft: the public state only (RULES.md 7, MTR 9.7), for coverage screens.

Pack counts, whose turn it is (the teams that haven't picked at the current step), deadlines. Never a pick, never a
pool, never a card name.
"""
import hashlib

from django.utils import timezone
from rest_framework import generics, serializers
from rest_framework.response import Response

from api.views.base import EventScopedMixin
from common.http import etag_matches
from drafting.models import DraftStatus
from drafting.selectors.pods import (
    thg_in_round_review,
    thg_pods_for_event,
    thg_pods_overview,
)
from drafting.services.pods import thg_pods_refresh


class PodTeamSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="1 first, clockwise; packs pass left to the next seat.")
    registration = serializers.IntegerField(help_text="The team's id in this event.")
    team = serializers.CharField()
    has_picked = serializers.BooleanField(help_text="The team has taken its two cards at the current pick.")
    cards_in_front = serializers.IntegerField(help_text="Cards in the pack in front of the team now.")


class PodSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=DraftStatus.choices)
    pack_round = serializers.IntegerField(allow_null=True, help_text="1 to 6.")
    pick = serializers.IntegerField(allow_null=True, help_text="The pick within the pack round, from 1.")
    passing = serializers.ChoiceField(choices=["left", "right"], allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True, help_text="When the current pick times out.")
    picks_open_at = serializers.DateTimeField(allow_null=True, help_text="End of the review before a pack round.")
    packs_left = serializers.IntegerField(help_text="Packs of this and later rounds with cards in them.")
    cards_left = serializers.IntegerField(help_text="Cards not yet drafted in the whole pod.")
    teams = PodTeamSerializer(many=True)
    version = serializers.IntegerField()


class PodListView(EventScopedMixin, generics.GenericAPIView):
    """The event's draft pods and where each stands. Carries an ETag from the pods' versions."""

    class OutputSerializer(serializers.Serializer):
        count = serializers.IntegerField()
        results = PodSerializer(many=True)

    schema_tag = "drafting"
    conditional_get = True
    serializer_class = OutputSerializer
    pagination_class = None

    def get(self, request, event_id: int):
        event = self.load_event()
        thg_pods_refresh(event=event)  # an expired deadline never shows as running, even with no worker
        now = timezone.now()
        marks = [f"{p.pk}.{p.version}{'r' if thg_in_round_review(pod=p, now=now) else ''}"
                 for p in thg_pods_for_event(event=event)]
        etag = f'"pods-{hashlib.sha1(",".join(marks).encode()).hexdigest()[:16]}"'
        if etag_matches(etag, request.headers.get("If-None-Match", "")):
            response = Response(status=304)
        else:
            pods = thg_pods_overview(event=event)
            response = Response(self.OutputSerializer({"count": len(pods), "results": pods}).data)
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache" if event.is_public else "private, no-cache"
        return response
