"""Demo data for `make run`: an organizer and a 3-person team event with 8 registered teams, and the features' demo
parts (drafting's team Rochester table), which they register in their AppConfig.ready():

    demo_part_register(part=draft_demo_lines)

so `load_demo` imports no feature.
"""
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction

from cards.demo import DEMO_DECKLISTS
from cards.services import cards_ensure_loaded
from tournaments.enums import FormatKind, Structure
from tournaments.models import Decklist, Event, Player, Registration, Team
from tournaments.services.decklists import decklist_submit
from tournaments.services.events import event_create
from tournaments.services.registrations import registration_create

DEMO_PASSWORD = "hydra-demo"  # noqa: S105 - printed on purpose; demo data is refused outside DEBUG
DEMO_EVENT_NAME = "Hydra Demo Team Open"
DEMO_TEAMS = [
    ("Ancestral Recallers", ["Alice", "Bruno", "Chen"]),
    ("Bolt Brigade", ["Dana", "Emil", "Fang"]),
    ("Counterspell Collective", ["Greta", "Hiro", "Ines"]),
    ("Dark Ritualists", ["Jonas", "Kira", "Li Wei"]),
    ("Elvish Mystics", ["Mara", "Nils", "Olga"]),
    ("Force of Will", ["Pavel", "Quinn", "Rosa"]),
    ("Giant Growth", ["Sven", "Tara", "Umar"]),
    ("Hymn to Tourach", ["Vera", "Wang Fang", "Xaver"]),
]


DemoPart = Callable[..., list[str]]  # (url=) -> the lines load_demo prints of it

_DEMO_PARTS: list[DemoPart] = []


def demo_part_register(*, part: DemoPart) -> None:
    """Add a feature's demo part: `part(url=...)` loads its demo data and returns the lines to print about it, for
    Hydra served at `url` (registered once: a second registration of the same part is ignored)."""
    if part not in _DEMO_PARTS:
        _DEMO_PARTS.append(part)


def demo_parts_load(*, url: str) -> list[str]:
    """Load every registered demo part, in the order registered, after demo_load; the lines to print about them."""
    return [line for part in _DEMO_PARTS for line in part(url=url)]


@dataclass
class DemoLogins:
    organizer: str
    password: str
    players: list[str] = field(default_factory=list)
    event: Event | None = None


def _user(username: str, *, staff: bool = False):
    """The demo login, created once with the demo password; an existing account is left as it is (a password
    someone changed stays changed)."""
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(username=username, defaults={"is_staff": staff, "is_superuser": staff})
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
    return user


@transaction.atomic
def demo_load() -> DemoLogins:
    """Create the demo organizer, players, teams and event once; run again it only adds what is missing and
    never overwrites anything."""
    organizer = _user("organizer", staff=True)
    logins = DemoLogins(organizer=organizer.username, password=DEMO_PASSWORD)
    event = Event.objects.filter(name=DEMO_EVENT_NAME).first()
    if event is None:
        event = event_create(
            name=DEMO_EVENT_NAME,
            date=dt.date.today(),
            location="Game Store, Main Street",
            organizer=organizer,
            team_size=3,
            structure=Structure.SEAT_AGAINST_SEAT,
            format_kind=FormatKind.TEAM_CONSTRUCTED,
            constructed_format="modern",
            swiss_rounds=3,
            top_cut=4,
        )
    logins.event = event
    for team_name, names in DEMO_TEAMS:
        team, _created = Team.objects.get_or_create(name=team_name)
        players = []
        for name in names:
            username = name.lower().replace(" ", "")
            user = _user(username)
            player, _created = Player.objects.get_or_create(user=user, defaults={"name": name})
            players.append(player)
            logins.players.append(username)
        if not Registration.objects.filter(event=event, team=team).exists():
            registration_create(event=event, team=team, players=players)
    _demo_decklists(event)
    return logins


def _demo_decklists(event: Event) -> None:
    """Each seat without a decklist submits one of cards.demo's three Modern decks (legal with the bundled cards)."""
    cards_ensure_loaded()
    for registration in Registration.objects.filter(event=event).prefetch_related("seats__player__user"):
        for seat, text in zip(sorted(registration.seats.all(), key=lambda s: s.letter), DEMO_DECKLISTS, strict=False):
            if not Decklist.objects.filter(seat=seat).exists():
                decklist_submit(seat=seat, user=seat.player.user, text=text)
