"""Limited deck registration without a pool (issue 40): real product (boosters opened at the table) for individual
booster draft, sealed/prerelease, team sealed and Two-Headed Giant; typed lists checked by card name and the 40-card
main deck, refused with the reason; at Regular REL no registration unless the organizer asks for it; events with a
known digital pool keep checking against it."""

import pytest
from django.core.exceptions import ValidationError

from cards.services import cards_ensure_loaded
from tests.factories import (
    BoosterDraftEventFactory,
    PoolCardFactory,
    RegistrationFactory,
    SealedEventFactory,
    SealedPoolFactory,
    ThgDraftEventFactory,
)
from tournaments.enums import EnforcementLevel, FormatKind
from tournaments.models import Decklist, EventLogEntry
from tournaments.selectors.decklists import event_registers_decklists
from tournaments.services.decklists import decklist_submit, decklists_open
from tournaments.services.eventlog import LogAction
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db

SEALED_DECK = "1 Serra Angel\n2 Shock\n20 Plains\n17 Mountain\n\nSideboard\n1 Lightning Bolt\n3 Llanowar Elves"


@pytest.fixture(autouse=True)
def _cards(_bundled_cards, db):
    cards_ensure_loaded()


def _prerelease_player(**kwargs):
    """A player of an individual sealed event with real product at Competitive REL."""
    kwargs.setdefault("enforcement_level", EnforcementLevel.COMPETITIVE)
    event = SealedEventFactory(team_size=1, real_product=True, **kwargs)
    (seat,) = RegistrationFactory(event=event).seats.all()
    return seat


def test_typed_sealed_deck_of_40_or_more_is_registered_main_and_sideboard():
    seat = _prerelease_player()
    outcome = decklist_submit(seat=seat, user=seat.player.user, text=SEALED_DECK)
    assert outcome.legal and outcome.team_problems == []
    decklist = Decklist.objects.get(seat=seat)
    assert sum(decklist.main.values()) == 40 and decklist.main["Shock"] == 2
    assert decklist.sideboard == {"Lightning Bolt": 1, "Llanowar Elves": 3}


def test_a_deck_bigger_than_40_is_fine_and_the_sideboard_has_no_size():
    seat = _prerelease_player()
    outcome = decklist_submit(seat=seat, user=seat.player.user, text="1 Serra Angel\n44 Plains\n\n1 Shock")
    assert outcome.legal


def test_a_39_card_main_deck_is_refused_with_the_reason_and_nothing_stored():
    seat = _prerelease_player()
    with pytest.raises(ValidationError) as refused:
        decklist_submit(seat=seat, user=seat.player.user, text="1 Serra Angel\n38 Plains\n\nSideboard\n5 Shock")
    assert refused.value.messages == [
        f"{seat.player.name}: the main deck has 39 cards; a limited deck has at least 40."
    ]
    assert not Decklist.objects.filter(seat=seat).exists()
    assert not EventLogEntry.objects.filter(event=seat.event, action=LogAction.DECKLIST_SUBMITTED).exists()


def test_a_mistyped_card_name_is_refused_naming_the_line_and_the_card_meant():
    seat = _prerelease_player()
    with pytest.raises(ValidationError) as refused:
        decklist_submit(seat=seat, user=seat.player.user, text="1 Serra Angle\n40 Plains")
    [message] = refused.value.messages
    assert message.startswith("Line 1: 'Serra Angle' is not a card name") and "Serra Angel" in message
    assert not Decklist.objects.filter(seat=seat).exists()


def test_every_reason_is_given_at_once():
    seat = _prerelease_player()
    with pytest.raises(ValidationError) as refused:
        decklist_submit(seat=seat, user=seat.player.user, text="1 Serra Angle\n30 Plains")
    assert len(refused.value.messages) == 2
    assert "30 cards" in refused.value.messages[1]


def test_no_pool_is_asked_for_and_no_unified_construction_applies_to_a_team():
    """Team sealed with real boxes: both members may play the same card; the pool isn't Hydra's to check."""
    event = SealedEventFactory(team_size=2, real_product=True, enforcement_level=EnforcementLevel.COMPETITIVE)
    registration = RegistrationFactory(event=event)
    a, b = registration.seats.order_by("letter")
    decklist_submit(seat=a, user=a.player.user, text="4 Shock\n36 Mountain")
    outcome = decklist_submit(seat=b, user=b.player.user, text="4 Shock\n36 Mountain")
    assert outcome.legal, [p.message for p in outcome.team_problems]


def test_a_registration_is_logged_with_the_player_who_made_it():
    seat = _prerelease_player()
    decklist_submit(seat=seat, user=seat.player.user, text=SEALED_DECK)
    entry = EventLogEntry.objects.get(event=seat.event, action=LogAction.DECKLIST_SUBMITTED)
    assert entry.user == seat.player.user and entry.kind == "decklist"
    assert entry.after == {"main": 40, "sideboard": 4}


@pytest.mark.parametrize(
    "factory,kwargs",
    [
        (BoosterDraftEventFactory, {"team_size": 1}),
        (SealedEventFactory, {"team_size": 1}),
        (SealedEventFactory, {"team_size": 3}),
        (ThgDraftEventFactory, {}),
        (ThgDraftEventFactory, {"format_kind": FormatKind.THG_SEALED}),
    ],
)
def test_every_limited_format_with_real_product_takes_typed_decks(factory, kwargs):
    event = factory(real_product=True, enforcement_level=EnforcementLevel.COMPETITIVE, **kwargs)
    seat = RegistrationFactory(event=event).seats.order_by("letter").first()
    outcome = decklist_submit(seat=seat, user=seat.player.user, text="1 Serra Angel\n39 Plains")
    assert [p.code for p in outcome.team_problems if p.code != "missing-decklist"] == []


def test_regular_rel_asks_no_registration_unless_the_organizer_turns_it_on():
    seat = _prerelease_player(enforcement_level=EnforcementLevel.REGULAR)
    event = seat.event
    assert not event_registers_decklists(event=event)
    assert "Regular REL" in decklists_open(event=event)
    with pytest.raises(ValidationError):
        decklist_submit(seat=seat, user=seat.player.user, text=SEALED_DECK)
    event_update(event=event, user=event.organizer, decklists_at_regular=True)
    event.refresh_from_db()
    assert event_registers_decklists(event=event) and decklists_open(event=event) is None
    assert decklist_submit(seat=seat, user=seat.player.user, text=SEALED_DECK).legal


@pytest.mark.parametrize("level", [EnforcementLevel.COMPETITIVE, EnforcementLevel.PROFESSIONAL])
def test_competitive_and_professional_rel_ask_for_registration(level):
    seat = _prerelease_player(enforcement_level=level)
    assert event_registers_decklists(event=seat.event) and decklists_open(event=seat.event) is None


def test_a_known_digital_pool_keeps_being_checked_against():
    event = SealedEventFactory(team_size=1, enforcement_level=EnforcementLevel.REGULAR)
    registration = RegistrationFactory(event=event)
    PoolCardFactory(pool=SealedPoolFactory(registration=registration), name="Serra Angel")
    (seat,) = registration.seats.all()
    assert event_registers_decklists(event=event)  # a digital pool: registered at any REL, as before
    outcome = decklist_submit(seat=seat, user=seat.player.user, text="1 Shock\n39 Plains")
    assert [p.code for p in outcome.team_problems] == ["not-in-pool"]


def test_a_constructed_event_cant_be_set_to_real_product():
    from tests.factories import EventFactory

    event = EventFactory(constructed_format="modern")
    with pytest.raises(ValidationError) as refused:
        event_update(event=event, user=event.organizer, real_product=True)
    assert "real_product" in refused.value.message_dict
