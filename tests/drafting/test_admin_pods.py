"""The organizer's pod controls in the admin: seat pods from the event's draft settings, generate packs, start,
pause, review break, resume, end, and edit the timing without touching the live draft."""

import pytest
from django.urls import reverse

from drafting.models import DraftSettings, DraftStatus, Pod
from tests.drafting.pods import make_pods, reload
from tests.factories import OrganizerFactory, RegistrationFactory, ThgDraftEventFactory

pytestmark = pytest.mark.django_db


def _act(client, action, pods, **extra):
    data = {"action": action, "_selected_action": [p.pk for p in pods], **extra}
    return client.post(reverse("admin:drafting_pod_changelist"), data, follow=True)


def test_seat_pods_from_the_draft_settings_then_generate_and_start(client):
    client.force_login(OrganizerFactory())
    event = ThgDraftEventFactory()
    for _ in range(7):
        RegistrationFactory(event=event)
    settings = DraftSettings.objects.create(event=event, set_code="DOM", thg_pick_seconds={"15": 90})
    page = client.post(
        reverse("admin:drafting_draftsettings_changelist"),
        {"action": "seat_pods", "_selected_action": [settings.pk]},
        follow=True,
    ).content.decode()
    assert "2 pods." in page
    pods = list(Pod.objects.filter(event=event))
    assert all(p.pick_seconds == {"15": 90} for p in pods)
    assert "Packs generated for 2 pods." in _act(client, "generate_packs", pods).content.decode()
    assert all(len(reload(p).pack_sizes) == 6 for p in pods)
    assert "2 pods started." in _act(client, "start", pods).content.decode()
    assert all(reload(p).status == DraftStatus.RUNNING for p in pods)


def test_pause_review_break_resume_end_from_the_admin(client):
    client.force_login(OrganizerFactory())
    pod = make_pods(teams=3)[0]
    assert "1 pod paused." in _act(client, "pause", [pod]).content.decode()
    _act(client, "review_break", [pod])
    assert reload(pod).review_break
    assert "1 pod resumed." in _act(client, "resume", [pod]).content.decode()
    assert "1 pod ended." in _act(client, "end", [pod]).content.decode()
    assert reload(pod).status == DraftStatus.FINISHED


def test_timing_edit_goes_through_the_service_and_refuses_nonsense(client):
    client.force_login(OrganizerFactory())
    pod = make_pods(teams=3)[0]
    url = reverse("admin:drafting_pod_change", args=[pod.pk])
    client.post(
        url,
        {
            "pick_seconds": '{"15": 60, "3": 5}',
            "round_review_seconds": "45",
            "deck_building_minutes": "50",
            "teams-TOTAL_FORMS": 0,
            "teams-INITIAL_FORMS": 0,
            "log-TOTAL_FORMS": 0,
            "log-INITIAL_FORMS": 0,
        },
    )
    fresh = reload(pod)
    assert fresh.pick_seconds == {"15": 60, "3": 5} and fresh.round_review_seconds == 45
    assert fresh.status == DraftStatus.RUNNING and fresh.deadline == pod.deadline
    page = client.post(
        url,
        {
            "pick_seconds": '{"15": -4}',
            "round_review_seconds": "45",
            "deck_building_minutes": "50",
            "teams-TOTAL_FORMS": 0,
            "teams-INITIAL_FORMS": 0,
            "log-TOTAL_FORMS": 0,
            "log-INITIAL_FORMS": 0,
        },
        follow=True,
    ).content.decode()
    assert "seconds from 0" in page
    assert reload(pod).pick_seconds == {"15": 60, "3": 5}
