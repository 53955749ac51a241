"""The presets through the API (issue 40): GET /api/v1/presets/ and `preset` when creating an event."""

import pytest

from tests.factories import ApiTokenFactory, OrganizerTokenFactory
from tournaments.enums import EnforcementLevel, FormatKind
from tournaments.models import Event, EventLogEntry

pytestmark = pytest.mark.django_db


def auth(token) -> dict:
    return {"HTTP_AUTHORIZATION": f"Token {token.raw}"}


def test_presets_list_names_the_real_product_presets_and_what_they_fix(api):
    response = api.get("/api/v1/presets/")
    assert response.status_code == 200
    presets = {p["key"]: p for p in response.json()}
    assert presets["prerelease"]["settings"] == {
        "real_product": True,
        "enforcement_level": "regular",
        "decklists_at_regular": False,
        "deck_building_minutes": 30,
    }
    assert presets["prerelease"]["label"] == "Prerelease (real product)"
    assert presets["sealed_real_product"]["settings"]["enforcement_level"] == "competitive"
    assert presets["team_sealed_real_product"]["team_sizes"] == [2, 3]
    assert presets["team_sealed_real_product"]["format_kind"] == FormatKind.TEAM_SEALED


def test_create_a_prerelease_from_its_preset_for_the_field_size_logged_with_who_did_it(api):
    token = OrganizerTokenFactory()
    response = api.post(
        "/api/v1/events/",
        {"name": "Prerelease", "date": "2026-12-05", "preset": "prerelease", "expected": 20},
        format="json",
        **auth(token),
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["team_size"], body["format_kind"], body["real_product"], body["decklists_at_regular"]) == (
        1,
        "team_sealed",
        True,
        False,
    )
    assert (body["enforcement_level"], body["swiss_rounds"], body["top_cut"], body["deck_building_minutes"]) == (
        "regular",
        5,
        8,
        30,
    )
    entry = EventLogEntry.objects.get(event_id=body["id"], action="event_created")
    assert entry.user == token.user


def test_a_setting_given_beside_the_preset_wins(api):
    token = OrganizerTokenFactory()
    response = api.post(
        "/api/v1/events/",
        {"name": "Sealed", "date": "2026-12-05", "preset": "sealed_real_product", "swiss_rounds": 6},
        format="json",
        **auth(token),
    )
    assert response.status_code == 201
    event = Event.objects.get(pk=response.json()["id"])
    assert event.swiss_rounds == 6 and event.enforcement_level == EnforcementLevel.COMPETITIVE and event.real_product


def test_team_sealed_with_real_boxes_for_teams_of_two_and_never_four(api):
    token = OrganizerTokenFactory()
    ok = api.post(
        "/api/v1/events/",
        {"name": "Team boxes", "date": "2026-12-05", "preset": "team_sealed_real_product", "team_size": 2},
        format="json",
        **auth(token),
    )
    assert ok.status_code == 201 and ok.json()["team_size"] == 2 and ok.json()["real_product"] is True
    refused = api.post(
        "/api/v1/events/",
        {"name": "Four", "date": "2026-12-05", "preset": "team_sealed_real_product", "team_size": 4},
        format="json",
        **auth(token),
    )
    assert refused.status_code == 400
    assert refused.json()["errors"]["team_size"] == ["Team sealed with real boxes is played by teams of 2 or 3."]
    assert not Event.objects.filter(name="Four").exists()


def test_an_unknown_preset_or_a_number_expected_without_one_is_refused_by_name(api):
    token = OrganizerTokenFactory()
    unknown = api.post(
        "/api/v1/events/", {"name": "X", "date": "2026-12-05", "preset": "prerelase"}, format="json", **auth(token)
    )
    assert unknown.status_code == 400 and "preset" in unknown.json()["errors"]
    alone = api.post(
        "/api/v1/events/", {"name": "X", "date": "2026-12-05", "expected": 12}, format="json", **auth(token)
    )
    assert alone.status_code == 400 and alone.json()["errors"]["expected"] == [
        "Give a preset with the number expected."
    ]
    assert not Event.objects.filter(name="X").exists()


def test_a_preset_is_no_way_around_the_organizer_token(api):
    response = api.post(
        "/api/v1/events/",
        {"name": "X", "date": "2026-12-05", "preset": "prerelease"},
        format="json",
        **auth(ApiTokenFactory()),
    )
    assert response.status_code == 403 and not Event.objects.filter(name="X").exists()
