"""Decklist registration against the real (bundled) card data."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from cards.services import cards_ensure_loaded
from tests.factories import EventFactory, RegistrationFactory, UserFactory
from tournaments.enums import DeckRule, FormatKind
from tournaments.models import Decklist
from tournaments.services.decklists import NotYourSeat, decklist_submit, event_lock_decklists

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(_bundled_cards, db):
    cards_ensure_loaded()


def _deck(*lines: str, fill: str = "Mountain") -> str:
    count = sum(int(line.split()[0]) for line in lines)
    return "\n".join([*lines, f"{60 - count} {fill}"])


def _team(rule=DeckRule.FOUR_COPIES, fmt="modern", size=2, **kwargs):
    event = EventFactory(team_size=size, constructed_format=fmt, deck_rule=rule, **kwargs)
    registration = RegistrationFactory(event=event)
    return registration, list(registration.seats.order_by("letter"))


def _submit(seat, text):
    return decklist_submit(seat=seat, user=seat.player.user, text=text)


def test_decklist_submit_missing_teammate_is_reported():
    registration, (a, b) = _team()
    outcome = _submit(a, _deck("4 Lightning Bolt"))
    assert outcome.errors == []
    assert [p.code for p in outcome.team_problems] == ["missing-decklist"]
    assert "Seat B" in outcome.team_problems[0].message


def test_decklist_submit_four_bolts_across_two_decks_legal_under_four_copies():
    registration, (a, b) = _team()
    _submit(a, _deck("2 Lightning Bolt"))
    outcome = _submit(b, _deck("2 Lightning Bolt", fill="Island"))
    assert outcome.legal
    registration.refresh_from_db()
    assert registration.deck_problems == []


def test_decklist_submit_shared_bolt_illegal_under_no_shared_names_card_and_decks():
    registration, (a, b) = _team(rule=DeckRule.NO_SHARED)
    _submit(a, _deck("2 Lightning Bolt"))
    outcome = _submit(b, _deck("2 Blitzschlag", fill="Island"))  # German for Lightning Bolt
    assert not outcome.legal
    problem = next(p for p in outcome.team_problems if p.card == "Lightning Bolt")
    # The labels name the teammate whose list shares the card.
    assert problem.decks == (f"Seat A ({a.player.name})", f"Seat B ({b.player.name})")


def test_decklist_submit_unknown_name_is_stored_with_the_line_and_suggestions():
    registration, (a, b) = _team()
    outcome = _submit(a, "4 Lightnig Bolt\n56 Mountain")
    assert outcome.errors[0].line_number == 1
    assert "Lightning Bolt" in outcome.errors[0].suggestions
    decklist = Decklist.objects.get(seat=a)
    assert decklist.text == "4 Lightnig Bolt\n56 Mountain"
    assert decklist.errors[0]["line"] == 1


def test_decklist_submit_by_another_player_is_refused():
    registration, (a, b) = _team()
    with pytest.raises(NotYourSeat):
        decklist_submit(seat=a, user=UserFactory(), text=_deck())
    with pytest.raises(NotYourSeat):
        decklist_submit(seat=a, user=b.player.user, text=_deck())
    assert not Decklist.objects.exists()


def test_decklist_submit_after_lock_or_deadline_is_refused_with_the_reason():
    registration, (a, b) = _team()
    event_lock_decklists(event=registration.event)
    with pytest.raises(ValidationError) as info:
        _submit(a, _deck())
    assert info.value.messages == [
        "The organizer has locked decklist registration. Ask a judge if your list must change."
    ]
    event_lock_decklists(event=registration.event, locked=False)
    registration.event.decklist_deadline = timezone.now() - dt.timedelta(minutes=1)
    registration.event.save()
    with pytest.raises(ValidationError) as info:
        _submit(a, _deck())
    assert info.value.messages == [
        "The decklist deadline has passed, so decklists are locked. Ask a judge if your list must change."
    ]


@pytest.mark.parametrize("text", ["", b"\x00\x01\x02binary", "9" * 2_000_000])
def test_decklist_submit_hostile_text_is_refused_and_nothing_is_stored(text):
    registration, (a, b) = _team()
    with pytest.raises(ValidationError) as info:
        _submit(a, text)
    assert info.value.messages
    assert not Decklist.objects.exists()


def test_decklist_submit_huge_count_is_a_line_error_not_a_crash():
    registration, (a, b) = _team()
    outcome = _submit(a, "1000000000 Lightning Bolt\n60 Mountain")
    assert outcome.errors[0].line_number == 1


def test_decklist_submit_mixed_formats_checks_each_deck_on_its_own():
    event = EventFactory(team_size=2, format_kind=FormatKind.TEAM_CONSTRUCTED_MIXED, seat_formats=["modern", "legacy"])
    registration = RegistrationFactory(event=event)
    a, b = registration.seats.order_by("letter")
    _submit(a, _deck("4 Lightning Bolt"))
    outcome = _submit(b, _deck("4 Lightning Bolt", fill="Island"))
    assert outcome.legal


def test_event_recheck_decklists_follows_a_new_deck_rule_and_banned_list():
    from tournaments.services.decklists import event_recheck_decklists

    registration, (a, b) = _team()
    _submit(a, _deck("2 Lightning Bolt"))
    _submit(b, _deck("2 Lightning Bolt", fill="Island"))
    registration.refresh_from_db()
    assert registration.deck_problems == []
    event = registration.event
    event.deck_rule = DeckRule.NO_SHARED
    event.save()
    assert event_recheck_decklists(event=event) == 1
    registration.refresh_from_db()
    assert any(p["card"] == "Lightning Bolt" for p in registration.deck_problems)
    event.deck_rule = DeckRule.FOUR_COPIES
    event.extra_banned = "Lightning Bolt"
    event.save()
    event_recheck_decklists(event=event)
    registration.refresh_from_db()
    assert registration.deck_problems and all(p["card"] == "Lightning Bolt" for p in registration.deck_problems)


def test_event_recheck_decklists_skips_teams_without_decklists_and_refuses_limited_events(monkeypatch):
    from tournaments.services.decklists import event_recheck_decklists

    registration, _seats = _team()
    assert event_recheck_decklists(event=registration.event) == 0
    registration.refresh_from_db()
    assert registration.deck_problems == []
    from tournaments.pools import _PROVIDERS

    monkeypatch.delitem(_PROVIDERS, str(FormatKind.THG_DRAFT))  # a limited format with no pool source
    with pytest.raises(ValidationError) as info:
        event_recheck_decklists(
            event=EventFactory(
                format_kind=FormatKind.THG_DRAFT,
                constructed_format="",
                team_size=2,
                structure="2hg",
                shared_life=30,
                shared_poison=15,
            )
        )
    assert info.value.messages == ["This event is not a constructed event: it has no decklists to check."]
