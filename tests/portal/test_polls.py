"""What a signed-in phone polls on event day answers 304 from the cache while nothing it shows changed, and in full
once something did (common/polls.py, issue 54): the match page, My events, pairings, standings, the pod."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from multiplayer.selectors import round_multiplayer_tables
from multiplayer.services import table_result_report, tables_pair_next
from tests.factories import EventFactory, PlayerFactory, PodEventFactory, RegistrationFactory, TeamFactory, UserFactory
from tests.portal.scene import login_client
from tournaments.enums import EventStatus
from tournaments.services.announcements import announcement_post
from tournaments.services.clock import round_clock_start
from tournaments.services.results import SeatGames, team_match_report

GAMES = [SeatGames("A", 2, 0), SeatGames("B", 2, 1), SeatGames("C", 0, 2)]


def _poll(client, url: str, etag: str, **headers):
    return client.get(url, HTTP_IF_NONE_MATCH=etag, **headers)


def _first(client, url: str, **headers):
    response = client.get(url, **headers)
    assert response.status_code == 200 and response["X-Hydra-Poll"] == "render"
    assert response["Cache-Control"] == "private, no-cache"
    assert "Cookie" in response["Vary"] and "Accept-Language" in response["Vary"]
    return response


def _phone(user) -> Client:
    return login_client(Client(), user)


def _watched(scene) -> dict[str, str]:
    return {
        "match": reverse("portal:match", args=[scene.match.pk]),
        "my events": reverse("portal:home"),
        "my events (live region)": reverse("portal:home") + "?partial=1",
        "pairings": reverse("portal:pairings", args=[scene.event.pk]),
        "standings": reverse("portal:standings", args=[scene.event.pk]),
    }


@pytest.mark.parametrize("page", ["match", "my events", "my events (live region)", "pairings", "standings"])
def test_poll_unchanged_is_304_without_a_body_or_a_query(scene, page, django_assert_max_num_queries):
    phone = _phone(scene.alice)
    url = _watched(scene)[page]
    etag = _first(phone, url)["ETag"]
    with django_assert_max_num_queries(0):
        again = _poll(phone, url, etag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    assert again["X-Hydra-Poll"] == "304" and again["Cache-Control"] == "private, no-cache"


@pytest.mark.parametrize("page", ["match", "my events", "my events (live region)", "pairings", "standings"])
@pytest.mark.parametrize("change", ["result", "announcement", "clock"])
def test_poll_after_a_change_the_page_shows_is_the_new_page(scene, page, change, django_capture_on_commit_callbacks):
    phone = _phone(scene.alice)
    url = _watched(scene)[page]
    etag = _first(phone, url)["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        if change == "result":
            team_match_report(match=scene.match, user=scene.bob, seats=GAMES)
        elif change == "announcement":
            announcement_post(event=scene.event, by=scene.organizer, text="Round 2 starts at 14:30")
        else:
            round_clock_start(round_=scene.round, by=scene.organizer)
    fresh = _poll(phone, url, etag)
    assert fresh.status_code == 200 and fresh["ETag"] != etag
    seen = {
        "result": "reported" if page not in ("standings", "pairings") else "",
        "announcement": "Round 2 starts at 14:30" if page in ("match", "my events", "my events (live region)") else "",
        "clock": 'data-clock-state="running"' if page != "standings" else "",
    }[change]
    assert seen in fresh.text
    assert _poll(phone, url, fresh["ETag"]).status_code == 304


def test_match_poll_stays_304_when_only_another_match_changes(scene, django_capture_on_commit_callbacks):
    phone = _phone(scene.alice)
    url = reverse("portal:match", args=[scene.match.pk])
    etag = _first(phone, url)["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        team_match_report(match=scene.other_match, user=scene.carl, seats=GAMES)
    assert _poll(phone, url, etag).status_code == 304
    # The pairings show every table's result: they follow it.
    assert _poll(phone, reverse("portal:home"), _first(phone, reverse("portal:home"))["ETag"]).status_code == 304


@pytest.mark.parametrize("page", ["match", "my events", "pairings"])
def test_poll_with_another_players_etag_is_that_players_own_page(scene, page):
    url = _watched(scene)[page]
    alices = _first(_phone(scene.alice), url)
    amys_phone = _phone(scene.amy)  # same team, same match, same event
    answer = _poll(amys_phone, url, alices["ETag"])
    assert answer.status_code == 200 and answer["ETag"] != alices["ETag"]
    if page == "my events":
        assert "(me)" in answer.text and answer.text != alices.text


def test_poll_in_another_language_is_the_page_in_that_language(scene):
    phone = _phone(scene.alice)
    url = reverse("portal:match", args=[scene.match.pk])
    english = _first(phone, url)
    phone.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    german = _poll(phone, url, english["ETag"])
    assert german.status_code == 200 and german["ETag"] != english["ETag"] and german["Content-Language"] == "de"
    assert _poll(phone, url, german["ETag"]).status_code == 304


def test_poll_after_signing_out_and_in_as_someone_else_is_not_304(scene):
    phone = _phone(scene.alice)
    url = reverse("portal:pairings", args=[scene.event.pk])
    etag = _first(phone, url)["ETag"]
    phone.logout()
    phone.force_login(scene.carl)
    assert _poll(phone, url, etag).status_code == 200


def test_page_showing_a_message_is_never_kept_for_a_304(scene):
    phone = _phone(scene.alice)
    url = reverse("portal:match", args=[scene.match.pk])
    shown = phone.post(
        reverse("portal:match_report", args=[scene.match.pk]),
        {"seat_A": "2-0", "seat_B": "2-1", "seat_C": "0-2"},
        follow=True,
    )
    assert "reported" in shown.text and "ETag" not in shown and "no-store" in shown["Cache-Control"]
    quiet = _first(phone, url)
    assert _poll(phone, url, quiet["ETag"]).status_code == 304


def test_poll_of_my_events_sees_a_new_registration(scene, django_capture_on_commit_callbacks):
    phone = _phone(scene.olga)
    url = reverse("portal:home")
    etag = _first(phone, url)["ETag"]
    other = EventFactory(name="Friday Night Draft", organizer=scene.organizer, status=EventStatus.RUNNING)
    with django_capture_on_commit_callbacks(execute=True):
        RegistrationFactory(
            event=other,
            team=TeamFactory(name="Olga's Owls"),
            seats=[
                PlayerFactory(user=scene.olga),
                PlayerFactory(user=UserFactory()),
                PlayerFactory(user=UserFactory()),
            ],
        )
    fresh = _poll(phone, url, etag)
    assert fresh.status_code == 200 and "Friday Night Draft" in fresh.text


def test_anonymous_poll_is_left_to_the_floor(scene, client):
    url = reverse("portal:pairings", args=[scene.event.pk])
    first = client.get(url)
    assert first.status_code == 200 and "X-Hydra-Poll" not in first
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304  # common.conditional, as before


@pytest.mark.parametrize("page", ["table", "tables"])
def test_pod_pages_poll_304_until_their_event_changes(db, page, django_capture_on_commit_callbacks):
    event = PodEventFactory()
    users = [UserFactory() for _ in range(4)]
    for user in users:
        RegistrationFactory(event=event, seats=[PlayerFactory(user=user, name=user.username)])
    with django_capture_on_commit_callbacks(execute=True):
        table = round_multiplayer_tables(round_=tables_pair_next(event=event, by=event.organizer, seed=1))[0]
    player = table.seats.first().registration.seats.get().player.user
    phone = _phone(player)
    url = reverse(f"portal:{page}", args=[table.pk if page == "table" else event.pk])
    etag = _first(phone, url)["ETag"]
    assert _poll(phone, url, etag).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        table_result_report(table=table, by=player, kind="win", players=[table.seats.first().registration_id])
    fresh = _poll(phone, url, etag)
    assert fresh.status_code == 200 and fresh["ETag"] != etag


def test_poll_after_the_cache_lost_everything_renders_and_is_kept_again(scene):
    """Redis restarted (or the scope and tokens expired): the poll is answered in full, never wrongly 304, and the
    next one is 304 again."""
    from django.core.cache import cache

    phone = _phone(scene.alice)
    url = reverse("portal:match", args=[scene.match.pk])
    etag = _first(phone, url)["ETag"]
    session = {key: value for key, value in phone.session.items()}
    cache.clear()
    assert phone.session.items() and dict(phone.session.items()) == session  # cached_db: the session stays
    again = _poll(phone, url, etag)
    assert again.status_code == 200 and again["X-Hydra-Poll"] == "render"
    assert _poll(phone, url, again["ETag"]).status_code == 304


def test_poll_of_the_live_region_by_htmx_is_its_own_answer(scene):
    phone = _phone(scene.alice)
    url = reverse("portal:home") + "?partial=1"
    plain = _first(phone, url)["ETag"]
    htmx = _poll(phone, url, plain, HTTP_HX_REQUEST="true")
    assert htmx.status_code == 200 and htmx["ETag"] != plain
    assert _poll(phone, url, htmx["ETag"], HTTP_HX_REQUEST="true").status_code == 304
