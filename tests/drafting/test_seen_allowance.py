"""A pick's clock starts when the player can see the pick: each deadline set for a pick that just became visible
carries the time the news takes to reach the phone (0.25 s with the live push, 1 s when pages poll, or the
setting); after a review period the pack was on the screen already, so nothing is added."""

import datetime as dt

import pytest
from django.utils import timezone

from drafting.core import seen_allowance
from drafting.models import DraftCard, PodTeam
from drafting.selectors.tables import draft_seat_to_pick
from drafting.services.picks import draft_pick
from drafting.services.pods import thg_pick
from tests.drafting.boosterpods import front, make_booster_pods, player
from tests.drafting.conftest import make_table, reload

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("setting", "redis", "seconds"),
    [
        (None, "redis://127.0.0.1:6379/9", 0.25),
        (None, "", 1.0),
        (2.0, "", 2.0),
        (0.0, "redis://x", 0.0),
    ],
)
def test_seen_allowance_is_the_push_latency_or_the_poll_interval_or_the_setting(settings, setting, redis, seconds):
    settings.HYDRA_DRAFT_SEEN_SECONDS, settings.HYDRA_REDIS_URL = setting, redis
    assert seen_allowance() == dt.timedelta(seconds=seconds)


def test_rochester_next_pick_deadline_starts_when_the_pick_can_be_seen(settings):
    settings.HYDRA_DRAFT_SEEN_SECONDS = 1.5
    table = make_table(team_size=2, review=0, pick=5)
    before = timezone.now()
    assert 6.4 < (table.deadline - before).total_seconds() <= 6.5 + 0.2  # laid out: seen 1.5 s later, then 5 s
    card = DraftCard.objects.filter(table=table, pack_index=0).first()
    draft_pick(table_id=table.pk, seat=draft_seat_to_pick(table=table), card_id=card.pk, pack_index=0, pick_number=1)
    after = timezone.now()
    assert 6.3 < (reload(table).deadline - after).total_seconds() <= 6.5


def test_rochester_first_pick_after_a_review_gets_no_allowance(settings):
    settings.HYDRA_DRAFT_SEEN_SECONDS = 1.5
    table = make_table(team_size=2, review=20, pick=5)
    assert table.deadline - table.picks_open_at == dt.timedelta(seconds=5)


def test_pod_step_deadline_starts_when_the_packs_can_be_seen(settings):
    settings.HYDRA_DRAFT_SEEN_SECONDS = 1.0
    pod = make_booster_pods(players=2)[0]
    for seat in PodTeam.objects.filter(pod=pod):
        thg_pick(pod_id=pod.pk, user=player(seat), card_ids=[front(pod, seat)[0]], pack_round=0, step=0)
    from tests.drafting.pods import reload as reload_pod

    pod = reload_pod(pod)
    assert pod.step == 1
    assert 40.8 < (pod.deadline - timezone.now()).total_seconds() <= 41.0  # 14 cards: 40 s, seen 1 s later
