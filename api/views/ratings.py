"""Ratings (RULES.md 8, docs/ratings.md): a category's leaderboard, and one player's ratings with their history.

Read-only and open to everyone, like the public scoreboards. A history entry of an event that isn't public names
no event (its `event` and `event_name` are null): the rating change is the player's, the event is not ours to show.
"""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from api.pagination import CappedPagination
from api.serializers.ratings import (
    PlayerDetailOutputSerializer,
    RatingListOutputSerializer,
    RatingsQuerySerializer,
    rating_figures,
)
from ratings import selectors
from ratings.enums import RatingModel
from ratings.models import PlayerRating, RatingCategory
from tournaments.models import Player


@extend_schema(parameters=[RatingsQuerySerializer])
class RatingListView(generics.ListAPIView):
    """A category's leaderboard, best first (RULES.md 8): every rated player with their figures.

    `rank` is the place in this list (with `region` or `store`, among the players shown). Ties in rating are
    ordered by player id, so pages never overlap.
    """

    schema_tag = "ratings"
    serializer_class = RatingListOutputSerializer
    pagination_class = CappedPagination
    queryset = PlayerRating.objects.none()
    filter_backends: list = []

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return PlayerRating.objects.none()
        query = RatingsQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        category = RatingCategory.objects.filter(slug=data["category"]).first()
        if category is None:
            return PlayerRating.objects.none()
        return selectors.leaderboard(
            category=category,
            model=data.get("model", RatingModel.ELO),
            region=data.get("region", "").strip(),
            store=data.get("store", "").strip(),
        )

    def list(self, request, *args, **kwargs):
        queryset = self.get_queryset()
        page = self.paginate_queryset(queryset)
        offset = (self.paginator.page.number - 1) * self.paginator.get_page_size(request)
        ranks = {row.pk: offset + i for i, row in enumerate(page, start=1)}
        serializer = self.get_serializer(page, many=True, context={**self.get_serializer_context(), "ranks": ranks})
        return self.get_paginated_response(serializer.data)


class PlayerDetailView(generics.GenericAPIView):
    """A player with their rating in each category and its history, event by event."""

    schema_tag = "ratings"
    serializer_class = PlayerDetailOutputSerializer
    filter_backends: list = []

    def get(self, request, player_id: int):
        player = Player.objects.filter(pk=player_id).first()
        if player is None:
            raise NotFound(_("There is no player %(id)s.") % {"id": player_id})
        ratings = []
        for row in selectors.player_ratings(player=player):
            history = [
                {
                    "event": e.event_id if e.event.is_public else None,
                    "event_name": e.event.name if e.event.is_public else None,
                    "date": e.date,
                    "rating_before": e.rating_before,
                    "rating_after": e.rating_after,
                    "change": e.change,
                    "matches": e.matches,
                    "wins": e.wins,
                    "losses": e.losses,
                    "draws": e.draws,
                }
                for e in selectors.player_history(player=player, category=row.category)
            ]
            ratings.append(
                {
                    "category": row.category_id,
                    "label": row.category.label,
                    "rank": selectors.player_rank(rating=row),
                    "history": history,
                    **rating_figures(row),
                }
            )
        return Response(PlayerDetailOutputSerializer({"id": player.pk, "name": player.name, "ratings": ratings}).data)
