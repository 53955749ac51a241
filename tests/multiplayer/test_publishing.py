"""A Commander night whose pods the staff review before players see them (issue 53): the seated round is on the
desk's pods page with a Publish button, on no player's page and in no public API read, and a pod's result waits
for the publish."""

import pytest
from django.test import Client
from django.urls import reverse

from multiplayer.models import MultiplayerTable
from multiplayer.services import table_result_report, tables_pair_next
from tests.factories import PodEventFactory, RegistrationFactory
from tests.portal.scene import login_client
from tournaments.enums import EnforcementLevel
from tournaments.services.publishing import RoundNotPublished

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated():
    event = PodEventFactory(enforcement_level=EnforcementLevel.COMPETITIVE, is_public=True)
    registrations = [RegistrationFactory(event=event) for _ in range(8)]
    round_ = tables_pair_next(event=event, by=event.organizer, seed=1)
    return event, registrations, round_


def test_a_seated_round_waits_for_publish_on_every_players_door(seated):
    event, registrations, round_ = seated
    assert not round_.is_published
    pod = MultiplayerTable.objects.filter(round=round_).first()
    seat = pod.seats.select_related("registration").first()
    player_user = seat.registration.seats.first().player.user
    player = login_client(Client(), player_user)
    assert player.get(reverse("portal:table", args=[pod.pk])).status_code == 404
    assert Client().get(reverse("portal:tables", args=[event.pk])).context["pods"] == []
    assert Client().get(f"/api/v1/events/{event.pk}/table-rounds/").json()["count"] == 0
    with pytest.raises(RoundNotPublished):
        table_result_report(table=pod, by=event.organizer, kind="win", players=[seat.registration_id])

    desk = login_client(Client(), event.organizer)
    page = desk.get(reverse("desk:tables", args=[event.pk])).content.decode()
    assert "publish-form" in page and "seat-form" not in page
    assert desk.post(reverse("desk:tables", args=[event.pk]), {"publish": "1"}).status_code == 302
    round_.refresh_from_db()
    assert round_.is_published
    assert player.get(reverse("portal:table", args=[pod.pk])).status_code == 200
    assert Client().get(f"/api/v1/events/{event.pk}/table-rounds/").json()["count"] == 1
    assert len(Client().get(reverse("portal:tables", args=[event.pk])).context["pods"]) == 2
    assert table_result_report(table=pod, by=event.organizer, kind="win", players=[seat.registration_id])
