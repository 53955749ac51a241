"""The one lock order (tournaments/services/locks.py, issue 39 item 2) on PostgreSQL with real threads and
connections: a result entered while the same round is taken back, paired again or has two teams swapped, and while
a team of the match drops in the top cut. Before, the result locked match -> round -> event and the others round
-> event -> matches, and 12 of 20 tries deadlocked (500). Now: 0 server errors, 0 deadlocks, one winner per try,
and the loser refused with a Conflict (409)."""

import threading
import time
from collections import Counter

import pytest
from django.db import connection, transaction
from rest_framework.test import APIClient

from common.refusals import Refusal
from tests.api.conftest import build_event
from tests.factories import ApiTokenFactory, EventFactory, RegistrationFactory
from tournaments.enums import ResultState
from tournaments.models import Round, TeamMatch
from tournaments.services.locks import Gone, match_lock, round_lock
from tournaments.services.pairing import round_pair_next, round_repair, round_swap_teams
from tournaments.services.rounds import event_pair_next

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TRIES = 8
OK = {200, 201, 204}


def _result(event, match, token) -> int:
    seats = [{"letter": letter, "wins_a": 2, "wins_b": 0} for letter in event.seat_letters]
    return (
        APIClient()
        .post(
            f"/api/v1/events/{event.pk}/matches/{match.pk}/result",
            {"seats": seats},
            format="json",
            HTTP_AUTHORIZATION=f"Token {token.raw}",
        )
        .status_code
    )


def _service(call) -> int:
    """A service called as its doors call it: its refusal's status, or 500 for anything else (kept in the log)."""
    try:
        call()
    except Refusal as exc:
        return exc.status_code
    return 200


def _race(first, second) -> list[tuple[int, float, float]]:
    """Run both at once on their own connections; each answer with when it started and ended."""
    barrier, answers, errors = threading.Barrier(2), [None, None], []

    def run(index, call):
        barrier.wait()
        started = time.monotonic()
        try:
            code = call()
        except Exception as exc:  # a 500 (a deadlock among them): what must never happen
            errors.append(repr(exc))
            code = 500
        finally:
            connection.close()
        answers[index] = (code, started, time.monotonic())

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate((first, second))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors, errors
    return answers


def _round_one():
    event = EventFactory(swiss_rounds=3)
    for _ in range(4):
        RegistrationFactory(event=event)
    round_ = round_pair_next(event=event)
    return event, round_, ApiTokenFactory(event=event)


def _take_back(event, round_, token) -> int:
    return (
        APIClient()
        .delete(f"/api/v1/events/{event.pk}/rounds/{round_.number}/", HTTP_AUTHORIZATION=f"Token {token.raw}")
        .status_code
    )


def _repair(event, round_, token) -> int:
    return _service(lambda: round_repair(round_=round_, user=event.organizer))


def _swap(event, round_, token) -> int:
    one, two = round_.matches.order_by("table")[:2]
    return _service(lambda: round_swap_teams(round_=round_, first=one.team_a, second=two.team_a, user=event.organizer))


@pytest.mark.parametrize("other", [_take_back, _repair, _swap], ids=["take-back", "re-pair", "swap"])
def test_a_result_raced_against_a_change_of_its_round_has_one_winner_and_a_409(other):
    codes, raced = Counter(), 0
    for _ in range(TRIES):
        event, round_, token = _round_one()
        match = round_.matches.order_by("table").first()
        (result, r0, r1), (change, c0, c1) = _race(
            lambda: _result(event, match, token), lambda: other(event, round_, token)
        )
        codes.update([result, change])
        assert (result in OK) != (change in OK), (result, change)  # exactly one wins
        loser, loser_started, winner_ended = (change, c0, r1) if result in OK else (result, r0, c1)
        if loser_started < winner_ended:  # they overlapped: the loser waited for the winner's locks
            raced += 1
            assert loser == 409, (result, change)
        else:  # the loser came after: a result for a match that no longer exists is a 404, as for any such match
            assert loser in (404, 409), (result, change)
        if result in OK:
            assert TeamMatch.objects.get(pk=match.pk).result_state == ResultState.FINAL
        elif other is _take_back:
            assert not Round.objects.filter(pk=round_.pk).exists()
    assert raced >= TRIES // 2, codes
    assert not any(code >= 500 for code in codes), codes


def test_a_result_raced_against_a_drop_in_the_top_cut_never_deadlocks():
    codes = Counter()
    for _ in range(TRIES):
        event, registrations, _ = build_event(teams=4, rounds=2, swiss_rounds=2, top_cut=4)
        playoff = event_pair_next(event=event)
        match = playoff.matches.filter(result_state=ResultState.PENDING).order_by("table").first()
        token = ApiTokenFactory(event=event)
        (result, *_), (drop, *_) = _race(
            lambda: _result(event, match, token),
            lambda: (
                APIClient()
                .post(
                    f"/api/v1/events/{event.pk}/teams/{match.team_b_id}/drop",
                    {},
                    format="json",
                    HTTP_AUTHORIZATION=f"Token {token.raw}",
                )
                .status_code
            ),
        )
        codes.update([result, drop])
        # The drop gives the pending match to the other team; a result entered after it corrects that (a
        # scorekeeper's result is final), one entered before it stands: both are answered, neither deadlocks.
        assert result in OK | {409} and drop in OK | {409}, (result, drop)
        assert TeamMatch.objects.get(pk=match.pk).result_state == ResultState.FINAL
    assert not any(code >= 500 for code in codes), codes


def test_a_lock_on_a_match_whose_round_was_taken_back_is_a_conflict():
    event, round_, token = _round_one()
    match = round_.matches.first()
    Round.objects.filter(pk=round_.pk).delete()
    with pytest.raises(Gone) as refused:
        match_lock(match_id=match.pk)
    assert refused.value.status_code == 409
    with pytest.raises(Gone):
        round_lock(round_id=round_.pk)


def test_a_locked_match_carries_its_locked_round_and_event():
    event, round_, token = _round_one()
    match = round_.matches.first()
    with transaction.atomic():
        locked = match_lock(match_id=match.pk, related=("team_a__team",))
        assert locked.round.pk == round_.pk and locked.round.event.pk == event.pk
        assert locked.team_a.team.name
