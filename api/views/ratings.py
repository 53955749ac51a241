"""Ratings (RULES.md 8, docs/ratings.md): a category's leaderboard, and one player's ratings with their history.

Read-only and open to everyone, like the public scoreboards. A history entry of an event that isn't public names
no event (its `event` and `event_name` are null): the rating change is the player's, the event is not ours to show.
"""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from api.pagination import CappedPagination
from ratings import selectors
from ratings.categories import ALL_SLUGS
from ratings.enums import RatingModel
from ratings.models import PlayerRating, RatingCategory
from tournaments.models import Player


class RatingsQuerySerializer(serializers.Serializer):
    category = serializers.ChoiceField(
        choices=ALL_SLUGS,
        help_text='The rating category: "constructed-N" or "limited-N" (teams of N; N = 1: individual events), "2hg", '
                  'or "3hs-N".',
        error_messages={"invalid_choice": gettext_lazy(
            'There is no rating category "{input}". Categories are constructed-N and limited-N (teams of N, 2 to 8, '
            "or 1 for individual events), 2hg, and 3hs-N."
        )},
    )
    model = serializers.ChoiceField(choices=RatingModel.choices, default=RatingModel.ELO, required=False,
                                    help_text="Order by the DCI Elo rating (default) or by OpenSkill's ordinal.")
    region = serializers.CharField(max_length=100, required=False, allow_blank=True,
                                   help_text="Only players who played a rated event of this category in this region.")
    store = serializers.CharField(max_length=200, required=False, allow_blank=True,
                                  help_text="Only players who played a rated event of this category at this store "
                                            "(the event's location).")


class PlayerRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class RatingFiguresSerializer(serializers.Serializer):
    rating = serializers.FloatField(help_text="The DCI Elo rating (start 1600), unrounded.")
    peak = serializers.FloatField(help_text="The highest rating reached after any match.")
    matches = serializers.IntegerField(help_text="Rated team matches played (byes don't count).")
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    openskill_mu = serializers.FloatField(allow_null=True, help_text="OpenSkill's mu; null where it isn't computed.")
    openskill_sigma = serializers.FloatField(allow_null=True)
    openskill_ordinal = serializers.FloatField(allow_null=True, help_text="mu - 3 sigma, what OpenSkill ranks by.")
    last_played = serializers.DateField(help_text="The date of the player's last rated event in this category.")


def _figures(row: PlayerRating) -> dict:
    return {
        "rating": row.rating, "peak": row.peak, "matches": row.matches, "wins": row.wins, "losses": row.losses,
        "draws": row.draws, "openskill_mu": row.openskill_mu, "openskill_sigma": row.openskill_sigma,
        "openskill_ordinal": row.openskill_ordinal, "last_played": row.last_event_date,
    }


@extend_schema(parameters=[RatingsQuerySerializer])
class RatingListView(generics.ListAPIView):
    """A category's leaderboard, best first (RULES.md 8): every rated player with their figures.

    `rank` is the place in this list (with `region` or `store`, among the players shown). Ties in rating are
    ordered by player id, so pages never overlap.
    """

    class OutputSerializer(RatingFiguresSerializer):
        rank = serializers.IntegerField()
        category = serializers.CharField()
        player = PlayerRefSerializer()

        def to_representation(self, row: PlayerRating) -> dict:
            return {"rank": self.context["ranks"][row.pk], "category": row.category_id,
                    "player": {"id": row.player_id, "name": row.player.name}, **_figures(row)}

    schema_tag = "ratings"
    serializer_class = OutputSerializer
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
        return selectors.leaderboard(category=category, model=data.get("model", RatingModel.ELO),
                                     region=data.get("region", "").strip(), store=data.get("store", "").strip())

    def list(self, request, *args, **kwargs):
        queryset = self.get_queryset()
        page = self.paginate_queryset(queryset)
        offset = (self.paginator.page.number - 1) * self.paginator.get_page_size(request)
        ranks = {row.pk: offset + i for i, row in enumerate(page, start=1)}
        serializer = self.get_serializer(page, many=True, context={**self.get_serializer_context(), "ranks": ranks})
        return self.get_paginated_response(serializer.data)


class HistoryEntrySerializer(serializers.Serializer):
    event = serializers.IntegerField(allow_null=True, help_text="The event's id; null for an event that isn't public.")
    event_name = serializers.CharField(allow_null=True)
    date = serializers.DateField()
    rating_before = serializers.FloatField()
    rating_after = serializers.FloatField()
    change = serializers.FloatField()
    matches = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()


class CategoryRatingSerializer(RatingFiguresSerializer):
    category = serializers.CharField()
    label = serializers.CharField(help_text='"Team constructed, teams of 3", in the language asked for.')
    rank = serializers.IntegerField(help_text="The place on the category's Elo leaderboard.")
    history = HistoryEntrySerializer(many=True, help_text="One entry per rated event, oldest first.")


class PlayerDetailView(generics.GenericAPIView):
    """A player with their rating in each category and its history, event by event."""

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        name = serializers.CharField()
        ratings = CategoryRatingSerializer(many=True, help_text="Constructed, limited, 2HG, 3HS; by team size.")

    schema_tag = "ratings"
    serializer_class = OutputSerializer
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
                    "date": e.date, "rating_before": e.rating_before, "rating_after": e.rating_after,
                    "change": e.change, "matches": e.matches, "wins": e.wins, "losses": e.losses, "draws": e.draws,
                }
                for e in selectors.player_history(player=player, category=row.category)
            ]
            ratings.append({"category": row.category_id, "label": row.category.label,
                            "rank": selectors.player_rank(rating=row), "history": history, **_figures(row)})
        return Response(self.OutputSerializer({"id": player.pk, "name": player.name, "ratings": ratings}).data)
