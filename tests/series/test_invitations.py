"""A series across organizations (issue 53): the series' organizer invites another organizer; once they accept,
they put their own events into it and those events count in its standings, not before."""

import pytest
from django.urls import reverse

from common.refusals import Conflict, NotFound
from organizations.services import event_location_set, location_add, organization_create
from series.models import SeriesEvent, SeriesInvitation
from series.selectors import series_standings_for
from series.services import (
    series_create,
    series_event_attach,
    series_event_detach,
    series_invitation_answer,
    series_invite,
)
from tests.factories import EventFactory, UserFactory
from tests.series.conftest import THURSDAY, store_organizer
from tournaments.models import EventLogEntry
from tournaments.rights import may_manage_series
from tournaments.services.events import event_finish

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_stores(organizer, teams, play, django_capture_on_commit_callbacks):
    """The League of the first organization's store; a finished event at each organization's store."""
    other = store_organizer()
    lair = organization_create(name="Dragon's Lair", by=organizer)
    cave = organization_create(name="Goblin Cave", by=other)
    lair_store = location_add(organization=lair, name="Lair", time_zone="Europe/Berlin", by=organizer)
    cave_store = location_add(organization=cave, name="Cave", time_zone="Europe/Berlin", by=other)
    league = series_create(by=organizer, name="Two Stores League", points_table=[10, 8], participation_points=1)
    home = EventFactory(organizer=organizer, date=THURSDAY, name="Lair week 1")
    away = EventFactory(organizer=other, date=THURSDAY, name="Cave week 1")
    event_location_set(event=home, location=lair_store, by=organizer)
    event_location_set(event=away, location=cave_store, by=other)
    for event, (winner, loser) in ((home, ("A", "B")), (away, ("C", "A"))):
        play(event, teams[winner], teams[loser])
        with django_capture_on_commit_callbacks(execute=True):
            event_finish(event=event)
    series_event_attach(series=league, event=home, by=organizer)
    return league, home, away, other


def _totals(league, viewer):
    """Each team's first player's series points (the three players of a team score alike)."""
    lines = series_standings_for(series=league, viewer=viewer).lines
    return {line.entrant.name: line.row.total for line in lines if line.entrant.name.endswith("0")}


def test_the_second_organizers_event_counts_once_they_accepted(organizer, two_stores):
    league, home, away, other = two_stores
    assert _totals(league, organizer) == {"A0": 10, "B0": 8}
    with pytest.raises(NotFound):  # the series' organizer doesn't run the other store's event
        series_event_attach(series=league, event=away, by=organizer)
    with pytest.raises(NotFound):  # nor may the other organizer put it in uninvited
        series_event_attach(series=league, event=away, by=other)

    invitation = series_invite(series=league, who=other.email, by=organizer)
    with pytest.raises(NotFound):  # invited is not accepted
        series_event_attach(series=league, event=away, by=other)
    assert _totals(league, organizer) == {"A0": 10, "B0": 8}

    series_invitation_answer(invitation=invitation, accept=True, by=other)
    series_event_attach(series=league, event=away, by=other)
    assert _totals(league, organizer) == {"A0": 18, "B0": 8, "C0": 10}
    entry = EventLogEntry.objects.get(event=away, action="series_attached")
    assert entry.user == other
    assert EventLogEntry.objects.filter(event=home, action="series_partner_joined", user=other).exists()
    assert not may_manage_series(other, league)  # joining puts events in; the settings stay the owner's


def test_only_the_invited_organizer_answers(organizer, two_stores):
    league, _home, _away, other = two_stores
    invitation = series_invite(series=league, who=other.username, by=organizer)
    for stranger in (organizer, UserFactory()):
        with pytest.raises(NotFound):
            series_invitation_answer(invitation=invitation, accept=True, by=stranger)
    assert SeriesInvitation.objects.get(pk=invitation.pk).accepted_at is None


def test_a_partner_takes_out_only_their_own_events(organizer, two_stores):
    league, home, away, other = two_stores
    invitation = series_invite(series=league, who=other.username, by=organizer)
    series_invitation_answer(invitation=invitation, accept=True, by=other)
    series_event_attach(series=league, event=away, by=other)
    with pytest.raises(NotFound):
        series_event_detach(series=league, event=home, by=other)
    series_event_detach(series=league, event=away, by=other)
    assert list(SeriesEvent.objects.filter(series=league).values_list("event", flat=True)) == [home.pk]


def test_a_declined_invitation_is_gone_and_an_accepted_one_cant_be_declined(organizer, two_stores):
    league, _home, _away, other = two_stores
    invitation = series_invite(series=league, who=other.username, by=organizer)
    series_invitation_answer(invitation=invitation, accept=False, by=other)
    assert not SeriesInvitation.objects.filter(pk=invitation.pk).exists()
    invitation = series_invite(series=league, who=other.username, by=organizer)
    series_invitation_answer(invitation=invitation, accept=True, by=other)
    with pytest.raises(Conflict):
        series_invitation_answer(invitation=invitation, accept=False, by=other)


def test_a_player_is_no_organizer_to_invite(organizer, two_stores):
    league = two_stores[0]
    UserFactory(username="player1")
    with pytest.raises(Exception, match="no organizer"):
        series_invite(series=league, who="player1", by=organizer)


def test_the_pages_invite_accept_and_attach(client, organizer, two_stores):
    league, _home, away, other = two_stores
    client.force_login(organizer)
    client.post(reverse("series:invite", args=[league.pk]), {"who": other.username})
    invitation = SeriesInvitation.objects.get(series=league, user=other)
    client.force_login(other)
    listing = client.get(reverse("series:list")).text
    assert "Two Stores League" in listing and reverse("series:invitation_accept", args=[invitation.pk]) in listing
    assert client.post(reverse("series:attach", args=[league.pk]), {"event": away.pk}).status_code == 404
    client.post(reverse("series:invitation_accept", args=[invitation.pk]))
    response = client.post(reverse("series:attach", args=[league.pk]), {"event": away.pk})
    assert response.status_code == 302 and SeriesEvent.objects.filter(series=league, event=away).exists()
    client.force_login(organizer)
    assert "Cave week 1" in client.get(reverse("series:series", args=[league.pk])).text
