"""A NUL character in a form field, a query parameter or an address is refused with a 400 that says what to remove
(PostgreSQL refuses it in every text column, so it used to be a 500 wherever it reached a query)."""

import pytest
from django.test import Client

from tournaments.models import Announcement
from tests.portal.scene import make_scene

pytestmark = pytest.mark.django_db

MESSAGE = "The request contains a NUL character"


@pytest.mark.parametrize("url", ["/signup/join/%00/", "/events/?q=a%00b", "/accounts/login/?next=%00"])
def test_a_nul_in_the_address_or_query_is_a_400_with_the_reason(url):
    response = Client().get(url)
    assert response.status_code == 400 and MESSAGE in response.content.decode()


def test_a_nul_in_a_desk_announcement_is_refused_and_nothing_is_posted():
    scene = make_scene()
    client = Client()
    client.force_login(scene.organizer)
    response = client.post(f"/events/{scene.event.pk}/desk/announce/", {"text": "Round 2 a\x00b"})
    assert response.status_code == 400 and MESSAGE in response.content.decode()
    assert not Announcement.objects.exists()


def test_a_nul_in_an_api_body_or_query_is_the_apis_json_400():
    response = Client().get("/api/v1/events/?status=a%00b")
    assert response.status_code == 400 and MESSAGE in response.json()["message"]


def test_text_without_nul_passes_untouched():
    scene = make_scene()
    client = Client()
    client.force_login(scene.organizer)
    response = client.post(f"/events/{scene.event.pk}/desk/announce/", {"text": "Round 2 starts ✓"})
    assert response.status_code in (200, 302)
    assert Announcement.objects.get().text == "Round 2 starts ✓"
