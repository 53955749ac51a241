"""Defect 5 (issue 19): a pick's deadline is judged when the pick arrived, not when a busy server processed it."""

import datetime as dt

import pytest
from django.test import RequestFactory

from common.arrival import request_arrived_at
from config.middleware import RequestArrivalMiddleware
from drafting.models import DraftCard, PickVia
from drafting.selectors.tables import draft_seat_to_pick
from drafting.services import timers
from drafting.services.picks import DraftRefused, draft_pick
from tests.drafting.conftest import make_table, reload

pytestmark = pytest.mark.django_db


def _pick_args(table):
    card = DraftCard.objects.filter(table=table, pack_index=table.pack_index, pick_number__isnull=True).order_by("-pk")[
        0
    ]
    return dict(
        table_id=table.pk,
        seat=draft_seat_to_pick(table=table),
        card_id=card.pk,
        pack_index=table.pack_index,
        pick_number=table.pick_number,
    ), card


def test_a_pick_that_arrived_in_time_counts_though_processed_after_the_deadline(monkeypatch):
    table = make_table(team_size=2, pack_size=3, review=0, pick=5)
    args, card = _pick_args(table)
    deadline = table.deadline
    monkeypatch.setattr(timers, "now", lambda: deadline + dt.timedelta(seconds=2))  # queued 2.5 s behind a burst
    taken = draft_pick(**args, arrived_at=deadline - dt.timedelta(milliseconds=500))
    assert taken.pk == card.pk
    assert DraftCard.objects.get(pk=card.pk).via == PickVia.PLAYER


def test_a_pick_that_arrived_late_still_gets_the_oldest_card(monkeypatch):
    table = make_table(team_size=2, pack_size=3, review=0, pick=5)
    args, card = _pick_args(table)
    deadline = table.deadline
    monkeypatch.setattr(timers, "now", lambda: deadline + dt.timedelta(seconds=2))
    with pytest.raises(DraftRefused, match="Your time ran out"):
        draft_pick(**args, arrived_at=deadline + dt.timedelta(milliseconds=100))
    assert reload(table).pick_number != args["pick_number"] or reload(table).pack_index != args["pack_index"]


def test_arrival_comes_from_the_asgi_stamp_and_never_from_the_future_or_the_client(settings):
    import time

    request = RequestFactory().post("/draft/table/1/pick/", HTTP_X_REQUEST_START=f"t={time.time() - 30:.3f}")
    RequestArrivalMiddleware(lambda r: None)(request)
    settings.NUM_PROXIES = 0
    assert abs(request_arrived_at(request).timestamp() - time.time()) < 2  # the client's header is ignored
    settings.NUM_PROXIES = 1
    assert time.time() - request_arrived_at(request).timestamp() > 25  # the proxy's stamp counts
    request.scope = {"hydra.arrived_at": time.time() + 100}  # never in the future
    settings.NUM_PROXIES = 0
    assert request_arrived_at(request).timestamp() <= time.time()
