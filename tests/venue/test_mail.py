"""Venue mode's e-mail: kept for printing, never sent; the printable page only for who may read it."""

import pytest
from django.contrib.auth.models import Permission
from django.core.mail import EmailMultiAlternatives, send_mail
from django.urls import reverse

from tests.factories import OrganizerFactory, UserFactory
from venue.models import PrintedMail

pytestmark = pytest.mark.django_db


def test_the_backend_keeps_every_message(settings):
    settings.EMAIL_BACKEND = "venue.mail.PrintableEmailBackend"
    assert (
        send_mail(
            "Reset your password",
            "Open http://192.168.1.20:8000/reset/abc",
            "hydra@localhost",
            ["alice@example.org", "bob@example.org"],
        )
        == 1
    )
    html = EmailMultiAlternatives("Invitation", "", "hydra@localhost", ["carol@example.org"])
    html.attach_alternative("<p>Join team Hydras</p>", "text/html")
    html.send()
    first, second = PrintedMail.objects.order_by("pk")
    assert (first.to, first.subject) == ("alice@example.org, bob@example.org", "Reset your password")
    assert "reset/abc" in first.body
    assert second.body == "<p>Join team Hydras</p>"


def test_password_reset_in_venue_mode_lands_on_the_printable_page(client, settings):
    settings.EMAIL_BACKEND = "venue.mail.PrintableEmailBackend"
    UserFactory(username="alice", email="alice@example.org")
    client.post(reverse("password_reset"), {"email": "alice@example.org"})
    [mail] = PrintedMail.objects.all()
    client.force_login(OrganizerFactory())
    page = client.get(reverse("venue:mail")).content.decode()
    assert mail.subject in page and "alice@example.org" in page and "/reset/" in page


def test_the_printable_page_is_404_for_players_and_open_with_the_permission(client):
    PrintedMail.objects.create(to="alice@example.org", subject="Secret link", body="http://x/reset/1")
    user = UserFactory()
    client.force_login(user)
    assert client.get(reverse("venue:mail")).status_code == 404
    user.user_permissions.add(Permission.objects.get(codename="view_printedmail"))
    client.force_login(type(user).objects.get(pk=user.pk))
    assert "Secret link" in client.get(reverse("venue:mail")).content.decode()
