"""GET /api/v1/events/{id}/pods/: the public state of a Two-Headed Giant draft's pods; never a pick."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from drafting.models import PodCard, PodTeam
from drafting.services.pods import thg_pick
from tests.drafting.pods import expire, make_pods, pack_ids, players

pytestmark = pytest.mark.django_db


def _url(pod):
    return f"/api/v1/events/{pod.event_id}/pods/"


def test_pods_list_pack_counts_whose_turn_and_deadline(api):
    pods = make_pods(teams=7)
    team = PodTeam.objects.filter(pod=pods[0]).order_by("seat").first()
    thg_pick(pod_id=pods[0].pk, user=players(team)[0], card_ids=pack_ids(pods[0], team)[:2], pack_round=0, step=0)
    body = api.get(_url(pods[0])).json()
    assert body["count"] == 2
    first = body["results"][0]
    assert (first["number"], first["status"], first["pack_round"], first["pick"], first["passing"]) == (
        1,
        "running",
        1,
        1,
        "left",
    )
    assert first["deadline"] is not None
    assert [t["has_picked"] for t in first["teams"]][0] is True
    assert [t["cards_in_front"] for t in first["teams"]][1:] == [15] * (len(first["teams"]) - 1)


def test_pods_list_must_not_leak_picks_or_card_names(api):
    pods = make_pods(teams=4)
    team = PodTeam.objects.filter(pod=pods[0]).first()
    thg_pick(pod_id=pods[0].pk, user=players(team)[0], card_ids=pack_ids(pods[0], team)[:2], pack_round=0, step=0)
    text = api.get(_url(pods[0])).content.decode()
    for name in PodCard.objects.filter(pod=pods[0]).values_list("name", flat=True)[:50]:
        assert name not in text


def test_pods_list_etag_and_304_and_applies_expired_deadlines(api):
    pod = make_pods(teams=3)[0]
    first = api.get(_url(pod))
    assert api.get(_url(pod), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    expire(pod)
    again = api.get(_url(pod), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert again.json()["results"][0]["pick"] == 2


def test_pods_list_hidden_event_is_404(api):
    pod = make_pods(teams=3, is_public=False)[0]
    assert api.get(_url(pod)).status_code == 404


def test_pods_list_queries_do_not_grow(api):
    small, large = make_pods(teams=3), make_pods(teams=16)

    def count(pod):
        with CaptureQueriesContext(connection) as captured:
            assert api.get(_url(pod)).status_code == 200
        return len(captured)

    assert count(small[0]) == count(large[0])
