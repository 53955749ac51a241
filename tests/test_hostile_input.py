"""No 5xx from malformed input (issue 29): every URL pattern of the URLconf and every form Hydra's pages show gets
generated hostile values (NUL bytes, lone surrogates, overlong strings, impossible dates, negative and huge numbers,
wrong types), as an anonymous visitor, a player and the organizer; any 5xx fails, naming the request.

The URLs are resolved from the URLconf, each path parameter filled with an object of the scene (by the word before
it: events/<pk> an event, matches/<pk> a match ...) and, where the converter takes text, with hostile text too. Each
page's forms are read from its HTML and posted back with hostile values in every field. Each request runs inside a
savepoint rolled back after it, so one request's writes (or its failure) never change what the next one sees.
"""

import json
import re
from html.parser import HTMLParser
from urllib.parse import quote, urlsplit

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.converters import IntConverter

from tests.drafting.conftest import make_table
from tests.portal.scene import make_scene

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# Percent-encoded as a browser or a script would send them. "%ED%A0%80" is a lone surrogate (U+D800) in UTF-8.
NUL = "a%00b"
SURROGATE = "%ED%A0%80x"
HOSTILE = [
    NUL,
    SURROGATE,
    quote("x" * 300),
    quote("y" * 5000),
    "2026-99-99T99:99",
    "2026-02-30",
    "0000-00-00T00:00",
    "-1",
    "-99999999999999999999",
    "9" * 40,
    "1e308",
    "NaN",
    quote("[]"),
    quote('{"a":1}'),
    "true",
    quote(" "),
    quote("١²"),
    quote("<script>x</script>"),
]
ADMIN_HOSTILE = [NUL, SURROGATE, quote("x" * 300), "2026-99-99T99:99", "9" * 40, "-1"]
# Conditional requests, htmx and language headers a client may garble (header values can't carry a NUL).
HOSTILE_HEADERS = {
    "If-None-Match": '"' + "x" * 3000 + '", W/"',
    "If-Modified-Since": "Mon, 99 Foo 2026 99:99:99 GMT",
    "HX-Request": "true",
    "HX-Target": "x" * 300,
    "Accept-Language": "zz-ZZ;q=abc, *;q=-1, de;q=9e999",
    "X-Request-Start": "t=-1e999",
    "Range": "bytes=9-1",
}
# Query and form names pages read without a form naming them (filters, paging, htmx parameters).
COMMON = [
    "round",
    "partial",
    "page",
    "p",
    "q",
    "o",
    "next",
    "team",
    "seat",
    "pack",
    "pick",
    "card",
    "deadline",
    "remove",
    "id",
    "number",
    "format",
    "category",
    "status",
    "kind",
    "since",
    "version",
    "language",
    "lang",
    "username",
    "password",
    "email",
    "text",
    "message",
    "note",
    "minutes",
    "seconds",
    "action",
    "event",
]
# JSON values for the API's bodies: wrong types, huge numbers and a lone surrogate escaped in JSON.
JSON_HOSTILE = ["a\x00b", "\ud800", "x" * 5000, -1, 10**40, 1e308, [], {}, None, True, "2026-99-99T99:99"]
JSON_KEYS = [
    "name",
    "team",
    "teams",
    "seats",
    "letter",
    "wins_a",
    "wins_b",
    "draws",
    "games",
    "status",
    "format",
    "swiss_rounds",
    "team_size",
    "top_cut",
    "starts_at",
    "deadline",
    "minutes",
    "players",
    "username",
    "note",
    "reason",
    "life",
    "poison",
    "delta",
    "seat",
    "number",
    "version",
]

# The fixed examples of the issue (each was a 500).
FIXED_EXAMPLES = [
    ("anonymous", "POST", "/accounts/login/", f"username={'u' * 300}&password=x"),
    ("anonymous", "POST", "/admin/login/", f"username={'u' * 300}&password=x"),
    ("anonymous", "GET", "/signup/join/%00/", ""),
    ("organizer", "POST", "/events/{event}/desk/announce/", "text=a%00b&message=a%00b"),
    ("organizer", "POST", "/events/{event}/judging/judges/", "username=a%00b"),
    ("organizer", "POST", "/events/{event}/desk/check-in/", "deadline=2026-99-99T99:99"),
    ("organizer", "POST", "/events/{event}/judging/judges/", "remove=abc"),
]

# 5xx found by the walk in files this change may not edit (*/admin.py is being rewritten by the lead): left out of the
# walk and kept as strict expected failures below, so fixing them turns these tests red until the entry is removed.
KNOWN_ELSEWHERE: dict[str, str] = {}  # routes a fix elsewhere is due for (none now)


class _Forms(HTMLParser):
    """Every <form> of a page: (method, action, field names)."""

    def __init__(self):
        super().__init__()
        self.forms: list[tuple[str, str, list[str]]] = []
        self._open = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self._open = ((attrs.get("method") or "get").upper(), attrs.get("action") or "", [])
            self.forms.append(self._open)
        elif tag in ("input", "select", "textarea", "button") and self._open and attrs.get("name"):
            if attrs["name"] != "csrfmiddlewaretoken":
                self._open[2].append(attrs["name"])
        for name in ("hx-post", "hx-get"):
            if attrs.get(name):
                self.forms.append(("POST" if name == "hx-post" else "GET", attrs[name], []))

    def handle_endtag(self, tag):
        if tag == "form":
            self._open = None


def forms_of(html: str, page: str) -> list[tuple[str, str, list[str]]]:
    parser = _Forms()
    parser.feed(html)
    found = []
    for method, action, names in parser.forms:
        target = urlsplit(action).path if action else urlsplit(page).path
        if target.startswith("/"):
            found.append((method, target, names))
    return found


def _walk(patterns, prefix=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern


def url_routes() -> list[tuple[str, dict]]:
    """Every route of the URLconf with its converters (regular-expression routes are left out: the API's catch-all
    404 is walked through its prefix)."""
    routes = []
    for route, pattern in _walk(get_resolver().url_patterns):
        if route.startswith("^") or "^" in route:
            route = route.split("^")[0] + "no-such-thing/"
        routes.append((route, getattr(pattern.pattern, "converters", {})))
    return routes


_PARAM = re.compile(r"<(?:(?P<conv>[^>:]+):)?(?P<name>[^>]+)>")


def fill(route: str, converters: dict, ids: dict) -> list[str]:
    """The route with each parameter filled from `ids` (by the word before it, then by its name), plus, for each
    parameter whose converter takes text, the route with hostile text there."""

    def value(match, hostile_for=None):
        name, before = match.group("name"), route[: match.start()].rstrip("/").split("/")[-1]
        if name == hostile_for:
            return hostile_for_text
        for key in (f"{before}/{name}", before, name):
            if key in ids:
                return str(ids[key])
        return "1"

    urls = ["/" + _PARAM.sub(value, route)]
    for name, converter in converters.items():
        if isinstance(converter, IntConverter) or getattr(converter, "regex", "").startswith("[0-9]"):
            continue
        for hostile_for_text in ("%00", SURROGATE, "z" * 3000):  # noqa: B007 (value() reads it)
            urls.append("/" + _PARAM.sub(lambda m, n=name: value(m, n), route))
    return urls


def _body(names: list[str], values: list[str], offset: int) -> str:
    return "&".join(f"{quote(name)}={values[(i + offset) % len(values)]}" for i, name in enumerate(names))


class Walk:
    def __init__(self, client: Client, who: str, failures: list):
        self.client, self.who, self.failures = client, who, failures
        self.requests = 0

    def send(
        self,
        method: str,
        url: str,
        body: str = "",
        content_type="application/x-www-form-urlencoded",
        headers: dict | None = None,
    ):
        sid = transaction.savepoint()
        try:
            if method == "GET":
                response = self.client.get(url + ("?" + body if body else ""), headers=headers)
            else:
                response = self.client.generic(method, url, body.encode(), content_type=content_type, headers=headers)
        finally:
            transaction.savepoint_rollback(sid)
            transaction.set_rollback(False)
        self.requests += 1
        if response.status_code >= 500 and not (url == "/health/" and response.status_code == 503):  # by design
            self.failures.append(f"{self.who} {method} {url} {body[:200]!r} -> {response.status_code}")
        return response


def _scene_ids(scene, table) -> dict:
    """The objects the walk's URLs name, by the word before the parameter (then the parameter's name); Alice (the
    player) has a seat at each: the scene's event, the draft table, a shared game, a sealed pool, a forming team."""
    from multiplayer.selectors import round_multiplayer_tables
    from multiplayer.services import tables_pair_next
    from signup.services import signup_create
    from tests.factories import (
        PlayerFactory,
        PodEventFactory,
        RegistrationFactory,
        RoundFactory,
        SealedEventFactory,
        SealedPoolFactory,
        SharedGameEventFactory,
        TeamMatchFactory,
    )
    from tests.signup.helpers import open_event
    from tournaments.enums import EventStatus
    from tournaments.models import Event, Seat

    alice = scene.alice.player
    Seat.objects.filter(registration_id=table.team1_id, letter="A").update(player=alice)
    Event.objects.filter(pk=table.event_id).update(organizer=scene.organizer)

    def team_with_alice(event):
        return RegistrationFactory(event=event, seats=[alice] + [PlayerFactory() for _ in range(event.team_size - 1)])

    shared = SharedGameEventFactory(organizer=scene.organizer, status=EventStatus.RUNNING)
    live = TeamMatchFactory(
        round=RoundFactory(event=shared, number=1),
        table=1,
        team_a=team_with_alice(shared),
        team_b=RegistrationFactory(event=shared),
    )
    pool = SealedPoolFactory(
        registration=team_with_alice(SealedEventFactory(organizer=scene.organizer, status=EventStatus.RUNNING))
    )
    forming = signup_create(event=open_event(organizer=scene.organizer), captain=alice, name="Forming Foxes")
    seat = Seat.objects.filter(registration=scene.teams[0]).first()
    commander = PodEventFactory(organizer=scene.organizer)
    for player in [alice] + [PlayerFactory() for _ in range(3)]:
        RegistrationFactory(event=commander, seats=[player])
    pod = round_multiplayer_tables(round_=tables_pair_next(event=commander, by=scene.organizer, seed=1))[0]
    return {
        "events": scene.event.pk,
        "event": table.event_id,
        "event_id": scene.event.pk,
        "matches": scene.match.pk,
        "match": live.pk,
        "match_id": scene.match.pk,
        "table": table.pk,
        "pool": pool.pk,
        "teams/pk": forming.pk,
        "teams": scene.teams[0].pk,
        "team": scene.teams[0].pk,
        "team_id": scene.teams[0].pk,
        "seats/letter": "B",
        "seat": seat.pk,
        "rounds": 1,
        "number": 1,
        "players": alice.pk,
        "player_id": alice.pk,
        "slug": "constructed-3",
        "uidb64": "MQ",
        "token": "set-password",
        "join": forming.invitations.get(letter="B").token,
        "pods": pod.pk,
    }


def _users(scene) -> dict[str, Client]:
    player, organizer = Client(raise_request_exception=False), Client(raise_request_exception=False)
    player.force_login(scene.alice)
    organizer.force_login(scene.organizer)
    return {"anonymous": Client(raise_request_exception=False), "player": player, "organizer": organizer}


@pytest.fixture
def world(settings):
    settings.AXES_ENABLED = True  # the lockout's own insert was one of the 500s
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"anon": None}}
    scene = make_scene()
    table = make_table(team_size=2, pack_size=3, review=0, pick=30)
    return scene, table


@pytest.mark.parametrize("who, method, url, body", FIXED_EXAMPLES)
def test_the_issues_examples_are_answered_without_a_5xx(world, who, method, url, body):
    scene, table = world
    failures: list[str] = []
    response = Walk(_users(scene)[who], who, failures).send(method, url.format(event=scene.event.pk), body)
    assert failures == []
    assert response.status_code in (200, 302, 400, 403, 404), response.status_code


@pytest.mark.parametrize("who", ["anonymous", "player", "organizer"])
def test_every_url_and_form_with_hostile_values_answers_without_a_5xx(world, who):
    scene, table = world
    failures: list[str] = []
    walk = Walk(_users(scene)[who], who, failures)
    ids = _scene_ids(scene, table)
    forms: dict[tuple[str, str], set[str]] = {}
    for route, converters in url_routes():
        if route in KNOWN_ELSEWHERE:
            continue
        admin = route.startswith("admin/")
        if admin and who != "organizer" and route != "admin/login/":
            continue
        values = ADMIN_HOSTILE if admin else HOSTILE
        for n, url in enumerate(fill(route, converters, ids)):
            response = walk.send("GET", url)
            if n:  # a hostile path: asking once is enough
                continue
            if response.status_code == 200 and "html" in response.get("Content-Type", ""):
                for method, target, names in forms_of(response.content.decode(errors="replace"), url):
                    forms.setdefault((method, target), set()).update(names)
            walk.send("GET", url, headers=HOSTILE_HEADERS)
            walk.send("DELETE", url, headers=HOSTILE_HEADERS)
            names = COMMON if not admin else ["q", "o", "p", "e", "all", "_changelist_filters"]
            for offset in range(len(values)):
                walk.send("GET", url, _body(names, values, offset))
            if not admin:
                for offset in range(len(values)):
                    walk.send("POST", url, _body(COMMON, values, offset))
            if route.startswith("api/"):
                for offset, value in enumerate(JSON_HOSTILE):
                    body = {key: JSON_HOSTILE[(i + offset) % len(JSON_HOSTILE)] for i, key in enumerate(JSON_KEYS)}
                    for method in ("POST", "PATCH", "PUT"):
                        walk.send(method, url, json.dumps(body), content_type="application/json")
                    walk.send("POST", url, json.dumps(value), content_type="application/json")
    for (method, target), names in sorted(forms.items()):
        values = ADMIN_HOSTILE if target.startswith("/admin/") else HOSTILE
        for offset in range(len(values)):
            walk.send(method, target, _body(sorted(names) or COMMON, values, offset))
    assert failures == [], f"{len(failures)} of {walk.requests} requests answered 5xx:\n" + "\n".join(failures[:60])
    assert walk.requests > 1000  # the walk reached the URLconf, not a handful of pages


def test_the_admins_enter_packs_page_with_a_text_id_is_a_404(world):
    scene, _table = world
    failures: list[str] = []
    Walk(_users(scene)["organizer"], "organizer", failures).send("GET", "/admin/drafting/drafttable/abc/enter-packs/")
    assert failures == []
