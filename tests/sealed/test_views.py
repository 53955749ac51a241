"""The sealed pool page: the team's members see and assign their pool; nobody else learns it exists."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from sealed.models import PoolCard, SealedPool
from tests.factories import PoolCardFactory, RegistrationFactory, SealedPoolFactory, UserFactory

pytestmark = pytest.mark.django_db


def pool_with_cards(n: int = 180) -> SealedPool:
    pool = SealedPoolFactory()
    colors = ["W", "U", "B", "R", "G", "", "WU"]
    PoolCard.objects.bulk_create(
        [PoolCardFactory.build(pool=pool, position=k, colors=colors[k % 7], mana_value=k % 8) for k in range(1, n + 1)]
    )
    return pool


def member_client(client, pool: SealedPool, letter: str = "A"):
    client.force_login(pool.registration.seats.get(letter=letter).player.user)
    return client


def test_pool_page_shows_a_180_card_pool_with_sort_and_filter_data(client):
    pool = pool_with_cards(180)
    response = member_client(client, pool).get(reverse("sealed:pool", args=[pool.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('<tr data-position="') == 180
    assert 'data-color="WU"' in html and 'data-color="C"' in html and 'data-mv="7"' in html
    assert 'data-sort="mv"' in html and 'data-filter="color"' in html
    assert "js/sealed.js" in html
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)  # no inline script: the CSP forbids it
    assert " style=" not in html


def test_pool_page_query_count_does_not_grow_with_the_pool(client):
    pool = pool_with_cards(180)
    member_client(client, pool)
    with CaptureQueriesContext(connection) as queries:
        client.get(reverse("sealed:pool", args=[pool.pk]))
    # A fixed number: the page's own reads, and the top bar's "may this person organize?" (tournaments.rights).
    assert len(queries) <= 13


def test_pool_page_of_another_team_must_not_leak(client):
    pool = pool_with_cards(5)
    PoolCard.objects.filter(pool=pool, position=1).update(name="Secret Bomb Rare")
    stranger = RegistrationFactory(event=pool.event).seats.first().player.user
    client.force_login(stranger)
    response = client.get(reverse("sealed:pool", args=[pool.pk]))
    assert response.status_code == 404
    assert b"Secret Bomb Rare" not in response.content
    assert client.get(reverse("sealed:pool", args=[pool.pk + 1000])).status_code == 404
    assert client.post(reverse("sealed:pool", args=[pool.pk]), {"action": "save"}).status_code == 404
    index = client.get(reverse("sealed:index")).content.decode()
    assert pool.registration.team.name not in index


def test_pool_page_anonymous_is_sent_to_sign_in(client):
    pool = pool_with_cards(1)
    response = client.get(reverse("sealed:pool", args=[pool.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_pool_page_register_refused_names_the_cards_and_keeps_the_posted_places(client):
    pool = pool_with_cards(120)
    cards = list(pool.cards.order_by("position"))
    data = {"action": "register", "version": "0"}
    for index, card in enumerate(cards[:-1]):
        data[f"c{card.pk}"] = f"{'ABC'[index // 40]}:main"
    response = member_client(client, pool).post(reverse("sealed:pool", args=[pool.pk]), data)
    html = response.content.decode()
    assert response.status_code == 400
    assert "Pool Card 120 is not assigned" in html
    assert f'name="c{cards[0].pk}"' in html and '<option value="A:main" selected>' in html
    assert not SealedPool.objects.get(pk=pool.pk).is_registered


def test_pool_page_register_legal_decks(client):
    pool = pool_with_cards(120)
    data = {"action": "register", "version": "0"}
    for index, card in enumerate(pool.cards.order_by("position")):
        data[f"c{card.pk}"] = f"{'ABC'[index // 40]}:main"
    response = member_client(client, pool, "B").post(reverse("sealed:pool", args=[pool.pk]), data)
    assert response.status_code == 302
    assert SealedPool.objects.get(pk=pool.pk).is_registered


def test_pool_index_lists_my_pools_only(client):
    mine, theirs = SealedPoolFactory(), SealedPoolFactory()
    member_client(client, mine)
    html = client.get(reverse("sealed:index")).content.decode()
    assert mine.registration.team.name in html
    assert theirs.registration.team.name not in html


def test_pool_page_organizer_sees_it_read_only(client):
    pool = pool_with_cards(3)
    client.force_login(pool.event.organizer)
    html = client.get(reverse("sealed:pool", args=[pool.pk])).content.decode()
    assert "Pool Card 001" in html
    assert 'value="register"' not in html
    client.force_login(UserFactory())
    assert client.get(reverse("sealed:pool", args=[pool.pk])).status_code == 404


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("version", "²"),
        ("version", "9" * 5000),
        ("c²", "A:main"),
        ("c" + "9" * 5000, "A:main"),
        ("c99999999", "A:main"),
        ("basics-A-Plains", "²"),
        ("basics-A-Plains", "9" * 5000),
        ("cX", "A:main"),
        ("action", "🙂"),
    ],
)
def test_pool_page_hostile_fields_get_a_clear_answer_and_write_nothing(client, field, value):
    pool = pool_with_cards(12)
    data = {"action": "register", "version": "0", field: value}
    before = list(PoolCard.objects.filter(pool=pool).order_by("pk").values_list("seat", "zone"))
    response = member_client(client, pool).post(reverse("sealed:pool", args=[pool.pk]), data)
    assert response.status_code in (302, 400)
    if response.status_code == 400 and len(field) < 1000:  # a 5,000-character field name: Django's parser says 400
        assert 'class="problems"' in response.content.decode() or 'role="alert"' in response.content.decode()
    pool.refresh_from_db()
    assert not pool.is_registered
    if field != "action":  # "action" unknown means save; the others must not change any card
        assert list(PoolCard.objects.filter(pool=pool).order_by("pk").values_list("seat", "zone")) == before


def _stored(pool: SealedPool):
    pool = SealedPool.objects.get(pk=pool.pk)
    cards = list(PoolCard.objects.filter(pool=pool).order_by("pk").values_list("seat", "zone"))
    return pool.version, pool.basics, pool.is_registered, cards


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("version", None, "version number wasn&#x27;t understood"),  # the field left out: no check, no blind overwrite
        ("version", "", "version number wasn&#x27;t understood"),
        ("version", "²", "version number wasn&#x27;t understood"),
        ("version", "9" * 5000, "version number wasn&#x27;t understood"),
        ("version", "-1", "version number wasn&#x27;t understood"),
        ("version", "7", "A teammate changed this pool"),
        ("basics-A-Plains", "²", "Seat A: give 0 to 60 Plains."),
        ("basics-A-Plains", "٣", "Seat A: give 0 to 60 Plains."),  # an Arabic-Indic 3: not a number the page sends
        ("basics-A-Plains", "9" * 5000, "Seat A: give 0 to 60 Plains."),
        ("basics-A-Plains", "-1", "Seat A: give 0 to 60 Plains."),
        ("basics-A-Plains", "1e3", "Seat A: give 0 to 60 Plains."),
        ("c99999999", "A:main", "Card #99999999 is not in your pool."),
        ("card", "Z:main", "choose which member (A, B, C) plays it."),
        ("card", "A:bogus", "choose main deck or sideboard."),
    ],
)
def test_pool_page_save_with_one_bad_field_names_it_and_writes_nothing(client, field, value, message):
    """A save that would succeed, spoiled by one bad field: the form comes back (400) naming it, nothing stored."""
    pool = pool_with_cards(12)
    first = pool.cards.order_by("position").first()
    good = {"action": "save", "version": "0", f"c{first.pk}": "A:main", "basics-A-Plains": "2"}
    data = dict(good)
    if value is None:
        del data[field]
    else:
        data[f"c{first.pk}" if field == "card" else field] = value
    before = _stored(pool)
    response = member_client(client, pool).post(reverse("sealed:pool", args=[pool.pk]), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="pool-problems"' in html and message in html
    assert _stored(pool) == before
    # The same form without the bad field saves: the field alone was refused.
    assert client.post(reverse("sealed:pool", args=[pool.pk]), good).status_code == 302
    assert _stored(pool)[:2] == (1, {"A": {"Plains": 2}})
