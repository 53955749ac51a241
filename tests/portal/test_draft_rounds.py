"""Players' pages and a round whose pairings the organizer reviews (issue 53): a draft round is on no player's page
(the pairings, My events, the match page), not on the projector nor in the anonymous floor's stored answers; once
published it is on all of them."""

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.api.conftest import build_event
from tests.portal.scene import login_client
from tournaments.enums import EnforcementLevel
from tournaments.services.pairing import round_pair_next
from tournaments.services.publishing import round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def draft():
    """A public Competitive event of four teams whose round 1 is paired and not published."""
    event, registrations, _rounds = build_event(
        teams=4, rounds=0, swiss_rounds=3, is_public=True, enforcement_level=EnforcementLevel.COMPETITIVE
    )
    round_ = round_pair_next(event=event, user=event.organizer, seed=1)
    match = round_.matches.filter(team_b__isnull=False).select_related("team_a__team", "team_b__team").first()
    return event, round_, match


def _opponent_named(page, match) -> bool:
    return match.team_b.team.name in page.content.decode()


def test_a_draft_is_on_no_players_page_until_it_is_published(draft):
    event, round_, match = draft
    player = login_client(Client(), match.team_a.seats.first().player.user)
    pairings = reverse("portal:pairings", args=[event.pk])
    anonymous = Client()
    assert "Table 1" not in anonymous.get(pairings).content.decode()
    assert anonymous.get(pairings, {"round": 1}).status_code == 404
    assert "Table 1" not in player.get(pairings).content.decode()
    assert not _opponent_named(player.get(reverse("portal:home")), match)
    assert player.get(reverse("portal:match", args=[match.pk])).status_code == 404
    screen = login_client(Client(), event.organizer).get(reverse("desk:screen", args=[event.pk]))
    assert screen.status_code == 200 and not _opponent_named(screen, match)

    round_publish(round_=round_, user=event.organizer)
    assert "Table 1" in anonymous.get(pairings).content.decode()
    assert _opponent_named(player.get(reverse("portal:home")), match)
    assert player.get(reverse("portal:match", args=[match.pk])).status_code == 200
    screen = login_client(Client(), event.organizer).get(reverse("desk:screen", args=[event.pk]))
    assert _opponent_named(screen, match)


def test_the_floor_never_keeps_a_draft_and_publish_changes_its_answer(draft):
    event, round_, match = draft
    pairings = reverse("portal:pairings", args=[event.pk])
    visitor = Client()
    visitor.get(pairings)  # sets the CSRF cookie; the next asks are answered at the floor
    stored = visitor.get(pairings)
    assert stored["X-Hydra-Floor"] == "hit" and "Table 1" not in stored.content.decode()
    round_publish(round_=round_, user=event.organizer)
    fresh = visitor.get(pairings, headers={"If-None-Match": stored["ETag"]})
    assert fresh.status_code == 200 and fresh["ETag"] != stored["ETag"]
    assert "Table 1" in fresh.content.decode() and _opponent_named(fresh, match)


def test_the_staff_see_the_draft_at_the_desk(draft):
    event, _round, match = draft
    desk = login_client(Client(), event.organizer).get(reverse("desk:desk", args=[event.pk]))
    text = desk.content.decode()
    assert desk.status_code == 200 and "Publish round 1" in text and "draft-notice" in text
    assert match.team_b.team.name in text
