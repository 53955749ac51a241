"""Demo data for `make run`: an organizer and a 3-person team event with 8 registered teams."""
import datetime as dt
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction

from tournaments.enums import FormatKind, Structure
from tournaments.models import Event, Player, Registration, Team
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


@dataclass
class DemoLogins:
    organizer: str
    password: str
    players: list[str] = field(default_factory=list)
    event: Event | None = None


def _user(username: str, *, staff: bool = False):
    user_model = get_user_model()
    user, _created = user_model.objects.get_or_create(username=username)
    user.is_staff = user.is_superuser = staff
    user.set_password(DEMO_PASSWORD)
    user.save()
    return user


@transaction.atomic
def demo_load() -> DemoLogins:
    """Create (or refresh) the demo organizer, players, teams and event; safe to run again."""
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
    return logins
