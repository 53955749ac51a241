"""GET /api/v1/events/{id}/draft-picks/ (every pick as CSV, the organizer's) and .../draft-picks/mine/ (the
caller's own picks as an MTGO log, after the draft or at Regular REL)."""

import csv
import io

import pytest

from drafting.models import DraftStatus, PodTeam
from tests.drafting.boosterpods import make_booster_pods, player
from tests.drafting.pods import reload
from tests.drafting.test_services_booster import _pick_everyone
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _drafted(**kwargs):
    pod = make_booster_pods(players=2, pack_size=3, **kwargs)[0]
    while reload(pod).status == DraftStatus.RUNNING:
        pod = _pick_everyone(pod)
    return pod


def test_api_draft_picks_csv_for_the_organizer(api):
    pod = _drafted()
    api.force_authenticate(pod.event.organizer)
    response = api.get(f"/api/v1/events/{pod.event_id}/draft-picks/")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 18 and {r["drafter"] for r in rows} == {
        player(t).player.name for t in PodTeam.objects.filter(pod=pod)
    }


def test_api_draft_picks_csv_is_refused_to_a_player(api):
    pod = _drafted(is_public=True)
    api.force_authenticate(player(PodTeam.objects.get(pod=pod, seat=0)))
    assert api.get(f"/api/v1/events/{pod.event_id}/draft-picks/").status_code == 404


def test_api_my_draft_picks_is_the_callers_mtgo_log(api):
    pod = _drafted(is_public=True)
    seat = PodTeam.objects.get(pod=pod, seat=1)
    api.force_authenticate(player(seat))
    response = api.get(f"/api/v1/events/{pod.event_id}/draft-picks/mine/")
    assert response.status_code == 200
    text = response.content.decode()
    assert f"--> {player(seat).player.name}" in text and text.count("pick") == 9


def test_api_my_draft_picks_hidden_while_a_competitive_draft_runs_and_empty_for_a_stranger(api):
    pod = make_booster_pods(players=2, is_public=True)[0]
    api.force_authenticate(player(PodTeam.objects.get(pod=pod, seat=0)))
    response = api.get(f"/api/v1/events/{pod.event_id}/draft-picks/mine/")
    assert response.status_code == 403 and "once the draft is over" in response.content.decode()
    api.force_authenticate(UserFactory())
    response = api.get(f"/api/v1/events/{pod.event_id}/draft-picks/mine/")
    assert (response.status_code, response.content) == (200, b"")
