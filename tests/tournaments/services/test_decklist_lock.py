"""Decklists lock at the deadline (explicit, else round 1 paired); after it only a judge changes a list, with the
reason, the old list kept and the change in the event's log (issue 17)."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from common.refusals import NotAllowed
from cards.services import cards_ensure_loaded
from tests.factories import EventStaffFactory, EventFactory, RegistrationFactory, RoundFactory, UserFactory
from tournaments.enums import DeckRule
from tournaments.models import Decklist, DecklistChange, EventLogEntry
from tournaments.rights import may_judge_event
from tournaments.services.decklists import decklist_judge_change, decklist_submit, decklists_open
from tournaments.services.eventlog import LogAction

pytestmark = pytest.mark.django_db

DECK = "4 Lightning Bolt\n56 Mountain"


@pytest.fixture(autouse=True)
def _cards(_bundled_cards, db):
    cards_ensure_loaded()


def _team(**kwargs):
    event = EventFactory(team_size=2, constructed_format="modern", deck_rule=DeckRule.NO_SHARED, **kwargs)
    registration = RegistrationFactory(event=event)
    return event, registration, list(registration.seats.order_by("letter"))


def test_decklists_open_until_round_one_is_paired_without_an_explicit_deadline():
    event, registration, (a, b) = _team()
    assert decklists_open(event=event) is None
    RoundFactory(event=event, number=1)
    assert "Round 1 is paired" in decklists_open(event=event)
    with pytest.raises(ValidationError, match="Round 1 is paired"):
        decklist_submit(seat=a, user=a.player.user, text=DECK)
    assert not Decklist.objects.exists()


def test_decklists_explicit_deadline_in_the_future_keeps_them_open_after_round_one():
    event, registration, (a, b) = _team(decklist_deadline=timezone.now() + dt.timedelta(hours=1))
    RoundFactory(event=event, number=1)
    assert decklists_open(event=event) is None
    decklist_submit(seat=a, user=a.player.user, text=DECK)
    assert Decklist.objects.filter(seat=a).exists()


def test_decklist_change_after_the_deadline_by_a_player_is_refused_and_nothing_changes():
    event, registration, (a, b) = _team()
    decklist_submit(seat=a, user=a.player.user, text=DECK)
    event.decklist_deadline = timezone.now() - dt.timedelta(minutes=1)
    event.save()
    with pytest.raises(ValidationError, match="deadline has passed"):
        decklist_submit(seat=a, user=a.player.user, text="4 Counterspell\n56 Island")
    assert Decklist.objects.get(seat=a).text == DECK
    with pytest.raises(NotAllowed):
        decklist_judge_change(seat=a, user=a.player.user, text="60 Island", reason="mine")


def test_decklist_judge_change_keeps_the_old_list_and_logs_the_reason():
    judge = UserFactory()
    event, registration, (a, b) = _team()
    EventStaffFactory(event=event, user=judge, role="judge")
    decklist_submit(seat=a, user=a.player.user, text=DECK)
    event.decklists_locked = True
    event.save()
    outcome = decklist_judge_change(
        seat=a,
        user=judge,
        text="4 Lightning Bolt\n56 Mountain\n\n3 Duress",
        reason="Sideboard written on the back of the sheet",
    )
    assert outcome.decklist.sideboard == {"Duress": 3}
    change = DecklistChange.objects.get()
    assert change.text == DECK and change.changed_by == judge
    assert change.reason == "Sideboard written on the back of the sheet"
    entry = EventLogEntry.objects.get(event=event, action=LogAction.DECKLIST_CHANGED)
    assert entry.user == judge and "Sideboard written on the back" in entry.message
    assert entry.data["old"] == DECK and entry.data["locked"] is True


def test_decklist_judge_change_without_a_reason_writes_nothing():
    event, registration, (a, b) = _team()
    decklist_submit(seat=a, user=a.player.user, text=DECK)
    with pytest.raises(ValidationError, match="reason"):
        decklist_judge_change(seat=a, user=event.organizer, text="60 Island", reason="  ")
    assert Decklist.objects.get(seat=a).text == DECK
    assert not DecklistChange.objects.exists()
    assert not EventLogEntry.objects.filter(action=LogAction.DECKLIST_CHANGED).exists()  # the submission is logged


def test_decklist_judge_change_of_empty_input_writes_nothing():
    event, registration, (a, b) = _team()
    decklist_submit(seat=a, user=a.player.user, text=DECK)
    with pytest.raises(ValidationError):
        decklist_judge_change(seat=a, user=event.organizer, text="", reason="typo")
    assert not DecklistChange.objects.exists()
    assert not EventLogEntry.objects.filter(action=LogAction.DECKLIST_CHANGED).exists()  # the submission is logged


def test_user_judges_event_organizer_and_judges_only():
    judge, stranger = UserFactory(), UserFactory()
    event, registration, (a, b) = _team()
    EventStaffFactory(event=event, user=judge, role="judge")
    assert may_judge_event(event.organizer, event)
    assert may_judge_event(judge, event)
    assert not may_judge_event(stranger, event)
    assert not may_judge_event(a.player.user, event)
    other = EventFactory()
    assert not may_judge_event(judge, other)


# --- Feedback before the whole team is in ---------------------------------------------------------------------------


def test_decklist_submit_own_deck_problem_shown_before_teammates_submit():
    event, registration, (a, b) = _team()
    outcome = decklist_submit(seat=a, user=a.player.user, text="4 Lightning Bolt\n20 Mountain")
    codes = [p.code for p in outcome.team_problems]
    assert "missing-decklist" in codes
    assert any(
        p.code != "missing-decklist" and p.decks == (f"Seat A ({a.player.name})",) for p in outcome.team_problems
    )


def test_decklist_submit_shared_card_named_with_the_teammate_as_soon_as_their_list_is_in():
    event = EventFactory(team_size=3, constructed_format="modern", deck_rule=DeckRule.NO_SHARED)
    a, b, c = RegistrationFactory(event=event).seats.order_by("letter")
    decklist_submit(seat=a, user=a.player.user, text=DECK)
    outcome = decklist_submit(seat=b, user=b.player.user, text="4 Lightning Bolt\n56 Island")
    shared = [p for p in outcome.team_problems if p.code == "shared-card"]
    assert len(shared) == 1  # seat C has not submitted: the two lists in are checked against each other already
    assert shared[0].decks == (f"Seat A ({a.player.name})", f"Seat B ({b.player.name})")
    assert [p.code for p in outcome.team_problems if p.code == "missing-decklist"] == ["missing-decklist"]
