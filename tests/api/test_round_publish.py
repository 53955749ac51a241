"""The API and pairings reviewed before players see them (issue 53): a draft round is out of the public reads (the
lists every caller shares, one round, one match) and visible to the organizer's token; POST .../publish/ shows it
to everyone; a result of a draft answers 409 with the reason."""

import pytest
from django.test import Client

from tests.api.conftest import build_event
from tests.factories import OrganizerTokenFactory
from tests.portal.scene import login_client
from tournaments.enums import EnforcementLevel
from tournaments.models import EventLogEntry, Round
from tournaments.services.eventlog import LogAction

pytestmark = pytest.mark.django_db

SEATS = {"seats": [{"letter": letter, "wins_a": 2, "wins_b": 0} for letter in "ABC"]}


def _auth(token) -> dict:
    return {"HTTP_AUTHORIZATION": f"Token {token.raw}"}


@pytest.fixture
def paired(api):
    """A public Competitive event of four teams whose round 1 the organizer's token paired: a draft."""
    token = OrganizerTokenFactory()
    event, registrations, _rounds = build_event(
        teams=4, rounds=0, swiss_rounds=3, organizer=token.user, enforcement_level=EnforcementLevel.COMPETITIVE
    )
    response = api.post(f"/api/v1/events/{event.pk}/rounds/", {"seed": 1}, format="json", **_auth(token))
    assert response.status_code == 201 and response.json()["published"] is False
    return event, registrations, token


def _public(api, path):
    api.credentials()
    return api.get(path)


def test_a_draft_is_out_of_every_public_read_and_visible_to_the_organizers_token(api, paired):
    event, _registrations, token = paired
    base = f"/api/v1/events/{event.pk}"
    match = Round.objects.get(event=event).matches.filter(team_b__isnull=False).first()
    assert _public(api, f"{base}/rounds/").json()["count"] == 0
    assert _public(api, f"{base}/matches/").json()["count"] == 0
    assert _public(api, f"{base}/rounds/1/").status_code == 404
    assert _public(api, f"{base}/matches/{match.pk}/").status_code == 404
    player = match.team_a.seats.first().player.user
    assert login_client(Client(), player).get(f"{base}/matches/{match.pk}/").status_code == 404
    staff = api.get(f"{base}/rounds/1/", **_auth(token))
    assert staff.status_code == 200 and staff.json()["published"] is False
    assert staff.json()["match_count"] == 2
    assert api.get(f"{base}/matches/{match.pk}/", **_auth(token)).status_code == 200


def test_publish_shows_the_round_to_everyone_and_records_who(api, paired):
    event, _registrations, token = paired
    base = f"/api/v1/events/{event.pk}"
    before = _public(api, f"{base}/rounds/")["ETag"]
    response = api.post(f"{base}/rounds/1/publish/", {}, format="json", **_auth(token))
    assert response.status_code == 200 and response.json()["published"] is True
    assert response.json()["match_count"] == 2
    listed = _public(api, f"{base}/rounds/")
    assert listed.json()["count"] == 1 and listed.json()["results"][0]["published"] is True
    assert listed["ETag"] != before
    assert _public(api, f"{base}/matches/").json()["count"] == 2
    entry = EventLogEntry.objects.get(event=event, action=LogAction.ROUND_PUBLISHED)
    assert entry.user == token.user and token.name in entry.actor
    again = api.post(f"{base}/rounds/1/publish/", {}, format="json", **_auth(token))
    assert again.status_code == 409 and "published already" in again.json()["message"]


def test_publish_is_refused_to_players_the_public_and_unknown_fields(api, paired):
    event, registrations, token = paired
    url = f"/api/v1/events/{event.pk}/rounds/1/publish/"
    assert _public(api, url).status_code in (401, 405)
    api.credentials()
    assert api.post(url, {}, format="json").status_code == 401
    player = login_client(Client(), registrations[0].seats.first().player.user)
    assert player.post(url, {}, content_type="application/json").status_code == 404
    response = api.post(url, {"now": True}, format="json", **_auth(token))
    assert response.status_code == 400 and "now" in response.json()["errors"]
    assert not Round.objects.get(event=event).is_published
    assert (
        api.post(f"/api/v1/events/{event.pk}/rounds/9/publish/", {}, format="json", **_auth(token)).status_code == 404
    )


def test_a_result_of_a_draft_round_answers_409_with_the_reason(api, paired):
    event, _registrations, token = paired
    match = Round.objects.get(event=event).matches.filter(team_b__isnull=False).first()
    url = f"/api/v1/events/{event.pk}/matches/{match.pk}/result"
    response = api.post(url, SEATS, format="json", **_auth(token))
    assert response.status_code == 409
    assert "isn't published yet" in response.json()["message"]
    api.post(f"/api/v1/events/{event.pk}/rounds/1/publish/", {}, format="json", **_auth(token))
    assert api.post(url, SEATS, format="json", **_auth(token)).status_code == 200


def test_the_setting_follows_the_rel_and_the_organizers_choice(api):
    token = OrganizerTokenFactory()
    made = {"name": "RCQ", "date": "2027-01-09", "team_size": 3, "format_kind": "team_constructed"}
    made["constructed_format"] = "modern"
    competitive = api.post(
        "/api/v1/events/", {**made, "enforcement_level": "competitive"}, format="json", **_auth(token)
    ).json()
    assert competitive["review_pairings"] is None and competitive["reviews_pairings"] is True
    regular = api.post("/api/v1/events/", made, format="json", **_auth(token)).json()
    assert regular["reviews_pairings"] is False
    changed = api.patch(
        f"/api/v1/events/{regular['id']}/", {"review_pairings": True}, format="json", **_auth(token)
    ).json()
    assert changed["review_pairings"] is True and changed["reviews_pairings"] is True
