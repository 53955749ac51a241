"""Public scoreboards computed once per event version and query, from the shared cache (issue 19)."""

import pytest

from tests.api.conftest import build_event
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_public_standings_are_built_once_per_version(api, django_assert_max_num_queries):
    event, _, _ = build_event(teams=6, rounds=2)
    url = f"/api/v1/events/{event.pk}/standings/"
    first = api.get(url)
    with django_assert_max_num_queries(2):  # the event row (and nothing of the standings)
        second = api.get(url)
    assert (first["X-Hydra-Cache"], second["X-Hydra-Cache"]) == ("miss", "hit")
    assert first.json() == second.json() and first["ETag"] == second["ETag"]
    assert api.get(url, {"page_size": 2})["X-Hydra-Cache"] == "miss"  # another query, another body
    Event.objects.filter(pk=event.pk).update(version=event.version + 1)
    third = api.get(url)
    assert third["X-Hydra-Cache"] == "miss" and third["ETag"] != first["ETag"]


def test_private_scoreboards_are_never_shared(api):
    event, _, _ = build_event(teams=4, rounds=1, is_public=False)
    api.force_login(event.organizer)
    url = f"/api/v1/events/{event.pk}/standings/"
    for _ in range(2):
        response = api.get(url)
        assert response.status_code == 200 and "X-Hydra-Cache" not in response
