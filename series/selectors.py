"""Reads of the series app (docs/series.md). The standings read a fixed number of queries whatever the number of
events (tests/series/test_selectors.py counts them with 50 events)."""

from dataclasses import dataclass

from django.db.models import QuerySet
from django.http import Http404

from fees.enums import TieSplit
from fees.prizes import Placed
from fees.selectors import PayoutRow, payout_rows
from series.models import Series, SeriesEvent, SeriesInvitation, SeriesPrize, SeriesResult
from series.standings import EventResult, SeriesRow, SeriesRules, series_standings
from series.enums import SeriesKind
from tournaments.enums import EventStatus
from tournaments.models import Event, Player, Team
from tournaments.rights import events_visible_to, may_manage_series, may_see_series, person_of


@dataclass(frozen=True)
class SeriesEventRef:
    """An event of the series as a viewer may see it: a private event the viewer may not see keeps its place and
    its points but shows no name (hidden)."""

    pk: int
    name: str
    date: object
    status: str
    hidden: bool = False

    @property
    def id(self) -> int:
        return self.pk


@dataclass
class StandingsLine:
    row: SeriesRow
    entrant: Player | Team  # a Team in a team series, else a Player
    cells: list[tuple]  # per event of the series (by date): (event, points there or None when absent, counted)


@dataclass
class SeriesStandings:
    series: Series
    by_team: bool
    events: list  # the series' events, by date
    lines: list[StandingsLine]


def series_for_viewer(*, pk: int, user, managing: bool = False) -> Series:
    """The series, or Http404 when it doesn't exist or the viewer may not see it (the two look the same); with
    `managing`, 404 too when the viewer may not manage it."""
    series = Series.objects.select_related("owner").filter(pk=pk).first()
    if series is None or not (may_manage_series if managing else may_see_series)(user, series):
        raise Http404("No such series.")
    return series


def series_visible_to(*, user) -> QuerySet[Series]:
    """Every series the viewer may see: the public ones and their own, in one query."""
    person = person_of(user)
    if person is None:
        return Series.objects.filter(is_public=True)
    if person.is_superuser and getattr(user, "acting_token", None) is None and not getattr(user, "is_api_token", 0):
        return Series.objects.all()
    return (
        Series.objects.filter(is_public=True)
        | Series.objects.filter(owner_id=person.pk)
        | Series.objects.filter(pk__in=series_joined_by(user=user).values("pk"))
    )


def series_managed_by(*, user) -> QuerySet[Series]:
    """The series this person organizes (the console's list)."""
    person = person_of(user)
    return Series.objects.filter(owner_id=person.pk) if person is not None else Series.objects.none()


def series_joined_by(*, user) -> QuerySet[Series]:
    """The other organizers' series this person accepted the invitation of (issue 53): they put their own events
    into them."""
    person = person_of(user)
    if person is None:
        return Series.objects.none()
    return Series.objects.filter(invitations__user_id=person.pk, invitations__accepted_at__isnull=False)


def series_open_to(*, user) -> QuerySet[Series]:
    """The series the person may put their events into: their own and those they joined (the new event's choice)."""
    return (series_managed_by(user=user) | series_joined_by(user=user)).distinct().order_by("name", "pk")


def series_invitations_for(*, user) -> QuerySet[SeriesInvitation]:
    """The invitations to other organizers' series waiting for this person's answer."""
    person = person_of(user)
    if person is None:
        return SeriesInvitation.objects.none()
    return SeriesInvitation.objects.filter(user_id=person.pk, accepted_at__isnull=True).select_related(
        "series", "invited_by"
    )


def series_calendar_events(*, series: Series, today) -> list:
    """The series' coming public events (from `today` on, finished ones left out), by date: its calendar feed."""
    return list(
        Event.objects.filter(series_link__series=series, is_public=True, date__gte=today)
        .exclude(status=EventStatus.FINISHED)
        .order_by("date", "name", "pk")
    )


def series_rules(series: Series) -> SeriesRules:
    return SeriesRules(
        points_source=series.points_source,
        points_table=tuple(series.points_table),
        participation_points=series.participation_points,
        best_of=series.best_of,
        qualify_top=series.qualify_top,
        qualify_points=series.qualify_points,
    )


def series_events_for(*, series: Series, viewer) -> list[SeriesEventRef]:
    """The series' events by date, as `viewer` may see them: one query, and a second when some are private."""
    events = [
        link.event
        for link in SeriesEvent.objects.filter(series=series)
        .select_related("event")
        .order_by("event__date", "event_id")
    ]
    private = [event.pk for event in events if not event.is_public]
    seen = set(events_visible_to(viewer).filter(pk__in=private).values_list("pk", flat=True)) if private else set()
    return [
        SeriesEventRef(pk=e.pk, name=e.name, date=e.date, status=e.status)
        if e.is_public or e.pk in seen
        else SeriesEventRef(pk=e.pk, name="", date=e.date, status=e.status, hidden=True)
        for e in events
    ]


def series_standings_for(*, series: Series, viewer) -> SeriesStandings:
    """The series' standings (series/standings.py) with each player and each event's points: three queries (the
    events, the kept results, the players) whatever the number of events or players, a fourth when some events
    are private (series_events_for)."""
    events = series_events_for(series=series, viewer=viewer)
    by_team = series.kind == SeriesKind.TEAM
    # A team series ranks teams: the players of a team share its place and match points, so one row per team.
    kept = SeriesResult.objects.filter(series_event__series=series)
    results = list(
        kept.filter(team__isnull=False)
        .values_list("series_event__event_id", "team_id", "place", "match_points")
        .distinct()
        if by_team
        else kept.values_list("series_event__event_id", "player_id", "place", "match_points")
    )
    rows = series_standings(
        rules=series_rules(series),
        results=[EventResult(*values) for values in results],
        event_order=[event.pk for event in events],
    )
    entrants = (Team if by_team else Player).objects.in_bulk([row.player for row in rows])
    lines = [
        StandingsLine(
            row=row,
            entrant=entrants[row.player],
            cells=[(event, row.points.get(event.pk), event.pk in row.counted) for event in events],
        )
        for row in rows
    ]
    return SeriesStandings(series=series, by_team=by_team, events=events, lines=lines)


def series_of_player(*, player: Player, user) -> list[dict]:
    """The series a player has results in that the viewer may see, each with the player's rank and total
    (their profile page). A query for the series, then the standings of each (a handful)."""
    kept = SeriesResult.objects.filter(player=player)
    teams = set(kept.exclude(team=None).values_list("team_id", flat=True))
    found = []
    for series in (
        series_visible_to(user=user).filter(pk__in=kept.values("series_event__series_id")).order_by("-created_at")
    ):
        standings = series_standings_for(series=series, viewer=user)
        line = next(
            (
                line
                for line in standings.lines
                if (line.entrant.pk in teams if standings.by_team else line.entrant.pk == player.pk)
            ),
            None,
        )
        if line is not None:
            found.append(
                {"series": series, "rank": line.row.rank, "total": line.row.total, "qualified": line.row.qualified}
            )
    return found


def series_prizes_for(*, series: Series) -> list[SeriesPrize]:
    """The series' prize structure, in the organizer's order. One query."""
    return list(SeriesPrize.objects.filter(series=series))


def series_payouts_for(*, standings: SeriesStandings, prizes: list[SeriesPrize]) -> list[PayoutRow]:
    """The payout list of the series' standings (final once its last event is over): fees' prize computation over
    each entrant's place and total points, players sharing a rank tied (split as the series' `prize_ties` says).
    No query beyond what it is given. A row's `record` is the events played, its `match_points` the series points."""
    # Players sharing a rank hold the places their rank covers (1, 1 -> places 1 and 2), so either each keeps
    # its place's prizes in the standings' order or they pool them, as fees.prizes does for an event's ties.
    placed = [
        Placed(place=position, team=line.entrant.pk, match_points=line.row.total, tie=line.row.rank)
        for position, line in enumerate(standings.lines, start=1)
    ]
    return payout_rows(
        placed=placed,
        prizes=prizes,
        split_evenly=standings.series.prize_ties == TieSplit.EVENLY,
        names={line.entrant.pk: line.entrant.name for line in standings.lines},
        records={line.entrant.pk: str(line.row.events_played) for line in standings.lines},
    )
