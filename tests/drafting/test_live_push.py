"""Live push of draft tables (issue 19): a table's change is published on Redis when it commits, and its seats
listen through Server-Sent Events; without Redis the endpoint answers 204 and the pages poll."""

import time

import pytest
import redis
from django.test import Client

from drafting.live import channel_for
from drafting.selectors.tables import draft_seat_to_pick
from drafting.services.picks import draft_pick
from tests.drafting.conftest import make_table, reload
from tests.drafting.test_pick_arrival import _pick_args
from tests.factories import UserFactory


def _seat_user(table, seat):
    """The login seated at `seat` ("1A": team 1's seat A)."""
    from tournaments.models import Seat

    team_id = table.team1_id if seat.startswith("1") else table.team2_id
    return Seat.objects.get(registration_id=team_id, letter=seat[1:]).player.user


@pytest.mark.django_db
def test_without_redis_the_stream_is_204_and_outsiders_are_refused(settings):
    settings.HYDRA_REDIS_URL = ""
    table = make_table(team_size=2, pack_size=3, review=0, pick=5)
    url = f"/draft/table/{table.pk}/events/"
    assert Client().get(url).status_code == 404  # as if there were no such draft (docs/permissions.md)
    outsider = Client()
    outsider.force_login(UserFactory())
    assert outsider.get(url).status_code == 404
    player = Client()
    player.force_login(_seat_user(table, draft_seat_to_pick(table=table)))
    assert player.get(url).status_code == 204
    assert f'data-events="{url}"' in player.get(f"/draft/table/{table.pk}/").content.decode()


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_pick_is_published_when_it_commits(settings, redis_url):
    settings.HYDRA_REDIS_URL = redis_url
    table = make_table(team_size=2, pack_size=3, review=0, pick=5)
    pubsub = redis.Redis.from_url(redis_url).pubsub()
    pubsub.subscribe(channel_for(table.pk))
    assert pubsub.get_message(timeout=2)["type"] == "subscribe"
    args, _card = _pick_args(table)
    started = time.monotonic()
    draft_pick(**args)
    message = pubsub.get_message(ignore_subscribe_messages=True, timeout=2)
    latency = time.monotonic() - started
    assert message is not None and int(message["data"]) == reload(table).version
    assert latency < 2
    pubsub.close()


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_stream_sends_the_version_then_each_change(settings, redis_url):
    import asyncio

    from asgiref.sync import sync_to_async
    from django.test import AsyncClient

    settings.HYDRA_REDIS_URL = redis_url
    table = make_table(team_size=2, pack_size=3, review=0, pick=5)
    user = _seat_user(table, draft_seat_to_pick(table=table))

    async def scenario():
        client = AsyncClient()
        await sync_to_async(client.force_login)(user)
        response = await client.get(f"/draft/table/{table.pk}/events/")
        assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
        chunks = response.streaming_content.__aiter__()
        first = await asyncio.wait_for(chunks.__anext__(), 5)
        assert b"event: version" in first and f"data: {table.version}".encode() in first
        args, _card = await sync_to_async(_pick_args)(table)
        await sync_to_async(draft_pick)(**args)
        second = await asyncio.wait_for(chunks.__anext__(), 5)
        assert f"data: {table.version + 1}".encode() in second
        await chunks.aclose()
        from django.db import connections

        await sync_to_async(connections.close_all)()  # the pool thread's connection, before the test database goes

    asyncio.run(scenario())


def test_with_redis_unreachable_the_stream_ends_at_once_asking_to_retry_later(settings):
    import asyncio

    from drafting.views.live import RETRY_WHILE_DOWN_MS, live_stream
    from tests.redis_server import free_port

    settings.HYDRA_REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there

    async def read_all():
        return [chunk async for chunk in live_stream(channel_for(1), 7)]

    assert asyncio.run(read_all()) == [f"retry: {RETRY_WHILE_DOWN_MS}\n\n"]
