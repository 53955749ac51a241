"""The organizer's exports of one event with django-import-export's resources: teams, pairings, results, standings,
final placings and decklists, as CSV or xlsx, each written by tournaments.exports (which keeps a spreadsheet from
running a cell as a formula). The teams export is the import's own format (team,seat,player), so a list exported
from one event can be imported into the next."""

import tablib
from django.utils.translation import gettext_lazy as _
from import_export import fields, resources

from tournaments.exports import FORMATS, dataset_bytes, sanctioning_dataset, stage_text, standings_dataset
from tournaments.models import Decklist, Event, Seat, TeamMatch
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import team_names_for_event

__all__ = ["EXPORTS", "FORMATS", "event_export"]


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
        return match.team_b.team.name if match.team_b else str(_("BYE"))

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
        return match.team_b.team.name if match.team_b else str(_("BYE"))

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
    names = team_names_for_event(event=event)
    data = tablib.Dataset(headers=["place", "player" if event.is_individual else "team", "stage"])
    for placing in placements_for_event(event=event):
        data.append([placing.place, names.get(placing.team, "?"), stage_text(placing.stage)])
    return data


EXPORTS = {
    "teams": (
        _("Teams"),
        TeamsResource,
        lambda e: (
            Seat.objects.filter(event=e)
            .select_related("registration__team", "player")
            .order_by("registration__team__name", "letter")
        ),
    ),
    "pairings": (
        _("Pairings"),
        PairingsResource,
        lambda e: (
            TeamMatch.objects.filter(round__event=e)
            .select_related("round", "team_a__team", "team_b__team")
            .prefetch_related("team_a__seats__player", "team_b__seats__player")
            .order_by("round__number", "table")
        ),
    ),
    "results": (
        _("Results"),
        ResultsResource,
        lambda e: (
            TeamMatch.objects.filter(round__event=e)
            .select_related("round", "team_a__team", "team_b__team")
            .prefetch_related("seat_matches")
            .order_by("round__number", "table")
        ),
    ),
    "standings": (_("Standings"), None, lambda e: standings_dataset(event=e, emails=True)),
    "placings": (_("Final placings"), None, _placings_dataset),
    "sanctioning": (
        _("Roster and results for the sanctioning body (one row per player, with e-mails)"),
        None,
        lambda e: sanctioning_dataset(event=e),
    ),
    "decklists": (
        _("Decklists"),
        DecklistsResource,
        lambda e: (
            Decklist.objects.filter(seat__event=e)
            .select_related("seat__registration__team", "seat__player")
            .order_by("seat__registration__team__name", "seat__letter")
        ),
    ),
}


# An individual event's files name players, not teams: its teams of one are named as their players and sit on
# seat A, so the team and seat columns go and the rest are renamed (its teams export is then the players-only
# list its import reads).
_INDIVIDUAL_DROP = ("team", "seat", "players_a", "players_b", "seats")
_INDIVIDUAL_RENAME = {"team_a": "player_a", "team_b": "player_b"}


def _as_individual(dataset):
    headers = list(dataset.headers)
    if "player" not in headers and "team" in headers:
        headers[headers.index("team")] = "player"
        dataset.headers = headers
    for column in _INDIVIDUAL_DROP:
        if column in dataset.headers:
            del dataset[column]
    dataset.headers = [_INDIVIDUAL_RENAME.get(h, h) for h in dataset.headers]
    return dataset


def event_export(*, event: Event, what: str, file_format: str) -> bytes:
    """One export of the event as file bytes (`what` one of EXPORTS, `file_format` csv or xlsx), its xlsx sheet named
    after the event. An individual event's files say player where a team event's say team. Every export is the
    organizer's (the desk's and the admin's, for whoever runs the event): the standings carry the players'
    e-mail addresses."""
    _label, resource, source = EXPORTS[what]
    dataset = source(event) if resource is None else resource().export(queryset=source(event))
    if event.is_individual:
        dataset = _as_individual(dataset)
    return dataset_bytes(dataset, file_format, title=event.name)
