"""A table's page in the admin: only the timing is edited, under the table's lock, and the running deadline moves."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from drafting.models import DraftAction, DraftCard, DraftStatus, DraftTable
from drafting.selectors.tables import draft_log_entries
from drafting.services.picks import DraftRefused, draft_pick
from drafting.services.tables import draft_table_end, draft_table_pause, draft_table_set_timing
from tests.drafting.conftest import end_review, make_table, reload, seat_to_pick
from tests.factories import OrganizerFactory

pytestmark = pytest.mark.django_db


def _change(client, table, **fields):
    url = reverse("admin:drafting_drafttable_change", args=[table.pk])
    data = {
        "review_seconds": table.review_seconds or "",
        "pick_seconds": table.pick_seconds or "",
        "log-TOTAL_FORMS": 0,
        "log-INITIAL_FORMS": 0,
        **fields,
    }
    return client.post(url, data, follow=True)


def test_longer_pick_time_moves_the_running_deadline_and_is_audited():
    table = end_review(make_table(review=0, pick=5))
    before = reload(table).deadline
    changed = draft_table_set_timing(table_id=table.pk, by=None, review_seconds=0, pick_seconds=30)
    assert changed.deadline - before == dt.timedelta(seconds=25)
    assert changed.version == table.version + 1
    entry = draft_log_entries(draft=table).filter(action=DraftAction.TIMING).get()
    assert entry.data["detail"] == "review 0 s -> 0 s; pick 5 s -> 30 s"


def test_shorter_pick_time_never_puts_the_deadline_in_the_past_and_no_limit_clears_it():
    table = end_review(make_table(review=0, pick=60))
    changed = draft_table_set_timing(table_id=table.pk, by=None, review_seconds=0, pick_seconds=1)
    assert timezone.now() - dt.timedelta(seconds=1) <= changed.deadline <= timezone.now() + dt.timedelta(seconds=1)
    assert draft_table_set_timing(table_id=table.pk, by=None, review_seconds=0, pick_seconds=None).deadline is None
    limited = draft_table_set_timing(table_id=table.pk, by=None, review_seconds=0, pick_seconds=10)
    assert dt.timedelta(seconds=9) < limited.deadline - timezone.now() <= dt.timedelta(seconds=10)


def test_paused_table_keeps_its_time_left_changed_by_the_same_amount():
    table = end_review(make_table(review=0, pick=5))
    left = draft_table_pause(table_id=table.pk, by=None).paused_deadline_left
    changed = draft_table_set_timing(table_id=table.pk, by=None, review_seconds=0, pick_seconds=15)
    assert changed.paused_deadline_left == pytest.approx(left + 10)


def test_finished_table_timing_is_refused_and_negative_times_too():
    table = make_table(review=0, pick=5)
    with pytest.raises(DraftRefused, match="can't be negative"):
        draft_table_set_timing(table_id=table.pk, by=None, review_seconds=-1, pick_seconds=5)
    with pytest.raises(DraftRefused, match="at least 1 second"):
        draft_table_set_timing(table_id=table.pk, by=None, review_seconds=0, pick_seconds=0)
    draft_table_end(table_id=table.pk, by=None)
    with pytest.raises(DraftRefused, match="draft is over"):
        draft_table_set_timing(table_id=table.pk, by=None, review_seconds=0, pick_seconds=9)


def test_admin_save_goes_through_the_service_moving_the_deadline_and_keeping_picks(client):
    organizer = OrganizerFactory()
    client.force_login(organizer)
    table = end_review(make_table(review=0, pick=5))
    stale = reload(table)  # what the organizer's page showed
    card = DraftCard.objects.get(table=table, pack_index=0, position=1)
    draft_pick(table_id=table.pk, seat=seat_to_pick(table), card_id=card.pk, pack_index=0, pick_number=1)
    deadline = reload(table).deadline
    response = _change(client, stale, pick_seconds=20)
    assert response.status_code == 200 and "errornote" not in response.content.decode()
    table = reload(table)
    assert (table.pick_number, table.pick_seconds) == (2, 20)
    assert table.deadline - deadline == dt.timedelta(seconds=15)
    assert DraftCard.objects.get(pk=card.pk).pick_number == 1
    assert draft_log_entries(draft=table).filter(action=DraftAction.TIMING, user=organizer).exists()


def test_admin_save_of_a_finished_table_or_a_bad_time_shows_why(client):
    client.force_login(OrganizerFactory())
    table = make_table(review=0, pick=5)
    page = _change(client, table, pick_seconds=-3).content.decode()
    assert "Between 1 and 3600 seconds" in page
    assert "Between 1 and 3600 seconds" in _change(client, table, pick_seconds=0).content.decode()
    draft_table_end(table_id=table.pk, by=None)
    page = _change(client, reload(table), pick_seconds=9).content.decode()
    assert "its timing can&#x27;t change" in page
    assert DraftTable.objects.get(pk=table.pk).pick_seconds == 5
    assert reload(table).status == DraftStatus.FINISHED
