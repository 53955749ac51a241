"""A Two-Headed Giant pack drafted on two phones of one team: either teammate taps cards, the other sees the
tentative choice live, one press picks the two cards, and the team's pool shows at the end of the pack round."""

import pytest
from django.urls import reverse

from drafting.models import Pod, PodCard, PodTeam
from drafting.services.pods import thg_pick, thg_pod_enter_packs, thg_pod_start, thg_pods_seat
from tests.drafting.pods import pack_ids, players, pod_card_name, reload
from tests.factories import RegistrationFactory, ThgDraftEventFactory
from tournaments.enums import EventStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PACK_SIZE = 6  # picks of two from 6 and from 4 cards; the last two go to their team at once


def _others_pick(pod, mine):
    pod = reload(pod)
    for team in PodTeam.objects.filter(pod=pod).exclude(pk=mine.pk):
        thg_pick(
            pod_id=pod.pk,
            user=players(team)[0],
            card_ids=pack_ids(pod, team)[:2],
            pack_round=pod.pack_round,
            step=pod.step,
        )


def test_a_team_drafts_a_pack_on_two_phones(browsers):
    event = ThgDraftEventFactory(status=EventStatus.RUNNING, name="2HG Draft Night")
    for _ in range(3):
        RegistrationFactory(event=event)
    pod = thg_pods_seat(event=event, by=None, seed=2)[0]
    Pod.objects.filter(pk=pod.pk).update(pick_seconds={"1": 0}, round_review_seconds=600)  # no clock to race
    packs = [[pod_card_name(r, o, k) for k in range(1, PACK_SIZE + 1)] for r in range(6) for o in range(3)]
    thg_pod_enter_packs(pod_id=pod.pk, by=None, packs=packs)
    thg_pod_start(pod_id=pod.pk, by=None)
    team = PodTeam.objects.get(pod=pod, seat=0)
    first_user, second_user = players(team)
    phone_a, phone_b = browsers(), browsers()
    for phone, user in ((phone_a, first_user), (phone_b, second_user)):
        phone.sign_in(user.username)
        phone.get(reverse("drafting:index"))
        phone.link("Pod 1, seat 1").click()  # /draft/ names the pod and the seat (issue 56)
        phone.wait_for_text("Your team picks two cards!", css="#draft-state")
    phone_a.screenshot("pod-draft")

    # Phone A taps a card: phone B sees the choice by itself; nothing is picked.
    phone_a.tap(pod_card_name(0, 0, 3))
    phone_b.wait_for_text(f"{first_user.player.name} has chosen 1 card.", css="#draft-state")
    assert phone_b.text("#draft-state .card.chosen").startswith(pod_card_name(0, 0, 3))
    # Phone B adds a second card: both phones offer the one press that picks the two.
    phone_b.tap(pod_card_name(0, 0, 5))
    phone_a.wait_for_text("Pick these two", css="#draft-state")
    phone_b.screenshot("pod-draft-two-chosen")
    assert not PodCard.objects.filter(team=team).exists()
    phone_a.tap("Pick these two")
    phone_b.wait_for_text("Waiting for the other teams.", css="#draft-state")
    assert sorted(PodCard.objects.filter(team=team).values_list("name", flat=True)) == [
        pod_card_name(0, 0, 3),
        pod_card_name(0, 0, 5),
    ]

    # The other teams pick; the pack from the right (seat 3's, four cards left) reaches the team.
    _others_pick(pod, team)
    phone_b.wait_for_text(pod_card_name(0, 2, 3), css="#draft-state")
    phone_a.wait_for_text(pod_card_name(0, 2, 3), css="#draft-state")
    phone_a.wait_for_pick_guard_over()  # taps are ignored for a moment after a new pack
    phone_b.wait_for_pick_guard_over()
    phone_b.tap(pod_card_name(0, 2, 4))
    phone_b.wait_for_text("has chosen 1 card.", css="#draft-state")
    phone_a.tap(pod_card_name(0, 2, 6))
    phone_b.wait_for_text("Pick these two", css="#draft-state")
    phone_b.tap("Pick these two")
    phone_a.wait_for_text("Waiting for the other teams.", css="#draft-state")
    _others_pick(pod, team)

    # The last two cards of each pack go at once: the pack round is over and the pool may be looked through.
    phone_a.wait_for_text("Look through your pool", css="#draft-state")
    assert reload(pod).pack_round == 1
    phone_a.link("your team's pool").click()
    phone_a.wait_for_text("6 cards")
    assert pod_card_name(0, 2, 6) in phone_a.text("table")
    phone_a.screenshot("pod-draft-pool")


def test_pick_these_two_is_next_to_the_cards_just_chosen_on_a_phone(browsers):
    """Issue 32: at 390 px "Pick these two" was 1,560 px above the card just chosen, at the top of a long pack."""
    event = ThgDraftEventFactory(status=EventStatus.RUNNING, name="2HG Draft Night")
    for _ in range(3):
        RegistrationFactory(event=event)
    pod = thg_pods_seat(event=event, by=None, seed=2)[0]
    Pod.objects.filter(pk=pod.pk).update(pick_seconds={"1": 0}, round_review_seconds=600)
    size = 14
    thg_pod_enter_packs(
        pod_id=pod.pk,
        by=None,
        packs=[[pod_card_name(r, o, k) for k in range(1, size + 1)] for r in range(6) for o in range(3)],
    )
    thg_pod_start(pod_id=pod.pk, by=None)
    team = PodTeam.objects.get(pod=pod, seat=0)
    phone = browsers()
    phone.sign_in(players(team)[0].username)
    phone.get(reverse("drafting:pod", args=[pod.pk]))
    phone.wait_for_text("Your team picks two cards!", css="#draft-state")
    phone.tap(pod_card_name(0, 0, 1))
    phone.wait_for_text("has chosen 1 card.", css="#draft-state")
    phone.tap(pod_card_name(0, 0, size))  # the last card of the pack, far down the page
    phone.wait_for_text("Pick these two", css="#draft-state")
    # Measured in one step in the page (htmx swaps the state every second).
    gap, in_view, page_height = phone.driver.execute_script(
        "var chosen = document.querySelectorAll('#draft-state .card.chosen');"
        "var last = chosen[chosen.length - 1].getBoundingClientRect();"
        "var button = document.querySelector('#draft-state button.confirm').getBoundingClientRect();"
        "return [Math.abs(button.top - last.bottom), button.top >= 0 && button.bottom <= window.innerHeight,"
        "        document.documentElement.scrollHeight / window.innerHeight];"
    )
    assert page_height > 1.5, "the pack is long enough to scroll on a phone"
    assert in_view and gap < 400
    phone.tap("Pick these two")
    phone.wait_for_text("Waiting for the other teams.", css="#draft-state")
    assert sorted(PodCard.objects.filter(team=team).values_list("name", flat=True)) == sorted(
        [pod_card_name(0, 0, 1), pod_card_name(0, 0, size)]
    )
