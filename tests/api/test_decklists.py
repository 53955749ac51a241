"""The decklist endpoints (issue 40): a player registers a typed limited deck of a real-product event through the
API, refused with the reason when it can't be registered; judges see a team's lists; no player sees another's."""

import pytest

from tests.factories import (
    ApiTokenFactory,
    EventStaffFactory,
    RegistrationFactory,
    SealedEventFactory,
    TYPED_SEALED_DECK,
    UserFactory,
)
from tournaments.enums import EnforcementLevel
from tournaments.models import Decklist

pytestmark = pytest.mark.django_db

DECK = TYPED_SEALED_DECK


def _as(api, user):
    api.force_authenticate(user)
    return api


def test_a_player_registers_a_typed_sealed_deck(api, prerelease):
    event, (seat, _other, _third) = prerelease
    url = f"/api/v1/events/{event.pk}/decklist"
    body = _as(api, seat.player.user).get(url).json()
    assert body["open"] and body["real_product"] and not body["decklist"]["submitted"]
    response = api.put(url, {"text": DECK}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["decklist"]["main_count"] == 40 and body["decklist"]["sideboard"] == {"Lightning Bolt": 1}
    assert body["problems"] == []


def test_a_39_card_main_deck_is_a_400_with_the_reason(api, prerelease):
    event, (seat, _other, _third) = prerelease
    response = _as(api, seat.player.user).put(
        f"/api/v1/events/{event.pk}/decklist", {"text": "1 Serra Angel\n38 Plains"}, format="json"
    )
    assert response.status_code == 400
    assert "the main deck has 39 cards; a limited deck has at least 40" in response.json()["message"]
    assert not Decklist.objects.filter(seat=seat).exists()


def test_a_mistyped_name_is_a_400_naming_it(api, prerelease):
    event, (seat, _other, _third) = prerelease
    response = _as(api, seat.player.user).put(
        f"/api/v1/events/{event.pk}/decklist", {"text": "1 Serra Angle\n40 Plains"}, format="json"
    )
    assert response.status_code == 400
    assert "Line 1: 'Serra Angle' is not a card name. Did you mean Serra Angel" in response.json()["message"]


def test_a_judge_sees_a_players_list(api, prerelease):
    event, (seat, _other, _third) = prerelease
    _as(api, seat.player.user).put(f"/api/v1/events/{event.pk}/decklist", {"text": DECK}, format="json")
    judge = UserFactory()
    EventStaffFactory(event=event, user=judge, role="judge")
    response = _as(api, judge).get(f"/api/v1/events/{event.pk}/teams/{seat.registration_id}/decklists/")
    assert response.status_code == 200
    [decklist] = response.json()["decklists"]
    assert decklist["player"] == seat.player.name and decklist["main"]["Shock"] == 2


def test_a_player_cant_see_another_players_list(api, prerelease):
    event, (seat, other, _third) = prerelease
    _as(api, other.player.user).put(f"/api/v1/events/{event.pk}/decklist", {"text": DECK}, format="json")
    response = _as(api, seat.player.user).get(f"/api/v1/events/{event.pk}/teams/{other.registration_id}/decklists/")
    assert response.status_code == 404
    assert "Serra Angel" not in response.content.decode()
    mine = api.get(f"/api/v1/events/{event.pk}/decklist").json()
    assert mine["decklist"]["player"] == seat.player.name and not mine["decklist"]["submitted"]


def test_a_token_cant_register_a_players_list(api, prerelease):
    event, (seat, _other, _third) = prerelease
    token = ApiTokenFactory(event=event, user=event.organizer)
    response = api.put(
        f"/api/v1/events/{event.pk}/decklist", {"text": DECK}, format="json", HTTP_AUTHORIZATION=f"Token {token.raw}"
    )
    assert response.status_code == 403
    assert not Decklist.objects.exists()


def test_regular_rel_without_registration_answers_why(api, _bundled_cards):
    event = SealedEventFactory(team_size=1, real_product=True, enforcement_level=EnforcementLevel.REGULAR)
    seat = RegistrationFactory(event=event).seats.get()
    url = f"/api/v1/events/{event.pk}/decklist"
    body = _as(api, seat.player.user).get(url).json()
    assert not body["open"] and "Regular REL" in body["closed_reason"]
    assert api.put(url, {"text": DECK}, format="json").status_code == 400
