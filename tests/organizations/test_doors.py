"""The doors ask the rights module: an organization's scorekeeper enters results at both stores' events, at the
desk and through the API; a second organization's member gets 404 (403 where the API says so) at the first's."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from rest_framework.test import APIClient

from api.services import api_token_create

from tournaments.enums import ResultState
from tournaments.models import EventLogEntry, TeamMatch

pytestmark = pytest.mark.django_db

SEATS = {
    "seats": [
        {"letter": "A", "wins_a": 2, "wins_b": 0},
        {"letter": "B", "wins_a": 0, "wins_b": 2},
        {"letter": "C", "wins_a": 2, "wins_b": 1},
    ]
}


def _match(event):
    return TeamMatch.objects.get(round__event=event)


def _api(user):
    api = APIClient()
    api.force_login(user)
    return api


def _api_drop(user, event):
    """Dropping a team through the API: the desk's work (may_score_event), with the person's session."""
    registration = event.registrations.first()
    return _api(user).post(f"/api/v1/events/{event.pk}/teams/{registration.pk}/drop", {}, format="json")


def _api_token_result(raw, event):
    match = _match(event)
    return APIClient().post(
        f"/api/v1/events/{event.pk}/matches/{match.pk}/result",
        SEATS,
        format="json",
        HTTP_AUTHORIZATION=f"Token {raw}",
    )


def _desk_result(client, event):
    return client.post(reverse("desk:result", args=[event.pk]), {"round": 1, "table": 1, "result": "20 02 21"})


def test_the_organizations_scorekeeper_does_the_desks_work_at_both_stores_through_the_api(network):
    n = network
    for event in (n.at_berlin, n.at_munich):
        match = _match(event)
        detail = _api(n.keeper).get(f"/api/v1/events/{event.pk}/matches/{match.pk}/")
        assert detail.status_code == 200
        response = _api_drop(n.keeper, event)
        assert response.status_code == 200, response.content
        entry = EventLogEntry.objects.filter(event=event, action="dropped").get()
        assert entry.user == n.keeper


def test_the_organizations_owner_makes_scorekeeper_tokens_that_enter_results_at_both_stores(network):
    n = network
    for event in (n.at_berlin, n.at_munich):
        _token, raw = api_token_create(event=event, user=n.owner, name="Table 1 tablet", by=n.owner)
        response = _api_token_result(raw, event)
        assert response.status_code == 200, response.content
        assert _match(event).result_state == ResultState.FINAL
    with pytest.raises(ValidationError):  # a store of another organization: no token
        api_token_create(event=n.at_cave, user=n.owner, name="Sneaky", by=n.owner)


def test_the_organizations_scorekeeper_enters_results_at_both_stores_at_the_desk(client, network):
    n = network
    client.force_login(n.keeper)
    for event in (n.at_berlin, n.at_munich):
        assert client.get(reverse("desk:desk", args=[event.pk])).status_code == 200
        assert _desk_result(client, event).status_code == 302
        assert _match(event).result_state == ResultState.FINAL
    assert client.get(reverse("desk:event_settings", args=[n.at_berlin.pk])).status_code == 404  # scores, never runs


def test_a_second_organizations_member_stays_out_of_the_firsts_events(client, network):
    n = network
    client.force_login(n.rival_keeper)
    for event in (n.at_berlin, n.at_munich):
        assert client.get(reverse("desk:desk", args=[event.pk])).status_code == 404
        assert _desk_result(client, event).status_code == 404
        assert _api_drop(n.rival_keeper, event).status_code == 404
        assert _match(event).result_state == ResultState.PENDING
    assert client.get(reverse("desk:desk", args=[n.at_cave.pk])).status_code == 200  # their own store's event


def test_the_organizations_owner_stays_out_of_a_persons_own_event(client, network):
    n = network
    client.force_login(n.owner)
    assert client.get(reverse("desk:desk", args=[n.own.pk])).status_code == 404
    client.force_login(n.loner)
    assert client.get(reverse("desk:desk", args=[n.own.pk])).status_code == 200
    assert _api_drop(n.loner, n.own).status_code == 200
    assert _api_drop(n.owner, n.own).status_code == 404


def test_an_organizer_token_of_an_organizer_member_runs_the_stores_events(network):
    n = network
    _token, raw = api_token_create(event=None, user=n.owner, name="Laptop", organizer=True)
    api = APIClient()
    header = {"HTTP_AUTHORIZATION": f"Token {raw}"}
    assert api.get(f"/api/v1/events/{n.at_munich.pk}/staff/", **header).status_code == 200
    assert api.get(f"/api/v1/events/{n.at_cave.pk}/staff/", **header).status_code == 404
