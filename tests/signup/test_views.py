"""Sign-up pages (signup/views.py): thin over the services, each refusal a sentence, invitation links only for the
captain and the organizer, strangers get 404."""

import re

import pytest
from django.urls import reverse

from signup.models import SignupStatus, TeamSignup
from tests.factories import PlayerFactory, UserFactory
from tests.portal.mail import mailed_link
from tests.signup.helpers import full_team, open_event

pytestmark = pytest.mark.django_db


def _token(text: str) -> list[str]:
    return re.findall(r"/signup/join/([A-Za-z0-9_-]+)/", text)


def test_event_page_lists_places_and_offers_the_form_when_open(client):
    event = open_event(signup_capacity=8)
    full_team(event, "Early Birds")
    text = client.get(reverse("signup:event", args=[event.pk])).text
    assert "1 of 8 taken" in text and "Early Birds" in text
    assert "Sign in to sign a team up." in text


def test_signed_in_player_forms_a_team_and_lands_on_its_page_with_the_links(client):
    event = open_event()
    captain = PlayerFactory(name="Cora")
    client.force_login(captain.user)
    response = client.post(reverse("signup:event", args=[event.pk]), {"name": "Red Foxes"}, follow=True)
    signup = TeamSignup.objects.get(event=event)
    assert response.redirect_chain[-1][0] == reverse("signup:team", args=[signup.pk])
    links = _token(response.text)
    assert sorted(links) == sorted(signup.invitations.values_list("token", flat=True))


def test_taken_team_name_is_said_in_the_form(client):
    event = open_event()
    full_team(event, "Taken")
    client.force_login(PlayerFactory().user)
    response = client.post(reverse("signup:event", args=[event.pk]), {"name": "taken"})
    assert response.status_code == 400
    assert "A team called taken is already signed up for this event: choose another name." in response.text


def test_form_after_the_deadline_shows_why(client):
    import datetime as dt

    from django.utils import timezone

    event = open_event(signup_deadline=timezone.now() - dt.timedelta(hours=1))
    client.force_login(PlayerFactory().user)
    text = client.get(reverse("signup:event", args=[event.pk])).text
    assert "The sign-up deadline" in text and "Form the team" not in text
    response = client.post(reverse("signup:event", args=[event.pk]), {"name": "Late"})
    assert response.status_code == 400 and not TeamSignup.objects.exists()


def test_teammates_see_the_seats_but_not_the_invitation_links(client):
    event = open_event()
    signup, players = full_team(event, "Trio")
    from signup.services import signup_create

    captain = PlayerFactory()
    forming = signup_create(event=event, captain=captain, name="Forming")
    from signup.services import invitation_accept

    mate = PlayerFactory()
    invitation_accept(token=forming.invitations.get(letter="B").token, player=mate)
    client.force_login(mate.user)
    text = client.get(reverse("signup:team", args=[forming.pk])).text
    assert captain.name in text and _token(text) == []
    client.force_login(captain.user)
    assert _token(client.get(reverse("signup:team", args=[forming.pk])).text) == [
        forming.invitations.get(letter="C").token
    ]


def test_stranger_gets_404_on_a_team_page_and_its_actions(client):
    event = open_event()
    signup, _ = full_team(event, "Private")
    client.force_login(PlayerFactory().user)
    assert client.get(reverse("signup:team", args=[signup.pk])).status_code == 404
    assert client.post(reverse("signup:withdraw", args=[signup.pk])).status_code == 404
    signup.refresh_from_db()
    assert signup.status == SignupStatus.REGISTERED


def test_teammate_cannot_withdraw_the_team(client):
    event = open_event()
    signup, players = full_team(event, "Ours")
    client.force_login(players[1].user)
    assert client.post(reverse("signup:withdraw", args=[signup.pk])).status_code == 404
    signup.refresh_from_db()
    assert signup.status == SignupStatus.REGISTERED


def test_invitation_link_signed_out_offers_sign_in_and_account_creation_that_come_back(client):
    event = open_event()
    from signup.services import signup_create

    signup = signup_create(event=event, captain=PlayerFactory(name="Cap"), name="Wolves")
    token = signup.invitations.get(letter="B").token
    path = reverse("signup:join", args=[token])
    text = client.get(path).text
    assert "Cap invites you to play seat B of team Wolves" in text
    assert f"/accounts/login/?next={path}" in text
    assert f"/accounts/signup/?next={path}" in text
    response = client.post(
        reverse("signup"),
        {
            "username": "newbie",
            "name": "New Bie",
            "email": "newbie@example.org",
            "password1": "a-long-Passw0rd!",
            "password2": "a-long-Passw0rd!",
            "next": path,
        },
    )
    assert response.status_code == 200 and "Check your e-mail" in response.text  # the link makes the account
    response = client.get(mailed_link(to="newbie@example.org"))
    assert response.status_code == 302 and response.url == path
    response = client.post(path, follow=True)
    assert "You hold seat B of Wolves." in response.text
    assert signup.seats.filter(letter="B", player__name="New Bie").exists()


def test_account_signup_ignores_a_next_to_another_site(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "evil",
            "name": "E",
            "email": "e@example.org",
            "password1": "a-long-Passw0rd!",
            "password2": "a-long-Passw0rd!",
            "next": "https://evil.example/",
        },
    )
    response = client.get(mailed_link(to="e@example.org"))
    assert response.status_code == 302 and response.url == "/"


def test_reused_invitation_link_says_so_on_the_page(client):
    event = open_event()
    signup, players = full_team(event, "Done")
    token = signup.invitations.get(letter="B").token
    client.force_login(PlayerFactory().user)
    response = client.get(reverse("signup:join", args=[token]))
    assert response.status_code == 409 and "has been used already" in response.text and "Take seat" not in response.text
    response = client.post(reverse("signup:join", args=[token]), follow=True)
    assert "has been used already" in response.text


def test_bad_invitation_link_is_a_404_with_a_sentence(client):
    response = client.get(reverse("signup:join", args=["not-a-token"]))
    assert response.status_code == 404 and "This invitation link is not valid" in response.text


def test_email_invitation_from_the_team_page(client, mailoutbox, django_capture_on_commit_callbacks):
    event = open_event()
    from signup.services import signup_create

    captain = PlayerFactory()
    signup = signup_create(event=event, captain=captain, name="Posted")
    client.force_login(captain.user)
    url = reverse("signup:invitation_email", args=[signup.pk, "B"])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"email": "friend@example.org"}, follow=True)
    assert "on its way to friend@example.org" in response.text
    assert len(mailoutbox) == 1 and signup.invitations.get(letter="B").token in mailoutbox[0].body
    assert client.post(url, {"email": "nope"}).status_code == 400


def test_manage_page_is_the_organizers_only(client):
    event = open_event(signup_needs_approval=True)
    signup, players = full_team(event, "Waiting")
    client.force_login(players[0].user)
    assert client.get(reverse("signup:manage", args=[event.pk])).status_code == 404
    assert (
        client.post(reverse("signup:manage", args=[event.pk]), {"action": "approve", "signup": signup.pk}).status_code
        == 404
    )
    client.force_login(event.organizer)
    assert "Waiting" in client.get(reverse("signup:manage", args=[event.pk])).text
    response = client.post(
        reverse("signup:manage", args=[event.pk]), {"action": "approve", "signup": signup.pk}, follow=True
    )
    assert "Waiting approved: Registered." in response.text
    signup.refresh_from_db()
    assert signup.status == SignupStatus.REGISTERED


def test_event_page_query_count_does_not_grow_with_teams(client, django_assert_max_num_queries):
    event = open_event()
    for n in range(6):
        full_team(event, f"Team {n}")
    with django_assert_max_num_queries(12):
        assert client.get(reverse("signup:event", args=[event.pk])).status_code == 200


def test_private_event_signup_page_is_404_for_strangers(client):
    event = open_event(is_public=False)
    client.force_login(UserFactory())
    assert client.get(reverse("signup:event", args=[event.pk])).status_code == 404


def test_organizer_moves_the_waitlist_up_after_raising_the_capacity(client):
    event = open_event(signup_capacity=1)
    full_team(event, "First")
    second, _ = full_team(event, "Second")
    event.signup_capacity = 2
    event.save()
    client.force_login(event.organizer)
    response = client.post(reverse("signup:manage", args=[event.pk]), {"action": "move_up"}, follow=True)
    assert "1 team moved up from the waitlist." in response.text
    second.refresh_from_db()
    assert second.status == SignupStatus.REGISTERED


def test_organizer_withdraws_a_team_and_the_next_moves_up(client):
    event = open_event(signup_capacity=1)
    first, _ = full_team(event, "First")
    full_team(event, "Second")
    client.force_login(event.organizer)
    response = client.post(
        reverse("signup:manage", args=[event.pk]), {"action": "withdraw", "signup": first.pk}, follow=True
    )
    assert "Second moved up from the waitlist." in response.text and "First has withdrawn" in response.text


def test_refusals_speak_the_players_language(client):
    event = open_event()
    signup, _ = full_team(event, "Done")
    client.force_login(PlayerFactory().user)
    token = signup.invitations.get(letter="B").token
    german = client.get(reverse("signup:join", args=[token]), HTTP_ACCEPT_LANGUAGE="de").text
    assert "Diese Einladung wurde schon benutzt: Sitz B von Done ist besetzt." in german
    chinese = client.get(reverse("signup:join", args=[token]), HTTP_ACCEPT_LANGUAGE="zh-hans").text
    assert "此邀请已被使用" in chinese


def test_manage_with_a_bad_team_id_is_404_not_500(client):
    event = open_event()
    client.force_login(event.organizer)
    for value in ("abc", "-1", "9" * 40, ""):
        response = client.post(reverse("signup:manage", args=[event.pk]), {"action": "approve", "signup": value})
        assert response.status_code == 404


def test_team_whose_registration_the_organizer_deleted_says_so_and_can_withdraw(client):
    event = open_event(signup_capacity=1)
    signup, players = full_team(event, "Gone")
    waiting, _ = full_team(event, "Waiting")
    signup.registration.delete()
    client.force_login(players[0].user)
    text = client.get(reverse("signup:team", args=[signup.pk])).text
    assert "The organizer has removed this team" in text and 'id="registration-removed"' in text
    page = client.get(reverse("signup:event", args=[event.pk])).text
    assert "Gone" not in page[page.index('id="teams-heading"') :]
    client.post(reverse("signup:withdraw", args=[signup.pk]))
    signup.refresh_from_db()
    assert signup.status == SignupStatus.WITHDRAWN
    # The place was freed by the organizer, not by a withdrawal: the organizer fills it from the waitlist.
    client.force_login(event.organizer)
    client.post(reverse("signup:manage", args=[event.pk]), {"action": "move_up"})
    waiting.refresh_from_db()
    assert waiting.status == SignupStatus.REGISTERED


def test_invitation_offers_no_account_creation_when_the_site_has_none(client, settings):
    from signup.services import signup_create

    settings.HYDRA_SIGNUP_OPEN = False
    signup = signup_create(event=open_event(), captain=PlayerFactory(), name="Closed Site")
    text = client.get(reverse("signup:join", args=[signup.invitations.get(letter="B").token])).text
    assert "/accounts/login/?next=" in text and "/accounts/signup/" not in text


def test_event_page_lists_imported_teams_too_and_no_numbered_none_yet(client):
    """Issue 32: "8 teams, no limit" stood beside "Registered teams: 1. None yet." when the teams were imported."""
    from tests.factories import RegistrationFactory, TeamFactory

    empty = client.get(reverse("signup:event", args=[open_event().pk])).text
    assert "None yet." in empty and '<li class="muted">None yet.' not in empty
    event = open_event()
    RegistrationFactory(event=event, team=TeamFactory(name="Imported Ibis"))
    full_team(event, "Portal Pandas")
    text = client.get(reverse("signup:event", args=[event.pk])).text
    assert "2 teams, no limit" in text and "None yet." not in text
    registered = text[
        text.index('class="signup-registered"') : text.index("</ol>", text.index('class="signup-registered"'))
    ]
    assert registered.index("Imported Ibis") < registered.index("Portal Pandas")
