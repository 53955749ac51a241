"""Ratings' shapes (api.views.ratings): a category's leaderboard and one player's ratings with their history."""

from django.utils.translation import gettext_lazy
from rest_framework import serializers

from ratings.categories import ALL_SLUGS
from ratings.enums import RatingModel
from ratings.models import PlayerRating


class RatingsQuerySerializer(serializers.Serializer):
    category = serializers.ChoiceField(
        choices=ALL_SLUGS,
        help_text='The rating category: "constructed-N" or "limited-N" (teams of N; N = 1: individual events), "2hg", '
        'or "3hs-N".',
        error_messages={
            "invalid_choice": gettext_lazy(
                'There is no rating category "{input}". Categories are constructed-N and limited-N (teams of N, 2 to 8, '
                "or 1 for individual events), 2hg, and 3hs-N."
            )
        },
    )
    model = serializers.ChoiceField(
        choices=RatingModel.choices,
        default=RatingModel.ELO,
        required=False,
        help_text="Order by the DCI Elo rating (default) or by OpenSkill's ordinal.",
    )
    region = serializers.CharField(
        max_length=100,
        required=False,
        allow_blank=True,
        help_text="Only players who played a rated event of this category in this region.",
    )
    store = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        help_text="Only players who played a rated event of this category at this store (the event's location).",
    )


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


def rating_figures(rating: PlayerRating) -> dict:
    """A player's figures in one category, as RatingFiguresSerializer shows them."""
    return {
        "rating": rating.rating,
        "peak": rating.peak,
        "matches": rating.matches,
        "wins": rating.wins,
        "losses": rating.losses,
        "draws": rating.draws,
        "openskill_mu": rating.openskill_mu,
        "openskill_sigma": rating.openskill_sigma,
        "openskill_ordinal": rating.openskill_ordinal,
        "last_played": rating.last_event_date,
    }


class RatingListOutputSerializer(RatingFiguresSerializer):
    rank = serializers.IntegerField()
    category = serializers.CharField()
    player = PlayerRefSerializer()

    def to_representation(self, row: PlayerRating) -> dict:
        return {
            "rank": self.context["ranks"][row.pk],
            "category": row.category_id,
            "player": {"id": row.player_id, "name": row.player.name},
            **rating_figures(row),
        }


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


class PlayerDetailOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    ratings = CategoryRatingSerializer(many=True, help_text="Constructed, limited, 2HG, 3HS; by team size.")
