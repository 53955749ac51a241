"""A round paired twice at once on PostgreSQL (issue 13): exactly one request pairs it, the other is refused."""

import threading
from collections import Counter

import pytest
from django.db import connection
from rest_framework.test import APIClient

from tests.factories import EventFactory, OrganizerTokenFactory, RegistrationFactory
from tournaments.models import Round, TeamMatch

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("callers", [2, 4])
def test_a_round_paired_by_several_callers_at_once_is_paired_exactly_once(callers):
    token = OrganizerTokenFactory()
    event = EventFactory(organizer=token.user, swiss_rounds=3)
    for _ in range(8):
        RegistrationFactory(event=event)
    barrier, answers = threading.Barrier(callers), []

    def pair():
        client = APIClient()
        barrier.wait()
        try:
            response = client.post(
                f"/api/v1/events/{event.pk}/rounds/", {}, format="json", HTTP_AUTHORIZATION=f"Token {token.raw}"
            )
            answers.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=pair) for _ in range(callers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Counter(answers) == Counter({201: 1, 409: callers - 1})
    assert list(Round.objects.filter(event=event).values_list("number", flat=True)) == [1]
    assert TeamMatch.objects.filter(round__event=event).count() == 4
