"""Commander decklists through the API (docs/api.md): a Commander 1-v-1 player registers a list naming the commander
and reads every problem; a Commander night's player too; a judge reads them."""

import pytest

from tests.factories import EventFactory, EventStaffFactory, PodEventFactory, RegistrationFactory, UserFactory

pytestmark = pytest.mark.django_db

LEGAL = "Commander\n1 Krenko, Mob Boss\n\nDeck\n1 Lightning Bolt\n1 Sol Ring\n97 Mountain"
TWO_PROBLEMS = "1 Krenko, Mob Boss *CMDR*\n2 Lightning Bolt\n1 Boros Reckoner\n96 Mountain"


@pytest.fixture(autouse=True)
def _cards(_bundled_cards, db):
    pass


def _seat(factory=EventFactory):
    event = factory(team_size=1, constructed_format="commander")
    registration = RegistrationFactory(event=event)
    return event, registration.seats.get()


def test_a_commander_duel_player_registers_a_legal_list(api):
    event, seat = _seat()
    api.force_authenticate(seat.player.user)
    response = api.put(f"/api/v1/events/{event.pk}/decklist", {"text": LEGAL}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["problems"] == []
    assert body["decklist"]["main_count"] == 99


def test_a_commander_list_with_problems_is_kept_with_every_problem(api):
    event, seat = _seat()
    api.force_authenticate(seat.player.user)
    body = api.put(f"/api/v1/events/{event.pk}/decklist", {"text": TWO_PROBLEMS}, format="json").json()
    name = seat.player.name
    assert body["problems"] == [
        f"{name}: Boros Reckoner (colour identity white, red) is outside your commander's colour identity (red); "
        "remove it.",
        f"{name}: 2 copies of Lightning Bolt; a Commander deck holds one copy of each card, basic lands aside.",
    ]
    judge = UserFactory()
    EventStaffFactory(event=event, user=judge, role="judge")
    api.force_authenticate(judge)
    team = api.get(f"/api/v1/events/{event.pk}/teams/{seat.registration_id}/decklists/").json()
    assert len(team["problems"]) == 2


def test_a_commander_night_checks_its_lists_in_the_readers_language(api):
    event, seat = _seat(PodEventFactory)
    api.force_authenticate(seat.player.user)
    body = api.put(
        f"/api/v1/events/{event.pk}/decklist", {"text": "100 Mountain"}, format="json", HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).json()
    assert body["problems"] == [
        f"{seat.player.name}：请写明你的指挥官：放在 'Commander' 标题下，在该行末尾加上 *CMDR*，或加一行 "
        "'Commander: <牌名>'。"
    ]


def test_the_commanders_field_names_two_partners(api):
    event, seat = _seat()
    api.force_authenticate(seat.player.user)
    response = api.put(
        f"/api/v1/events/{event.pk}/decklist",
        {"text": "1 Sol Ring\n97 Island", "commanders": ["Thrasios, Triton Hero", "Tymna the Weaver"]},
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert response.json()["problems"] == []


def test_three_commanders_are_a_400(api):
    event, seat = _seat()
    api.force_authenticate(seat.player.user)
    response = api.put(
        f"/api/v1/events/{event.pk}/decklist",
        {"text": "97 Island", "commanders": ["Thrasios, Triton Hero", "Tymna the Weaver", "Krenko, Mob Boss"]},
        format="json",
    )
    assert response.status_code == 400


def test_a_judge_reads_the_commander_apart_from_the_deck(api):
    event, seat = _seat()
    api.force_authenticate(seat.player.user)
    api.put(f"/api/v1/events/{event.pk}/decklist", {"text": LEGAL}, format="json")
    judge = UserFactory()
    EventStaffFactory(event=event, user=judge, role="judge")
    api.force_authenticate(judge)
    [decklist] = api.get(f"/api/v1/events/{event.pk}/teams/{seat.registration_id}/decklists/").json()["decklists"]
    assert decklist["commanders"] == {"Krenko, Mob Boss": 1}
    assert "Krenko, Mob Boss" not in decklist["main"]
