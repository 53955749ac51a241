"""Writing results: token scope, player sessions with CSRF, idempotent submission."""

import pytest
from django.test import Client

from api.models import IdempotencyKey
from tests.api.conftest import build_event
from tests.factories import ApiTokenFactory, EventFactory, OrganizerFactory, UserFactory
from tournaments.enums import ResultState
from tournaments.models import Event, SeatMatch, TeamMatch

pytestmark = pytest.mark.django_db

SEATS = {
    "seats": [
        {"letter": "A", "wins_a": 2, "wins_b": 0},
        {"letter": "B", "wins_a": 0, "wins_b": 2},
        {"letter": "C", "wins_a": 2, "wins_b": 1, "draws": 1},
    ]
}


@pytest.fixture
def pending():
    """A public event with one pending match between two teams of three."""
    event, registrations, _ = build_event(teams=2, rounds=1, state=ResultState.PENDING)
    match = event.rounds.get().matches.get()
    SeatMatch.objects.filter(team_match=match).delete()
    return event, match, registrations


def _result_url(event, match, action="result"):
    return f"/api/v1/events/{event.pk}/matches/{match.pk}/{action}"


def _token_header(token):
    return {"HTTP_AUTHORIZATION": f"Token {token.raw}"}


def _player(registration):
    return registration.seats.first().player.user


def test_token_records_a_final_result(api, pending):
    event, match, _ = pending
    token = ApiTokenFactory(event=event)
    response = api.post(_result_url(event, match), SEATS, format="json", **_token_header(token))
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["result_state"], body["outcome"]) == ("final", "A")
    match.refresh_from_db()
    assert (match.result_state, match.confirmed_by) == (ResultState.FINAL, event.organizer)
    assert Event.objects.get(pk=event.pk).version == event.version + 1


def test_token_of_another_event_is_refused(api, pending):
    event, match, _ = pending
    token = ApiTokenFactory(event=EventFactory())
    response = api.post(_result_url(event, match), SEATS, format="json", **_token_header(token))
    assert response.status_code == 403
    assert response.json()["message"] == (
        f"This API token is for event {token.event_id}; it can't enter results for event {event.pk}."
    )
    assert TeamMatch.objects.get(pk=match.pk).result_state == ResultState.PENDING


def test_token_does_not_lend_its_users_rights_on_hidden_events(api):
    event, _, _ = build_event(teams=2, rounds=1, is_public=False)
    hidden_match = event.rounds.get().matches.get()
    token = ApiTokenFactory(event=EventFactory(organizer=event.organizer))
    assert api.get(f"/api/v1/events/{event.pk}/", **_token_header(token)).status_code == 404
    response = api.post(_result_url(event, hidden_match), SEATS, format="json", **_token_header(token))
    assert response.status_code == 404


def test_token_reads_its_own_hidden_event(api):
    event, _, _ = build_event(teams=2, rounds=1, is_public=False)
    token = ApiTokenFactory(event=event)
    assert api.get(f"/api/v1/events/{event.pk}/standings/", **_token_header(token)).status_code == 200


@pytest.mark.parametrize(
    "header, message",
    [
        ("Token nonsense", "This is not a Hydra API token; tokens look like hydra_<prefix>_<secret>."),
        ("Token hydra_abcd1234_wrong", "Unknown API token. Ask the organizer for a new one."),
    ],
)
def test_bad_tokens_are_401(api, pending, header, message):
    event, match, _ = pending
    response = api.post(_result_url(event, match), SEATS, format="json", HTTP_AUTHORIZATION=header)
    assert response.status_code == 401
    assert response.json()["message"] == message


def test_revoked_token_is_401(api, pending):
    from api.services import api_token_revoke

    event, match, _ = pending
    token = ApiTokenFactory(event=event)
    api_token_revoke(token=token)
    response = api.post(_result_url(event, match), SEATS, format="json", **_token_header(token))
    assert response.status_code == 401


def test_anonymous_write_is_401(api, pending):
    event, match, _ = pending
    assert api.post(_result_url(event, match), SEATS, format="json").status_code == 401


def test_token_secret_is_stored_hashed():
    token = ApiTokenFactory()
    secret = token.raw.split("_", 2)[2]
    assert secret not in token.secret_hash and len(token.secret_hash) == 64


def test_player_reports_then_other_team_confirms(pending):
    event, match, registrations = pending
    reporter, confirmer = Client(), Client()
    reporter.force_login(_player(registrations[0]))
    confirmer.force_login(_player(registrations[1]))
    response = reporter.post(_result_url(event, match), SEATS, content_type="application/json")
    assert response.status_code == 200, response.content
    assert response.json()["result_state"] == "reported"
    # Until confirmed, the public sees nothing.
    assert Client().get(f"/api/v1/events/{event.pk}/matches/").json()["results"][0]["result_state"] == "pending"
    response = confirmer.post(_result_url(event, match, "confirm"), content_type="application/json")
    assert response.status_code == 200 and response.json()["result_state"] == "confirmed"


def test_other_team_disputes_with_a_note(pending):
    event, match, registrations = pending
    reporter, other = Client(), Client()
    reporter.force_login(_player(registrations[0]))
    other.force_login(_player(registrations[1]))
    reporter.post(_result_url(event, match), SEATS, content_type="application/json")
    response = other.post(
        _result_url(event, match, "dispute"), {"note": "Seat C was 1-2"}, content_type="application/json"
    )
    assert response.status_code == 200
    assert (response.json()["result_state"], response.json()["dispute_note"]) == ("disputed", "Seat C was 1-2")


def test_reporting_team_cannot_confirm_its_own_report(pending):
    event, match, registrations = pending
    client = Client()
    client.force_login(_player(registrations[0]))
    client.post(_result_url(event, match), SEATS, content_type="application/json")
    response = client.post(_result_url(event, match, "confirm"), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["message"] == "Your team reported this result: a member of the other team confirms it."


def test_player_session_write_needs_csrf(pending):
    event, match, registrations = pending
    client = Client(enforce_csrf_checks=True)
    client.force_login(_player(registrations[0]))
    response = client.post(_result_url(event, match), SEATS, content_type="application/json")
    assert response.status_code == 403
    assert "CSRF" in response.json()["message"]
    client.get("/api/v1/events/")  # any page of the portal sets the cookie; here we fetch it by hand
    from django.middleware.csrf import _get_new_csrf_string

    csrf = _get_new_csrf_string()
    client.cookies["csrftoken"] = csrf
    response = client.post(_result_url(event, match), SEATS, content_type="application/json", HTTP_X_CSRFTOKEN=csrf)
    assert response.status_code == 200, response.content


def test_player_of_another_match_gets_404(pending):
    event, match, _ = pending
    stranger, _, _ = build_event(teams=2, rounds=1)
    client = Client()
    client.force_login(stranger.registrations.first().seats.first().player.user)
    response = client.post(_result_url(event, match), SEATS, content_type="application/json")
    assert response.status_code == 404
    assert response.json()["message"] == f"There is no match {match.pk} in event {event.pk}."


def test_organizer_session_is_told_to_use_a_token(pending):
    event, match, _ = pending
    client = Client()
    client.force_login(OrganizerFactory())
    response = client.post(_result_url(event, match), SEATS, content_type="application/json")
    assert response.status_code == 403
    assert "scorekeeper API token" in response.json()["message"]


def test_token_cannot_confirm(api, pending):
    event, match, _ = pending
    token = ApiTokenFactory(event=event)
    response = api.post(_result_url(event, match, "confirm"), format="json", **_token_header(token))
    assert response.status_code == 403


def test_impossible_result_is_400_with_the_seat_named(api, pending):
    event, match, _ = pending
    token = ApiTokenFactory(event=event)
    seats = {"seats": [{"letter": "A", "wins_a": 2, "wins_b": 0}]}
    response = api.post(_result_url(event, match), seats, format="json", **_token_header(token))
    assert response.status_code == 400
    assert response.json()["message"] == "Give a result for every seat (A, B, C), each once."


def test_seats_and_games_together_are_400(api, pending):
    event, match, _ = pending
    token = ApiTokenFactory(event=event)
    body = {**SEATS, "games": {"wins_a": 1, "wins_b": 0}}
    response = api.post(_result_url(event, match), body, format="json", **_token_header(token))
    assert response.status_code == 400
    assert response.json()["message"].startswith("Send either `seats`")


def test_shared_game_result_by_token(api):
    event, _, _ = build_event(
        teams=2,
        rounds=1,
        state=ResultState.PENDING,
        team_size=2,
        structure="2hg",
        format_kind="2hg_constructed",
        shared_life=30,
        shared_poison=15,
    )
    match = event.rounds.get().matches.get()
    SeatMatch.objects.filter(team_match=match).delete()
    token = ApiTokenFactory(event=event)
    response = api.post(
        _result_url(event, match), {"games": {"wins_a": 0, "wins_b": 1}}, format="json", **_token_header(token)
    )
    assert response.status_code == 200, response.content
    assert (response.json()["outcome"], response.json()["games"]) == ("B", {"wins_a": 0, "wins_b": 1, "draws": 0})


def test_retry_with_the_same_idempotency_key_records_once(api, pending):
    event, match, _ = pending
    token = ApiTokenFactory(event=event)
    headers = {**_token_header(token), "HTTP_IDEMPOTENCY_KEY": "4b1d-retry"}
    first = api.post(_result_url(event, match), SEATS, format="json", **headers)
    version = Event.objects.get(pk=event.pk).version
    second = api.post(_result_url(event, match), SEATS, format="json", **headers)
    assert (first.status_code, second.status_code) == (200, 200)
    assert second.json() == first.json()
    assert second["Idempotent-Replayed"] == "true"
    assert Event.objects.get(pk=event.pk).version == version  # nothing was written again
    assert IdempotencyKey.objects.count() == 1


def test_player_retry_of_a_report_is_replayed_not_refused(pending):
    event, match, registrations = pending
    client = Client()
    client.force_login(_player(registrations[0]))
    first = client.post(_result_url(event, match), SEATS, content_type="application/json", HTTP_IDEMPOTENCY_KEY="k1")
    again = client.post(_result_url(event, match), SEATS, content_type="application/json", HTTP_IDEMPOTENCY_KEY="k1")
    assert (first.status_code, again.status_code) == (200, 200)
    # Without the key the same report would be refused as already reported.
    assert client.post(_result_url(event, match), SEATS, content_type="application/json").status_code == 400


def test_idempotency_key_reused_for_another_body_is_422(api, pending):
    event, match, _ = pending
    token = ApiTokenFactory(event=event)
    headers = {**_token_header(token), "HTTP_IDEMPOTENCY_KEY": "same"}
    api.post(_result_url(event, match), SEATS, format="json", **headers)
    other = {"seats": [{**seat, "wins_a": 0, "wins_b": 2} for seat in SEATS["seats"]]}
    response = api.post(_result_url(event, match), other, format="json", **headers)
    assert response.status_code == 422
    assert TeamMatch.objects.get(pk=match.pk).outcome == "A"


def test_refused_request_does_not_use_up_its_key(api, pending):
    event, match, _ = pending
    token = ApiTokenFactory(event=event)
    headers = {**_token_header(token), "HTTP_IDEMPOTENCY_KEY": "fix-and-retry"}
    bad = api.post(_result_url(event, match), {"seats": SEATS["seats"][:1]}, format="json", **headers)
    assert bad.status_code == 400
    assert api.post(_result_url(event, match), SEATS, format="json", **headers).status_code == 200


def test_keys_of_different_callers_do_not_collide(api, pending):
    event, match, _ = pending
    one, two = ApiTokenFactory(event=event), ApiTokenFactory(event=event, user=UserFactory())
    for token in (one, two):
        response = api.post(
            _result_url(event, match), SEATS, format="json", HTTP_IDEMPOTENCY_KEY="desk", **_token_header(token)
        )
        assert response.status_code == 200 and not response.has_header("Idempotent-Replayed")


def test_malformed_idempotency_key_is_400(api, pending):
    event, match, _ = pending
    token = ApiTokenFactory(event=event)
    response = api.post(
        _result_url(event, match), SEATS, format="json", HTTP_IDEMPOTENCY_KEY="has space", **_token_header(token)
    )
    assert response.status_code == 400
    assert "Idempotency-Key" in response.json()["errors"]


@pytest.mark.parametrize("typed, games", [("1-0", (1, 0, 0)), ("1-1-1", (1, 1, 1)), ("ID", (0, 0, 3))])
def test_player_reports_an_individual_match_as_the_desk_types_it(typed, games):
    event, _, _ = build_event(teams=2, rounds=1, state=ResultState.PENDING, team_size=1)
    match = event.rounds.get().matches.get()
    SeatMatch.objects.filter(team_match=match).delete()
    client = Client()
    client.force_login(_player(match.team_a))
    response = client.post(_result_url(event, match), {"result": typed}, content_type="application/json")
    assert response.status_code == 200, response.content
    assert response.json()["seats"] == [{"letter": "A", "wins_a": games[0], "wins_b": games[1], "draws": games[2]}]


def test_shared_game_result_typed_by_token(api):
    event, _, _ = build_event(
        teams=2,
        rounds=1,
        state=ResultState.PENDING,
        team_size=2,
        structure="2hg",
        format_kind="2hg_constructed",
        shared_life=30,
        shared_poison=15,
    )
    match = event.rounds.get().matches.get()
    SeatMatch.objects.filter(team_match=match).delete()
    response = api.post(
        _result_url(event, match), {"result": "B"}, format="json", **_token_header(ApiTokenFactory(event=event))
    )
    assert response.status_code == 200, response.content
    assert (response.json()["outcome"], response.json()["games"]) == ("B", {"wins_a": 0, "wins_b": 1, "draws": 0})
