"""An event seeded by rating (issue 21): round 1 pairs the top half by team rating against the bottom half, and
teams tied on every tiebreaker go to the higher rating. Services, selectors, the API and the event page."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from ratings.models import PlayerRating, RatingCategory
from ratings.selectors import event_registration_ratings
from tests.api.test_organizer_api import EVENT, add_teams, auth
from tests.factories import EventFactory, OrganizerTokenFactory, PlayerFactory, RegistrationFactory
from tournaments.enums import Outcome, ResultState, Structure
from tournaments.models import Event, TeamMatch
from tournaments.selectors.standings import standings_for_event
from tournaments.services.events import event_update
from tournaments.services.pairing import round_pair_next

pytestmark = pytest.mark.django_db


def _rate(player, rating, slug="constructed-2"):
    category, _ = RatingCategory.objects.get_or_create(slug=slug, defaults={"kind": "constructed", "team_size": 2})
    PlayerRating.objects.create(
        player=player,
        category=category,
        rating=rating,
        peak=rating,
        matches=5,
        wins=3,
        losses=2,
        draws=0,
        last_event_date=dt.date(2026, 1, 1),
    )


def _seeded_event(team_ratings, **fields):
    """A seeded event of teams of two; each team's members rated as given (None: never rated)."""
    event = EventFactory(team_size=2, seed_by_rating=True, swiss_rounds=3, **fields)
    teams = []
    for ratings in team_ratings:
        players = [PlayerFactory() for _ in ratings]
        for player, rating in zip(players, ratings):
            if rating is not None:
                _rate(player, rating)
        teams.append(RegistrationFactory(event=event, seats=players))
    return event, teams


def _pairs(round_):
    return [(m.team_a_id, m.team_b_id) for m in TeamMatch.objects.filter(round=round_).order_by("table")]


def test_team_rating_is_the_members_mean_with_a_never_rated_player_at_1600():
    event, teams = _seeded_event([(1700, 1500), (1800, None), (None, None)])
    assert event_registration_ratings(event=event) == {teams[0].pk: 1600.0, teams[1].pk: 1700.0, teams[2].pk: 1600.0}


def test_round_one_of_a_seeded_event_pairs_the_top_half_against_the_bottom_half():
    event, t = _seeded_event([(1500, 1500), (1900, 1900), (1600, 1600), (1800, 1800), (1700, 1700), (1400, 1400)])
    round_ = round_pair_next(event=event)
    # By rating: t1 1900, t3 1800, t4 1700, t2 1600, t0 1500, t5 1400 -> 1 v 4, 2 v 5, 3 v 6.
    assert _pairs(round_) == [(t[1].pk, t[2].pk), (t[3].pk, t[0].pk), (t[4].pk, t[5].pk)]


def test_round_one_of_a_seeded_odd_field_gives_the_bye_to_the_lowest_rated_team():
    event, t = _seeded_event([(1500, 1500), (1900, 1900), (1300, 1300), (1700, 1700), (1800, 1800)])
    round_ = round_pair_next(event=event)
    assert _pairs(round_) == [(t[1].pk, t[3].pk), (t[4].pk, t[0].pk), (t[2].pk, None)]


def test_an_unseeded_event_pairs_round_one_at_random_by_its_seed():
    event, t = _seeded_event([(1500, 1500), (1900, 1900), (1600, 1600), (1800, 1800), (1700, 1700), (1400, 1400)])
    Event.objects.filter(pk=event.pk).update(seed_by_rating=False)
    event.refresh_from_db()
    pairings = set()
    for seed in (1, 2, 3, 4, 5):
        pairings.add(tuple(_pairs(round_pair_next(event=event, seed=seed))))
        event.rounds.all().delete()
    assert len(pairings) > 1  # the seed decides, not the ratings


def test_seeded_standings_break_a_full_tie_by_rating():
    event, t = _seeded_event([(1500, 1500), (1900, 1900), (1600, 1600), (1800, 1800)])
    round_ = round_pair_next(event=event)
    TeamMatch.objects.filter(round=round_).update(outcome=Outcome.DRAW, result_state=ResultState.FINAL)
    rows = standings_for_event(event=event)
    assert [row.team for row in rows] == [t[1].pk, t[3].pk, t[2].pk, t[0].pk]
    assert [row.decided_by for row in rows[1:]] == ["rating", "rating", "rating"]


def test_seeding_is_fixed_once_round_one_is_paired_and_needs_a_rated_format():
    event, _ = _seeded_event([(1500, 1500), (1900, 1900)])
    round_pair_next(event=event)
    with pytest.raises(ValidationError) as refused:
        event_update(event=event, seed_by_rating=False)
    assert "seed by rating" in str(refused.value)
    shared = EventFactory(team_size=2, structure=Structure.CUSTOM_SHARED, shared_life=30, shared_poison=15)
    with pytest.raises(ValidationError, match="no rating category"):
        event_update(event=shared, seed_by_rating=True)
    assert not Event.objects.get(pk=shared.pk).seed_by_rating


def test_api_sets_seeding_and_the_event_page_announces_it(client):
    api = APIClient()
    organizer = OrganizerTokenFactory()
    response = api.post(
        "/api/v1/events/", {**EVENT, "seed_by_rating": True, "is_public": True}, format="json", **auth(organizer)
    )
    assert response.status_code == 201, response.json()
    assert response.json()["seed_by_rating"] is True
    event = Event.objects.get(pk=response.json()["id"])
    add_teams(api, organizer, event, 2)
    assert "By rating: round 1 pairs" in client.get(f"/events/{event.pk}/").content.decode()
    response = api.patch(f"/api/v1/events/{event.pk}/", {"seed_by_rating": False}, format="json", **auth(organizer))
    assert response.status_code == 200 and response.json()["seed_by_rating"] is False
    assert "By rating: round 1 pairs" not in client.get(f"/events/{event.pk}/").content.decode()
