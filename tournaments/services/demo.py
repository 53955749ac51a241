"""Demo data for `make run`: an organizer, a 3-person team event with 8 registered teams, a Friday Night Magic
(individual Standard, 8 players with decklists, round 1 played), and the features' demo parts (drafting's team Rochester table), which they register in their AppConfig.ready():

    demo_part_register(part=draft_demo_lines)

so `load_demo` imports no feature.
"""

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction

from cards.demo import DEMO_DECKLISTS, DEMO_STANDARD_DECKLISTS
from cards.services import cards_ensure_loaded
from tournaments.enums import FormatKind, Structure
from tournaments.models import Decklist, Event, Player, Registration, Team
from tournaments.services.decklists import decklist_submit
from tournaments.services.events import event_create
from tournaments.services.pairing import round_pair_next
from tournaments.services.registrations import registration_create
from tournaments.services.results import SeatGames, team_match_record_final

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
DEMO_FNM_NAME = "Friday Night Magic"
DEMO_FNM_PLAYERS = ["Ayla", "Bram", "Cleo", "Deniz", "Edda", "Felix", "Gao Yan", "Hanna"]
# Round 1's results, table by table, from the first-named player's side: a 2-0, a 2-1, a 1-0 at time and a draw.
DEMO_FNM_RESULTS = ((2, 0, 0), (2, 1, 0), (1, 0, 0), (1, 1, 1))


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
    fnm: Event | None = None
    fnm_players: list[str] = field(default_factory=list)


def _user(username: str, *, staff: bool = False):
    """The demo login, created once with the demo password; an existing account is left as it is (a password
    someone changed stays changed)."""
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(
        username=username, defaults={"is_staff": staff, "is_superuser": staff}
    )
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
    _demo_friday_night(organizer, logins)
    return logins


def _demo_friday_night(organizer, logins: DemoLogins) -> None:
    """The store's weekly event: an individual Standard event of 8 players (teams of one), each with a legal
    decklist, and round 1 paired and played; added once, what exists is left as it is."""
    event = Event.objects.filter(name=DEMO_FNM_NAME).first()
    if event is None:
        event = event_create(
            name=DEMO_FNM_NAME,
            date=dt.date.today(),
            location="Game Store, Main Street",
            organizer=organizer,
            by=organizer,
            team_size=1,
            structure=Structure.SEAT_AGAINST_SEAT,
            format_kind=FormatKind.TEAM_CONSTRUCTED,
            constructed_format="standard",
            swiss_rounds=3,
            top_cut=0,
        )
    logins.fnm = event
    cards_ensure_loaded()
    for index, name in enumerate(DEMO_FNM_PLAYERS):
        user = _user(name.lower().replace(" ", ""))
        logins.fnm_players.append(user.username)
        player, _created = Player.objects.get_or_create(user=user, defaults={"name": name})
        registration = Registration.objects.filter(event=event, seats__player=player).first()
        if registration is None:
            team, _created = Team.objects.get_or_create(name=name)
            registration = registration_create(event=event, team=team, players=[player])
        seat = registration.seats.get()
        if not Decklist.objects.filter(seat=seat).exists() and not event.rounds.exists():
            decklist_submit(seat=seat, user=user, text=DEMO_STANDARD_DECKLISTS[index % len(DEMO_STANDARD_DECKLISTS)])
    if not event.rounds.exists():
        round_ = round_pair_next(event=event, seed=38, user=organizer)
        for match, (wins, losses, draws) in zip(round_.matches.order_by("table"), DEMO_FNM_RESULTS, strict=False):
            team_match_record_final(match=match, user=organizer, seats=[SeatGames("A", wins, losses, draws)])


def _demo_decklists(event: Event) -> None:
    """Each seat without a decklist submits one of cards.demo's three Modern decks (legal with the bundled cards)."""
    cards_ensure_loaded()
    for registration in Registration.objects.filter(event=event).prefetch_related("seats__player__user"):
        for seat, text in zip(sorted(registration.seats.all(), key=lambda s: s.letter), DEMO_DECKLISTS, strict=False):
            if not Decklist.objects.filter(seat=seat).exists():
                decklist_submit(seat=seat, user=seat.player.user, text=text)
