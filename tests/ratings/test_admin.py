"""The ratings in the admin: the event's importance and region, read-only rating rows, the rebuild action."""

import pytest
from django.urls import reverse

from ratings.models import PlayerRating, RatingCategory
from ratings.services import ratings_recalculate
from tests.factories import EventFactory, OrganizerFactory, PlayerFactory
from tests.ratings.conftest import A, played_event
from tests.tournaments.test_admin import _event_post
from tournaments.enums import RatingImportance
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer_client(client):
    client.force_login(OrganizerFactory())
    return client


def test_event_admin_sets_the_rating_importance_and_region(organizer_client):
    event = EventFactory()
    url = reverse("admin:tournaments_event_change", args=[event.pk])
    assert 'name="rating_importance"' in organizer_client.get(url).content.decode()
    response = organizer_client.post(url, _event_post(event, rating_importance="competitive", region="Bavaria"))
    assert response.status_code == 302
    assert Event.objects.values_list("rating_importance", "region").get(pk=event.pk) == ("competitive", "Bavaria")


def test_event_admin_post_without_the_importance_keeps_it(organizer_client):
    event = EventFactory(rating_importance=RatingImportance.UNRATED)
    response = organizer_client.post(reverse("admin:tournaments_event_change", args=[event.pk]), _event_post(event))
    assert response.status_code == 302
    assert Event.objects.get(pk=event.pk).rating_importance == RatingImportance.UNRATED


def test_rating_rows_are_read_only_and_the_rebuild_action_restores_them(organizer_client):
    p = [PlayerFactory() for _ in range(4)]
    played_event(teams=[p[:2], p[2:]], results=[[(0, 1, A)]])
    ratings_recalculate()
    rating = PlayerRating.objects.get(player=p[0])
    assert organizer_client.get(reverse("admin:ratings_playerrating_changelist")).status_code == 200
    assert organizer_client.post(reverse("admin:ratings_playerrating_change", args=[rating.pk]), {}).status_code == 403
    PlayerRating.objects.all().delete()
    response = organizer_client.post(
        reverse("admin:ratings_ratingcategory_changelist"),
        {
            "action": "recalculate",
            "_selected_action": ["constructed-2"],
        },
        follow=True,
    )
    assert "4 players rated from 1 team matches of 1 events" in response.content.decode()
    assert PlayerRating.objects.get(player=p[0]).rating == 1608.0
    assert RatingCategory.objects.get(slug="constructed-2").players == 4
