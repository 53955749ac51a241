"""Two copies of one result submission racing on PostgreSQL: one write, the other replays it."""

import threading
from collections import Counter

import pytest
from django.db import connection
from rest_framework.test import APIClient

from tests.api.conftest import build_event
from tests.factories import ApiTokenFactory
from tournaments.enums import ResultState
from tournaments.models import Event

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_concurrent_retries_record_once():
    event, _, _ = build_event(teams=2, rounds=1, state=ResultState.PENDING)
    match = event.rounds.get().matches.get()
    token = ApiTokenFactory(event=event)
    version = Event.objects.get(pk=event.pk).version
    seats = [{"letter": x, "wins_a": 2, "wins_b": 0} for x in "ABC"]
    barrier, answers = threading.Barrier(4), []

    def submit():
        client = APIClient()
        barrier.wait()
        try:
            response = client.post(
                f"/api/v1/events/{event.pk}/matches/{match.pk}/result",
                {"seats": seats},
                format="json",
                HTTP_AUTHORIZATION=f"Token {token.raw}",
                HTTP_IDEMPOTENCY_KEY="race",
            )
            answers.append((response.status_code, response.get("Idempotent-Replayed")))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Counter(answers) == Counter({(200, None): 1, (200, "true"): 3})
    assert Event.objects.get(pk=event.pk).version == version + 1
