"""My events (portal.views.home) and the event list."""

from django.urls import reverse

from tests.factories import (
    DraftTableFactory,
    EventFactory,
    PlayerFactory,
    RegistrationFactory,
    RochesterEventFactory,
    TeamMatchFactory,
)
from tests.portal.scene import login_client
from tournaments.enums import EventStatus, Outcome, ResultState
from tournaments.services.results import SeatGames, team_match_report

GAMES = [SeatGames("A", 2, 0), SeatGames("B", 2, 1), SeatGames("C", 0, 2)]


def test_home_anonymous_lists_public_events_only(scene, client):
    EventFactory(name="Secret League", is_public=False)
    response = client.get("/")
    assert response.status_code == 200
    assert "Spring Team Open" in response.text
    assert "Secret League" not in response.text


def test_home_shows_my_team_seat_table_opponents_and_record(scene, client):
    response = login_client(client, scene.alice).get("/")
    text = response.text
    assert "Azure Ants" in text and "Table 1" in text and "Brass Bats" in text
    assert "My opponent" in text and "<strong>Bob</strong>" in text
    assert "0-0-0 (wins-losses-draws), 0 points" in text
    assert reverse("portal:match", args=[scene.match.pk]) in text
    assert "Report the result" in text


def test_home_shows_confirm_to_the_other_team_and_wait_to_the_reporters(scene, client):
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    assert "Confirm or dispute the result" in login_client(client, scene.bob).get("/").text
    assert "waiting for the other team to confirm" in login_client(client, scene.amy).get("/").text


def test_home_shows_the_bye(scene, client):
    scene.other_match.delete()
    TeamMatchFactory(
        round=scene.round,
        table=2,
        team_a=scene.teams[2],
        team_b=None,
        outcome=Outcome.A_WINS,
        result_state=ResultState.FINAL,
    )
    assert "We have a bye this round" in login_client(client, scene.carl).get("/").text


def test_home_links_my_draft_table(scene, client):
    event = RochesterEventFactory(status=EventStatus.RUNNING)
    team1 = RegistrationFactory(event=event, seats=[scene.alice.player, PlayerFactory(), PlayerFactory()])
    table = DraftTableFactory(event=event, team1=team1, team2=RegistrationFactory(event=event))
    text = login_client(client, scene.alice).get("/").text
    assert reverse("drafting:table", args=[table.pk]) in text
    assert reverse("drafting:table", args=[table.pk]) not in login_client(client, scene.bob).get("/").text


def test_home_polls_with_an_etag_and_answers_304_until_something_changes(
    scene, client, django_capture_on_commit_callbacks
):
    login_client(client, scene.alice)
    first = client.get("/?partial=1")
    assert first.status_code == 200 and first.text.lstrip().startswith("<div")
    etag = first["ETag"]
    assert client.get("/?partial=1", HTTP_IF_NONE_MATCH=etag).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):  # the poll tokens are renewed after the commit
        team_match_report(match=scene.match, user=scene.bob, seats=GAMES)
    changed = client.get("/?partial=1", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_home_queries_are_bounded(scene, client, django_assert_max_num_queries):
    login_client(client, scene.alice)
    # 21 since issue 37 (one query for the person's seat invitations); 22 since issue 53 (whether the person belongs to
    # an organization, tournaments/affiliations.py, asked once a request)
    with django_assert_max_num_queries(22):
        client.get("/")


def test_events_lists_non_public_events_to_their_players_only(scene, client):
    secret = EventFactory(name="Secret League", is_public=False, status=EventStatus.RUNNING)
    team = RegistrationFactory(event=secret)
    player_user = team.seats.first().player.user
    assert "Secret League" in login_client(client, player_user).get(reverse("portal:events")).text
    assert "Secret League" not in login_client(client, scene.olga).get(reverse("portal:events")).text
    assert "Secret League" in login_client(client, secret.organizer).get(reverse("portal:events")).text


def test_home_links_the_live_life_and_poison_page_of_my_shared_game_match_only(db, client):
    from tests.factories import SharedMatchFactory

    match = SharedMatchFactory()
    event = match.round.event
    event.status = EventStatus.RUNNING
    event.save()
    url = reverse("sharedgame:match", args=[match.pk])
    mine = match.team_a.seats.get(letter="A").player.user
    assert url in login_client(client, mine).get("/").text
    assert url in client.get(reverse("portal:match", args=[match.pk])).text
    stranger = PlayerFactory().user
    assert url not in login_client(client, stranger).get("/").text


def test_home_links_my_teams_sealed_pool_only(scene, client):
    from tests.factories import SealedPoolFactory

    pool = SealedPoolFactory(registration__seats=[scene.alice.player, PlayerFactory(), PlayerFactory()])
    other = SealedPoolFactory(registration__event=pool.event)
    text = login_client(client, scene.alice).get("/").text
    assert reverse("sealed:pool", args=[pool.pk]) in text
    assert reverse("sealed:pool", args=[other.pk]) not in text


def test_home_shows_no_rank_before_my_team_has_a_result(scene, client):
    text = login_client(client, scene.alice).get("/").text
    assert "0-0-0 (wins-losses-draws), 0 points" in text and ", rank " not in text


def test_favicon_is_served(db, client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response["Content-Type"] == "image/x-icon"
    body = b"".join(response.streaming_content)
    assert body[:4] == b"\x00\x00\x01\x00" and b"PNG" in body[:40]
    assert 'rel="icon" href="/static/favicon.ico"' in client.get("/events/").text


def test_home_shows_the_round_clock_and_the_announcements_of_my_events(scene, client):
    """Issue 32: the clock and the announcements were promised on every player's page but My events showed neither."""
    from tournaments.services.announcements import announcement_post
    from tournaments.services.clock import round_clock_start

    login_client(client, scene.alice)
    before = client.get("/").text
    assert "announcements-bar" not in before
    round_clock_start(round_=scene.round, by=scene.organizer, seconds=50 * 60)
    announcement_post(event=scene.event, by=scene.organizer, text="Deck checks at tables 1 to 4.")
    text = client.get("/").text
    # The clock as the page renders it: 50:00, or 49:59 when a second passed on a loaded machine.
    assert 'class="panel round-clock"' in text and ("50:00" in text or "49:59" in text)
    assert "Deck checks at tables 1 to 4." in text
    # Only for the events the player is in.
    assert "Deck checks" not in login_client(client, scene.olga).get("/").text


def test_home_lists_my_seat_invitations_and_no_one_elses(db, client):
    from tests.factories import PlaceholderFactory, UserFactory
    from tournaments.models import SeatInvitation

    event = EventFactory(name="Invite Open")
    mine, theirs = UserFactory(username="invited-me"), UserFactory(username="invited-them")
    invitation = SeatInvitation.objects.create(
        event=event, placeholder=PlaceholderFactory(made_by=event.organizer), user=mine
    )
    SeatInvitation.objects.create(event=EventFactory(name="Their Open"), placeholder=PlaceholderFactory(), user=theirs)
    page = login_client(client, mine).get("/").text
    assert reverse("portal:invitation", args=[invitation.pk]) in page and "Invite Open" in page
    assert "Their Open" not in page
