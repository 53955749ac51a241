"""Filters a scoreboard needs: pairings by round and by team."""

import django_filters
from django import forms
from django.db.models import Q
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from drafting.models import DraftTable
from tournaments.enums import RoundKind
from tournaments.models import TeamMatch

# Bounds of the columns filtered on (SMALL also bounds the draft table's `round`, api.views.drafting) (PositiveSmallIntegerField, BigAutoField): a number outside them is a 400.
SMALL = {"min_value": 1, "max_value": 32767}
_ID = {"min_value": 1, "max_value": 2**63 - 1}


class WholeNumberFilter(django_filters.NumberFilter):
    """A whole number within the column's bounds: 2.5 or 10**30 are a 400, not a database error. The API's schema
    states the bounds (issue 39), so generated clients don't send what is refused."""

    field_class = forms.IntegerField

    def __init__(self, *args, min_value: int, max_value: int, **kwargs):
        super().__init__(*args, min_value=min_value, max_value=max_value, **kwargs)
        extend_schema_field(serializers.IntegerField(min_value=min_value, max_value=max_value))(self)


class TeamMatchFilter(django_filters.FilterSet):
    round = WholeNumberFilter(field_name="round__number", label="Only this round (its number).", **SMALL)
    round_kind = django_filters.ChoiceFilter(
        field_name="round__kind", choices=RoundKind.choices, label="swiss or playoff."
    )
    team = WholeNumberFilter(method="filter_team", label="Only the matches of this team (its id in the event).", **_ID)
    table = WholeNumberFilter(field_name="table", label="Only this table.", **SMALL)

    class Meta:
        model = TeamMatch
        fields = ["round", "round_kind", "team", "table"]

    def filter_team(self, queryset, name, value):
        return queryset.filter(Q(team_a_id=value) | Q(team_b_id=value))


class DraftTableFilter(django_filters.FilterSet):
    """Draft tables belong to a round (team Rochester drafts every round, RULES.md 6)."""

    round = WholeNumberFilter(
        field_name="round__number", label="Only the draft tables of this round (its number).", **SMALL
    )

    class Meta:
        model = DraftTable
        fields = ["round"]
