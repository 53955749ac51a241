"""The language menu keeps a signed-in person's choice with their account (portal/views/languages.py,
portal/languages.py, issue 45): another device of theirs opens in it, and a device's own cookie stays its choice."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tournaments.models import PersonLanguage
from tournaments.selectors.languages import person_language

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["ja", "fr", "pt-br"])
def test_the_menu_keeps_a_signed_in_persons_choice(client, language):
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("set_language"), {"language": language, "next": "/events/"})
    assert response.status_code == 302 and response["Location"] == "/events/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == language
    assert person_language(user=user) == language


def test_the_menu_keeps_nothing_for_a_visitor_and_refuses_nothing_it_doesnt_know(client):
    client.post(reverse("set_language"), {"language": "ja", "next": "/events/"})
    assert PersonLanguage.objects.count() == 0
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("set_language"), {"language": "tlh", "next": "/events/"})
    assert response.status_code == 302 and person_language(user=user) is None


def test_the_menu_answers_a_get_with_405(client):
    assert client.get(reverse("set_language")).status_code == 405


def test_another_device_opens_in_the_chosen_language_and_keeps_its_own_cookie(client):
    user = UserFactory()
    client.force_login(user)
    client.post(reverse("set_language"), {"language": "ja", "next": "/"})
    phone = Client()
    phone.force_login(user)  # a new device: no language cookie, its browser asks for English
    page = phone.get("/events/", HTTP_ACCEPT_LANGUAGE="en")
    assert '<html lang="ja">' in page.text
    assert phone.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ja"
    laptop = Client()
    laptop.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"  # this device chose French before signing in
    laptop.force_login(user)
    assert '<html lang="fr">' in laptop.get("/events/", HTTP_ACCEPT_LANGUAGE="en").text


def test_a_person_who_never_chose_reads_the_browsers_language(client):
    client.force_login(UserFactory())
    assert '<html lang="es">' in client.get("/events/", HTTP_ACCEPT_LANGUAGE="es-MX").text
