"""The players' pages of a pod event (portal/views/multiplayer.py): the pods and standings, a pod's report and
confirmation."""

import pytest
from django.urls import reverse

from multiplayer.models import MultiplayerTableState
from multiplayer.selectors import round_multiplayer_tables
from multiplayer.services import tables_pair_next
from tests.factories import PlayerFactory, PodEventFactory, RegistrationFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated():
    event = PodEventFactory()
    users = [UserFactory() for _ in range(4)]
    for user in users:
        RegistrationFactory(event=event, seats=[PlayerFactory(user=user, name=user.username)])
    table = round_multiplayer_tables(round_=tables_pair_next(event=event, by=event.organizer, seed=1))[0]
    by_seat = {s.position: s.registration.seats.get().player.user for s in table.seats.all()}
    return event, table, by_seat


def test_pods_page_shows_the_round_and_links_my_pod(client, seated):
    event, table, by_seat = seated
    assert "Pod 1" in client.get(reverse("portal:tables", args=[event.pk])).text
    client.force_login(by_seat[1])
    page = client.get(reverse("portal:tables", args=[event.pk])).text
    assert reverse("portal:table", args=[table.pk]) in page


def test_one_player_reports_and_another_confirms(client, seated):
    event, table, by_seat = seated
    winner = table.seats.get(position=2).registration_id
    client.force_login(by_seat[1])
    response = client.post(reverse("portal:table_report", args=[table.pk]), {"kind": "win", "players": [winner]})
    assert response.status_code == 302
    assert 'id="confirm-pod"' not in client.get(reverse("portal:table", args=[table.pk])).text  # not the reporter's
    client.force_login(by_seat[3])
    assert 'id="confirm-pod"' in client.get(reverse("portal:table", args=[table.pk])).text
    client.post(reverse("portal:table_confirm", args=[table.pk]))
    table.refresh_from_db()
    assert table.state == MultiplayerTableState.FINAL


def test_a_report_that_names_no_winner_is_a_form_error_and_writes_nothing(client, seated):
    event, table, by_seat = seated
    client.force_login(by_seat[1])
    response = client.post(reverse("portal:table_report", args=[table.pk]), {"kind": "win", "players": []})
    assert response.status_code == 400 and "Name the one winner" in response.text
    table.refresh_from_db()
    assert table.state == MultiplayerTableState.PENDING


def test_a_pod_is_no_page_for_someone_not_seated_at_it(client, seated):
    event, table, _by_seat = seated
    client.force_login(UserFactory())
    assert client.get(reverse("portal:table", args=[table.pk])).status_code == 404
    assert client.post(reverse("portal:table_report", args=[table.pk]), {"kind": "time"}).status_code == 404


def test_the_pod_addresses_of_before_issue_55_lead_to_the_table_pages(client, seated):
    """/events/<id>/pods/ and /pods/<id>/ moved to .../tables/ (301, for one release); a report posted to the old
    address (a page open since then) still counts."""
    event, table, by_seat = seated
    old = client.get(f"/events/{event.pk}/pods/")
    assert (old.status_code, old["Location"]) == (301, reverse("portal:tables", args=[event.pk]))
    assert reverse("portal:tables", args=[event.pk]) == f"/events/{event.pk}/tables/"
    old = client.get(f"/pods/{table.pk}/")
    assert (old.status_code, old["Location"]) == (301, reverse("portal:table", args=[table.pk]))
    client.force_login(by_seat[1])
    winner = table.seats.get(position=1).registration_id
    response = client.post(f"/pods/{table.pk}/report/", {"kind": "win", "players": [winner]})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.state == MultiplayerTableState.REPORTED


@pytest.mark.parametrize(
    ("tiebreak", "floor", "says"),
    [("opponent_points", 25, "points as a share of what they could have had, at least 25%"),
     ("opponent_win_rate", 20, "pods won per pod played, at least 20%")],
)  # fmt: skip
def test_the_standings_page_explains_the_events_own_tiebreaker_and_floor(client, tiebreak, floor, says):
    event = PodEventFactory(pod_tiebreak=tiebreak, pod_opponent_floor=floor, pod_byes_at_floor=floor == 20)
    page = client.get(reverse("portal:standings", args=[event.pk])).content.decode()
    assert says in page.replace("&#x27;", "'")
    assert ("a pod of opponents at that floor" in page) == (floor == 20)
