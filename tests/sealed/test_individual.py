"""Sealed pools per player in individual events (issue 27): six boosters each, one deck built from them."""

import pytest

from sealed import rules
from sealed.rules import MAIN, SIDE, Assignment
from sealed.services import sealed_pool_register, sealed_pools_open
from tests.factories import RegistrationFactory, SealedEventFactory, SealedSettingsFactory

pytestmark = pytest.mark.django_db


def test_each_player_opens_six_boosters_of_their_own_and_registers_one_deck():
    event = SealedEventFactory(team_size=1)
    SealedSettingsFactory(event=event, set_code="DOM")
    registrations = [RegistrationFactory(event=event) for _ in range(2)]
    pools = sealed_pools_open(event=event)
    assert [p.booster_count for p in pools] == [6, 6] and [p.cards.count() for p in pools] == [90, 90]
    assert len({p.seed for p in pools}) == 2
    pool = pools[0]
    cards = list(pool.cards.order_by("position"))
    assignments = [Assignment(card.pk, "A", MAIN if index < 40 else SIDE) for index, card in enumerate(cards)]
    user = registrations[0].seats.get().player.user
    registered = sealed_pool_register(pool=pool, user=user, assignments=assignments)
    assert registered.registered_at is not None
    assert rules.default_booster_count(team_size=1) == 6 and rules.default_booster_count(team_size=3) == 12
