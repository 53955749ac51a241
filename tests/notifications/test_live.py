"""The banner's live push (issue 41): a person's open page hears their unread count as soon as their notifications
are stored (the Redis channel the drafts and overlays use), and a sync server sends no stream at all."""

import asyncio

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.test import AsyncClient

from notifications.kinds import NoticeKind
from notifications.models import Notification
from notifications.services import notifications_store
from tests.factories import EventFactory, UserFactory


def _notice(person, event, n):
    return Notification(
        person=person,
        event=event,
        kind=NoticeKind.ANNOUNCEMENT,
        source=f"log:{n}",
        params={"event": event.name, "text": "Hello"},
        link="/",
    )


@pytest.mark.django_db
def test_a_sync_server_answers_204_so_the_page_does_not_hold_a_thread(client, settings, redis_url):
    settings.HYDRA_REDIS_URL = redis_url
    client.force_login(UserFactory())
    assert client.get("/notifications/events/").status_code == 204


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_stream_sends_the_unread_count_then_each_new_one(settings, redis_url, django_capture_on_commit_callbacks):
    settings.HYDRA_REDIS_URL = redis_url
    user, other = UserFactory(), UserFactory()
    event = EventFactory()

    async def scenario():
        client = AsyncClient()
        await sync_to_async(client.force_login)(user)
        response = await client.get("/notifications/events/")
        assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
        chunks = response.streaming_content.__aiter__()
        first = await asyncio.wait_for(chunks.__anext__(), 5)
        assert b"data: 0" in first
        await sync_to_async(notifications_store)(notices=[_notice(other, event, 1)])  # someone else's: not heard
        await sync_to_async(notifications_store)(notices=[_notice(user, event, 2)])
        second = await asyncio.wait_for(chunks.__anext__(), 5)
        assert b"data: 1" in second
        await chunks.aclose()
        await sync_to_async(connections.close_all)()

    asyncio.run(scenario())
