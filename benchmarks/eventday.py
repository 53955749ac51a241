"""An event day's phones against a running Hydra (bench_event_day, issue 54): the event and its signed-in players,
the phones' polls and result reports run by one asyncio HTTP client (aiohttp), the organizer's next pairing through
the API, and the check that every reported result is stored exactly once.

Each phone is one player with a session of their own (as a login leaves it): every `poll_seconds` (with a tenth of
jitter) it fetches one page of what it watches, in turn its match page, the pairings, its match page, the standings,
its match page, My events, each with the If-None-Match of its last answer as a browser sends it. One player of each
match reports the result (the portal's form, with CSRF) at a random moment of the first 70 % of `report_seconds`;
the opponent confirms it a few seconds later (when their next poll would show it), within `report_seconds`. A 503 is retried after its Retry-After (as the phones' pages and the service worker do); a refused
write (400) after a retry means the first one went through; the database says which is true (results_check).
"""

from __future__ import annotations

import asyncio
import ipaddress
import random
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import aiohttp
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.db import transaction
from django.db.models import Count

from benchmarks.events import bench_event_delete
from benchmarks.figures import percentile
from benchmarks.servers import session_for
from tournaments.enums import COUNTING_STATES, Outcome, ResultState
from tournaments.models import Event, Player, Registration, Seat, SeatMatch, Team, TeamMatch
from tournaments.models.log import EventLogEntry
from tournaments.services.eventlog import LogAction
from tournaments.services.pairing import round_pair_next
from tournaments.services.roles import organizer_role_grant
from tournaments.services.scoreboard import event_bump_version

# 32 characters: Django accepts the unmasked CSRF secret as both the cookie and the form's token.
CSRF_SECRET = "eventdaycsrfsecret0123456789abcd"
RESULTS = ("2-0", "2-1", "1-2", "0-2")
# What a phone shows between two polls, in turn (the match page most: it is where a player waits).
PAGES = ("match", "pairings", "match", "standings", "match", "my_events")


def require_loopback(url: str) -> str:
    """`url` without its trailing slash when its host is this machine (127.0.0.0/8, ::1, localhost); refused
    otherwise: the benchmark loads a server, and only one of ours on this machine."""
    host = urlsplit(url).hostname or ""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise ValueError(f"{url}: the benchmark only loads a server on this machine (127.0.0.1, ::1, localhost).")
    return url.rstrip("/")


@dataclass
class Phone:
    """One player's phone: their session, their match of round 1 and what they do with it."""

    player: int
    session: str
    match: int | None  # None: a bye
    role: str = ""  # "report", "confirm" or "" (a bye)
    result: str = ""  # what the reporter enters (from their side)
    write_at: float = 0.0  # seconds after the start: when the reporter reports
    confirm_delay: float = 0.0  # seconds after the report: when the opponent confirms
    etags: dict[str, str] = field(default_factory=dict)


@dataclass
class EventDay:
    event: Event
    organizer: object
    phones: list[Phone]
    round_number: int
    first_pairing_ms: float = 0.0


def build_event_day(*, players: int, tag: str, seed: int, report_seconds: float) -> EventDay:
    """An individual Swiss event of `players` players (accounts, players, registrations written in bulk), each with
    a session, round 1 paired (round_pair_next, as the desk does), and its phones: the side-A player of each match
    reports, the other confirms."""

    User = get_user_model()
    rng = random.Random(seed)
    organizer = User.objects.create(username=f"{tag}-organizer")
    organizer_role_grant(user=organizer)
    with transaction.atomic():  # nothing half-built is left behind
        event = Event.objects.create(
            name=f"Event day {players}",
            date="2026-01-01",
            organizer=organizer,
            team_size=1,
            constructed_format="modern",
            swiss_rounds=max(3, (players - 1).bit_length()),
            is_public=True,
        )
        users = User.objects.bulk_create(User(username=f"{tag}-{i}") for i in range(players))
        people = Player.objects.bulk_create(Player(user=u, name=f"Player {i} ({tag})") for i, u in enumerate(users))
        teams = Team.objects.bulk_create(Team(name=p.name) for p in people)
        registrations = Registration.objects.bulk_create(Registration(event=event, team=t) for t in teams)
        Seat.objects.bulk_create(
            Seat(registration=r, event=event, letter="A", player=p) for r, p in zip(registrations, people, strict=True)
        )
    begin = time.perf_counter()
    round_ = round_pair_next(event=event, seed=seed, user=organizer)
    first_pairing_ms = (time.perf_counter() - begin) * 1000
    user_of_registration = {r.pk: u for r, u in zip(registrations, users, strict=True)}
    phones = []
    for match in TeamMatch.objects.filter(round=round_).only("pk", "team_a_id", "team_b_id"):
        a = user_of_registration[match.team_a_id]
        if match.team_b_id is None:
            phones.append(Phone(player=a.pk, session=session_for(a), match=match.pk))
            continue
        b = user_of_registration[match.team_b_id]
        phones.append(
            Phone(
                player=a.pk,
                session=session_for(a),
                match=match.pk,
                role="report",
                result=rng.choice(RESULTS),
                write_at=rng.uniform(0, 0.7 * report_seconds),
                confirm_delay=rng.uniform(min(3.0, 0.1 * report_seconds), 0.25 * report_seconds),
            )
        )
        phones.append(Phone(player=b.pk, session=session_for(b), match=match.pk, role="confirm"))
    return EventDay(
        event=event, organizer=organizer, phones=phones, round_number=round_.number, first_pairing_ms=first_pairing_ms
    )


def event_day_delete(day: EventDay) -> None:
    """Remove the event with its players, accounts and their sessions."""

    Session.objects.filter(session_key__in=[p.session for p in day.phones]).delete()
    bench_event_delete(event=day.event)


class Figures:
    """What the phones saw: latencies (ms) and answers per kind of request, and each write's outcome."""

    def __init__(self) -> None:
        self.ms: dict[str, list[float]] = defaultdict(list)
        self.statuses: dict[str, Counter] = defaultdict(Counter)
        self.errors: Counter = Counter()  # timeouts and broken connections, by kind
        self.writes: dict[int, dict] = {}  # match -> {"report": status, "confirm": status, "tries": n}
        self.began = time.monotonic()

    def add(self, kind: str, ms: float, status: int) -> None:
        self.ms[kind].append(ms)
        self.statuses[kind][status] += 1

    def summary(self) -> dict:
        kinds = {}
        for kind in sorted(self.ms):
            values = self.ms[kind]
            statuses = self.statuses[kind]
            kinds[kind] = {
                "requests": len(values),
                "p50_ms": round(percentile(values, 0.50), 1),
                "p95_ms": round(percentile(values, 0.95), 1),
                "p99_ms": round(percentile(values, 0.99), 1),
                "5xx": sum(n for s, n in statuses.items() if s >= 500),
                "statuses": {str(s): n for s, n in sorted(statuses.items())},
                "errors": self.errors[kind],
            }
        every = [s for c in self.statuses.values() for s in c.elements()]
        return {
            "requests": len(every),
            "served": sum(1 for s in every if s < 500),  # answered: a page, a 304, a redirect, a refusal
            "5xx": sum(1 for s in every if s >= 500),
            "500": sum(1 for s in every if s == 500),
            "503": sum(1 for s in every if s == 503),
            "errors": sum(self.errors.values()),
            "kinds": kinds,
        }


class Phones:
    """The phones of an event day against `base` (a server on this machine), for `seconds`."""

    def __init__(self, day: EventDay, *, base: str, poll_seconds: float, seconds: float, seed: int, timeout: float):
        self.day = day
        self.base = require_loopback(base)
        self.poll_seconds = poll_seconds
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.timeout = timeout
        self.figures = Figures()
        self.reported: dict[int, asyncio.Event] = {}
        self.stop_at = 0.0
        self.writes_until = 0.0  # writes not answered by then are given up (the phones poll on a little longer)
        event = day.event.pk
        self.urls = {
            "pairings": f"/events/{event}/pairings/",
            "standings": f"/events/{event}/standings/",
            "my_events": "/",
        }

    def cookie(self, phone: Phone) -> str:
        return f"{settings.SESSION_COOKIE_NAME}={phone.session}; {settings.CSRF_COOKIE_NAME}={CSRF_SECRET}"

    async def _get(self, client, phone: Phone, kind: str) -> None:
        path = f"/matches/{phone.match}/" if kind == "match" else self.urls[kind]
        headers = {"Cookie": self.cookie(phone)}
        if path in phone.etags:
            headers["If-None-Match"] = phone.etags[path]
        begin = time.monotonic()
        try:
            async with client.get(self.base + path, headers=headers, allow_redirects=False) as response:
                await response.read()
                status = response.status
                if status == 200 and response.headers.get("ETag"):
                    phone.etags[path] = response.headers["ETag"]
        except Exception:  # noqa: BLE001 - a timeout, a broken connection, aiohttp's ClientError: counted
            self.figures.errors[kind] += 1
            return
        self.figures.add(kind, (time.monotonic() - begin) * 1000, status)

    async def _post(self, client, phone: Phone, kind: str) -> int | None:
        """The write `kind` of `phone`, tried again after a 503's Retry-After or a failed connection until it is
        answered otherwise or 90 % of the run has passed; its last status (None: never answered)."""
        path = f"/matches/{phone.match}/{kind}/"
        data = {"csrfmiddlewaretoken": CSRF_SECRET}
        if kind == "report":
            data["seat_A"] = phone.result
        record = self.figures.writes.setdefault(phone.match, {"tries": 0})
        status = None
        while time.monotonic() < self.writes_until:
            record["tries"] += 1
            begin = time.monotonic()
            wait = 2.0
            try:
                async with client.post(
                    self.base + path,
                    data=data,
                    headers={"Cookie": self.cookie(phone), "Referer": self.base + f"/matches/{phone.match}/"},
                    allow_redirects=False,
                ) as response:
                    await response.read()
                    status = response.status
                    wait = float(response.headers.get("Retry-After", "2") or 2)
            except Exception:  # noqa: BLE001 - a timeout or a broken connection: counted, tried again
                self.figures.errors[kind] += 1
                await asyncio.sleep(wait)
                continue
            self.figures.add(kind, (time.monotonic() - begin) * 1000, status)
            if status not in (502, 503, 504):
                break
            await asyncio.sleep(wait)
        record[kind] = status
        return status

    async def _poller(self, client, phone: Phone) -> None:
        await asyncio.sleep(self.rng.uniform(0, self.poll_seconds))
        turn = self.rng.randrange(len(PAGES))
        while time.monotonic() < self.stop_at:
            kind = PAGES[turn % len(PAGES)]
            turn += 1
            if kind == "match" and phone.match is None:
                kind = "pairings"
            await self._get(client, phone, kind)
            await asyncio.sleep(self.poll_seconds * self.rng.uniform(0.9, 1.1))

    async def _writer(self, client, phone: Phone, opponent: Phone) -> None:
        """The reporter's report at its moment, then the opponent's confirmation once the report is in."""
        await asyncio.sleep(max(0.0, self.figures.began + phone.write_at - time.monotonic()))
        status = await self._post(client, phone, "report")
        if status not in (302, 400):
            return
        await asyncio.sleep(phone.confirm_delay)
        await self._post(client, opponent, "confirm")

    async def run(self, *, then=None) -> dict:
        """Run every phone for `seconds`; `then` (a coroutine function taking the client), once every write is
        answered, runs while the phones go on polling (the organizer pairs the next round), and the phones
        stop when both are over. Its result is returned with the figures."""

        self.figures = Figures()
        self.stop_at = self.figures.began + self.seconds
        self.writes_until = self.figures.began + 0.9 * self.seconds
        connector = aiohttp.TCPConnector(limit=0, ttl_dns_cache=None)
        timeout = aiohttp.ClientTimeout(total=self.timeout)
        by_match: dict[int, dict[str, Phone]] = defaultdict(dict)
        for phone in self.day.phones:
            if phone.role:
                by_match[phone.match][phone.role] = phone
        async with aiohttp.ClientSession(
            connector=connector, timeout=timeout, cookie_jar=aiohttp.DummyCookieJar()
        ) as client:
            pollers = [asyncio.create_task(self._poller(client, p)) for p in self.day.phones]
            writers = [
                asyncio.create_task(self._writer(client, pair["report"], pair["confirm"])) for pair in by_match.values()
            ]
            await asyncio.gather(*writers)
            writes_done = time.monotonic() - self.figures.began
            outcome = None
            if then is not None:
                outcome = await then(client)
            self.stop_at = min(self.stop_at, time.monotonic())  # the pairing done: the run ends with this poll
            await asyncio.gather(*pollers)
        elapsed = time.monotonic() - self.figures.began
        summary = self.figures.summary()
        summary["seconds"] = round(elapsed, 1)
        summary["rps"] = round(summary["requests"] / elapsed, 1) if elapsed else 0.0
        summary["served_rps"] = round(summary["served"] / elapsed, 1) if elapsed else 0.0
        summary["writes_done_s"] = round(writes_done, 1)
        return {"figures": summary, "then": outcome}


def results_check(*, day: EventDay, answered: dict[int, dict]) -> dict:
    """What the database holds of round `day.round_number`'s results against what the phones sent: each match that
    was reported and confirmed holds one result, the reporter's, confirmed, reported once and confirmed once in the
    event log. `answered` is Figures.writes (match -> the statuses of its report and its confirmation)."""
    reported = {p.match: p for p in day.phones if p.role == "report"}
    matches = {
        m.pk: m
        for m in TeamMatch.objects.filter(round__event=day.event, round__number=day.round_number, team_b__isnull=False)
    }
    seats = Counter(SeatMatch.objects.filter(team_match_id__in=matches).values_list("team_match_id", flat=True))
    games = {
        s.team_match_id: (s.wins_a, s.wins_b, s.draws) for s in SeatMatch.objects.filter(team_match_id__in=matches)
    }
    logs = {
        (row["match_id"], row["action"]): row["n"]
        for row in EventLogEntry.objects.filter(
            event=day.event, action__in=[LogAction.RESULT_REPORTED, LogAction.RESULT_CONFIRMED]
        )
        .values("match_id", "action")
        .annotate(n=Count("pk"))
    }
    stored_once = doubled = lost = wrong = unconfirmed = 0
    for pk, match in matches.items():
        phone = reported.get(pk)
        sent = tuple(int(x) for x in phone.result.split("-")) if phone else None
        n_reported = logs.get((pk, LogAction.RESULT_REPORTED), 0)
        n_confirmed = logs.get((pk, LogAction.RESULT_CONFIRMED), 0)
        said = answered.get(pk, {})
        if seats[pk] > 1 or n_reported > 1 or n_confirmed > 1:
            doubled += 1
        elif (said.get("report") == 302 and seats[pk] == 0) or (
            said.get("confirm") == 302 and match.result_state not in COUNTING_STATES
        ):
            lost += 1  # the server said it was done, and it isn't
        elif seats[pk] and sent is not None and games[pk][:2] != sent:
            wrong += 1
        elif match.result_state not in COUNTING_STATES:
            unconfirmed += 1  # not (yet) reported and confirmed: the run ended first
        else:
            stored_once += 1
    return {
        "matches": len(matches),
        "stored_once": stored_once,
        "doubled": doubled,
        "lost": lost,
        "wrong": wrong,
        "unconfirmed": unconfirmed,
    }


def results_fill_missing(*, day: EventDay) -> int:
    """Enter as final, as the organizer would at the desk, every result of the round that the phones didn't get
    reported and confirmed (a 2-0 for side A where none was reported), so the next round can be paired: how many.
    Run after results_check, which counts them as not stored."""
    missing = list(
        TeamMatch.objects.filter(round__event=day.event, round__number=day.round_number, team_b__isnull=False).exclude(
            result_state__in=COUNTING_STATES
        )
    )
    with transaction.atomic():
        for match in missing:
            if not SeatMatch.objects.filter(team_match=match).exists():
                SeatMatch.objects.create(team_match=match, letter="A", wins_a=2, wins_b=0, draws=0)
                match.outcome = Outcome.A_WINS
            match.result_state = ResultState.FINAL
            match.save(update_fields=["outcome", "result_state"])
        event_bump_version(event_id=day.event.pk)
    return len(missing)
