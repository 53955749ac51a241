"""`python manage.py compare_standings FILE [FILE ...] [--event ID] [--team-size N]`: Hydra's standings of an
MTGODecklistCache event (or of a TopDeck.gg pod event: eventfile/compare_pods.py) against the standings the event
published. The last line printed is one JSON object
(eventfile/compare.py).

Figures are compared at the file's published precision, and each difference names the convention that explains
it (`explained_by`): the same results computed with the 1/3 floor, an unfloored GW%, drawn games worth 0 game
points (2023 files), the playoff folded in like Swiss rounds, or a dropped player's figures frozen at the round
they dropped, alone or together, as the sources publish them (docs/standings.md says which source uses which)."""

import json
from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from itertools import combinations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from eventfile.compare import standings_compare
from eventfile.compare_pods import pod_standings_compare
from eventfile.importer import event_import
from eventfile.management.commands.import_event import _load
from eventfile.mtgodecklistcache import is_cache_document
from eventfile.topdeck import TopDeckFileError, is_topdeck_document, topdeck_published, topdeck_to_event_file
from multiplayer.engine import topdeck_convention_on
from tournaments.models import Event, Registration
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import results_for_event, seeding_ratings, team_names_for_event
from tournaments.standings import MTR_RULES, StandingsRules, compute_standings

# The conventions the published sources compute with (docs/standings.md), each as what it changes.
CONVENTIONS = {
    "the 1/3 floor": {"floor": Fraction(1, 3)},
    "unfloored GW%": {"gw_floor": Fraction(0)},
    "drawn games worth 0": {"drawn_game_points": 0},
    "playoffs folded in": {"include_playoff": True},
    # Melee's help pages define a match-point percentage as all the opponents' points over all their possible
    # points (help.melee.gg, "Two-Game Matches"): an opponent who played a Day 2 weighs more than one who didn't.
    "opponents pooled": {"pooled_opponents": True},
}
# A team event published by a source that ran it as an individual event: the team match's individual matches
# won-lost-drawn taken for games (GW% then differs from MW%, which the MTR's team variant never does).
TEAM_AS_GAMES = {"individual matches counted as games": {"team_games": True}}
FROZEN = "dropped players' figures frozen at the round they dropped"


class _RollBack(Exception):
    pass


class _EventFigures:
    """One event's standings figures under each convention, its rows read once: the results of each kind asked for
    (Swiss only or with the playoff, up to a round, team games) load once and every convention is the pure engine's
    over them; the final placings (the published rank) are read once (issue 51: a 1,028-player event's comparison
    took a minute when each convention read everything again)."""

    def __init__(self, event: Event):
        self.event = event
        self.names = team_names_for_event(event=event)
        rows = list(Registration.objects.filter(event=event).values_list("id", "tiebreak"))
        self.teams = [pk for pk, _key in rows]
        self.tiebreaks = {pk: key for pk, key in rows if key}
        self.ratings = seeding_ratings(event=event)
        self.places = {}
        if event.top_cut and event.rounds.filter(kind="playoff").exists():
            self.places = {p.team: p.place for p in placements_for_event(event=event)}
        self._records: dict[tuple, list] = {}

    def records(self, *, include_playoff: bool, upto_round: int | None, team_games: bool) -> list:
        key = (include_playoff, upto_round, team_games)
        if key not in self._records:
            if upto_round is not None and (include_playoff, None, team_games) in self._records:
                every = self._records[(include_playoff, None, team_games)]
                self._records[key] = [r for r in every if r.round <= upto_round]
            else:
                self._records[key] = results_for_event(
                    event=self.event, upto_round=upto_round, include_playoff=include_playoff, team_games=team_games
                )
        return self._records[key]

    def figures(
        self,
        *,
        rules: StandingsRules = MTR_RULES,
        include_playoff: bool = False,
        upto_round: int | None = None,
        team_games: bool = False,
    ) -> dict[str, dict]:
        rows = compute_standings(
            self.records(include_playoff=include_playoff, upto_round=upto_round, team_games=team_games),
            teams=self.teams,
            seed=self.event.pk,
            tiebreaks=self.tiebreaks,
            ratings=self.ratings,
            games=self.event.is_individual or team_games,
            rules=rules,
        )
        return {
            self.names[row.team]: {
                "rank": self.places.get(row.team, row.rank),
                "points": row.match_points,
                "wins": row.wins,
                "losses": row.losses,
                "draws": row.draws,
                "OMW%": row.omw.value,
                "GW%": row.gw.value,
                "OGW%": row.ogw.value,
            }
            for row in rows
        }

    def with_conventions(self, names: tuple[str, ...], upto_round: int | None = None) -> dict[str, dict]:
        settings = {key: value for name in names for key, value in {**CONVENTIONS, **TEAM_AS_GAMES}[name].items()}
        playoff = settings.pop("include_playoff", False)
        team_games = settings.pop("team_games", False)
        return self.figures(
            rules=StandingsRules(**settings), include_playoff=playoff, upto_round=upto_round, team_games=team_games
        )


def hydra_figures(
    *,
    event: Event,
    rules: StandingsRules = MTR_RULES,
    include_playoff: bool = False,
    upto_round: int | None = None,
    team_games: bool = False,
) -> dict[str, dict]:
    """Player (or team) name -> Hydra's Swiss standings figures of the event, named as compare.standings_compare
    reads them; the rank is the final placing when the event had a playoff (what the sources publish as rank)."""
    return _EventFigures(event).figures(
        rules=rules, include_playoff=include_playoff, upto_round=upto_round, team_games=team_games
    )


class _Lazy(Mapping):
    """Convention name -> figures, each computed the first time a difference asks for it (most differences are
    explained by the first conventions tried, and an event without differences computes none)."""

    def __init__(self, makers: dict):
        self._makers = makers
        self._made: dict[str, dict] = {}

    def __getitem__(self, name: str) -> dict:
        if name not in self._made:
            self._made[name] = self._makers[name]()
        return self._made[name]

    def __iter__(self):
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


def convention_figures(*, event: Event, figures: _EventFigures | None = None) -> Mapping[str, dict[str, dict]]:
    """Each way a source computes (one convention, then two, three ... together), its name -> the event's figures
    computed so; then, for the players who dropped, their figures frozen at the round they dropped. Computed on
    first use, from the event's rows read once."""
    figures = figures or _EventFigures(event)
    known = [*CONVENTIONS, *([] if event.is_individual else TEAM_AS_GAMES)]
    makers: dict[str, object] = {}
    for size in range(1, len(known) + 1):
        for names in combinations(known, size):
            makers[" + ".join(names)] = partial(figures.with_conventions, names)
    dropped = dict(
        Registration.objects.filter(event=event, dropped_round__isnull=False).values_list("team__name", "dropped_round")
    )

    def frozen(names: tuple[str, ...]) -> dict[str, dict]:
        out: dict[str, dict] = {}
        for round_number in sorted(set(dropped.values())):
            at_round = figures.with_conventions(names, upto_round=round_number)
            out.update({name: at_round[name] for name, k in dropped.items() if k == round_number and name in at_round})
        return out

    for names in [(), *[(name,) for name in known], tuple(known)[:3]]:
        makers[" + ".join((*names, FROZEN))] = partial(frozen, names)
    return _Lazy(makers)


class Command(BaseCommand):
    help = (
        "Compare Hydra's standings of an MTGODecklistCache event with the ones it published; prints one JSON "
        "line (players, precision, differences with the convention explaining each). Without --event the file "
        "is imported in a transaction that is rolled back, so nothing is kept. A team event: --team-size and "
        "its seat files."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE", help="The event's MTGODecklistCache JSON file(s).")
        parser.add_argument("--event", type=int, help="An event already imported from FILE: compare its standings.")
        parser.add_argument("--team-size", type=int, dest="team_size", help="A team event's team size.")

    def handle(self, *args, files, event, team_size, **options):
        documents = [_load(file) for file in files]
        if len(documents) == 1 and is_topdeck_document(documents[0]):
            self.stdout.write(json.dumps(self._pod_report(documents[0], event), ensure_ascii=False))
            return
        document = documents[0] if len(documents) == 1 else {"files": documents}
        if not is_cache_document(document):
            raise CommandError(f'{files[0]} is not an MTGODecklistCache event (it needs "Tournament" and "Rounds").')
        published = documents[0].get("Standings")
        if not isinstance(published, list) or not published:
            raise CommandError(f"{files[0]} publishes no standings to compare with.")
        if event is not None:
            found = Event.objects.filter(pk=event).first()
            if found is None:
                raise CommandError(f"There is no event {event}.")
            reader = _EventFigures(found)
            report = standings_compare(
                hydra=reader.figures(), published=published, conventions=convention_figures(event=found, figures=reader)
            )
        else:
            report = self._imported_report(document, team_size, published)
        name = (documents[0].get("Tournament") or {}).get("Name", "")
        self.stdout.write(json.dumps({"event": name, **report}, ensure_ascii=False))

    def _pod_report(self, document: dict, event_id: int | None) -> dict:
        """A TopDeck.gg pod event: Hydra's standings under each dated convention against the published ones."""
        try:
            published = topdeck_published(document)
        except TopDeckFileError as exc:
            raise CommandError(f"The file can't be read as a TopDeck.gg event: {exc}") from exc
        if not published:
            raise CommandError("The file publishes no standings to compare with.")
        convention = topdeck_convention_on(topdeck_to_event_file(document)["event"]["date"])
        name = document.get("tournamentName", "")
        if event_id is not None:
            found = Event.objects.filter(pk=event_id).first()
            if found is None:
                raise CommandError(f"There is no event {event_id}.")
            return {"event": name, **pod_standings_compare(event=found, published=published, convention=convention)}
        report: dict = {}
        try:
            with transaction.atomic():
                user = get_user_model().objects.create(username="compare-standings", is_active=False)
                imported = event_import(document=document, user=user)
                report = pod_standings_compare(event=imported, published=published, convention=convention)
                raise _RollBack
        except _RollBack:
            pass
        except ValidationError as exc:
            raise CommandError("The file can't be read as an event: " + "; ".join(exc.messages)) from exc
        return {"event": name, **report}

    def _imported_report(self, document: dict, team_size: int | None, published: list) -> dict:
        report: dict = {}
        try:
            with transaction.atomic():
                # A stand-in organizer that exists only inside the rolled-back transaction.
                user = get_user_model().objects.create(username="compare-standings", is_active=False)
                event = event_import(document=document, user=user, team_size=team_size)
                reader = _EventFigures(event)
                # Inside the transaction: the conventions are computed as the comparison asks for them.
                report = standings_compare(
                    hydra=reader.figures(),
                    published=published,
                    conventions=convention_figures(event=event, figures=reader),
                )
                raise _RollBack
        except _RollBack:
            pass
        except ValidationError as exc:
            lines = (
                [f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items()]
                if hasattr(exc, "error_dict")
                else exc.messages
            )
            raise CommandError("The file can't be read as an event:\n" + "\n".join(lines)) from exc
        return report
