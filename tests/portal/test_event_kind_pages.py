"""Every page that shows an event names its kind (issue 38): the event page (even when the name doesn't say the
format), the list of events, the projector; and the event page's Organizer link opens the desk, never the admin."""

import pytest
from django.urls import reverse

from tests.factories import EventFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def fnm():
    return EventFactory(name="Friday at the store", team_size=1, constructed_format="modern", swiss_rounds=4, top_cut=0)


def test_event_page_list_and_projector_name_the_format_and_rounds(client, fnm):
    for url in (
        reverse("portal:event", args=[fnm.pk]),
        reverse("portal:events"),
        reverse("desk:screen", args=[fnm.pk]),
    ):
        page = client.get(url).text
        assert "Modern · 4 rounds" in page, url
        assert "Team constructed" not in page, url


def test_the_organizer_link_opens_the_desk_not_the_admin(client, fnm):
    client.force_login(fnm.organizer)
    page = client.get(reverse("portal:event", args=[fnm.pk])).text
    assert 'id="organizer-link"' in page and f'href="{reverse("desk:desk", args=[fnm.pk])}" id="organizer-link"' in page
    assert "/admin/" not in page.split('<nav class="tabs"')[1].split("</nav>")[0]
    client.force_login(UserFactory(username="someone"))
    assert 'id="organizer-link"' not in client.get(reverse("portal:event", args=[fnm.pk])).text


def test_the_desks_pages_and_exports_page_name_the_kind(client, fnm):
    client.force_login(fnm.organizer)
    for name in ("desk:desk", "desk:exports", "desk:print_standings"):
        assert "Modern · 4 rounds" in client.get(reverse(name, args=[fnm.pk])).text, name
