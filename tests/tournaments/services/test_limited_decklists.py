"""Deck registration for limited events against the team's pool: sealed pools and Rochester picks through the pool
providers (tournaments.pools); a card used twice or not in the pool is named; nothing half-written."""

import pytest

from cards.services import cards_ensure_loaded
from tests.factories import (
    DraftCardFactory,
    DraftTableFactory,
    PoolCardFactory,
    RegistrationFactory,
    SealedEventFactory,
    SealedPoolFactory,
)
from tournaments.models import Decklist
from tournaments.pools import TeamPool, event_has_pools, team_pool
from tournaments.services.decklists import decklist_submit, decklists_open

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(_bundled_cards, db):
    cards_ensure_loaded()


def _sealed_team(cards=("Serra Angel", "Shock", "Shock")):
    event = SealedEventFactory(team_size=2)
    registration = RegistrationFactory(event=event)
    pool = SealedPoolFactory(registration=registration)
    for name in cards:
        PoolCardFactory(pool=pool, name=name)
    return registration, list(registration.seats.order_by("letter"))


def test_sealed_event_registers_decklists_checked_against_the_pool():
    registration, (a, b) = _sealed_team()
    assert decklists_open(event=registration.event) is None
    outcome = decklist_submit(
        seat=a, user=a.player.user, text="1 Serra Angel\n1 Shock\n38 Plains\n\nSideboard\n1 Shock"
    )
    assert [p.code for p in outcome.team_problems] == ["missing-decklist"]
    outcome = decklist_submit(seat=b, user=b.player.user, text="1 Shock\n39 Mountain")
    [problem] = outcome.team_problems
    assert problem.code == "pool-card-used-twice" and problem.card == "Shock"
    assert f"Seat A ({a.player.name}) 2, Seat B ({b.player.name}) 1" in problem.message


def test_sealed_decklist_card_not_in_the_pool_is_named_and_a_typo_is_a_line():
    registration, (a, b) = _sealed_team()
    outcome = decklist_submit(seat=a, user=a.player.user, text="1 Lightning Bolt\n1 Serra Angle\n38 Plains")
    codes = {p.code for p in outcome.team_problems}
    assert "not-in-pool" in codes and "decklist-unknown-card" in codes
    assert any(p.card == "Lightning Bolt" for p in outcome.team_problems)
    assert [e.line_number for e in outcome.errors] == [2]


def test_rochester_decklist_checked_against_the_teams_picks():
    table = DraftTableFactory()
    DraftCardFactory(table=table, name="Serra Angel", picked_by="1A", pick_number=1)
    DraftCardFactory(table=table, name="Shock", picked_by="2A", pick_number=2)
    a = table.team1.seats.get(letter="A")
    outcome = decklist_submit(seat=a, user=a.player.user, text="1 Serra Angel\n1 Shock\n38 Plains")
    assert [p.card for p in outcome.team_problems if p.code == "not-in-pool"] == ["Shock"]  # the other team's pick
    assert team_pool(registration=table.team1).cards == {"Serra Angel": 1}


def test_limited_team_without_a_pool_yet_is_told_so():
    event = SealedEventFactory(team_size=2)
    a = RegistrationFactory(event=event).seats.get(letter="A")
    outcome = decklist_submit(seat=a, user=a.player.user, text="40 Plains")
    assert "no-pool" in [p.code for p in outcome.team_problems]
    assert Decklist.objects.filter(seat=a).exists()


def test_pool_provider_register_plugs_a_new_format_in(monkeypatch):
    """How a format plugs in: a provider for its format kind (here one standing in for the 2HG draft's)."""
    from tests.factories import SharedGameEventFactory
    from tournaments.enums import FormatKind
    from tournaments.pools import _PROVIDERS

    monkeypatch.delitem(_PROVIDERS, str(FormatKind.THG_DRAFT), raising=False)
    event = SharedGameEventFactory(format_kind=FormatKind.THG_DRAFT, constructed_format="")
    registration = RegistrationFactory(event=event)
    assert not event_has_pools(event=event)
    monkeypatch.setitem(_PROVIDERS, str(FormatKind.THG_DRAFT), lambda r: TeamPool(cards={"Shock": 1}))
    assert event_has_pools(event=event)
    a = registration.seats.get(letter="A")
    outcome = decklist_submit(seat=a, user=a.player.user, text="2 Shock\n38 Plains")
    assert [p.code for p in outcome.team_problems if p.card == "Shock"] == ["pool-card-used-twice"]


def test_lists_checked_before_the_pool_existed_are_checked_again_once_it_does():
    from tournaments.services.decklists import registration_pool_check_refresh

    event = SealedEventFactory(team_size=2)
    registration = RegistrationFactory(event=event)
    a = registration.seats.get(letter="A")
    decklist_submit(seat=a, user=a.player.user, text="2 Shock\n38 Plains")
    registration.refresh_from_db()
    assert not registration_pool_check_refresh(registration=registration)  # still no pool: nothing to do
    PoolCardFactory(pool=SealedPoolFactory(registration=registration), name="Shock")
    assert registration_pool_check_refresh(registration=registration)
    registration.refresh_from_db()
    codes = [p["code"] for p in registration.deck_problems]
    assert "no-pool" not in codes and "pool-card-used-twice" in codes
