"""Events, their teams and their rounds."""
from rest_framework import generics, serializers
from rest_framework.response import Response

from api.permissions import events_visible
from api.selectors import registrations_for_event, rounds_for_event
from api.views.base import EventScopedMixin, ScoreboardListView
from tournaments.enums import EventStatus, FormatKind, RoundKind, Structure
from tournaments.models import Event, Registration, Round


class EventOutputSerializer(serializers.ModelSerializer):
    structure = serializers.ChoiceField(choices=Structure.choices)
    format_kind = serializers.ChoiceField(choices=FormatKind.choices)
    status = serializers.ChoiceField(choices=EventStatus.choices)
    seat_formats = serializers.ListField(child=serializers.CharField())
    version = serializers.IntegerField(help_text="Goes up with every change to pairings or results.")

    class Meta:
        model = Event
        fields = [
            "id", "name", "date", "location", "team_size", "structure", "format_kind", "constructed_format",
            "seat_formats", "swiss_rounds", "top_cut", "status", "is_public", "shared_life", "shared_poison",
            "shared_games_per_match", "version",
        ]


class EventListView(generics.ListAPIView):
    """Public events, newest first; organizers and staff also see their own non-public events."""

    schema_tag = "events"
    serializer_class = EventOutputSerializer
    queryset = Event.objects.none()
    filter_backends: list = []

    def get_queryset(self):
        return events_visible(request=self.request).order_by("-date", "name", "pk")


class EventDetailView(EventScopedMixin, generics.GenericAPIView):
    """One event and its settings."""

    schema_tag = "events"
    serializer_class = EventOutputSerializer

    def get(self, request, event_id: int):
        return Response(EventOutputSerializer(self.load_event()).data)


class MemberSerializer(serializers.Serializer):
    seat = serializers.CharField(help_text="The member's fixed seat: A, B, C ...")
    player = serializers.CharField(help_text="The player's name.")


class TeamListView(EventScopedMixin, generics.ListAPIView):
    """The teams registered in the event, with their members seat by seat."""

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField(help_text="The team's id in this event; pairings and standings use it.")
        team_id = serializers.IntegerField(help_text="The team's id across events.")
        name = serializers.CharField()
        joined_round = serializers.IntegerField()
        dropped_round = serializers.IntegerField(allow_null=True)
        members = MemberSerializer(many=True, help_text="In seat order.")

        def to_representation(self, registration: Registration) -> dict:
            return {
                "id": registration.pk,
                "team_id": registration.team_id,
                "name": registration.team.name,
                "joined_round": registration.joined_round,
                "dropped_round": registration.dropped_round,
                "members": [{"seat": s.letter, "player": s.player.name} for s in registration.seats.all()],
            }

    schema_tag = "teams"
    serializer_class = OutputSerializer
    queryset = Registration.objects.none()
    filter_backends: list = []

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Registration.objects.none()
        return registrations_for_event(event=self.load_event())


class RoundListView(ScoreboardListView):
    """The event's rounds, Swiss and playoff, with how many matches each has."""

    class OutputSerializer(serializers.Serializer):
        number = serializers.IntegerField()
        kind = serializers.ChoiceField(choices=RoundKind.choices)
        is_finished = serializers.BooleanField()
        match_count = serializers.IntegerField()

    schema_tag = "pairings"
    conditional_get = True
    serializer_class = OutputSerializer
    queryset = Round.objects.none()
    filter_backends: list = []

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Round.objects.none()
        return rounds_for_event(event=self.event)
