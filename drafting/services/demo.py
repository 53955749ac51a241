"""Demo data for `make run`: a team Rochester draft event with round 1 paired and its draft table ready to start,
from two demo teams (the event drafts every round: pairing a round seats its draft tables)."""

import datetime as dt
from dataclasses import dataclass, field

from django.db import transaction

from drafting.models import DraftSettings, DraftTable
from tournaments.enums import FormatKind, Structure
from tournaments.models import Event, Registration, Team
from tournaments.services.demo import DEMO_PASSWORD, DEMO_TEAMS, _user
from tournaments.services.events import event_create
from tournaments.services.pairing import round_pair_next
from tournaments.services.registrations import registration_create

from .tables import draft_table_choose, draft_table_generate_packs

DEMO_DRAFT_EVENT_NAME = "Hydra Demo Rochester Draft"
DEMO_DRAFT_SET = "DOM"


@dataclass
class DraftDemo:
    table: DraftTable
    password: str
    seats: list[tuple[str, str]] = field(default_factory=list)  # (seat, login) in table order


@transaction.atomic
def draft_demo_load() -> DraftDemo:
    """Create (once) a team Rochester event of two demo teams with round 1 paired and its draft table drawn, chosen
    and its packs opened, ready for the organizer to start from the desk like any other draft (its next step, "Run
    round 1's drafts", leads to the Drafts page's "Start every draft that is ready"). Loaded again it changes nothing: an
    existing table stays as it is, whatever its state. Returns the table and the six players' logins by seat."""
    organizer = _user("organizer", staff=True)
    event = Event.objects.filter(name=DEMO_DRAFT_EVENT_NAME).first()
    if event is None:
        event = event_create(
            name=DEMO_DRAFT_EVENT_NAME,
            date=dt.date.today(),
            location="Game Store, Main Street",
            organizer=organizer,
            team_size=3,
            structure=Structure.SEAT_AGAINST_SEAT,
            format_kind=FormatKind.TEAM_ROCHESTER,
            swiss_rounds=3,
        )
        DraftSettings.objects.create(event=event, set_code=DEMO_DRAFT_SET)
        for team_name, _names in DEMO_TEAMS[:2]:
            team = Team.objects.get(name=team_name)
            registration = Registration.objects.filter(team=team).order_by("pk").first()
            registration_create(event=event, team=team, players=[s.player for s in registration.seats.all()])
    # Created once, never overwritten: a demo draft started (or played) before a restart of `make run` is kept as
    # it stands, with its picks, so restarting the server never loses what someone did.
    table = DraftTable.objects.filter(event=event).first()
    if table is None:
        round_pair_next(event=event, seed=20240601)
        table = DraftTable.objects.get(event=event)
        # The team that won the draw chooses to pick first, as teams usually do.
        draft_table_choose(table_id=table.pk, first_team=table.chooser, by=organizer)
        table = draft_table_generate_packs(table_id=table.pk, by=organizer)
    demo = DraftDemo(table=table, password=DEMO_PASSWORD)
    for number, registration in ((1, table.team1), (2, table.team2)):
        for seat in registration.seats.select_related("player__user"):
            demo.seats.append((f"{number}{seat.letter}", seat.player.user.username))
    return demo


def draft_demo_lines(*, url: str) -> list[str]:
    """The demo's draft part (tournaments.services.demo, registered in drafting.apps): load the draft demo
    (draft_demo_load) and return what `load_demo` prints of it: the table and how to draft at it at `url`."""
    draft = draft_demo_load()
    event = draft.table.event_id
    return [
        f"  Team Rochester draft: {draft.table} ({draft.table.get_status_display()}).",
        f"    Start it from its desk as the organizer: {url}/events/{event}/desk/drafts/ (the desk's next step,",
        '    "Run round 1\'s drafts", leads there: "Start every draft that is ready"). Then sign in as each player',
        f"    in its own browser window (or private window) at {url}/draft/ :",
        *(f"      {seat}: {login} / {draft.password}" for seat, login in draft.seats),
    ]
