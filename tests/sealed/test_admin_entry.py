"""The organizer's page for entering a team's sealed pool from real product, against the bundled card catalogue."""

from html import unescape

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from cards.services import cards_ensure_loaded
from drafting.data import load_set
from sealed.models import PoolAction, PoolCard, SealedPool
from sealed.services import sealed_pool_log_entries
from tests.factories import (
    OrganizerFactory,
    PoolCardFactory,
    RegistrationFactory,
    SealedEventFactory,
    SealedPoolFactory,
    SealedSettingsFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db

DOM = sorted({card["name"] for card in load_set("DOM")["cards"] if "Basic" not in card.get("supertypes", [])})


@pytest.fixture(autouse=True)
def _cards(_bundled_cards, db):
    cards_ensure_loaded()


def team(team_size=2, booster_count=None):
    """A team of a sealed event whose product is 8 boosters (teams of two) unless told otherwise."""
    event = SealedEventFactory(team_size=team_size)
    SealedSettingsFactory(event=event, set_code="", booster_count=booster_count)
    return RegistrationFactory(event=event)


def card_list(cards=112) -> list[str]:
    """`cards` cards as "2 Name" lines: two copies of each name."""
    return [f"2 {name}" for name in DOM[: cards // 2]]


def enter(client, registration, lines, **fields):
    data = {"registration": registration.pk, "text": "\n".join(lines), "set_code": "", "booster_size": "14", **fields}
    return client.post(reverse("admin:sealed_sealedpool_enter"), data, follow=True)


def test_enter_pool_stores_every_card_in_english_with_its_details(client):
    registration = team()
    client.force_login(OrganizerFactory())
    lines = card_list()
    lines[0] = "2 Llanowarelfen"  # German for Llanowar Elves
    response = enter(client, registration, lines, set_code="dom")
    pool = SealedPool.objects.get(registration=registration)
    assert response.redirect_chain[-1][0] == reverse("admin:sealed_sealedpool_change", args=[pool.pk])
    assert "112 cards entered" in unescape(response.content.decode())
    assert (pool.source, pool.set_code, pool.booster_count) == ("entered", "DOM", 8)
    rows = list(pool.cards.values_list("position", "name", "colors", "types", "rarity", "set_code")[:2])
    assert rows == [
        (1, "Llanowar Elves", "G", "Creature", "common", "DOM"),
        (2, "Llanowar Elves", "G", "Creature", "common", "DOM"),
    ]
    assert pool.cards.count() == 112
    assert list(sealed_pool_log_entries(pool=pool).values_list("action", "user")) == [
        (f"pool_{PoolAction.ENTERED}", response.wsgi_request.user.pk)
    ]


def test_enter_pool_unknown_name_is_refused_with_line_and_suggestions_and_nothing_written(client):
    registration = team()
    client.force_login(OrganizerFactory())
    lines = card_list()
    lines[4] = "2 Llanowar Elfs"
    lines[9] = "1 Lightning Bolt"
    lines[10] = "1 Lightning Bolt"
    page = unescape(enter(client, registration, lines, set_code="DOM").content.decode())
    assert "Line 5: 'Llanowar Elfs' is not a card name; did you mean Llanowar Elves or Llanowar Elite" in page
    assert "Line 10: Lightning Bolt is not a card of DOM." in page
    assert "Line 11: Lightning Bolt is not a card of DOM." in page
    assert "2 Llanowar Elfs" in page.split("<textarea", 1)[1]  # the list is kept to be corrected
    assert not SealedPool.objects.filter(registration=registration).exists()
    assert not PoolCard.objects.exists()


def test_enter_pool_wrong_total_is_refused_naming_the_product(client):
    registration = team()
    client.force_login(OrganizerFactory())
    page = unescape(enter(client, registration, card_list(110)).content.decode())
    assert "The list has 110 cards, but the event's product is 8 boosters of 14 cards, 112 cards." in page
    assert not SealedPool.objects.filter(registration=registration).exists()
    enter(client, registration, card_list(110), booster_size="")  # the organizer may skip the check
    assert SealedPool.objects.get(registration=registration).cards.count() == 110


def test_enter_pool_total_follows_the_events_booster_count(client):
    registration = team(team_size=3, booster_count=10)
    client.force_login(OrganizerFactory())
    page = unescape(enter(client, registration, card_list(140), booster_size="15").content.decode())
    assert "The list has 140 cards, but the event's product is 10 boosters of 15 cards, 150 cards." in page
    enter(client, registration, card_list(150), booster_size="15")
    pool = SealedPool.objects.get(registration=registration)
    assert (pool.booster_count, pool.cards.count()) == (10, 150)


def test_enter_pool_replaces_an_unregistered_pool_and_refuses_a_registered_one(client):
    registration = team()
    client.force_login(OrganizerFactory())
    old = SealedPoolFactory(registration=registration)
    PoolCardFactory(pool=old, position=1)
    enter(client, registration, card_list())
    pool = SealedPool.objects.get(registration=registration)
    assert pool.pk != old.pk and pool.cards.count() == 112
    SealedPool.objects.filter(pk=pool.pk).update(registered_at="2025-01-01T10:00:00Z")
    page = unescape(enter(client, registration, card_list(110), booster_size="").content.decode())
    assert "This team's pool is registered; the organizer unlocks it before it is replaced." in page
    assert SealedPool.objects.get(registration=registration).cards.count() == 112


def test_enter_pool_change_list_and_pool_page_link_the_entry_page(client):
    registration = team()
    client.force_login(OrganizerFactory())
    pool = SealedPoolFactory(registration=registration)
    url = reverse("admin:sealed_sealedpool_enter")
    assert url in client.get(reverse("admin:sealed_sealedpool_changelist")).content.decode()
    change = unescape(client.get(reverse("admin:sealed_sealedpool_change", args=[pool.pk])).content.decode())
    assert f"{url}?registration={registration.pk}" in change
    form = client.get(url, {"registration": registration.pk}).content.decode()
    assert f'<option value="{registration.pk}" selected>' in form


def test_enter_pool_non_staff_user_gets_no_access(client):
    registration = team()
    client.force_login(UserFactory())
    response = enter(client, registration, card_list())
    assert response.redirect_chain[0][0].startswith(reverse("admin:login"))
    assert not SealedPool.objects.filter(registration=registration).exists()


def test_enter_pool_staff_without_change_permission_is_forbidden(client):
    registration = team()
    viewer = UserFactory(is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_sealedpool"))
    client.force_login(viewer)
    assert enter(client, registration, card_list()).status_code == 403
    assert not SealedPool.objects.filter(registration=registration).exists()
