"""The language a person chose follows them (issue 45): kept with their account, and every e-mail Hydra sends them
(seat invitations, claim links, sign-up invitations and confirmations, password resets) is written in it; a person
who never chose gets the sender's page language. Each mail ends with a note naming its language (its words are
Hydra's own, translated in every shipped language, so these tests read a real translation whatever the catalogs
hold)."""

import pytest
from django.conf import settings
from django.core import mail
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from desk.services.claims import event_claim_links_send
from signup.services import invitation_send, signup_create
from tests.factories import (
    EventFactory,
    OrganizerFactory,
    PlaceholderFactory,
    PlayerFactory,
    RegistrationFactory,
    UserFactory,
)
from tests.signup.helpers import open_event
from tournaments.models import PersonLanguage
from tournaments.selectors.languages import (
    address_language,
    in_language_of,
    language_supported,
    mail_language_note,
    person_language,
)
from tournaments.services.invitations import seat_invitations_make
from tournaments.services.languages import person_language_set

pytestmark = pytest.mark.django_db

NOTE = {
    "ja": "日本語",
    "fr": "Français",
    "pt-br": "Português (Brasil)",
    "de": "Deutsch",
    "en": "English",
    "es": "Español",
    "it": "Italiano",
    "zh-hans": "简体中文",
}


def _note_of(body: str) -> str:
    return body.rsplit("\n-- \n", 1)[1]


def test_every_shipped_language_has_its_mail_note_translated():
    english = mail_language_note()
    for code, name in settings.LANGUAGES:
        with translation.override(code):
            note = mail_language_note()
        assert name in note
        if code != "en":
            assert note.replace(name, "") != english.replace("English", ""), code


def test_a_chosen_language_is_kept_in_the_sites_spelling_and_an_unknown_one_refused():
    user = UserFactory()
    assert person_language(user=user) is None
    assert person_language_set(user=user, language="pt-BR") == "pt-br"
    assert person_language(user=user) == "pt-br"
    assert person_language_set(user=user, language="ja_JP") == "ja"
    assert PersonLanguage.objects.get(user=user).language == "ja"
    with pytest.raises(ValidationError):
        person_language_set(user=user, language="tlh")
    assert person_language(user=user) == "ja"
    assert language_supported("zh_Hans") == "zh-hans" and language_supported("") is None


def test_a_language_no_longer_shipped_is_read_as_no_choice():
    user = UserFactory()
    PersonLanguage.objects.create(user=user, language="tlh")
    assert person_language(user=user) is None
    with translation.override("fr"), in_language_of(user) as language:
        assert language == "fr"


def test_the_language_of_an_address_is_its_one_accounts():
    user = UserFactory(email="Kai@Example.org")
    person_language_set(user=user, language="ja")
    assert address_language(email="kai@example.org ") == "ja"
    assert address_language(email="nobody@example.org") is None


@pytest.mark.parametrize("language", ["ja", "fr"])
def test_a_seat_invitation_is_written_in_the_invited_persons_language(language, django_capture_on_commit_callbacks):
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, team_size=1, name="FNM")
    invited = UserFactory(email="kai@example.org")
    person_language_set(user=invited, language=language)
    placeholder = PlaceholderFactory(made_by=organizer)
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        seat_invitations_make(event=event, invited=[(placeholder, invited)], by=organizer)
    [message] = mail.outbox
    assert NOTE[language] in _note_of(message.body)
    assert "FNM" in message.subject


@pytest.mark.parametrize(("chosen", "page", "expected"), [("ja", "en", "ja"), (None, "fr", "fr")])
def test_a_claim_link_is_mailed_in_the_players_language_else_the_organizers(
    client, chosen, page, expected, django_capture_on_commit_callbacks
):
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, team_size=1)
    placeholder = PlaceholderFactory(made_by=organizer, user=UserFactory(email="pia@example.org", password=None))
    RegistrationFactory(event=event, seats=[placeholder])
    if chosen:
        person_language_set(user=placeholder.user, language=chosen)
    with translation.override(page), django_capture_on_commit_callbacks(execute=True):
        assert event_claim_links_send(event=event, base="http://testserver", by=organizer) == 1
    [message] = mail.outbox
    assert NOTE[expected] in _note_of(message.body)


@pytest.mark.parametrize(("chosen", "expected"), [("ja", "ja"), ("fr", "fr"), (None, "de")])
def test_a_sign_up_invitation_speaks_the_language_of_the_account_with_that_address(
    chosen, expected, django_capture_on_commit_callbacks
):
    event = open_event(team_size=2)
    signup = signup_create(event=event, captain=PlayerFactory(), name="Bees")
    bea = UserFactory(email="bea@example.org")
    if chosen:
        person_language_set(user=bea, language=chosen)
    with translation.override("de"), django_capture_on_commit_callbacks(execute=True):
        invitation_send(
            invitation=signup.invitations.get(letter="B"),
            email="bea@example.org",
            link="http://testserver/j/",
            user=signup.captain.user,
        )
    [message] = mail.outbox
    assert NOTE[expected] in _note_of(message.body)


@pytest.mark.parametrize("language", ["ja", "fr"])
def test_a_password_reset_is_mailed_in_the_persons_language_whatever_the_page(client, language):
    user = UserFactory(email=f"reset-{language}@example.org")
    person_language_set(user=user, language=language)
    response = client.post(
        reverse("password_reset"), {"email": f"reset-{language}@example.org"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 302
    [message] = mail.outbox
    assert NOTE[language] in _note_of(message.body)
    assert "/accounts/reset/" in message.body


@pytest.mark.parametrize("language", ["ja", "fr"])
def test_a_sign_up_with_a_taken_address_tells_its_owner_in_their_language(client, settings, language):
    settings.HYDRA_SIGNUP_CONFIRM_EMAIL = True
    owner = UserFactory(email=f"taken-{language}@example.org")
    person_language_set(user=owner, language=language)
    client.post(
        reverse("signup"),
        {
            "username": "newkai",
            "name": "Kai",
            "email": f"taken-{language}@example.org",
            "password1": "a-long-Passw0rd!",
            "password2": "a-long-Passw0rd!",
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )
    [message] = mail.outbox
    assert NOTE[language] in _note_of(message.body)


@pytest.mark.parametrize("language", ["ja", "fr"])
def test_a_new_account_keeps_the_language_it_signed_up_in(client, settings, language):
    from tests.portal.mail import mailed_link

    settings.HYDRA_SIGNUP_CONFIRM_EMAIL = True
    address = f"new-{language}@example.org"  # an address of its own: mails to one address are limited
    client.post(
        reverse("signup"),
        {
            "username": "newkai",
            "name": "Kai",
            "email": address,
            "password1": "a-long-Passw0rd!",
            "password2": "a-long-Passw0rd!",
        },
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert NOTE[language] in _note_of(mail.outbox[0].body)
    Client().get(mailed_link(to=address))
    user = PlayerFactory._meta.model.objects.get(user__username="newkai").user
    assert person_language(user=user) == language
