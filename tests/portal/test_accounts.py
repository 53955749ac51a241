"""Signing in and out, and resetting a password (templates/registration, django.contrib.auth's views)."""

import re

import pytest

from django.core import mail
from django.urls import reverse

from tests.factories import PlayerFactory, SealedPoolFactory, UserFactory
from tests.portal.mail import mailed_link
from tests.portal.scene import login_client
from tournaments.models import Player


def test_login_page_renders_the_form(db, client):
    text = client.get(reverse("login")).text
    assert 'name="username"' in text and 'autocomplete="current-password"' in text
    assert reverse("password_reset") in text


def test_login_with_an_account_the_organizer_created_lands_on_my_events(db, client):
    PlayerFactory(user=UserFactory(username="zoe"), name="Zoe")
    response = client.post(reverse("login"), {"username": "zoe", "password": "pw-for-tests"}, follow=True)
    assert response.redirect_chain[-1][0] == "/"
    assert "<h1>My events</h1>" in response.text


def test_login_with_a_wrong_password_says_so(db, client):
    UserFactory(username="zoe")
    response = client.post(reverse("login"), {"username": "zoe", "password": "nope"})
    assert response.status_code == 200 and 'role="alert"' in response.text
    assert "_auth_user_id" not in client.session


def test_logout_signs_out(db, client):
    client.force_login(UserFactory())
    response = client.post(reverse("logout"))
    assert response.status_code == 200 and "You are signed out." in response.text
    assert "_auth_user_id" not in client.session


def test_password_reset_sends_a_link_that_sets_a_new_password(db, client):
    UserFactory(username="zoe", email="zoe@example.org")
    response = client.post(reverse("password_reset"), {"email": "zoe@example.org"})
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1 and mail.outbox[0].subject == "Your Hydra password"
    assert "Your username: zoe" in mail.outbox[0].body
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    assert "Choose a new password" in form_page.text
    done = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "a-new-long-passphrase", "new_password2": "a-new-long-passphrase"},
    )
    assert done.status_code == 302
    assert client.login(username="zoe", password="a-new-long-passphrase")


def test_password_reset_for_an_unknown_address_sends_nothing_and_says_the_same(db, client):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.org"}, follow=True)
    assert "Check your e-mail" in response.text and mail.outbox == []


def test_sign_up_mails_a_link_that_creates_the_login_and_the_player_and_signs_in(db, client):
    assert reverse("signup") in client.get(reverse("login")).text
    sent = client.post(
        reverse("signup"),
        {
            "username": "mara",
            "name": "Mara Lindqvist",
            "email": "mara@example.org",
            "password1": "a long pass phrase 42",
            "password2": "a long pass phrase 42",
        },
    )
    assert sent.status_code == 200 and "Check your e-mail" in sent.text and "mara@example.org" in sent.text
    assert not Player.objects.exists() and "_auth_user_id" not in client.session  # nothing until the link
    [message] = mail.outbox
    assert message.to == ["mara@example.org"] and "a long pass phrase" not in message.body
    response = client.get(mailed_link(to="mara@example.org"), follow=True)
    assert response.redirect_chain[-1][0] == "/"
    assert "<h1>My events</h1>" in response.text
    player = Player.objects.get(user__username="mara")
    assert (player.name, player.user.email, player.user.is_staff) == ("Mara Lindqvist", "mara@example.org", False)
    assert client.session["_auth_user_id"] == str(player.user.pk)
    assert player.user.check_password("a long pass phrase 42")
    again = client.get(mailed_link(to="mara@example.org"))  # a link makes one account, once
    assert again.status_code == 400 and "used already" in again.text and Player.objects.count() == 1


def test_sign_up_with_an_address_that_has_an_account_answers_the_same_and_mails_its_owner(db, client):
    """Issue 37: the page said "An account with this e-mail address exists" (the password reset hides it)."""
    UserFactory(username="Mara", email="mara@example.org")
    data = {
        "username": "someone",
        "name": "M",
        "password1": "a long pass phrase 42",
        "password2": "a long pass phrase 42",
    }
    taken = client.post(reverse("signup"), {**data, "email": "MARA@example.org"})
    fresh = client.post(reverse("signup"), {**data, "email": "new@example.org"})
    assert taken.status_code == fresh.status_code == 200

    def page(response, address):  # the page, without the address typed and the form's per-request CSRF token
        return re.sub(r"[A-Za-z0-9]{64}", "TOKEN", response.text.replace(address, "ADDRESS"))

    assert page(taken, "MARA@example.org") == page(fresh, "new@example.org")
    assert "An account with this e-mail address exists" not in taken.text
    owners, newcomers = mail.outbox
    assert owners.to == ["MARA@example.org"] and "already have one" in owners.body
    assert "/accounts/password_reset/" in owners.body and "/accounts/signup/confirm/" not in owners.body
    assert "/accounts/signup/confirm/" in newcomers.body
    # Neither made an account, so the username left free tells nothing either.
    assert not Player.objects.exists() and "_auth_user_id" not in client.session
    assert "is taken" not in client.post(reverse("signup"), {**data, "email": "third@example.org"}).text


def test_sign_up_with_a_taken_username_says_so_and_creates_nothing(db, client):
    UserFactory(username="Mara", email="mara@example.org")
    data = {
        "username": "mara",
        "name": "M",
        "email": "other@example.org",
        "password1": "a long pass phrase 42",
        "password2": "a long pass phrase 42",
    }
    text = client.post(reverse("signup"), data).text
    assert "The username mara is taken" in text  # usernames are shown on pairings anyway
    assert not Player.objects.exists() and mail.outbox == []
    assert "_auth_user_id" not in client.session


def test_a_broken_or_expired_sign_up_link_says_so(db, client, settings):
    client.post(reverse("signup"), SIGN_UP)
    link = mailed_link(to="mara@example.org")
    broken = client.get(link[:-3] + "xyz/")
    assert broken.status_code == 400 and "sign up again" in broken.text
    settings.HYDRA_SIGNUP_OPEN = False
    assert client.get(link).status_code == 404
    assert not Player.objects.exists()


def test_sign_up_in_venue_mode_makes_the_account_at_once(db, client, settings):
    settings.HYDRA_SIGNUP_CONFIRM_EMAIL = False  # config.settings.venue: mail is printed, not sent
    response = client.post(reverse("signup"), SIGN_UP, follow=True)
    assert response.redirect_chain[-1][0] == "/" and Player.objects.filter(user__username="mara").exists()


def test_the_mailed_link_goes_on_to_where_the_player_was_going(db, client):
    client.post(reverse("signup") + "?next=/events/7/signup/", {**SIGN_UP, "next": "/events/7/signup/"})
    response = client.get(mailed_link(to="mara@example.org"))
    assert response.status_code == 302 and response["Location"] == "/events/7/signup/"


def test_sign_up_refuses_a_weak_or_mismatched_password(db, client):
    data = {"username": "mara", "name": "M", "email": "m@example.org", "password1": "12345678", "password2": "12345678"}
    assert "This password is entirely numeric." in client.post(reverse("signup"), data).text
    data.update(password1="a long pass phrase 42", password2="another long phrase 42")
    assert "The two password fields didn’t match." in client.post(reverse("signup"), data).text
    assert not Player.objects.exists()


def test_sign_up_closed_by_the_organizer_is_404_and_not_linked(db, client, settings):
    settings.HYDRA_SIGNUP_OPEN = False
    assert client.get(reverse("signup")).status_code == 404
    assert reverse("signup") not in client.get(reverse("login")).text


SIGN_UP = {
    "username": "mara",
    "name": "Mara Lindqvist",
    "email": "mara@example.org",
    "password1": "a long pass phrase 42",
    "password2": "a long pass phrase 42",
}


def test_a_new_player_sees_only_their_own_things(scene, client):
    pool = SealedPoolFactory(registration__seats=[scene.alice.player, PlayerFactory(), PlayerFactory()])
    client.post(reverse("signup"), SIGN_UP)
    home = client.get(mailed_link(to="mara@example.org"), follow=True).text
    assert "You aren't registered for any event yet." in home
    for others in (
        "Azure Ants",
        "Brass Bats",
        "Alice",
        reverse("portal:match", args=[scene.match.pk]),
        reverse("sealed:pool", args=[pool.pk]),
    ):
        assert others not in home
    assert client.get(reverse("portal:match", args=[scene.match.pk])).status_code == 404
    assert client.post(reverse("portal:match_confirm", args=[scene.match.pk])).status_code == 404
    assert client.get(reverse("portal:decklist", args=[scene.event.pk])).status_code == 404
    assert client.get(reverse("sealed:pool", args=[pool.pk])).status_code == 404
    # The public pages stay public: the event's pairings show, with no team of mine marked.
    pairings = client.get(reverse("portal:pairings", args=[scene.event.pk])).text
    assert "Azure Ants" in pairings and 'class="mine"' not in pairings


def test_sign_up_page_carries_a_csrf_token_and_refuses_a_post_without_one(db):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    page = strict.get(reverse("signup"))
    assert 'name="csrfmiddlewaretoken"' in page.text
    assert strict.post(reverse("signup"), SIGN_UP).status_code == 403
    assert not Player.objects.exists()


def test_signed_in_players_are_sent_home_from_sign_up(db, client):
    login_client(client, PlayerFactory().user)
    response = client.get(reverse("signup"))
    assert response.status_code == 302 and response["Location"] == "/"


def test_sign_up_attempts_are_limited_per_address(db, client, settings):
    settings.HYDRA_SIGNUP_RATE = "2/hour"
    bad = {**SIGN_UP, "password2": "not the same"}
    assert client.post(reverse("signup"), bad).status_code == 200  # refused by the form, but counted
    assert client.post(reverse("signup"), bad).status_code == 200
    refused = client.post(reverse("signup"), SIGN_UP)
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= 3600
    assert "Too many sign-ups from your network just now." in refused.text
    assert 'value="mara"' in refused.text and "a long pass phrase" not in refused.text
    assert not Player.objects.exists()
    # Another address still signs up; the page itself still shows.
    assert client.get(reverse("signup")).status_code == 200
    other = client.post(reverse("signup"), SIGN_UP, REMOTE_ADDR="192.0.2.7")
    assert other.status_code == 200 and "Check your e-mail" in other.text and len(mail.outbox) == 1


def test_sign_up_rate_setting(settings):
    from django.core.exceptions import ImproperlyConfigured

    from portal.accounts import signup_rate

    settings.HYDRA_SIGNUP_RATE = "5/min"
    assert signup_rate() == (5, 60)
    settings.HYDRA_SIGNUP_RATE = ""
    assert signup_rate() is None
    for bad in ("five/hour", "5/fortnight", "-1/hour", "5"):
        settings.HYDRA_SIGNUP_RATE = bad
        with pytest.raises(ImproperlyConfigured):
            signup_rate()


def test_sign_up_without_a_limit_lets_every_attempt_through(db, client, settings):
    settings.HYDRA_SIGNUP_RATE = None
    bad = {**SIGN_UP, "password2": "not the same"}
    assert all(client.post(reverse("signup"), bad).status_code == 200 for _ in range(40))


def test_create_an_account_from_the_login_page_keeps_where_the_player_was_going(db, client, settings):
    """Issue 32: "Create an account" dropped ?next=, so a new player landed on the home page, not the sign-up."""
    settings.HYDRA_SIGNUP_OPEN = True
    page = client.get(reverse("login") + "?next=/events/7/signup/").text
    assert 'href="/accounts/signup/?next=/events/7/signup/"' in page
    signup_page = client.get("/accounts/signup/?next=/events/7/signup/").text
    assert 'href="/accounts/login/?next=/events/7/signup/"' in signup_page


def test_logout_by_get_shows_a_page_with_the_button_not_a_bare_405(db, client):
    """Issue 32: GET /accounts/logout/ answered a bare 405 page."""
    user = UserFactory(username="gina")
    client.force_login(user)
    response = client.get("/accounts/logout/")
    assert response.status_code == 200 and "You are signed in as gina." in response.text
    assert (
        'action="/accounts/logout/" method="post"' in response.text
        or 'method="post" action="/accounts/logout/"' in response.text
    )
    assert "_auth_user_id" in client.session  # a GET signs nobody out
    client.post("/accounts/logout/")
    assert "_auth_user_id" not in client.session
    assert "You are signed out." in client.get("/accounts/logout/").text


def test_changing_a_password_is_a_page_of_the_site_not_the_admins(db, client):
    """Issue 56: /accounts/password_change/ showed the admin's page (its breadcrumbs failed WCAG's link contrast);
    it is the site's own now, and changes the password."""
    user = UserFactory()
    user.set_password("old secret 123")
    user.save()
    client.force_login(user)
    page = client.get("/accounts/password_change/").content.decode()
    assert "Change your password" in page and "breadcrumbs" not in page and 'name="old_password"' in page
    wrong = client.post(
        "/accounts/password_change/",
        {"old_password": "nope", "new_password1": "a long new phrase", "new_password2": "a long new phrase"},
    ).content.decode()
    assert 'role="alert"' in wrong
    done = client.post(
        "/accounts/password_change/",
        {"old_password": "old secret 123", "new_password1": "a long new phrase", "new_password2": "a long new phrase"},
        follow=True,
    ).content.decode()
    assert "Password changed" in done
    user.refresh_from_db()
    assert user.check_password("a long new phrase")
