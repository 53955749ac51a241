"""The organizer's exports of one event with django-import-export's resources: teams, pairings, results, final
placings and decklists, as CSV or xlsx. The teams export is the import's own format (team,seat,player), so a
list exported from one event can be imported into the next."""
from django.utils.translation import gettext_lazy as _
from import_export import fields, resources

from tournaments.models import Decklist, Event, Seat, TeamMatch
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import team_names_for_event

FORMATS = ("csv", "xlsx")


class TeamsResource(resources.ModelResource):
    team = fields.Field(attribute="registration__team__name", column_name="team")
    seat = fields.Field(attribute="letter", column_name="seat")
    player = fields.Field(attribute="player__name", column_name="player")

    class Meta:
        model = Seat
        fields = ("team", "seat", "player")
        export_order = ("team", "seat", "player")


def _seats(registration) -> str:
    return " · ".join(f"{s.letter}: {s.player.name}" for s in registration.seats.all()) if registration else ""


class PairingsResource(resources.ModelResource):
    round = fields.Field(column_name="round")
    table = fields.Field(attribute="table", column_name="table")
    team_a = fields.Field(attribute="team_a__team__name", column_name="team_a")
    players_a = fields.Field(column_name="players_a")
    team_b = fields.Field(column_name="team_b")
    players_b = fields.Field(column_name="players_b")

    class Meta:
        model = TeamMatch
        fields = ("round", "table", "team_a", "players_a", "team_b", "players_b")
        export_order = fields

    def dehydrate_round(self, match):
        return match.round.name

    def dehydrate_players_a(self, match):
        return _seats(match.team_a)

    def dehydrate_team_b(self, match):
        return match.team_b.team.name if match.team_b else "BYE"

    def dehydrate_players_b(self, match):
        return _seats(match.team_b)


class ResultsResource(resources.ModelResource):
    round = fields.Field(column_name="round")
    table = fields.Field(attribute="table", column_name="table")
    team_a = fields.Field(attribute="team_a__team__name", column_name="team_a")
    team_b = fields.Field(column_name="team_b")
    result = fields.Field(attribute="result_state", column_name="result")
    outcome = fields.Field(attribute="outcome", column_name="outcome")
    seats = fields.Field(column_name="seats")

    class Meta:
        model = TeamMatch
        fields = ("round", "table", "team_a", "team_b", "result", "outcome", "seats")
        export_order = fields

    def dehydrate_round(self, match):
        return match.round.name

    def dehydrate_team_b(self, match):
        return match.team_b.team.name if match.team_b else "BYE"

    def dehydrate_seats(self, match):
        return " · ".join(f"{s.letter}: {s.wins_a}-{s.wins_b}-{s.draws}" for s in match.seat_matches.all())


class DecklistsResource(resources.ModelResource):
    team = fields.Field(attribute="seat__registration__team__name", column_name="team")
    seat = fields.Field(attribute="seat__letter", column_name="seat")
    player = fields.Field(attribute="seat__player__name", column_name="player")
    main = fields.Field(column_name="main")
    sideboard = fields.Field(column_name="sideboard")

    class Meta:
        model = Decklist
        fields = ("team", "seat", "player", "main", "sideboard")
        export_order = fields

    def dehydrate_main(self, decklist):
        return "\n".join(f"{n} {name}" for name, n in decklist.main.items())

    def dehydrate_sideboard(self, decklist):
        return "\n".join(f"{n} {name}" for name, n in decklist.sideboard.items())


def _placings_dataset(event: Event):
    import tablib

    names = team_names_for_event(event=event)
    data = tablib.Dataset(headers=["place", "team", "stage"])
    for placing in placements_for_event(event=event):
        data.append([placing.place, names.get(placing.team, "?"), placing.stage])
    return data


EXPORTS = {
    "teams": (_("Teams"), TeamsResource,
              lambda e: Seat.objects.filter(event=e).select_related("registration__team", "player")
              .order_by("registration__team__name", "letter")),
    "pairings": (_("Pairings"), PairingsResource,
                 lambda e: TeamMatch.objects.filter(round__event=e).select_related("round", "team_a__team", "team_b__team")
                 .prefetch_related("team_a__seats__player", "team_b__seats__player").order_by("round__number", "table")),
    "results": (_("Results"), ResultsResource,
                lambda e: TeamMatch.objects.filter(round__event=e).select_related("round", "team_a__team", "team_b__team")
                .prefetch_related("seat_matches").order_by("round__number", "table")),
    "placings": (_("Final placings"), None, None),
    "decklists": (_("Decklists"), DecklistsResource,
                  lambda e: Decklist.objects.filter(seat__event=e).select_related("seat__registration__team", "seat__player")
                  .order_by("seat__registration__team__name", "seat__letter")),
}


def event_export(*, event: Event, what: str, file_format: str) -> bytes:
    """One export of the event as file bytes (`what` one of EXPORTS, `file_format` csv or xlsx)."""
    _label, resource, queryset = EXPORTS[what]
    dataset = _placings_dataset(event) if resource is None else resource().export(queryset=queryset(event))
    content = dataset.export(file_format)
    return content.encode("utf-8") if isinstance(content, str) else content
