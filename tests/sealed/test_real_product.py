"""Sealed with real product (issue 40): Hydra keeps no pools, so no door opens, enters, saves or registers one,
each saying what to do instead; events with a digital pool keep checking decks against it."""

from html import unescape

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from rest_framework.test import APIClient

from cards.services import cards_ensure_loaded
from sealed import rules
from sealed.admin import EnterPoolForm
from sealed.models import SealedPool
from sealed.services import (
    RealProductPools,
    sealed_pool_enter,
    sealed_pool_save,
    sealed_pools_open,
)
from tests.factories import (
    OrganizerFactory,
    OrganizerTokenFactory,
    PoolCardFactory,
    PrereleaseEventFactory,
    RegistrationFactory,
    SealedEventFactory,
    SealedPoolFactory,
    SealedSettingsFactory,
)
from tournaments.enums import EnforcementLevel
from tournaments.models import Event
from tournaments.services.decklists import decklist_submit
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db

DECK_STATEMENT = (
    "This event is played with real product: the boosters are opened at the table and Hydra keeps no pools."
)


@pytest.fixture(autouse=True)
def _cards(_bundled_cards, db):
    cards_ensure_loaded()


def _pool_left_in_a_real_product_event(**event_fields):
    """A team's digital pool from before the organizer turned real product on (written past the service, which
    refuses the change): the pages must still take nothing of it."""
    pool = SealedPoolFactory(registration=RegistrationFactory(event=SealedEventFactory(team_size=2)))
    PoolCardFactory(pool=pool, name="Serra Angel")
    Event.objects.filter(pk=pool.event.pk).update(real_product=True, **event_fields)
    return SealedPool.objects.select_related("event").get(pk=pool.pk)


def test_opening_pools_in_a_real_product_event_is_a_409_saying_what_to_do_instead():
    event = PrereleaseEventFactory()
    SealedSettingsFactory(event=event)
    RegistrationFactory(event=event)
    with pytest.raises(RealProductPools) as refused:
        sealed_pools_open(event=event, by=event.organizer)
    assert refused.value.status_code == 409
    assert str(refused.value) == (
        f"{DECK_STATEMENT} Each player types or pastes their deck (a main deck of at least "
        "40 cards, the rest as sideboard) on their decklist page."
    )
    assert not SealedPool.objects.filter(registration__event=event).exists()


def test_at_regular_rel_without_registration_the_refusal_asks_for_no_deck():
    event = PrereleaseEventFactory(enforcement_level=EnforcementLevel.REGULAR)
    registration = RegistrationFactory(event=event)
    with pytest.raises(RealProductPools) as refused:
        sealed_pool_enter(registration=registration, text="1 Serra Angel", by=event.organizer)
    assert str(refused.value) == f"{DECK_STATEMENT} Decks aren't registered at this event: build, then play."
    assert "decklist page" not in str(refused.value)


def test_a_team_event_tells_each_member_to_register_their_own_deck():
    pool = _pool_left_in_a_real_product_event(decklists_at_regular=True)
    with pytest.raises(RealProductPools) as refused:
        sealed_pool_save(pool=pool, user=pool.event.organizer, assignments=[rules.Assignment(1, "A", "main")])
    assert "Each team member types or pastes their own deck" in str(refused.value)


def test_the_pool_page_of_a_real_product_event_offers_no_pool_and_takes_nothing(client):
    pool = _pool_left_in_a_real_product_event(enforcement_level=EnforcementLevel.COMPETITIVE)
    client.force_login(pool.registration.seats.get(letter="A").player.user)
    page = client.get(reverse("sealed:pool", args=[pool.pk]))
    html = unescape(page.content.decode())
    assert page.status_code == 200 and DECK_STATEMENT in html
    assert 'id="pool-form"' not in html and reverse("portal:decklist", args=[pool.event.pk]) in html
    card = pool.cards.get()
    posted = client.post(
        reverse("sealed:pool", args=[pool.pk]), {"version": pool.version, "action": "register", f"c{card.pk}": "A:main"}
    )
    assert posted.status_code == 409
    pool.refresh_from_db()
    assert pool.registered_at is None and pool.cards.get().seat == ""


def test_the_pool_page_of_another_team_stays_hidden_in_a_real_product_event(client):
    pool = _pool_left_in_a_real_product_event()
    other = RegistrationFactory(event=pool.event)
    client.force_login(other.seats.get(letter="A").player.user)
    assert client.get(reverse("sealed:pool", args=[pool.pk])).status_code == 404


def test_the_admin_offers_no_real_product_team_to_enter_a_pool_for():
    real = RegistrationFactory(event=PrereleaseEventFactory())
    digital = RegistrationFactory(event=SealedEventFactory(team_size=1))
    offered = set(EnterPoolForm().fields["registration"].queryset.values_list("pk", flat=True))
    assert digital.pk in offered and real.pk not in offered


def test_the_admins_open_pools_action_says_why_not(client):
    organizer = OrganizerFactory()
    event = PrereleaseEventFactory(organizer=organizer)
    settings_ = SealedSettingsFactory(event=event)
    RegistrationFactory(event=event)
    client.force_login(organizer)
    response = client.post(
        reverse("admin:sealed_sealedsettings_changelist"),
        {"action": "open_pools", "_selected_action": [settings_.pk]},
        follow=True,
    )
    assert DECK_STATEMENT in unescape(response.content.decode())
    assert not SealedPool.objects.filter(registration__event=event).exists()


def test_real_product_cant_be_turned_on_over_pools_hydra_holds():
    api = APIClient()
    token = OrganizerTokenFactory()
    event = SealedEventFactory(team_size=1, organizer=token.user)
    SealedPoolFactory(registration=RegistrationFactory(event=event))
    with pytest.raises(ValidationError) as refused:
        event_update(event=event, user=token.user, real_product=True)
    assert "real_product" in refused.value.message_dict
    response = api.patch(
        f"/api/v1/events/{event.pk}/", {"real_product": True}, format="json", HTTP_AUTHORIZATION=f"Token {token.raw}"
    )
    assert response.status_code == 400
    assert response.json()["errors"]["real_product"] == [
        "Hydra already holds pools of this event's players: real product keeps none. Run the event with its pools, "
        "or make a new event with real product."
    ]
    assert not Event.objects.get(pk=event.pk).real_product


def test_a_digital_pool_event_keeps_its_pools_and_checks_decks_against_them():
    event = SealedEventFactory(team_size=1, enforcement_level=EnforcementLevel.REGULAR)
    registration = RegistrationFactory(event=event)
    pool = sealed_pool_enter(registration=registration, text="1 Serra Angel\n1 Shock", by=event.organizer)
    assert pool.cards.count() == 2
    (seat,) = registration.seats.all()
    outcome = decklist_submit(seat=seat, user=seat.player.user, text="1 Lightning Bolt\n39 Plains")
    assert [p.code for p in outcome.team_problems] == ["not-in-pool"]
