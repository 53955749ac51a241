import pytest

from api.services import api_token_create
from tests.factories import EventFactory, RoundFactory, TeamMatchFactory, UserFactory
from tournaments.models import RoundClock


@pytest.fixture
def round_(db):
    round_ = RoundFactory(event=EventFactory(), number=1)
    TeamMatchFactory(round=round_, table=1)
    return round_


def _url(round_, event_id=None, number=None):
    return f"/api/v1/events/{event_id or round_.event_id}/rounds/{number or round_.number}/clock"


def _token(event):
    _token_row, raw = api_token_create(event=event, user=event.organizer, name="scorekeeper")
    return raw


def test_clock_api_token_drives_the_clock_and_gets_the_clock_object(api, round_):
    api.credentials(HTTP_AUTHORIZATION=f"Token {_token(round_.event)}")
    response = api.post(_url(round_), {"action": "start"}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"state", "ends_at", "remaining_seconds", "extensions"}
    assert body["state"] == "running" and body["ends_at"] and 2990 <= body["remaining_seconds"] <= 3000
    api.post(_url(round_), {"action": "pause"}, format="json")
    paused = api.post(_url(round_), {"action": "add", "seconds": 60}, format="json").json()
    assert paused["state"] == "paused" and paused["ends_at"] is None and paused["remaining_seconds"] >= 3050
    extended = api.post(
        _url(round_), {"action": "add", "seconds": 120, "table": 1, "reason": "deck check"}, format="json"
    ).json()
    assert [x["table"] for x in extended["extensions"]] == [None, 1]
    assert api.post(_url(round_), {"action": "resume"}, format="json").json()["state"] == "running"


def test_clock_api_organizer_session(api, round_):
    api.force_login(round_.event.organizer)
    assert api.post(_url(round_), {"action": "start", "seconds": 600}, format="json").json()["remaining_seconds"] <= 600


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"action": "rewind"}, "action"),
        ({"action": "add"}, "seconds"),
        ({"action": "add", "seconds": 0}, "seconds"),
        ({"action": "add", "seconds": 60, "table": 1}, "needs its reason"),
        ({"action": "pause"}, "running clock"),
    ],
)
def test_clock_api_bad_input_is_a_400_that_says_why(api, round_, body, message):
    api.credentials(HTTP_AUTHORIZATION=f"Token {_token(round_.event)}")
    response = api.post(_url(round_), body, format="json")
    assert response.status_code == 400
    assert message in response.json()["message"]
    assert not RoundClock.objects.filter(status="running").exists()


def test_clock_api_refuses_players_other_events_and_anonymous(api, round_):
    assert api.post(_url(round_), {"action": "start"}, format="json").status_code in (401, 403)
    player = round_.matches.first().team_a.seats.first().player.user
    api.force_login(player)
    assert api.post(_url(round_), {"action": "start"}, format="json").status_code == 403
    api.logout()
    other = EventFactory()
    api.credentials(HTTP_AUTHORIZATION=f"Token {_token(other)}")
    assert api.post(_url(round_), {"action": "start"}, format="json").status_code == 403
    assert not RoundClock.objects.exists()


def test_clock_api_unknown_round_or_hidden_event_is_404(api, round_):
    api.credentials(HTTP_AUTHORIZATION=f"Token {_token(round_.event)}")
    assert api.post(_url(round_, number=9), {"action": "start"}, format="json").status_code == 404
    hidden = EventFactory(is_public=False)
    RoundFactory(event=hidden, number=1)
    api.credentials()
    api.force_login(UserFactory(username="nosy"))
    assert api.post(_url(round_, event_id=hidden.pk, number=1), {"action": "start"}, format="json").status_code == 404
