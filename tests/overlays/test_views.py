"""The stream overlays: transparent pages with no navigation, as public as the event, never showing what is hidden
(an unconfirmed result, a draft's earlier picks)."""

import pytest
from django.urls import reverse

from tests.drafting.conftest import make_table, seat_to_pick
from tests.factories import EventFactory, RegistrationFactory, UserFactory
from tournaments.enums import ResultState
from tournaments.services.results import SeatGames, team_match_confirm, team_match_report
from tournaments.services.rounds import event_pair_next

pytestmark = pytest.mark.django_db


def _event_with_round(**kwargs):
    event = EventFactory(team_size=2, **kwargs)
    for _ in range(2):
        RegistrationFactory(event=event)
    return event, event_pair_next(event=event, seed=1)


def test_every_overlay_is_a_transparent_page_without_navigation(client):
    event, round_ = _event_with_round()
    match = round_.matches.get()
    for url in (
        reverse("overlays:standings", args=[event.pk]),
        reverse("overlays:clock", args=[event.pk]),
        reverse("overlays:match", args=[event.pk, match.pk]),
    ):
        page = client.get(url).content.decode()
        assert 'class="overlay"' in page and "overlay.css" in page
        assert "<nav" not in page and "site-header" not in page
        assert 'data-events="/events/%d/overlay/events/"' % event.pk in page
        partial = client.get(url, {"partial": "1"}).content.decode()
        assert "<html" not in partial and partial.strip()


def test_standings_ticker_lists_the_teams(client):
    event, round_ = _event_with_round()
    page = client.get(reverse("overlays:standings", args=[event.pk]), {"partial": "1"}).content.decode()
    for name in event.registrations.values_list("team__name", flat=True):
        assert name in page


def test_feature_match_shows_seat_results_only_once_they_count(client):
    event, round_ = _event_with_round()
    match = round_.matches.get()
    url = reverse("overlays:match", args=[event.pk, match.pk])
    a_player = match.team_a.seats.first().player.user
    team_match_report(match=match, user=a_player, seats=[SeatGames("A", 2, 1), SeatGames("B", 0, 2)])
    page = client.get(url, {"partial": "1"}).content.decode()
    assert "2-1" not in page and "0-2" not in page and "wins" not in page
    team_match_confirm(match=match, user=match.team_b.seats.first().player.user)
    match.refresh_from_db()
    assert match.result_state == ResultState.CONFIRMED
    page = client.get(url, {"partial": "1"}).content.decode()
    assert "2-1" in page and "0-2" in page


def test_a_private_events_overlays_are_404_for_strangers(client):
    event, round_ = _event_with_round(is_public=False)
    client.force_login(UserFactory())
    for url in (reverse("overlays:standings", args=[event.pk]), reverse("overlays:events", args=[event.pk])):
        assert client.get(url).status_code == 404
    client.force_login(event.organizer)
    assert client.get(reverse("overlays:standings", args=[event.pk])).status_code == 200


def test_a_match_of_another_event_is_404(client):
    event, _round = _event_with_round()
    other, other_round = _event_with_round()
    assert client.get(reverse("overlays:match", args=[event.pk, other_round.matches.get().pk])).status_code == 404


def test_the_draft_overlay_shows_the_public_pack_and_latest_picks_never_earlier_ones(client):
    from drafting.services.picks import draft_pick
    from tests.drafting.conftest import end_review, reload

    table = end_review(make_table(pack_size=15))
    url = reverse("overlays:draft", args=[table.event_id, table.pk])
    first_seat = seat_to_pick(table)
    card = table.cards.filter(pack_index=0).order_by("position").first()
    draft_pick(table_id=table.pk, seat=first_seat, card_id=card.pk, pack_index=0, pick_number=1)
    page = client.get(url, {"partial": "1"}).content.decode()
    assert card.name in page  # its seat's latest pick of the pack on the table
    assert "Card 01-02" in page  # the pack, face up
    assert "Card 02-" not in page  # nothing of a pack not yet opened
    assert reload(table).status == "running"


def test_the_push_stream_is_204_without_redis(client, settings):
    settings.HYDRA_REDIS_URL = ""
    event, _round = _event_with_round()
    assert client.get(reverse("overlays:events", args=[event.pk])).status_code == 204


def test_the_desk_lists_the_overlays(client):
    event, round_ = _event_with_round()
    client.force_login(event.organizer)
    page = client.get(reverse("desk:desk", args=[event.pk])).content.decode()
    assert 'id="overlay-links"' in page
    assert reverse("overlays:standings", args=[event.pk]) in page
    assert reverse("overlays:match", args=[event.pk, round_.matches.get().pk]) in page
