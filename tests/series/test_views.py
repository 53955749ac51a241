"""The series' pages (series/views.py): the players' page, the organizer's pages, the profile's list."""

import pytest

from series.models import Series, SeriesEvent, SeriesResult
from series.services import series_create, series_prizes_set
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.series.conftest import store_organizer
from tournaments.models import EventLogEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(organizer):
    series = series_create(by=organizer, name="Friday League", points_table=[10, 8], qualify_top=1)
    link = SeriesEvent.objects.create(series=series, event=EventFactory(organizer=organizer, name="Week 1"))
    SeriesResult.objects.create(series_event=link, player=PlayerFactory(name="Ada"), place=1, match_points=9)
    SeriesResult.objects.create(series_event=link, player=PlayerFactory(name="Bo"), place=2, match_points=6)
    return series


def test_the_players_page_shows_the_standings_and_who_qualifies(client, season):
    page = client.get(f"/series/{season.pk}/").content.decode()
    assert page.index("Ada") < page.index("Bo")
    assert page.count('class="series-row qualified"') == 1
    assert "Week 1" in page and "Manage this series" not in page


def test_a_private_series_page_is_404_for_others(client, season):
    season.is_public = False
    season.save()
    assert client.get(f"/series/{season.pk}/").status_code == 404
    client.force_login(season.owner)
    assert client.get(f"/series/{season.pk}/").status_code == 200


def test_an_organizer_makes_a_series_from_the_console(client, organizer):
    client.force_login(organizer)
    assert 'href="/series/"' in client.get("/organize/").content.decode()
    response = client.post(
        "/series/new/",
        {
            "name": "Store Championship path",
            "kind": "qualification",
            "points_source": "placing",
            "points_table": "10, 8, 6",
            "participation_points": 1,
            "qualify_points": 20,
        },
    )
    series = Series.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/series/{series.pk}/manage/"
    assert (series.points_table, series.owner, series.qualify_points) == ([10, 8, 6], organizer, 20)


def test_bad_points_are_a_form_error_and_nothing_is_written(client, organizer):
    client.force_login(organizer)
    response = client.post(
        "/series/new/",
        {
            "name": "Bad",
            "kind": "league",
            "points_source": "placing",
            "points_table": "10, eight",
            "participation_points": 1,
        },
    )
    assert response.status_code == 200 and "whole numbers" in response.content.decode()
    assert not Series.objects.exists()


def test_the_organizer_attaches_and_detaches_their_event(client, season):
    event = EventFactory(organizer=season.owner, name="Week 2")
    client.force_login(season.owner)
    assert "Week 2" in client.get(f"/series/{season.pk}/manage/").content.decode()
    client.post(f"/series/{season.pk}/attach/", {"event": event.pk})
    assert SeriesEvent.objects.filter(series=season, event=event).exists()
    client.post(f"/series/{season.pk}/events/{event.pk}/detach/")
    assert not SeriesEvent.objects.filter(event=event).exists()
    assert EventLogEntry.objects.filter(event=event, user=season.owner).count() == 2


def test_another_organizer_gets_404_on_your_series_and_your_events(client, season):
    other = store_organizer()
    client.force_login(other)
    assert client.get(f"/series/{season.pk}/manage/").status_code == 404
    assert client.post(f"/series/{season.pk}/manage/", {"name": "Taken"}).status_code == 404
    theirs = series_create(by=other, name="Theirs")
    mine = EventFactory(organizer=season.owner)
    assert client.post(f"/series/{theirs.pk}/attach/", {"event": mine.pk}).status_code == 404
    assert client.post(f"/series/{theirs.pk}/weekly/", {"weekly-event": mine.pk, "weekly-weeks": 2}).status_code == 404
    assert not SeriesEvent.objects.filter(series=theirs).exists()
    assert Series.objects.get(pk=season.pk).name == "Friday League"


def test_a_player_cannot_open_the_organizers_pages(client, season):
    client.force_login(UserFactory())
    assert client.get("/series/").status_code == 404
    assert client.get("/series/new/").status_code == 404


def test_a_players_profile_lists_their_series(client, season):
    ada = SeriesResult.objects.get(player__name="Ada").player
    page = client.get(f"/players/{ada.pk}/").content.decode()
    assert f'href="/series/{season.pk}/"' in page and "rank 1, 10 points" in page


def test_a_public_series_names_no_private_event_to_those_who_may_not_see_it(client, season):
    hidden = EventFactory(organizer=season.owner, name="Secret invitational", is_public=False)
    link = SeriesEvent.objects.create(series=season, event=hidden)
    SeriesResult.objects.create(series_event=link, player=PlayerFactory(name="Cy"), place=1, match_points=9)
    page = client.get(f"/series/{season.pk}/").content.decode()
    assert "Secret invitational" not in page and "A private event" in page and "Cy" in page
    client.force_login(season.owner)
    assert "Secret invitational" in client.get(f"/series/{season.pk}/").content.decode()
    api = client.get(f"/api/v1/series/{season.pk}/").json()
    assert "Secret invitational" in [e["name"] for e in api["events"]]
    client.logout()
    assert [e["name"] for e in client.get(f"/api/v1/series/{season.pk}/").json()["events"]][-1] == ""


def _tied_season(season):
    """Ada and Cy share first place (10 points each), Bo is third with 8."""
    link = season.series_events.get()
    second = SeriesEvent.objects.create(series=season, event=EventFactory(organizer=season.owner, name="Week 2"))
    cy = PlayerFactory(name="Cy")
    SeriesResult.objects.create(series_event=second, player=cy, place=1, match_points=9)
    SeriesResult.objects.filter(series_event=link, player__name="Bo").update(place=2)
    return season


def test_the_organizer_sets_the_series_prizes_and_the_players_page_shows_the_payouts(client, season):
    _tied_season(season)
    client.force_login(season.owner)
    response = client.post(
        f"/series/{season.pk}/prizes/",
        {
            "prizes": "1 | Store credit | 30 | money\n2 | Store credit | 10 | money\n3 | Packs | 2",
            "prize_ties": "evenly",
        },
    )
    assert response.status_code == 302
    client.logout()
    page = client.get(f"/series/{season.pk}/").content.decode()
    assert 'id="series-prizes"' in page and "Tied ranks split their prizes evenly." in page
    assert page.count("(shared by 2)") == 2 and "20.00" in page  # (30 + 10) / 2 each for the two firsts
    assert "?format=csv" not in page  # the download is the organizer's
    entry = EventLogEntry.objects.filter(event__series_link__series=season, action="series_changed").first()
    assert entry.user == season.owner and entry.after["prize_ties"] == "evenly"


def test_the_series_payout_list_downloads_as_csv_for_its_organizer_only(client, season):
    series_prizes_set(series=season, by=season.owner, lines=[{"place_from": 1, "item": "Trophy", "amount": 1}])
    client.force_login(season.owner)
    response = client.get(f"/series/{season.pk}/payouts/?format=csv")
    rows = response.content.decode("utf-8-sig").splitlines()
    assert rows[0] == "Place,Player,Events played,Points,Prize,Quantity or amount,Shared by"
    assert rows[1] == "1,Ada,1,10,Trophy,1,1"
    assert client.get(f"/series/{season.pk}/payouts/?format=pdf").status_code == 404
    client.force_login(store_organizer())
    assert client.get(f"/series/{season.pk}/payouts/?format=csv").status_code == 404


def test_a_wrong_series_prize_line_is_named_and_nothing_is_written(client, season):
    client.force_login(season.owner)
    page = client.post(f"/series/{season.pk}/prizes/", {"prizes": "1 | Trophy | 1\n2 | Packs"}, follow=True)
    assert "Line 2" in page.content.decode() and not season.prizes.exists()
    page = client.post(f"/series/{season.pk}/prizes/", {"prizes": "1 | Trophy | 1", "prize_ties": "coin"}, follow=True)
    assert "Tied places are split" in page.content.decode() and not season.prizes.exists()


def test_the_new_series_form_starts_with_the_default_points_table(client, organizer):
    client.force_login(organizer)
    page = client.get("/series/new/").content.decode()
    assert 'value="10, 8, 6, 5, 4, 3, 2"' in page
