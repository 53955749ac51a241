"""The pod pages (drafting.views.pods): a team's live page on two phones, tentative choice, one-press pick, pool,
and the public page; nobody else's picks on any of them."""

import pytest
from django.urls import reverse

from drafting.models import PodCard, PodTeam
from tests.drafting.pods import expire, make_pods, pack_ids, players, reload
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _client(client, user):
    client.force_login(user)
    return client


def _team(pod, seat=0):
    return PodTeam.objects.get(pod=pod, seat=seat)


def test_pod_page_shows_the_teams_pack_and_the_clock(client):
    pod = make_pods(teams=3)[0]
    team = _team(pod)
    page = _client(client, players(team)[0]).get(reverse("drafting:pod", args=[pod.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "R1-S1-01" in text and "R1-S2-01" not in text
    assert "Pack 1 of 6" in text and 'data-deadline="' in text


def test_outsider_is_refused_and_organizer_watches_without_a_pack(client):
    pod = make_pods(teams=3)[0]
    assert _client(client, UserFactory()).get(reverse("drafting:pod", args=[pod.pk])).status_code == 404
    page = _client(client, pod.event.organizer).get(reverse("drafting:pod", args=[pod.pk]))
    assert page.status_code == 200 and "R1-S1-01" not in page.content.decode()


def test_two_phones_choose_together_and_one_press_picks(client, django_user_model):
    from django.test import Client

    pod = make_pods(teams=3)[0]
    team = _team(pod)
    a, b = players(team)
    phone_a, phone_b = Client(), Client()
    phone_a.force_login(a)
    phone_b.force_login(b)
    ids = pack_ids(pod, team)
    data = {"round": 0, "step": 0}
    phone_a.post(reverse("drafting:pod_choose", args=[pod.pk]), {**data, "card": ids[4]}, HTTP_HX_REQUEST="true")
    seen_by_b = phone_b.get(reverse("drafting:pod_state", args=[pod.pk])).content.decode()
    assert "has chosen 1 card" in seen_by_b and 'aria-pressed="true"' in seen_by_b
    answer = phone_b.post(
        reverse("drafting:pod_choose", args=[pod.pk]), {**data, "card": ids[7]}, HTTP_HX_REQUEST="true"
    )
    assert "Pick these two" in answer.content.decode()
    done = phone_a.post(
        reverse("drafting:pod_pick", args=[pod.pk]), {**data, "card": [ids[4], ids[7]]}, HTTP_HX_REQUEST="true"
    )
    assert done.status_code == 200
    assert sorted(PodCard.objects.filter(team=team).values_list("pk", flat=True)) == sorted([ids[4], ids[7]])
    again = phone_b.post(
        reverse("drafting:pod_pick", args=[pod.pk]), {**data, "card": [ids[4], ids[7]]}, HTTP_HX_REQUEST="true"
    )
    assert "already picked from this pack" in again.content.decode()
    assert PodCard.objects.filter(team=team).count() == 2


def test_pick_of_one_card_is_refused_with_the_message(client):
    pod = make_pods(teams=3)[0]
    team = _team(pod)
    answer = _client(client, players(team)[0]).post(
        reverse("drafting:pod_pick", args=[pod.pk]),
        {"round": 0, "step": 0, "card": pack_ids(pod, team)[:1]},
        HTTP_HX_REQUEST="true",
    )
    assert "Choose exactly two different cards." in answer.content.decode()
    assert PodCard.objects.filter(team=team).count() == 0


def test_pick_by_someone_outside_the_pod_is_404(client):
    pod = make_pods(teams=3)[0]
    answer = _client(client, UserFactory()).post(
        reverse("drafting:pod_pick", args=[pod.pk]), {"round": 0, "step": 0, "card": pack_ids(pod, _team(pod))[:2]}
    )
    assert answer.status_code == 404
    assert PodCard.objects.filter(pod=pod, team__isnull=False).count() == 0


def test_state_is_204_when_unchanged_and_applies_an_expired_deadline(client):
    pod = make_pods(teams=3)[0]
    c = _client(client, players(_team(pod))[0])
    first = c.get(reverse("drafting:pod_state", args=[pod.pk]))
    etag = first["ETag"].strip('"')
    assert c.get(reverse("drafting:pod_state", args=[pod.pk]), {"since": etag}).status_code == 204
    expire(pod)
    assert c.get(reverse("drafting:pod_state", args=[pod.pk]), {"since": etag}).status_code == 200
    assert reload(pod).step == 1


def test_pool_page_hidden_during_the_round_shown_after_the_draft(client):
    pod = make_pods(teams=3, pack_size=2)[0]  # packs of two: every pick is automatic, the draft ends at once
    assert reload(pod).status == "finished"
    page = _client(client, players(_team(pod))[0]).get(reverse("drafting:pod_pool", args=[pod.pk]))
    assert page.status_code == 200 and "12 cards" in page.content.decode()
    running = make_pods(teams=3)[0]
    hidden = _client(client, players(_team(running))[0]).get(reverse("drafting:pod_pool", args=[running.pk]))
    assert hidden.status_code == 403


def test_public_page_shows_turns_and_counts_never_cards(client):
    pod = make_pods(teams=3)[0]
    page = client.get(reverse("drafting:pod_public", args=[pod.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "R1-S" not in text and "Pack 1 of 6" in text
    hidden = make_pods(teams=3, is_public=False)[0]
    assert client.get(reverse("drafting:pod_public", args=[hidden.pk])).status_code == 404


def test_index_lists_the_players_pods(client):
    pod = make_pods(teams=3)[0]
    page = _client(client, players(_team(pod))[0]).get(reverse("drafting:index"))
    assert reverse("drafting:pod", args=[pod.pk]) in page.content.decode()


def test_event_page_says_the_pod_rule_and_links_each_pods_public_page(client):
    pods = make_pods(teams=7, start=False)
    page = client.get(reverse("portal:event", args=[pods[0].event_id])).content.decode()
    assert "play the teams of their own pod" in page
    for pod in pods:
        assert reverse("drafting:pod_public", args=[pod.pk]) in page
