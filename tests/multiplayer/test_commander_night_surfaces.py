"""A Commander night played to the end reads the same final order on every surface (issue 56).

Thirteen players, pods of four with the one left over sitting out (a bye), three rounds with a draw, a player who
drops from their phone after round 1, and a top pod of four won by Ben: the desk's next step leads from seating
round 1 to the close, and the desk's final placings, My events, the Standings tab, the placings API, the placings
and standings exports (CSV and xlsx), the season's points, the payouts, the ratings, the event file's round trip,
the notifications and the projector all read one order: Ben 1st, then the rest of the top pod in their Swiss
order (Carla, Swiss 1st, 2nd), then everyone else as the pods page's standings leave them. A second night without
a top pod closes from the desk's next step and is placed by its standings alone.

The event is made on /events/new/, the rounds are seated through the API (with seeds, so the pods are the same on
every run) and on the pods page (the top pod), results are typed on the pods page and reported and confirmed by
players on their phones. The expected order is built from the pods page's own standings (the API's
/table-standings/, which tests/api/test_multiplayer.py checks against figures worked out by hand).
"""

import csv
import html
import io
import json
import re

import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from eventfile.export import event_export
from eventfile.importer import event_import
from fees.selectors import payouts_for_event
from fees.services import event_fee_set, event_prizes_set
from multiplayer.selectors import round_multiplayer_tables
from notifications.models import Notification
from notifications.services import notices_from_log_entry
from notifications.texts import notice_body
from ratings.categories import category_for
from ratings.models import PlayerRating
from ratings.services import category_recalculate
from series.models import SeriesResult
from series.services import series_create, series_event_attach
from tests.factories import OrganizerTokenFactory, PlayerFactory, RegistrationFactory, TeamFactory, UserFactory
from tournaments.models import Event, EventLogEntry, Player
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import team_names_for_event

pytestmark = pytest.mark.django_db

# Strongest first: the strongest player at a pod wins it, but for round 2's last pod, where the two strongest draw.
NAMES = ["Carla", "Ben", "Ada", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kim", "Lea", "Max"]
STRENGTH = {name: len(NAMES) - i for i, name in enumerate(NAMES)}
DROPPER = "Lea"  # drops from her phone after round 1


def _new_event(client, *, name: str, top_pod: str, players: int = 13) -> Event:
    """A Commander night made on /events/new/ as an organizer does."""
    answer = client.post(
        reverse("desk:event_new"),
        {
            "name": name,
            "date": "2026-12-04",
            "location": "The store",
            "preset": "commander_night",
            "expected_teams": players,
            "swiss_rounds": 3,
            "top_pod": top_pod,
            "round_minutes": 75,
            "pod_size": 4,
            "pod_leftovers": "byes",
            "pod_scoring": "competitive",
            "enforcement_level": "regular",
            "is_public": "on",
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    return Event.objects.get(name=name)


def _register(event: Event, names: list[str]) -> dict[str, object]:
    """Each player with an account of their own (to read My events and report); name -> user."""
    users = {}
    for name in names:
        user = UserFactory(username=f"{name.lower()}{event.pk}")
        RegistrationFactory(event=event, team=TeamFactory(name=name), seats=[PlayerFactory(user=user, name=name)])
        users[name] = user
    return users


def _text(response) -> str:
    """A page's visible text, tags and runs of white space removed, for sentences split by markup."""
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def _step(client, event: Event) -> str:
    page = client.get(reverse("desk:desk", args=[event.pk])).content.decode()
    match = re.search(r'id="next-step"[^>]*>([^<]+)<', page)
    assert match, page[:3000]
    return html.unescape(match.group(1).strip())


def _winner_line(table, number: int, rounds_tables: int) -> str:
    """The desk's line for a pod: the strongest player's seat wins; round 2's last pod is a draw between its two
    strongest."""
    seats = sorted(table.seats.all(), key=lambda s: -STRENGTH[s.registration.team.name])
    if number == 2 and table.number == rounds_tables:
        return f"{table.number} d {seats[0].position} {seats[1].position}"
    return f"{table.number} {seats[0].position}"


def _play_round(*, api, auth, base, desk, player, event, number: int, users) -> list:
    seated = api.post(f"{base}/table-rounds/", {"seed": 100 + number}, format="json", **auth)
    assert seated.status_code == 201, seated.json()
    round_ = event.rounds.get(number=number)
    tables = round_multiplayer_tables(round_=round_)
    first, *others = tables
    # Pod 1 is reported by its winner on their phone and confirmed by another player of the pod.
    seats = sorted(first.seats.all(), key=lambda s: -STRENGTH[s.registration.team.name])
    winner, other = seats[0].registration, seats[1].registration
    player.force_login(users[winner.team.name])
    reported = player.post(
        reverse("portal:table_report", args=[first.pk]), {"kind": "win", "players": [str(winner.pk)]}
    )
    assert reported.status_code == 302
    player.force_login(users[other.team.name])
    assert player.post(reverse("portal:table_confirm", args=[first.pk])).status_code == 302
    for table in others:
        line = _winner_line(table, number, len(tables))
        assert desk.post(reverse("desk:tables", args=[event.pk]), {"line": line}).status_code == 302
    tables = round_multiplayer_tables(round_=round_)
    assert all(t.state == "final" for t in tables), [(t.number, t.state) for t in tables]
    return tables


def test_a_commander_night_with_a_top_pod_reads_one_final_order_on_every_surface(
    client, django_capture_on_commit_callbacks
):
    token = OrganizerTokenFactory()
    organizer = token.user
    api, auth = APIClient(), {"HTTP_AUTHORIZATION": f"Token {token.raw}"}
    desk = client
    desk.force_login(organizer)
    from django.test import Client

    player = Client()

    event = _new_event(desk, name="Commander Night", top_pod="4")
    assert (event.is_multiplayer, event.top_cut, event.pod_leftovers) == (True, 4, "byes")
    users = _register(event, NAMES)
    base = f"/api/v1/events/{event.pk}"
    season = series_create(by=organizer, name="Commander season")
    series_event_attach(series=season, event=event, by=organizer)
    event_fee_set(event=event, by=organizer, prize_ties="evenly")
    prizes = [
        {"item": "Packs", "amount": 8, "place_from": 1},
        {"item": "Packs", "amount": 4, "place_from": 2},
        {"item": "Packs", "amount": 2, "place_from": 3, "place_to": 5},
    ]
    event_prizes_set(event=event, by=organizer, lines=prizes)

    # The event page says what a pod event is.
    overview = _text(client.get(reverse("portal:event", args=[event.pk])))
    assert "A pod event: every player for themselves" in overview and "player against player" not in overview
    assert "then a top pod of the first 4" in overview

    assert _step(desk, event) == "Seat round 1"
    r1 = _play_round(api=api, auth=auth, base=base, desk=desk, player=player, event=event, number=1, users=users)
    bye = event.rounds.get(number=1).multiplayer_byes.get().registration.team.name
    # My events: a seated player their pod and seat with a link to the pod, the bye player their bye.
    seated = next(s for t in r1 for s in t.seats.all() if s.registration.team.name == "Ben")
    player.force_login(users["Ben"])
    mine = player.get(reverse("portal:home")).content.decode()
    assert f"Round 1: pod {seated.table.number}, seat {seated.position}" in mine
    assert reverse("portal:table", args=[seated.table_id]) in mine
    assert "You don&#x27;t play in this round" not in mine and "play in this round" not in mine
    player.force_login(users[bye])
    mine = _text(player.get(reverse("portal:home")))
    assert "Round 1: bye" in mine and "You sit out this round with a bye: it earns 1 point." in mine

    assert _step(desk, event) == "Seat round 2"
    # Lea drops from her phone after round 1.
    player.force_login(users[DROPPER])
    assert player.post(reverse("portal:event_drop", args=[event.pk])).status_code == 302
    r2 = _play_round(api=api, auth=auth, base=base, desk=desk, player=player, event=event, number=2, users=users)
    assert DROPPER not in {s.registration.team.name for t in r2 for s in t.seats.all()}
    assert any(s.outcome == "D" for t in r2 for s in t.seats.all())  # the draw
    assert _step(desk, event) == "Seat round 3"
    _play_round(api=api, auth=auth, base=base, desk=desk, player=player, event=event, number=3, users=users)

    # The pods page's own standings: what every other surface must agree with.
    standings = api.get(f"{base}/table-standings/").json()["results"]
    swiss = [row["name"] for row in standings]
    assert swiss[0] == "Carla" and "Ben" in swiss[:4], swiss  # the night's premise: Carla first, Ben in the top pod

    assert _step(desk, event) == "Seat the top pod"
    assert desk.post(reverse("desk:tables", args=[event.pk]), {"seat": "1"}).status_code == 302
    top = event.rounds.get(kind="playoff")
    assert top.name == "Top pod"
    top_table = round_multiplayer_tables(round_=top)[0]
    assert [s.registration.team.name for s in top_table.seats.all()] == swiss[:4]
    assert _step(desk, event) == "Enter the top pod's result"
    ben_seat = next(s.position for s in top_table.seats.all() if s.registration.team.name == "Ben")
    with django_capture_on_commit_callbacks(execute=True):  # the season records the event once it has finished
        assert desk.post(reverse("desk:tables", args=[event.pk]), {"line": f"1 {ben_seat}"}).status_code == 302
    event.refresh_from_db()
    assert event.status == "finished"

    expected = ["Ben"] + [n for n in swiss[:4] if n != "Ben"] + swiss[4:]
    assert expected[1] == "Carla"
    names = team_names_for_event(event=event)
    # The one place: placements_for_event.
    placings = placements_for_event(event=event)
    assert [names[p.team] for p in placings] == expected
    assert [p.stage for p in placings] == ["top_pod"] * 4 + ["swiss"] * 9

    # The desk: no next step left, the final placings in players' words, no two-player grid.
    page = desk.get(reverse("desk:desk", args=[event.pk])).content.decode()
    assert "The event is finished" in page
    final = page[page.index('id="final-placings"') :]
    final = final[: final.index("</section>")]
    assert re.findall(r'<th scope="row">([^<]+)</th>', final) == expected
    assert "Player" in final and ">Team<" not in final and "Top pod" in final and "Semifinal" not in page
    assert 'id="entry-form"' not in page and "results-grid" not in page
    pods_desk = _text(desk.get(reverse("desk:tables", args=[event.pk])))
    assert "Top pod" in pods_desk and re.search(r"opponents \d+\.\d\d%", pods_desk)
    assert not re.search(r"\(\d+/\d+ ·", pods_desk)  # no bare fractions

    # The Standings tab: the Swiss rows in the pods page's order, its points and records, then the placings.
    tab = client.get(reverse("portal:standings", args=[event.pk])).content.decode()
    assert "No results yet" not in tab
    placed = tab[tab.index('id="placings-heading"') : tab.index('id="standings-heading"')]
    assert re.findall(r'<th scope="row">([^<]+)</th>', placed) == expected
    rows = tab[tab.index('id="standings-heading"') :]
    assert [n.strip() for n in re.findall(r'<th scope="row">([^<]+)<', rows)] == swiss
    by_name = {row["name"]: row for row in standings}
    carla = re.search(r"Carla.*?data-label=\"Points\">(\d+)</td>", rows, re.S)
    assert carla and int(carla.group(1)) == by_name["Carla"]["points"]

    # The printed standings: the same rows, the pods' own tiebreakers.
    printed = desk.get(reverse("desk:print_standings", args=[event.pk])).content.decode()
    assert re.findall(r"<tr><td>\d+</td><td>([^<]+)</td>", printed) == swiss
    assert "Opponents' average" in html.unescape(printed) and "OMW%" not in printed

    # The placings API and the standings API.
    api_placings = api.get(f"{base}/placements/", **auth).json()
    listed = api_placings["results"] if isinstance(api_placings, dict) else api_placings
    assert [p["name"] for p in listed] == expected and listed[0]["stage"] == "top_pod"
    assert api.get(f"{base}/table-standings/").json()["places"] == [p.team for p in placings]
    api_standings = api.get(f"{base}/standings/", {"page_size": 100}, **auth).json()
    api_rows = api_standings["results"] if isinstance(api_standings, dict) else api_standings
    assert [row["name"] for row in api_rows] == swiss
    assert [row["match_points"] for row in api_rows] == [row["points"] for row in standings]

    # Exports: placings and standings, CSV and xlsx.
    def export(what: str, file_format: str) -> list[list[str]]:
        body = desk.get(reverse("desk:exports", args=[event.pk]), {"what": what, "format": file_format}).content
        if file_format == "csv":
            return list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
        sheet = openpyxl.load_workbook(io.BytesIO(body)).active
        return [["" if c is None else str(c) for c in row] for row in sheet.iter_rows(values_only=True)]

    for file_format in ("csv", "xlsx"):
        placings_file = export("placings", file_format)
        assert placings_file[0] == ["place", "player", "stage"]
        assert [row[1] for row in placings_file[1:]] == expected
        assert [row[2] for row in placings_file[1:5]] == ["Top pod"] * 4
        standings_file = export("standings", file_format)
        header = standings_file[0]
        assert header[:6] == ["place", "stage", "rank", "player", "points", "record"], header
        assert "opponents_average" in header and "omw" not in header
        assert [row[3] for row in standings_file[1:]] == expected
        for row in standings_file[1:]:
            assert int(float(row[4])) == by_name[row[3]]["points"], row
        assert standings_file[1][header.index("decided_by")] == "won the top pod"
        assert any(row[5] != "0-0-0" for row in standings_file[1:])
        carla_row = next(row for row in standings_file[1:] if row[3] == "Carla")
        share = float(carla_row[header.index("opponents_average")])
        assert abs(share - by_name["Carla"]["opponents"]["value"]) < 1e-4

    # The season's points: each player's place as the placings have it.
    kept = {r.player.name: r.place for r in SeriesResult.objects.filter(series_event__series=season)}
    assert sorted(kept, key=kept.get) == expected
    assert kept["Ben"] == 1 and kept["Carla"] == 2

    # Payouts: the prizes by the same places, one place each in the top pod.
    payouts = payouts_for_event(event=event)
    top_four = [(row.place, row.name, int(row.amount), row.shared_by) for row in payouts if row.place <= 4]
    assert top_four == [(1, expected[0], 8, 1), (2, expected[1], 4, 1), (3, expected[2], 2, 1), (4, expected[3], 2, 1)]
    assert {row.name for row in payouts if row.place > 4} <= set(expected[4:])

    # Ratings: the top pod's winner beat the other three of it (the pods are rated pairwise, docs/multiplayer.md).
    category = category_for(format_kind=event.format_kind, structure=event.structure, team_size=1)
    category_recalculate(category=category)
    ratings = {r.player.name: r.rating for r in PlayerRating.objects.filter(category__slug="multiplayer")}
    assert ratings["Ben"] > 1600 > ratings["Max"]

    # The event file: exported and imported again, the copy places everyone in the same order.
    document = json.loads(json.dumps(event_export(event=event)))
    copy = event_import(document=document, user=UserFactory())
    copy_names = team_names_for_event(event=copy)
    assert [copy_names[p.team] for p in placements_for_event(event=copy)] == expected

    # Notifications: each player told their pod and seat in players' words; the top pod says so.
    for entry_id in EventLogEntry.objects.filter(event=event).values_list("pk", flat=True):
        notices_from_log_entry(entry_id=entry_id)
    with translation.override("en"):
        told = [notice_body(kind=n.kind, params=n.params) for n in Notification.objects.filter(person=users["Ben"])]
        told_bye = [notice_body(kind=n.kind, params=n.params) for n in Notification.objects.filter(person=users[bye])]
    assert any(re.fullmatch(r"Round 1: pod \d, seat \d\.", text) for text in told), told
    assert any(text.startswith("Top pod: seat") for text in told), told
    assert "Round 1: you have a bye." in told_bye
    assert not any("table" in text.lower() or " A " in text for text in told), told

    # The projector: the winner and the placings in the same order, in players' words.
    screen = client.get(reverse("desk:screen", args=[event.pk])).content.decode()
    assert "Winner: Ben" in screen
    shown = screen[screen.index('id="screen-winner"') :]
    assert re.findall(r'<td class="num">\d+</td><td>([^<]+)</td>', shown)[: len(expected)] == expected
    assert ">Team<" not in shown[: shown.index("</section>")]

    # My events after the close: each player's final place, from the same order.
    for place, name in enumerate(expected[:3], start=1):
        player.force_login(users[name])
        mine = player.get(reverse("portal:home")).content.decode()
        shown = re.search(rf'id="my-placing-{event.pk}">(\d+)<', mine)
        assert shown and int(shown.group(1)) == place, name
    # The player's own page (signup's profile): the same place.
    ben = Player.objects.get(user=users["Ben"])
    assert "1 of 13" in _text(client.get(reverse("signup:player", args=[ben.pk])))


def test_a_commander_night_without_a_top_pod_closes_from_the_desks_next_step(client):
    token = OrganizerTokenFactory()
    client.force_login(token.user)
    event = _new_event(client, name="Small Commander Night", top_pod="0", players=8)
    assert event.top_cut == 0
    _register(event, NAMES[:8])
    settings_page = client.get(reverse("desk:event_settings", args=[event.pk])).content.decode()
    top_field = settings_page[settings_page.index('name="top_cut"') :]
    top_field = top_field[: top_field.index("</select>")]
    assert re.findall(r'<option value="(\d+)"', top_field) == ["0", "4", "10", "16", "40"]  # pods, never a bracket
    for number in (1, 2, 3):
        assert _step(client, event) == f"Seat round {number}"
        assert client.post(reverse("desk:tables", args=[event.pk]), {"seat": "1"}).status_code == 302
        for table in round_multiplayer_tables(round_=event.rounds.get(number=number)):
            seats = sorted(table.seats.all(), key=lambda s: -STRENGTH[s.registration.team.name])
            line = f"{table.number} t" if number == 2 and table.number == 1 else f"{table.number} {seats[0].position}"
            assert client.post(reverse("desk:tables", args=[event.pk]), {"line": line}).status_code == 302
    # Seating again is refused with a sentence that says what to do; the pods page has the button.
    client.post(reverse("desk:tables", args=[event.pk]), {"seat": "1"})
    pods_page = client.get(reverse("desk:tables", args=[event.pk])).content.decode()
    assert 'id="close-event"' in pods_page and "close the event" in pods_page
    assert _step(client, event) == "Close the event"
    page = client.get(reverse("desk:desk", args=[event.pk])).content.decode()
    key = re.search(r'name="key" value="([^"]+)"', page).group(1)
    assert client.post(reverse("desk:step", args=[event.pk]), {"key": key}).status_code == 302
    event.refresh_from_db()
    assert event.status == "finished"
    swiss = [row["name"] for row in APIClient().get(f"/api/v1/events/{event.pk}/table-standings/").json()["results"]]
    names = team_names_for_event(event=event)
    placings = placements_for_event(event=event)
    assert [names[p.team] for p in placings] == swiss and {p.stage for p in placings} == {"swiss"}
    tab = client.get(reverse("portal:standings", args=[event.pk])).content.decode()
    placed = tab[tab.index('id="placings-heading"') : tab.index('id="standings-heading"')]
    assert re.findall(r'<th scope="row">([^<]+)</th>', placed) == swiss
    assert EventLogEntry.objects.filter(event=event, action="event_closed", user=token.user).exists()
