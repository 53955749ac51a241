"""The Day 2 cut through the API (issue 42): GET/POST/DELETE /api/v1/events/{id}/cut/, its settings on the event,
the did-not-advance state on teams and standings (and their filter), and clear 400/409 answers."""

import pytest
from rest_framework.test import APIClient

from tests.api.test_organizer_api import auth
from tests.factories import (
    ApiTokenFactory,
    EventFactory,
    EventStaffFactory,
    OrganizerTokenFactory,
    RegistrationFactory,
    UserFactory,
)
from tournaments.enums import Outcome, ResultState
from tournaments.models import EventLogEntry, Player, Registration

pytestmark = pytest.mark.django_db


def _play(event, number: int) -> None:
    for match in event.rounds.get(number=number).matches.filter(team_b__isnull=False):
        match.outcome, match.result_state = Outcome.A_WINS, ResultState.FINAL
        match.save(update_fields=["outcome", "result_state"])


@pytest.fixture
def organizer():
    return OrganizerTokenFactory()


@pytest.fixture
def event(organizer):
    event = EventFactory(organizer=organizer.user, team_size=1, swiss_rounds=4, top_cut=2)
    for _ in range(16):
        RegistrationFactory(event=event)
    return event


def test_cut_through_the_api_made_listed_and_undone(api, organizer, event):
    url, rounds = f"/api/v1/events/{event.pk}/cut/", f"/api/v1/events/{event.pk}/rounds/"
    settings = {"day2_cut_round": 2, "day2_cut_kind": "record", "day2_cut_threshold": 0}
    response = api.patch(f"/api/v1/events/{event.pk}/", settings, format="json", **auth(organizer))
    assert response.status_code == 200, response.json()
    assert response.json()["day2_cut_applied"] is False and response.json()["day2_cut_kind"] == "record"
    assert api.post(rounds, {}, format="json", **auth(organizer)).status_code == 201
    _play(event, 1)
    assert api.post(rounds, {}, format="json", **auth(organizer)).status_code == 201
    answer = api.post(url, {}, format="json", **auth(organizer))
    assert answer.status_code == 409 and answer.json()["tables"], answer.json()  # round 2 waits for results
    preview = api.get(url, **auth(organizer)).json()
    assert preview["applied"] is False and "results" in preview["problem"]
    _play(event, 2)
    preview = api.get(url, **auth(organizer)).json()
    assert (len(preview["advanced"]), len(preview["not_advanced"]), preview["min_points"]) == (4, 12, 6)
    made = api.post(url, {}, format="json", **auth(organizer))
    assert made.status_code == 200, made.json()
    assert made.json()["applied"] and len(made.json()["not_advanced"]) == 12
    assert api.post(url, {}, format="json", **auth(organizer)).status_code == 409  # made already
    out = made.json()["not_advanced"][0]
    team = api.get(f"/api/v1/events/{event.pk}/teams/{out}/").json()
    assert (team["status"], team["day2_cut_round"]) == ("did_not_advance", 2)
    listed = api.get(f"/api/v1/events/{event.pk}/standings/?status=did_not_advance").json()["results"]
    assert {row["team"] for row in listed} == set(made.json()["not_advanced"])
    assert all(row["did_not_advance"] and not row["dropped"] for row in listed)
    assert len(api.get(f"/api/v1/events/{event.pk}/standings/").json()["results"]) == 16
    undone = api.delete(url, **auth(organizer))
    assert undone.status_code == 200 and undone.json()["applied"] is False, undone.json()
    assert not Registration.objects.filter(event=event, day2_cut_round__isnull=False).exists()
    assert EventLogEntry.objects.filter(event=event, action="day2_cut_undone", user=organizer.user).exists()
    assert api.delete(url, **auth(organizer)).status_code == 409  # nothing to undo
    assert api.post(rounds, {}, format="json", **auth(organizer)).status_code == 201  # round 3: the cut again
    assert set(event.rounds.get(number=3).matches.values_list("team_a_id", flat=True)) <= set(made.json()["advanced"])
    assert api.delete(url, **auth(organizer)).status_code == 409  # round 3 is paired


def test_bad_cuts_answer_400_and_write_nothing(api, organizer, event):
    url = f"/api/v1/events/{event.pk}/cut/"
    api.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json", **auth(organizer))
    _play(event, 1)
    for body in (
        {"round": 1, "kind": "points", "threshold": 4},  # nobody has more than 3 points
        {"round": 4, "kind": "record", "threshold": 1},  # the last round: the top cut decides
        {"round": 1, "kind": "elo", "threshold": 1},
        {"round": 1, "kind": "record", "threshold": -1},
        {"round": 1, "kind": "record", "threshold": 0, "extra": 1},
        {},
    ):  # no cut set on the event
        answer = api.post(url, body, format="json", **auth(organizer))
        assert answer.status_code == 400, (body, answer.json())
    event.refresh_from_db()
    assert not event.day2_cut_applied and event.day2_cut_round is None
    assert not Registration.objects.filter(event=event, day2_cut_round__isnull=False).exists()
    winners = api.post(url, {"round": 1, "kind": "points", "threshold": 3}, format="json", **auth(organizer))
    assert winners.status_code == 200  # 3 points after round 1: the winners go on


def test_no_cut_in_a_single_elimination_event_400(api, organizer):
    event = EventFactory(organizer=organizer.user, team_size=1, bracket_seeding="random")
    answer = api.post(
        f"/api/v1/events/{event.pk}/cut/",
        {"round": 1, "kind": "record", "threshold": 0},
        format="json",
        **auth(organizer),
    )
    assert answer.status_code == 400 and "single-elimination" in str(answer.json())


def test_a_judge_a_scorekeeper_token_or_a_player_cant_cut(api, organizer, event):
    url = f"/api/v1/events/{event.pk}/cut/"
    api.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json", **auth(organizer))
    _play(event, 1)
    body = {"round": 1, "kind": "record", "threshold": 0}
    judge = EventStaffFactory(event=event, role="judge").user
    player = UserFactory()
    Player.objects.filter(pk=event.registrations.first().seats.first().player_id).update(user=player)
    for user in (judge, player):
        client = APIClient()
        client.force_login(user)
        assert client.post(url, body, format="json").status_code == 404  # as if there were no such event
        assert client.delete(url).status_code == 404
    scorekeeper = ApiTokenFactory(event=event)
    assert api.post(url, body, format="json", **auth(scorekeeper)).status_code == 403
    assert api.post(url, body, format="json").status_code in (401, 403)
    assert not Registration.objects.filter(event=event, day2_cut_round__isnull=False).exists()
