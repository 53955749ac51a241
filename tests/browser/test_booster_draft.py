"""An individual booster draft on a player's phone: one tap chooses a card, one press picks it, and when the
clock runs out the phone says the timer picked and which card."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from drafting.models import Pod, PodCard, PodTeam
from drafting.services.pods import thg_pick, thg_pod_enter_packs, thg_pod_start
from tests.drafting.boosterpods import front, player
from tests.drafting.pods import pod_card_name, reload
from tests.factories import BoosterDraftEventFactory, SoloRegistrationFactory
from tournaments.enums import EventStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_picks_on_the_phone_and_is_told_when_the_timer_picked(browsers):
    from drafting.services.booster import booster_pods_seat

    event = BoosterDraftEventFactory(status=EventStatus.RUNNING, name="Friday Booster Draft")
    for _ in range(3):
        SoloRegistrationFactory(event=event)
    pod = booster_pods_seat(event=event, by=None, seed=3)[0]
    Pod.objects.filter(pk=pod.pk).update(pick_seconds={"1": 0}, review_seconds_by_round=[])  # no clock to race
    thg_pod_enter_packs(
        pod_id=pod.pk,
        by=None,
        packs=[[pod_card_name(r, o, k) for k in range(1, 6)] for r in range(3) for o in range(3)],
    )
    thg_pod_start(pod_id=pod.pk, by=None)
    seat = PodTeam.objects.get(pod=pod, seat=0)
    phone = browsers()
    phone.sign_in(player(seat).username)
    phone.get(reverse("drafting:pod", args=[pod.pk]))
    phone.wait_for_text("Your pick!", css="#draft-state")
    phone.button(pod_card_name(0, 0, 2)).click()
    phone.wait_for_text("Pick this card", css="#draft-state")
    phone.button("Pick this card").click()
    phone.wait_for_text("Waiting for the other players.", css="#draft-state")
    assert list(PodCard.objects.filter(team=seat).values_list("name", flat=True)) == [pod_card_name(0, 0, 2)]

    # The others pick; the next pack reaches the player and its clock runs out: the page's poll applies the timeout.
    pod = reload(pod)
    for other in PodTeam.objects.filter(pod=pod).exclude(pk=seat.pk):
        thg_pick(pod_id=pod.pk, user=player(other), card_ids=[front(pod, other)[0]], pack_round=0, step=0)
    oldest = PodCard.objects.get(pk=front(pod, seat)[0]).name
    Pod.objects.filter(pk=pod.pk).update(deadline=timezone.now() - dt.timedelta(seconds=1))
    phone.wait_for_text(f"Time ran out: the timer picked {oldest} for you.", css="#draft-state")
    phone.screenshot("booster-draft-timer-picked")
