"""`python manage.py compare_standings FILE [--event ID]`: Hydra's standings of an MTGODecklistCache event
against the standings the event published. The last line printed is one JSON object (eventfile/compare.py).

Each difference says whether the sources' own arithmetic explains it (`explained_by`): the same results computed
with a 1/3 floor and drawn games worth no game points, as MTGO and Melee publish, and with a top 8 numbered on as
rounds counted like Swiss rounds, as Melee does (docs/standings.md)."""
import json
from fractions import Fraction

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from eventfile.compare import standings_compare
from eventfile.importer import event_import
from eventfile.mtgodecklistcache import is_cache_document, playoff_numbered_as_rounds
from tournaments.models import Event
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import standings_for_event, team_names_for_event
from tournaments.standings import MTR_RULES, StandingsRules

# What MTGO and Melee compute (docs/standings.md): the MTR's figures but a 1/3 floor and drawn games worth nothing.
SOURCE_RULES = StandingsRules(floor=Fraction(1, 3), drawn_game_points=0)


class _RollBack(Exception):
    pass


def hydra_figures(*, event: Event, rules: StandingsRules = MTR_RULES, include_playoff: bool = False) -> dict[str, dict]:
    """Player name -> Hydra's Swiss standings figures of the event, named as compare.standings_compare reads them;
    the rank is the final placing when the event had a playoff (what the sources publish as rank)."""
    names = team_names_for_event(event=event)
    places = {}
    if event.top_cut and event.rounds.filter(kind="playoff").exists():
        places = {p.team: p.place for p in placements_for_event(event=event)}
    return {
        names[row.team]: {
            "rank": places.get(row.team, row.rank), "points": row.match_points, "wins": row.wins,
            "losses": row.losses, "draws": row.draws, "OMW%": row.omw.value, "GW%": row.gw.value, "OGW%": row.ogw.value,
        }
        for row in standings_for_event(event=event, rules=rules, include_playoff=include_playoff)
    }


class Command(BaseCommand):
    help = ("Compare Hydra's standings of an MTGODecklistCache event with the ones it published; prints one JSON "
            "line (players, differ, differences). Without --event the file is imported in a transaction that is "
            "rolled back, so nothing is kept.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="The event's MTGODecklistCache JSON file.")
        parser.add_argument("--event", type=int, help="An event already imported from FILE: compare its standings.")

    def handle(self, *args, file, event, **options):
        try:
            with open(file, encoding="utf-8-sig") as handle:
                document = json.load(handle)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CommandError(f"Can't read {file}: {exc}") from exc
        if not is_cache_document(document):
            raise CommandError(f"{file} is not an MTGODecklistCache event (it needs \"Tournament\" and \"Rounds\").")
        published = document.get("Standings")
        if not isinstance(published, list) or not published:
            raise CommandError(f"{file} publishes no standings to compare with.")
        if event is not None:
            found = Event.objects.filter(pk=event).first()
            if found is None:
                raise CommandError(f"There is no event {event}.")
            if not found.is_individual:
                raise CommandError(f"Event {event} is a team event; imported MTGODecklistCache events are individual.")
            figures = hydra_figures(event=found)
            source = hydra_figures(event=found, rules=SOURCE_RULES, include_playoff=playoff_numbered_as_rounds(document))
        else:
            figures, source = self._imported_figures(document)
        report = standings_compare(hydra=figures, published=published, source_arithmetic=source)
        name = (document.get("Tournament") or {}).get("Name", "")
        self.stdout.write(json.dumps({"event": name, **report}, ensure_ascii=False))

    def _imported_figures(self, document: dict) -> tuple[dict[str, dict], dict[str, dict]]:
        figures: dict[str, dict] = {}
        source: dict[str, dict] = {}
        try:
            with transaction.atomic():
                # A stand-in organizer that exists only inside the rolled-back transaction.
                user = get_user_model().objects.create(username="compare-standings", is_active=False)
                event = event_import(document=document, user=user)
                figures = hydra_figures(event=event)
                source = hydra_figures(event=event, rules=SOURCE_RULES,
                                       include_playoff=playoff_numbered_as_rounds(document))
                raise _RollBack
        except _RollBack:
            pass
        except ValidationError as exc:
            lines = ([f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items()] if hasattr(exc, "error_dict")
                     else exc.messages)
            raise CommandError("The file can't be read as an event:\n" + "\n".join(lines)) from exc
        return figures, source
