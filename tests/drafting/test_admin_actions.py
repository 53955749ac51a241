"""The organizer's table actions in the admin that can't be taken back ask first and record why."""

import pytest
from django.urls import reverse

from drafting.models import DraftAction, DraftStatus
from drafting.selectors.tables import draft_log_entries
from tests.drafting.conftest import make_table, reload
from tests.factories import OrganizerFactory

pytestmark = pytest.mark.django_db


def _act(client, action: str, tables, **extra):
    data = {"action": action, "_selected_action": [t.pk for t in tables], **extra}
    return client.post(reverse("admin:drafting_drafttable_changelist"), data, follow=True)


def test_end_the_draft_asks_first_and_ends_nothing_until_confirmed_with_a_reason(client):
    organizer = OrganizerFactory(username="td")
    client.force_login(organizer)
    tables = [make_table(review=0), make_table(review=0)]
    page = _act(client, "end", tables).content.decode()
    assert "This can&#x27;t be undone" in page and 'name="reason"' in page
    assert all(str(t) in page for t in tables)
    assert all(reload(t).status == DraftStatus.RUNNING for t in tables)
    # Confirmed without a reason: asked again, still nothing ended.
    page = _act(client, "end", tables, reason="  ").content.decode()
    assert "This field is required." in page
    assert all(reload(t).status == DraftStatus.RUNNING for t in tables)
    page = _act(client, "end", tables, reason="Venue closes at 22:00").content.decode()
    assert "2 tables ended." in page
    for table in tables:
        assert reload(table).status == DraftStatus.FINISHED
        entry = draft_log_entries(draft=table).get(action=DraftAction.END)
        assert (entry.user, entry.data["detail"]) == (organizer, "Venue closes at 22:00")


def test_admin_action_counts_use_plural_forms(client):
    client.force_login(OrganizerFactory())
    table = make_table(review=0)
    page = _act(client, "end", [table], reason="Done").content.decode()
    assert "1 table ended." in page and "1 tables" not in page


def test_admin_action_counts_in_german_use_the_singular_for_one(client):
    client.force_login(OrganizerFactory())
    table = make_table(review=0)
    page = client.post(
        reverse("admin:drafting_drafttable_changelist"),
        {"action": "pause", "_selected_action": [table.pk]},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="de",
    ).content.decode()
    assert "1 Tische" not in page
