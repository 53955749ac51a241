"""Series (issue 44; docs/series.md): the list, one series with its events, its standings; an organizer creates one.

Reads are open like the public scoreboards; a private series answers 404 to everyone but its organizer."""

from drf_spectacular.utils import extend_schema
from django.utils.translation import gettext as _
from rest_framework import exceptions, generics, status
from rest_framework.response import Response

from api.idempotency import idempotent_write
from api.permissions import IsTokenOrSessionUser, caller
from api.serializers.series import (
    SeriesDetailOutputSerializer,
    SeriesPayoutsOutputSerializer,
    SeriesInputSerializer,
    SeriesOutputSerializer,
    SeriesStandingsOutputSerializer,
    standings_data,
)
from series.models import Series
from series.selectors import (
    series_events_for,
    series_for_viewer,
    series_payouts_for,
    series_prizes_for,
    series_standings_for,
    series_visible_to,
)
from series.services import series_create
from tournaments.rights import may_create_events


class SeriesListView(generics.ListCreateAPIView):
    """The series the caller may see (the public ones and their own), newest first.

    POST creates a series of the caller's (an organizer token, or an organizer's session): 201 with the series."""

    schema_tag = "series"
    serializer_class = SeriesOutputSerializer
    queryset = Series.objects.none()
    filter_backends: list = []

    def get_queryset(self):
        return series_visible_to(user=caller(self.request)).select_related("owner").order_by("-created_at", "-pk")

    def get_permissions(self):
        return [IsTokenOrSessionUser()] if self.request.method == "POST" else super().get_permissions()

    @extend_schema(request=SeriesInputSerializer, responses={201: SeriesOutputSerializer})
    @idempotent_write
    def post(self, request):
        if not may_create_events(caller(request)):
            raise exceptions.PermissionDenied(_("Only an organizer can make a series."))
        data = SeriesInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def work():
            series = series_create(by=caller(request), **data.validated_data)
            return Response(SeriesOutputSerializer(series).data, status=status.HTTP_201_CREATED)

        return work()


class SeriesDetailView(generics.GenericAPIView):
    """One series, its settings and its events by date."""

    schema_tag = "series"
    serializer_class = SeriesDetailOutputSerializer

    def get(self, request, series_id: int):
        series = series_for_viewer(pk=series_id, user=caller(request))
        series.events = series_events_for(series=series, viewer=caller(request))
        return Response(SeriesDetailOutputSerializer(series).data)


class SeriesStandingsView(generics.GenericAPIView):
    """The series' standings: per player the points of each event (and whether they count: best N), the total,
    the tiebreakers (events played, best place, match points) and whether they qualify."""

    schema_tag = "series"
    serializer_class = SeriesStandingsOutputSerializer

    def get(self, request, series_id: int):
        series = series_for_viewer(pk=series_id, user=caller(request))
        return Response(
            SeriesStandingsOutputSerializer(
                standings_data(series_standings_for(series=series, viewer=caller(request)))
            ).data
        )


class SeriesPayoutsView(generics.GenericAPIView):
    """The series' prize structure and its payout list by the standings (final once the last event is over),
    tied ranks split as the organizer chose; whoever sees the series."""

    schema_tag = "series"
    serializer_class = SeriesPayoutsOutputSerializer

    def get(self, request, series_id: int):
        series = series_for_viewer(pk=series_id, user=caller(request))
        prizes = series_prizes_for(series=series)
        payouts = series_payouts_for(
            standings=series_standings_for(series=series, viewer=caller(request)), prizes=prizes
        )
        return Response(
            SeriesPayoutsOutputSerializer({"prize_ties": series.prize_ties, "prizes": prizes, "payouts": payouts}).data
        )
