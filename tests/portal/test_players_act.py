"""Players act for themselves (issue 38): drop from their phone (asked once, logged with who, the organizer may
reinstate), check in from "My events", and a page at the check-in address."""

import pytest
from django.urls import reverse

from tournaments.models import CheckIn
from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory, RoundFactory, TeamMatchFactory
from tests.portal.scene import login_client
from tournaments.enums import EventStatus
from tournaments.models import EventLogEntry, Registration
from tournaments.services.pairing import round_pair_next
from tournaments.services.registrations import registration_reinstate
from tournaments.services.results import SeatGames, team_match_record_final

pytestmark = pytest.mark.django_db


def _user(registration):
    return registration.seats.get().player.user


@pytest.fixture
def friday():
    """Friday Night Magic, 4 players, round 1 played: Ann beat Ben, Cat beat Dan."""
    organizer = OrganizerFactory()
    event = EventFactory(team_size=1, status=EventStatus.RUNNING, swiss_rounds=3, organizer=organizer)
    players = [RegistrationFactory(event=event) for _ in range(4)]
    round_ = RoundFactory(event=event, number=1)
    for table, (a, b) in enumerate([(players[0], players[1]), (players[2], players[3])], start=1):
        match = TeamMatchFactory(round=round_, table=table, team_a=a, team_b=b)
        team_match_record_final(match=match, user=organizer, seats=[SeatGames("A", 2, 0)])
    return event, players, organizer


def test_the_drop_page_asks_once_then_drops_and_logs_who(friday, client):
    event, players, _organizer = friday
    ann = _user(players[0])
    page = login_client(client, ann).get(reverse("portal:event_drop", args=[event.pk]))
    assert page.status_code == 200 and 'id="drop-confirm"' in page.text
    assert Registration.objects.get(pk=players[0].pk).dropped_round is None  # asking drops nothing
    response = client.post(reverse("portal:event_drop", args=[event.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("portal:event", args=[event.pk])
    assert Registration.objects.get(pk=players[0].pk).dropped_round == 1
    entry = EventLogEntry.objects.get(event=event, action="dropped")
    assert (entry.user, entry.registration_id) == (ann, players[0].pk)


def test_a_dropped_player_is_not_paired_and_the_organizer_can_reinstate(friday, client):
    event, players, organizer = friday
    login_client(client, _user(players[0])).post(reverse("portal:event_drop", args=[event.pk]))
    round_2 = round_pair_next(event=event, user=organizer)
    paired = {pk for m in round_2.matches.all() for pk in (m.team_a_id, m.team_b_id)}
    assert players[0].pk not in paired and len(paired) == 4  # three players and the bye's None
    registration_reinstate(registration=Registration.objects.get(pk=players[0].pk), user=organizer)
    assert Registration.objects.get(pk=players[0].pk).dropped_round is None


def test_a_player_whose_match_has_no_result_reports_it_before_dropping(friday, client):
    event, players, organizer = friday
    round_2 = round_pair_next(event=event, user=organizer)
    match = round_2.matches.filter(team_b__isnull=False).first()
    user = _user(match.team_a)
    response = login_client(client, user).post(reverse("portal:event_drop", args=[event.pk]), follow=True)
    assert "report it first" in response.text
    assert Registration.objects.get(pk=match.team_a_id).dropped_round is None
    assert not EventLogEntry.objects.filter(event=event, action="dropped").exists()


def test_the_drop_page_is_linked_from_my_events_and_the_event_page(friday, client):
    event, players, _organizer = friday
    login_client(client, _user(players[0]))
    url = reverse("portal:event_drop", args=[event.pk])
    assert url in client.get(reverse("portal:home")).text
    assert url in client.get(reverse("portal:event", args=[event.pk])).text


@pytest.mark.parametrize("method", ["get", "post"])
def test_nobody_drops_anyone_else_nor_a_team(friday, client, method):
    event, players, organizer = friday
    for user in (OrganizerFactory(), organizer):
        assert (
            getattr(login_client(client, user), method)(reverse("portal:event_drop", args=[event.pk])).status_code
            == 404
        )
    team_event = EventFactory(status=EventStatus.RUNNING)
    member = RegistrationFactory(event=team_event).seats.first().player.user
    assert (
        getattr(login_client(client, member), method)(reverse("portal:event_drop", args=[team_event.pk])).status_code
        == 404
    )
    assert not Registration.objects.filter(dropped_round__isnull=False).exists()


def test_the_drop_page_sends_anonymous_visitors_to_sign_in(friday, client):
    response = client.post(reverse("portal:event_drop", args=[friday[0].pk]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


# --- Check-in ----------------------------------------------------------------------------------------------------


@pytest.fixture
def before_round_one():
    event = EventFactory(team_size=1, status=EventStatus.REGISTRATION)
    return event, RegistrationFactory(event=event)


def test_check_in_from_my_events_and_back_there(before_round_one, client):
    event, mine = before_round_one
    page = login_client(client, _user(mine)).get(reverse("portal:home")).text
    assert f'action="{reverse("desk:player_check_in", args=[event.pk])}"' in page
    response = client.post(reverse("desk:player_check_in", args=[event.pk]), {"next": reverse("portal:home")})
    assert response.status_code == 302 and response["Location"] == reverse("portal:home")
    assert CheckIn.objects.filter(registration=mine).exists()
    assert "is checked in." in client.get(reverse("portal:home")).text


def test_check_in_goes_back_only_to_this_site(before_round_one, client):
    event, mine = before_round_one
    response = login_client(client, _user(mine)).post(
        reverse("desk:player_check_in", args=[event.pk]), {"next": "https://evil.example/"}
    )
    assert response["Location"] == reverse("portal:event", args=[event.pk])


def test_the_check_in_address_is_a_page_not_a_405(before_round_one, client):
    event, mine = before_round_one
    url = reverse("desk:player_check_in", args=[event.pk])
    assert client.get(url)["Location"].startswith(reverse("login"))
    page = login_client(client, _user(mine)).get(url)
    assert page.status_code == 200 and f'action="{url}"' in page.text
    stranger = login_client(client, OrganizerFactory()).get(url)
    assert stranger.status_code == 200 and "aren't registered" in stranger.text
    RoundFactory(event=event, number=1)
    assert "check-in is over" in login_client(client, _user(mine)).get(url).text
