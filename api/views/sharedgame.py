"""Live life and poison totals of a shared-game match (Two-Headed Giant, Three-Headed Serpent), for spectators."""

from django.utils.translation import gettext as _
from rest_framework import generics
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from api.selectors import match_get
from api.serializers.sharedgame import MatchLifeOutputSerializer
from api.views.base import EventScopedMixin
from common.http import etag_matches
from sharedgame.selectors import shared_game_etag, shared_game_match, shared_game_state


class MatchLifeView(EventScopedMixin, generics.GenericAPIView):
    """A shared-game match's live totals, every game of it, as the players keep them. ETag; 304 when unchanged."""

    schema_tag = "pairings"
    serializer_class = MatchLifeOutputSerializer

    def get(self, request, event_id: int, match_id: int):
        event = self.load_event()
        if not event.is_shared_game:
            raise NotFound(
                _("Event %(event)s is seat against seat: its matches have no shared life totals.") % {"event": event.pk}
            )
        match = shared_game_match(pk=match_get(event=event, match_id=match_id).pk)
        etag = f'"life-{shared_game_etag(match=match)}"'
        if etag_matches(etag, request.headers.get("If-None-Match", "")):
            response = Response(status=304)
        else:
            response = Response(MatchLifeOutputSerializer(shared_game_state(match=match)).data)
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache" if event.is_public else "private, no-cache"
        return response
