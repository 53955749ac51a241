"""Scorekeeper tokens: created in the admin (shown once) or by a command; only a hash is stored."""

from io import StringIO

import pytest
from django.contrib.messages import get_messages
from django.core.management import CommandError, call_command

from api.models import ApiToken
from api.services import api_token_hash
from tests.factories import ApiTokenFactory, EventFactory, OrganizerFactory

pytestmark = pytest.mark.django_db


def test_admin_creates_a_token_and_shows_it_once(client):
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer)
    client.force_login(organizer)
    response = client.post("/admin/api/apitoken/add/", {"event": event.pk, "user": organizer.pk, "name": "Desk 1"})
    assert response.status_code == 302
    [message] = [str(m) for m in get_messages(response.wsgi_request) if "Copy the token now" in str(m)]
    raw = message.rsplit(" ", 1)[1]
    token = ApiToken.objects.get()
    assert raw.startswith(f"hydra_{token.prefix}_")
    assert token.secret_hash == api_token_hash(raw.split("_", 2)[2])
    change = f"/admin/api/apitoken/{token.pk}/change/"
    assert raw in client.get(change).content.decode()  # the page after saving shows the message...
    page = client.get(change).content.decode()
    assert raw not in page and token.secret_hash not in page  # ...and never again


def test_admin_revokes_tokens(client):
    token = ApiTokenFactory()
    client.force_login(OrganizerFactory())
    client.post("/admin/api/apitoken/", {"action": "revoke", "_selected_action": [token.pk]})
    token.refresh_from_db()
    assert token.revoked_at is not None


def test_command_prints_a_working_token(api):
    event = EventFactory(is_public=False)
    out = StringIO()
    call_command(
        "create_api_token", event=event.pk, user=event.organizer.username, name="Desk", stdout=out, stderr=StringIO()
    )
    raw = out.getvalue().strip()
    assert api.get(f"/api/v1/events/{event.pk}/", HTTP_AUTHORIZATION=f"Bearer {raw}").status_code == 200


def test_command_refuses_an_unknown_event():
    with pytest.raises(CommandError, match="There is no event with id 424242."):
        call_command("create_api_token", event=424242, user="nobody")


def test_token_must_not_leak_through_the_api(api):
    token = ApiTokenFactory()
    body = api.get(f"/api/v1/events/{token.event_id}/", HTTP_AUTHORIZATION=f"Token {token.raw}").content.decode()
    assert token.secret_hash not in body and token.raw not in body and token.prefix not in body
