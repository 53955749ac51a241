"""The call page's state (drafting/views/paper.py called_state), which a phone polls every 2 s: 304 from the cache
while no timer, table or pod of the event changed, the new state once one did (common/polls.py, issue 54)."""

import pytest
from django.test import Client
from django.urls import reverse

from drafting.services.paper import called_draft_start, event_timer_pause, paper_pods_seat
from tests.factories import BoosterDraftEventFactory, PlayerFactory, SoloRegistrationFactory, UserFactory

pytestmark = pytest.mark.django_db


def _drafting_phone(django_capture_on_commit_callbacks):
    event = BoosterDraftEventFactory()
    user = UserFactory()
    SoloRegistrationFactory(event=event, seats=PlayerFactory(user=user))
    for _ in range(8):
        SoloRegistrationFactory(event=event)
    with django_capture_on_commit_callbacks(execute=True):
        paper_pods_seat(event=event, by=None, seed=4)
        called_draft_start(event=event, by=None, pack_size=15)
    phone = Client()
    phone.force_login(user)
    return event, phone


def test_call_state_poll_is_304_without_a_query_until_a_timer_changes(
    django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    event, phone = _drafting_phone(django_capture_on_commit_callbacks)
    url = reverse("drafting:call_state", args=[event.pk])
    first = phone.get(url)
    assert first.status_code == 200 and first.json()["draft"]["paused_at"] is None
    assert first["Cache-Control"] == "private, no-cache" and first["ETag"]
    with django_assert_max_num_queries(0):
        again = phone.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    with django_capture_on_commit_callbacks(execute=True):
        event_timer_pause(event=event, by=event.organizer, kind="draft")
    paused = phone.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert paused.status_code == 200 and paused.json()["draft"]["paused_at"] is not None


def test_call_state_of_another_person_is_never_their_304(django_capture_on_commit_callbacks):
    event, phone = _drafting_phone(django_capture_on_commit_callbacks)
    url = reverse("drafting:call_state", args=[event.pk])
    etag = phone.get(url)["ETag"]
    other = Client()
    other.force_login(event.organizer)
    assert other.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200
