"""Issue 38: every page of an individual event, in every language Hydra ships, in players' words.

The test walks Django's URL patterns, fills each one that takes an event (or its match, registration, seat, round
or sign-up) from two individual events (one running, one taking sign-ups), and reads every page that answers 200 as
an anonymous visitor, a player who reported a result, the opponent who must confirm it, and the organizer, in
every language Hydra ships (settings.LANGUAGES). The text a person reads (tags, scripts and the people's own names left out)
must hold none of a team event's words (FORBIDDEN). A pattern the walk can't fill must be named in NOT_WALKED with
its reason, so a new page can't slip by.
"""

import datetime as dt
import re
from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import translation

from fees.services import event_fee_set, event_prizes_set, registration_payment_mark
from judging.services import deck_check_record, penalty_record
from series.models import SeriesResult
from series.services import series_create, series_event_attach, series_prizes_set
from signup.exports import EXPORTS
from signup.services import signup_player
from tests.factories import EventFactory, EventStaffFactory, OrganizerFactory, PlayerFactory, UserFactory
from tests.portal.scene import make_scene
from tournaments.enums import EventStatus
from tournaments.models import Player
from tournaments.services.decklists import decklist_submit, event_recheck_decklists
from tournaments.services.pairing import round_pair_next
from tournaments.services.registrations import registration_drop, registration_register_player
from tournaments.services.results import SeatGames, team_match_dispute, team_match_record_final, team_match_report

pytestmark = pytest.mark.django_db

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)

# A team event's words, per language. Precise on purpose: whole words ("Seaton" or "Teamwork Tim" are names, and
# names are taken out of the text before this is asked), and German "Platz" only where it means a seat ("Platz"
# alone is the rank in the standings).
FORBIDDEN = {
    "en": [
        r"\bteam",
        r"\bcaptains?\b",
        r"\bseats?\b",
        r"\bour side\b",
        r"\bwe win\b",
        r"\bwe lose\b",
        r"\bour player\b",
        r"\btheir player\b",
        r"\bother team\b",
        r"\bteammates?\b",
        r"\bmembers?\b",
        r"(?-i:\b1 players\b)",
        r"(?-i:\b1 teams\b)",
    ],
    "de": [
        r"team",
        r"mannschaft",
        r"kapitän",
        r"\bsitz(e|en|es)?\b",
        r"\bsitzplatz",
        r"\bplatz [a-h]\b",
        r"\bpro platz\b",
        r"\bunsere[mnrs]? (sicht|seite|spieler)",
        r"\bwir gewinnen\b",
        r"\bihr spieler\b",
        r"\bmitglied",
        r"(?-i:\b1 Spielern\b)",
    ],
    "zh-hans": [r"队", r"座", r"我方", r"本方", r"成员"],
    # Brazilian Portuguese says "time" (or "equipe") for a team.
    "pt-br": [
        r"\btimes?\b",
        r"\bequipes?\b",
        r"\bcapit(ão|ães|ã)\b",
        r"\bassentos?\b",
        r"\bcompanheiros? de",
        r"\bmembros?\b",
        r"\bnosso jogador\b",
        r"\bnosso lado\b",
        r"(?-i:\b1 jogadores\b)",
    ],
    "es": [
        r"\bequipos?\b",
        r"\bcapit(án|anes|ana)\b",
        r"\basientos?\b",
        r"\bcompañer[oa]s? de equipo",
        r"\bmiembros?\b",
        r"\bnuestro jugador\b",
        r"\bnuestro lado\b",
        r"(?-i:\b1 jugadores\b)",
    ],
    "fr": [
        r"\béquipes?\b",
        r"\bcapitaine",
        r"\bcoéquipi",
        r"\bsièges?\b",
        r"\bmembres?\b",
        r"\bnotre joueur\b",
        r"\bnotre côté\b",
        r"(?-i:\b1 joueurs\b)",
    ],
    "it": [
        r"\bsquadr[ae]\b",
        r"\bcapitan[oi]\b",
        r"\bcompagni di squadra",
        r"\bmembri\b",
        r"\bil nostro giocatore\b",
        r"\bnostro lato\b",
        r"(?-i:\b1 giocatori\b)",
    ],
    "ja": [r"チーム", r"キャプテン", r"座席", r"メンバー", r"味方", r"我々"],
}


def team_words_in(text: str, *, language: str, names=()) -> list[str]:
    """The team words in `text` (with a little context each), once the people's and events' `names` are cut out."""
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    found = []
    for pattern in FORBIDDEN[language]:
        for hit in re.finditer(pattern, text, flags=re.IGNORECASE):
            found.append(text[max(0, hit.start() - 40) : hit.end() + 40])
    return found


class _ReadText(HTMLParser):
    """What a person reads of a page: its text (<title> too) and the words of attributes shown to them."""

    SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "data-confirm")

    def __init__(self):
        super().__init__()
        self.parts, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        attrs = dict(attrs)
        for name in self.SHOWN_ATTRIBUTES:
            if attrs.get(name):
                self.parts.append(attrs[name])
        if tag == "input" and attrs.get("type") in ("submit", "button") and attrs.get("value"):
            self.parts.append(attrs["value"])

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def readable_text_of(html: str) -> str:
    parser = _ReadText()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def readable_text(response) -> str:
    body = response.content.decode()
    return readable_text_of(body) if "html" in response.get("Content-Type", "") else body


# Patterns the walk doesn't read, and why.
NOT_WALKED = {
    "admin": "the site admin is Django's, not a page of the event",
    "api": "the REST API speaks JSON field names to programs (docs/api.md), not words to people",
    "health": "machine probes",
    "i18n": "the language switch answers with a redirect",
    "accounts": "signing in and up is the same for every event",
    "portal:favicon": "an icon",
    "portal:service_worker": "the app's script (static/pwa/sw.js), no words",
    "notifications:events": "a stream of numbers for the banner; the banner and the inbox are walked",
    "draft": "draft tables and pods belong to draft events, not to an individual constructed event",
    "sealed": "sealed pools belong to sealed events",
    "live": "shared-game matches (Two-Headed Giant) have no individual events",
    "ratings": "ratings are per player across events",
    "venue": "the venue's mail sheets span events",
    "desk:event_new": "a new event's form, before it is individual or a team event (issue 38's presets)",
    "signup:join": "an individual event sends no invitations",
    "signup:invitation_email": "an individual event sends no invitations",
    "signup:invitation_renew": "an individual event sends no invitations",
    "overlays:draft": "draft tables belong to draft events",
    "overlays:events": "a stream of version numbers (Server-Sent Events), no words",
    "invitations": "a seat invitation is one person's, reached by its own id, and names no seat in its words "
    "(tests/tournaments/services/test_players_takeover.py)",
    "join": "the join code's page: its words are checked by tests/browser/test_friday_night.py on the phone",
    "claim": "a claim link's page names no event (tests/tournaments/services/test_players_takeover.py)",
    "series:list": "the organizer's series span events; the kinds of series they may make include team series",
    "series:new": "the form offers every kind of series, a team series among them (tests/series/test_views.py)",
    "series:manage": "the form offers every kind of series, a team series among them (tests/series/test_views.py)",
    "pods": "the addresses before issue 55 of a Commander night's tables: redirects to `tables` (below)",
    "tables": "a multiplayer table belongs to a Commander night, whose pages speak of players only "
    "(tests/portal/test_multiplayer.py)",
    "organizations": "an organization's pages span its stores' events and name its members' roles, a store's "
    "calendar lists events of every kind (tests/organizations/test_views.py, test_calendar.py)",
    "series:invite": "a series' invitation to another organizer: a POST (tests/series/test_invitations.py)",
    "series:invitation_accept": "a POST (tests/series/test_invitations.py)",
    "series:invitation_decline": "a POST (tests/series/test_invitations.py)",
    "series:calendar": "an iCalendar feed of the series' events (tests/organizations/test_calendar.py)",
    "webhooks:remove": "a POST",
    "webhooks:resend": "a POST",
    "desk:card_data_progress": "an import's progress, by its job's id: card data names no event "
    "(tests/desk/test_card_data.py)",
}


def _patterns(resolver=None, prefix="", namespace=""):
    """Every URL pattern as (its full route, its name with namespaces, the top folder it sits in)."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from _patterns(entry, route, inner)
        elif isinstance(entry, URLPattern):
            yield route, f"{namespace}{entry.name}" if entry.name else None


def _skipped(route: str, name: str | None) -> bool:
    top = route.split("/", 1)[0].lstrip("^")
    return top in NOT_WALKED or name in NOT_WALKED


class _Scene:
    """Two individual events of one organizer: "Friday Night Modern" running (round 1 paired: a result confirmed,
    one reported and waiting for the opponent, one disputed; a player dropped, a penalty, a deck check, a judge)
    and "Saturday Standard" taking sign-ups (one player signed up)."""

    def __init__(self):
        self.organizer = OrganizerFactory(username="orga")
        self.event = EventFactory(
            name="Friday Night Modern",
            team_size=1,
            organizer=self.organizer,
            swiss_rounds=3,
            top_cut=0,
            constructed_format="modern",
        )
        names = ["Ann Seaton", "Bo Teamwell", "Cy Diaz", "Di Ek", "Ed Fo", "Flo Gu", "Gil Ho", "Hal Ito", "Ida Jo"]
        self.users = {}
        for name in names:
            user = UserFactory(username=f"player-{name.split()[0].lower()}")
            PlayerFactory(user=user, name=name)
            registration_register_player(event=self.event, player=name)
            self.users[name] = user
        first = self.event.registrations.order_by("team__name").first().seats.get()
        decklist_submit(
            seat=first, user=first.player.user, text="5 Lightning Bolt\n50 Mountain\n\nSideboard\n1 Ancestral Recall"
        )
        event_recheck_decklists(event=self.event)
        self.judge = UserFactory(username="judy")
        EventStaffFactory(event=self.event, user=self.judge, role="judge")
        round_ = round_pair_next(event=self.event)
        self.event.status = EventStatus.RUNNING
        self.event.save()
        matches = list(round_.matches.exclude(team_b=None).order_by("table"))
        self.matches = matches + list(round_.matches.filter(team_b=None))
        team_match_record_final(
            match=matches[0], user=self.organizer, seats=[SeatGames(letter="A", wins_a=2, wins_b=1)]
        )
        self.reporter = matches[1].team_a.seats.get().player.user
        self.opponent = matches[1].team_b.seats.get().player.user
        team_match_report(match=matches[1], user=self.reporter, seats=[SeatGames(letter="A", wins_a=0, wins_b=2)])
        team_match_report(
            match=matches[2],
            user=matches[2].team_a.seats.get().player.user,
            seats=[SeatGames(letter="A", wins_a=2, wins_b=0)],
        )
        team_match_dispute(match=matches[2], user=matches[2].team_b.seats.get().player.user, note="It was 2-1")
        registration_drop(registration=matches[3].team_b, user=self.organizer)
        offender = matches[1].team_a
        penalty_record(
            registration=offender,
            player=offender.seats.get().player,
            judge=self.judge,
            infraction="gpe_missed_trigger",
            penalty="warning",
            round_=round_,
        )
        deck_check_record(registration=offender, judge=self.judge, result="ok", round_=round_)
        self.registration = offender
        self.seat = offender.seats.get()
        # Its fee, prizes and payments (the desk's fees page, the event page's panel, the payout list) and a series
        # it counts in, with a player's results and the series' prizes (its page and payout list).
        event_fee_set(event=self.event, by=self.organizer, amount=Decimal("5"), prize_ties="evenly")
        prize_lines = [
            {"place_from": 1, "place_to": 2, "item": "Packs", "amount": 3},
            {"min_match_points": 3, "item": "Promo", "amount": 1},
        ]
        event_prizes_set(event=self.event, by=self.organizer, lines=prize_lines)
        registration_payment_mark(registration=offender, status="paid", by=self.organizer, paid_by=self.seat.player)
        registration_payment_mark(registration=matches[0].team_a, status="paid", by=self.organizer)
        registration_payment_mark(registration=matches[0].team_a, status="refunded", by=self.organizer)
        self.series = series_create(by=self.organizer, name="Friday League", qualify_top=1)
        link = series_event_attach(series=self.series, event=self.event, by=self.organizer)
        for place, match in enumerate(matches[:2], start=1):
            SeriesResult.objects.create(
                series_event=link, player=match.team_a.seats.get().player, place=place, match_points=3
            )
        series_prizes_set(series=self.series, by=self.organizer, lines=prize_lines, prize_ties="evenly")

        self.open_event = EventFactory(
            name="Saturday Standard",
            team_size=1,
            organizer=self.organizer,
            constructed_format="standard",
            signup_open=True,
            signup_capacity=None,
            date=dt.date.today() + dt.timedelta(days=2),
        )
        self.signup = signup_player(event=self.open_event, player=self.reporter.player)
        self.names = (
            set(names)
            | {self.event.name, self.open_event.name, "Game Store", "orga", "judy", "It was 2-1"}
            | {u.username for u in self.users.values()}
            | set(Player.objects.filter(name__in=names).values_list("user__username", flat=True))
        )  # "boteamwell"

    def kwargs_for(self, route: str, event) -> list[dict] | None:
        """The ways to fill `route` for `event`; None if the walk can't."""
        fills = {"pk": [event.pk]}
        tops = ("matches/", "signup/teams/", "players/", "series/<")
        if route.startswith(tops):
            fills = {
                "matches/": {"pk": [m.pk for m in self.matches]},
                "signup/teams/": {"pk": [self.signup.pk]},
                "players/": {"pk": [self.reporter.player.pk]},
                "series/<": {"pk": [self.series.pk], "event_pk": [self.event.pk]},
            }[next(p for p in tops if route.startswith(p))]
            if event != self.event:
                return []
        elif not route.startswith("events/"):
            return [{}] if "<" not in route else None
        params = re.findall(r"<(?:\w+:)?(\w+)>", route)
        fills |= {
            "number": [1],
            "team": [self.registration.pk],
            "seat": [self.seat.pk],
            "match_id": [m.pk for m in self.matches],
            "letter": ["A"],
        }
        if any(p not in fills for p in params):
            return None
        out = [{}]
        for param in params:
            out = [{**done, param: value} for done in out for value in fills[param]]
        return out


def _walk(client, scene, who):
    """{url: response} of every walked page that answers `who` (a user or None)."""
    client.logout()
    if who is not None:
        client.force_login(who)
    unfilled, seen = [], {}
    for route, name in _patterns():
        if _skipped(route, name):
            continue
        for event in (scene.event, scene.open_event):
            fills = scene.kwargs_for(route, event)
            if fills is None or name is None:
                unfilled.append(route)
                continue
            for kwargs in fills:
                url = reverse(name, kwargs=kwargs)
                seen[url] = None
                if name == "desk:exports":  # and every file it offers, as CSV
                    seen |= {f"{url}?what={key}&format=csv": None for key in EXPORTS}
    return seen, unfilled


@pytest.fixture
def scene():
    return _Scene()


def test_team_words_are_found_and_names_are_not():
    assert team_words_in("Seat A: Ann against Bo", language="en")
    assert team_words_in("Ein Tipp pro Platz, aus unserer Sicht", language="de")
    assert team_words_in("Dein Team ist angemeldet", language="de")
    assert team_words_in("你的队伍已报名。", language="zh-hans")
    assert team_words_in("1 players", language="en")
    assert not team_words_in("Round 1 Players and ratings", language="en")
    assert not team_words_in(
        "Ann Seaton and Bo Teamwell play at table 2 for the Steamroller", language="en", names=["Bo Teamwell"]
    )
    assert not team_words_in("Platz 1: Sitzbank Sitzmann", language="de", names=["Sitzbank Sitzmann"])
    assert not team_words_in("第 1 名：张队", language="zh-hans", names=["张队"])


def test_every_pattern_taking_an_event_is_walked_or_said_why_not(scene, client):
    seen, unfilled = _walk(client, scene, None)
    assert unfilled == []
    assert len(seen) > 40


# Hundreds of pages in one test: committed as they go (transaction=True), so that the test doesn't hold a lock on
# every table and index of the site in one transaction, a shared server's lock table being finite.
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("role", ["anonymous", "reporter", "opponent", "organizer"])
def test_no_page_of_an_individual_event_says_team_in_any_language(scene, client, role):
    who = {"anonymous": None, "reporter": scene.reporter, "opponent": scene.opponent, "organizer": scene.organizer}[
        role
    ]
    urls, _ = _walk(client, scene, who)
    said, read = {}, 0
    for url in urls:
        for language in LANGUAGES:
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code < 500, url
            if response.status_code != 200:
                continue
            read += 1
            found = team_words_in(readable_text(response), language=language, names=scene.names)
            if found:
                said[f"{language} {url}"] = found
    translation.activate("en")
    assert said == {}
    assert read >= {"anonymous": 20, "reporter": 40, "opponent": 40, "organizer": 90}[role]


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_team_event_still_says_team(client, language):
    team_scene = make_scene()
    words = {
        "en": ("Seat A: Alice against Bob", "One tap per seat", "Import teams", "Add a team"),
        "de": ("Sitz A: Alice gegen Bob", "Ein Tipp pro Platz", "Teams importieren", "Team hinzufügen"),
    }[language]
    client.force_login(team_scene.alice)
    match_page = client.get(reverse("portal:match", args=[team_scene.match.pk]), HTTP_ACCEPT_LANGUAGE=language).text
    client.force_login(team_scene.organizer)
    desk = "".join(
        client.get(reverse(name, args=[team_scene.event.pk]), HTTP_ACCEPT_LANGUAGE=language).text
        for name in ("desk:import_teams", "desk:team_edit")
    )
    event_prizes_set(
        event=team_scene.event, by=team_scene.organizer, lines=[{"min_match_points": 3, "item": "Promo", "amount": 1}]
    )
    fees_page = client.get(reverse("desk:fees", args=[team_scene.event.pk]), HTTP_ACCEPT_LANGUAGE=language).text
    series = series_create(by=team_scene.organizer, name="Team League", kind="team")
    link = series_event_attach(series=series, event=team_scene.event, by=team_scene.organizer)
    seat = team_scene.match.team_a.seats.get(letter="A")
    SeriesResult.objects.create(
        series_event=link, player=seat.player, team=team_scene.match.team_a.team, place=1, match_points=3
    )
    series_prizes_set(
        series=series, by=team_scene.organizer, lines=[{"min_match_points": 3, "item": "Promo", "amount": 1}]
    )
    series_page = client.get(reverse("series:series", args=[series.pk]), HTTP_ACCEPT_LANGUAGE=language).text
    translation.activate("en")
    assert words[0] in match_page and words[1] in match_page
    assert words[2] in desk and words[3] in desk
    assert team_words_in(readable_text_of(match_page), language=language)
    assert team_words_in(readable_text_of(fees_page), language=language)  # the payout list's column, the marks
    assert team_words_in(readable_text_of(series_page), language=language)  # the standings' and prizes' words


def test_every_sentence_says_itself_in_every_language_with_the_values_it_is_given():
    from tournaments.wording import SENTENCES, entrant_message

    values = {
        "n": 2,
        "teams": "Ann, Bo",
        "player": "Ann",
        "size": 3,
        "owner": "orga",
        "seat": "A",
        "mine": "Ann",
        "theirs": "Bo",
        "name": "Ann",
        "taken": 1,
        "organizer": "orga",
        "event": "FNM",
        "link": "https://example.org/claim",
        "done": 1,
        "all": 3,
    }
    for language in LANGUAGES:
        with translation.override(language):
            for key in SENTENCES:
                for event in (EventFactory.build(team_size=1), EventFactory.build(team_size=3)):
                    assert "%(" not in str(entrant_message(event=event, key=key) % values), (language, key)


def test_entrant_sentence_picks_the_event_s_words():
    from tournaments.wording import entrant_sentence

    individual, team = EventFactory.build(team_size=1), EventFactory.build(team_size=3)
    assert entrant_sentence(event=individual, key="we_win") == "You win."
    assert entrant_sentence(event=team, key="we_win") == "We win."
    assert entrant_sentence(event=individual, key="no_complete_decklist", n=2, teams="Ann, Bo") == (
        "2 players have no decklist: Ann, Bo."
    )
    with translation.override("de"):
        assert entrant_sentence(event=individual, key="import_entrants") == "Spieler importieren"
    with pytest.raises(KeyError):
        entrant_sentence(event=team, key="no-such-sentence")
