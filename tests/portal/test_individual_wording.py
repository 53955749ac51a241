"""Individual events (issue 27): no page a person reads says "team"; they say "player" (tournaments/wording.py)."""

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.factories import EventFactory, OrganizerFactory, PlayerFactory, UserFactory
from tournaments.services.pairing import round_pair_next
from tournaments.services.registrations import registration_register_player
from tournaments.services.results import SeatGames, team_match_record_final, team_match_report
from tournaments.wording import entrant_noun

pytestmark = pytest.mark.django_db


class _Text(HTMLParser):
    """The text a person reads in <main>: no tags, attributes, scripts or styles."""

    def __init__(self):
        super().__init__()
        self.parts, self.depth, self.skip = [], 0, 0

    def handle_starttag(self, tag, attrs):
        if tag == "main":
            self.depth += 1
        if tag in ("script", "style", "template"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag == "main":
            self.depth -= 1
        if tag in ("script", "style", "template"):
            self.skip -= 1

    def handle_data(self, data):
        if self.depth and not self.skip:
            self.parts.append(data)


def _read(response) -> str:
    assert response.status_code == 200, response.status_code
    parser = _Text()
    parser.feed(response.content.decode())
    return " ".join(" ".join(parser.parts).split())


def _teams_said(text: str) -> list[str]:
    return re.findall(r"[^.]{0,40}\bteams?\b[^.]{0,40}", text, flags=re.IGNORECASE)


def test_entrant_noun_picks_the_word_by_the_event():
    assert entrant_noun(event=EventFactory.build(team_size=1), form="plural") == "players"
    assert entrant_noun(event=EventFactory.build(team_size=3), form="Singular") == "Team"
    with pytest.raises(ValueError):
        entrant_noun(event=EventFactory.build(team_size=1), form="teamish")


def _running_event():
    organizer = OrganizerFactory()
    event = EventFactory(
        name="Friday Night Modern",
        team_size=1,
        organizer=organizer,
        swiss_rounds=3,
        top_cut=0,
        format_kind="team_constructed",
        constructed_format="modern",
    )
    users = []
    for name in ("Ann Lee", "Bo Chen", "Cy Diaz", "Di Ek", "Ed Fo"):
        user = UserFactory()
        PlayerFactory(user=user, name=name)
        registration_register_player(event=event, player=name)
        users.append(user)
    round_ = round_pair_next(event=event)
    matches = list(round_.matches.exclude(team_b=None).order_by("table"))
    team_match_record_final(match=matches[0], user=organizer, seats=[SeatGames(letter="A", wins_a=2, wins_b=1)])
    reporter = matches[1].team_a.seats.get().player.user
    team_match_report(match=matches[1], user=reporter, seats=[SeatGames(letter="A", wins_a=0, wins_b=2)])
    return event, organizer, matches, reporter


def test_no_page_of_an_individual_event_says_team(client):
    event, organizer, matches, reporter = _running_event()
    player_pages = [
        reverse("portal:event", args=[event.pk]),
        reverse("portal:pairings", args=[event.pk]),
        reverse("portal:pairings_by_team", args=[event.pk]),
        reverse("portal:standings", args=[event.pk]),
        reverse("portal:match", args=[matches[1].pk]),
        reverse("portal:home"),
    ]
    organizer_pages = [
        reverse("desk:desk", args=[event.pk]),
        reverse("desk:screen", args=[event.pk]),
        reverse("desk:slips", args=[event.pk, 1]),
        reverse("desk:print_pairings", args=[event.pk, 1]),
        reverse("desk:print_standings", args=[event.pk]),
        reverse("judging:event", args=[event.pk]),
    ]
    said = {}
    client.force_login(reporter)
    for url in player_pages:
        found = _teams_said(_read(client.get(url)))
        if found:
            said[url] = found
    client.force_login(organizer)
    for url in organizer_pages:
        found = _teams_said(_read(client.get(url)))
        if found:
            said[url] = found
    assert said == {}
    client.force_login(reporter)
    standings = _read(client.get(reverse("portal:standings", args=[event.pk])))
    assert "Rank Player Points" in standings and "How players are ranked" in standings
    assert "(me)" in standings and "an intentional draw as three drawn games" in standings
