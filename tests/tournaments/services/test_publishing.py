"""Pairings reviewed before players see them (issue 53, tournaments/services/publishing.py): a round paired while the
event reviews its pairings is a draft until "Publish"; results wait for it; the players are told once, on publish."""

import pytest
from django.core.exceptions import ValidationError

from tests.api.conftest import build_event
from tests.factories import EventFactory, RegistrationFactory
from tournaments.enums import EnforcementLevel, ResultState
from tournaments.models import EventLogEntry
from tournaments.selectors.rounds import round_latest, rounds_players_see
from tournaments.services.errors import StateConflict
from tournaments.services.eventlog import LogAction
from tournaments.services.pairing import round_pair_next, round_repair
from tournaments.services.publishing import RoundNotPublished, round_publish
from tournaments.services.results import SeatGames, team_match_record_final, team_match_report
from tournaments.services.rounds import event_pair_next, round_take_back
from tournaments.signals import DomainEvent, domain_event

pytestmark = pytest.mark.django_db


def _reviewed(**fields):
    fields.setdefault("enforcement_level", EnforcementLevel.COMPETITIVE)
    event, registrations, _rounds = build_event(teams=4, rounds=0, swiss_rounds=3, **fields)
    return event, registrations


@pytest.mark.parametrize(
    ("level", "reviews"),
    [(EnforcementLevel.REGULAR, False), (EnforcementLevel.COMPETITIVE, True), (EnforcementLevel.PROFESSIONAL, True)],
)
def test_review_is_on_by_default_at_competitive_and_professional_rel_only(level, reviews):
    event = EventFactory(enforcement_level=level)
    assert event.review_pairings is None and event.reviews_pairings is reviews
    round_ = round_pair_next(event=build_event(teams=2, rounds=0, enforcement_level=level)[0], seed=1)
    assert round_.is_published is (not reviews)


def test_the_organizers_choice_wins_over_the_rel():
    assert EventFactory(enforcement_level=EnforcementLevel.REGULAR, review_pairings=True).reviews_pairings is True
    assert EventFactory(enforcement_level=EnforcementLevel.COMPETITIVE, review_pairings=False).reviews_pairings is False


def test_a_draft_is_left_out_of_what_players_see_until_it_is_published():
    event, _registrations = _reviewed()
    round_ = round_pair_next(event=event, user=event.organizer, seed=1)
    assert round_.published_at is None
    assert round_latest(event=event) == round_ and round_latest(event=event, players=True) is None
    assert list(rounds_players_see(event=event)) == []
    version = type(event).objects.get(pk=event.pk).version
    round_publish(round_=round_, user=event.organizer)
    round_.refresh_from_db()
    assert round_.is_published and list(rounds_players_see(event=event)) == [round_]
    assert type(event).objects.get(pk=event.pk).version > version  # every page's ETag changes
    entry = EventLogEntry.objects.get(event=event, action=LogAction.ROUND_PUBLISHED)
    assert entry.user == event.organizer and entry.round_number == 1


def test_publishing_twice_is_refused():
    event, _registrations = _reviewed()
    round_ = round_publish(round_=round_pair_next(event=event, seed=1), user=event.organizer)
    with pytest.raises(StateConflict, match="published already"):
        round_publish(round_=round_, user=event.organizer)


def test_a_result_of_a_draft_round_is_refused_with_a_clear_message():
    event, _registrations = _reviewed()
    round_ = round_pair_next(event=event, seed=1)
    match = round_.matches.filter(team_b__isnull=False).first()
    seats = [SeatGames(letter, 2, 0) for letter in event.seat_letters]
    with pytest.raises(RoundNotPublished, match="Round 1 isn't published yet"):
        team_match_record_final(match=match, user=event.organizer, seats=seats)
    player = match.team_a.seats.first().player.user
    with pytest.raises(RoundNotPublished):
        team_match_report(match=match, user=player, seats=seats)
    match.refresh_from_db()
    assert match.result_state == ResultState.PENDING
    round_publish(round_=round_, user=event.organizer)
    assert team_match_record_final(match=match, user=event.organizer, seats=seats).result_state == ResultState.FINAL


def test_a_draft_can_be_paired_again_and_taken_back_and_stays_a_draft():
    event, _registrations = _reviewed()
    round_ = round_pair_next(event=event, seed=1)
    round_ = round_repair(round_=round_, seed=2)
    assert not round_.is_published
    round_take_back(round_=round_, user=event.organizer)
    assert round_latest(event=event) is None


def test_taking_back_a_published_round_works_as_before():
    event, _registrations = _reviewed()
    round_ = round_publish(round_=round_pair_next(event=event, seed=1), user=event.organizer)
    round_take_back(round_=round_, user=event.organizer)
    assert round_latest(event=event) is None


def test_webhooks_hear_of_a_draft_only_when_it_is_published(django_capture_on_commit_callbacks):
    event, _registrations = _reviewed()
    heard = []

    def receiver(sender, event_id, kind, data, **kwargs):
        heard.append((kind, data))

    domain_event.connect(receiver)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            round_ = round_pair_next(event=event, seed=1)
        assert heard == []
        with django_capture_on_commit_callbacks(execute=True):
            round_publish(round_=round_, user=event.organizer)
        assert heard == [(DomainEvent.ROUND_PAIRED, {"round": round_.pk})]
    finally:
        domain_event.disconnect(receiver)


def test_the_next_round_waits_for_the_draft_to_be_published_and_played():
    event, _registrations = _reviewed()
    round_pair_next(event=event, seed=1)
    with pytest.raises(ValidationError):
        round_pair_next(event=event, seed=2)


def test_an_individual_event_and_a_single_elimination_bracket_wait_for_publish_too(django_capture_on_commit_callbacks):
    solo = EventFactory(team_size=1, swiss_rounds=3, enforcement_level=EnforcementLevel.PROFESSIONAL)
    for _ in range(4):
        RegistrationFactory(event=solo)
    assert not round_pair_next(event=solo, seed=1).is_published
    bracket = EventFactory(
        team_size=1, swiss_rounds=3, bracket_seeding="random", enforcement_level=EnforcementLevel.COMPETITIVE
    )
    for _ in range(5):
        RegistrationFactory(event=bracket)
    heard = []

    def receiver(sender, event_id, kind, data, **kwargs):
        heard.append(kind)

    domain_event.connect(receiver)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            first = event_pair_next(event=bracket, user=bracket.organizer, seed=1)
        assert not first.is_published and heard == []
        with django_capture_on_commit_callbacks(execute=True):
            round_publish(round_=first, user=bracket.organizer)
        assert heard == [DomainEvent.TOP_CUT]  # a bracket's first round is announced as its top cut, as before
    finally:
        domain_event.disconnect(receiver)
