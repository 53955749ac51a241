"""Issue 56: /events/new/ chooses no format for the organizer, and each format shows only its own questions."""

import re

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tournaments.models import Event
from tournaments.services.roles import organizer_role_grant

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(client):
    user = UserFactory()
    organizer_role_grant(user=user)
    client.force_login(user)
    return user


def test_no_format_is_chosen_before_the_organizer_chooses(client, organizer):
    page = client.get(reverse("desk:event_new")).text
    assert not re.search(r'name="preset"[^>]*checked', page)
    response = client.post(
        reverse("desk:event_new"),
        {
            "name": "Friday",
            "date": "2026-12-05",
            "location": "",
            "expected_teams": "8",
            "round_minutes": "50",
            "enforcement_level": "regular",
        },
    )
    assert response.status_code == 400 and not Event.objects.filter(name="Friday").exists()
    assert "Choose a format" in response.text


def test_each_format_says_which_questions_it_asks(client, organizer):
    page = client.get(reverse("desk:event_new")).text
    asks = dict(re.findall(r'value="([a-z0-9_]+)" id="preset-[a-z0-9_]+" data-asks="([^"]*)"', page))
    assert set(asks["commander_night"].split()) >= {"pod_size", "pod_scoring"}
    assert "constructed_format" in asks["individual_constructed"].split()
    assert asks["team_rochester"].split() == ["draft_structure"]
    questions = re.findall(r'data-question="([^"]*)"', page)
    assert {"constructed_format", "seat_formats", "draft_structure"} <= {q for qs in questions for q in qs.split()}
