"""`make run`'s demo draft: a table ready to start, six logins, safe to load again."""

import pytest
from django.contrib.auth import get_user_model

from drafting.models import DraftCard, DraftStatus, DraftTable
from drafting.services.demo import draft_demo_load
from drafting.selectors.tables import draft_seat_to_pick
from drafting.services.picks import draft_pick
from drafting.services.tables import draft_table_start
from tournaments.services.demo import demo_load

pytestmark = pytest.mark.django_db
User = get_user_model()


def test_draft_demo_load_makes_a_table_ready_to_start_and_is_idempotent():
    demo_load()
    demo = draft_demo_load()
    again = draft_demo_load()
    assert DraftTable.objects.count() == 1 and again.table.pk == demo.table.pk
    assert [seat for seat, _login in demo.seats] == ["1A", "1B", "1C", "2A", "2B", "2C"]
    assert {login for _seat, login in demo.seats} == {"alice", "bruno", "chen", "dana", "emil", "fang"}
    table = demo.table
    assert (table.status, table.first_team, table.set_code) == (DraftStatus.SETUP, table.chooser, "DOM")
    assert DraftCard.objects.filter(table=table).count() == 18 * 15
    assert draft_table_start(table_id=table.pk, by=None).status == DraftStatus.RUNNING


def test_draft_demo_load_again_after_a_draft_keeps_the_draft_as_it_stands():
    """Restarting `make run` loads the demo again: a started draft and its picks are never overwritten."""
    demo_load()
    demo = draft_demo_load()
    table = draft_table_start(table_id=demo.table.pk, by=None)
    DraftTable.objects.filter(pk=table.pk).update(picks_open_at=None)
    table = DraftTable.objects.get(pk=table.pk)
    card = DraftCard.objects.filter(table=table, pack_index=0).first()
    draft_pick(table_id=table.pk, seat=draft_seat_to_pick(table=table), card_id=card.pk, pack_index=0, pick_number=1)
    version = DraftTable.objects.get(pk=table.pk).version
    again = draft_demo_load()
    assert DraftTable.objects.count() == 1 and again.table.pk == table.pk
    again.table.refresh_from_db()
    assert (again.table.status, again.table.version, again.table.pick_number) == (DraftStatus.RUNNING, version, 2)
    assert DraftCard.objects.get(pk=card.pk).pick_number == 1


def test_demo_load_again_keeps_a_changed_password():
    demo_load()
    user = User.objects.get(username="alice")
    user.set_password("my-own-secret")
    user.save()
    demo_load()
    draft_demo_load()
    user.refresh_from_db()
    assert user.check_password("my-own-secret")


def test_the_demo_draft_starts_from_the_desk_like_any_other(client):
    """Issue 56: `load_demo` sent the organizer to the admin to start it; its lines name the desk's drafts page, the
    desk's next step leads there, and its button starts the draft."""
    from django.urls import reverse

    from drafting.services.demo import draft_demo_lines

    demo_load()
    lines = draft_demo_lines(url="http://127.0.0.1:8000")
    table = DraftTable.objects.get()
    text = "\n".join(lines)
    assert "admin" not in text.lower()
    assert f"http://127.0.0.1:8000{reverse('desk:drafts', args=[table.event_id])}" in text
    client.force_login(User.objects.get(username="organizer"))
    desk = client.get(reverse("desk:desk", args=[table.event_id])).content.decode()
    assert "Run round 1&#x27;s drafts" in desk or "Run round 1's drafts" in desk
    page = client.get(reverse("desk:drafts", args=[table.event_id])).content.decode()
    assert 'id="drafts-start"' in page
    client.post(reverse("desk:drafts", args=[table.event_id]), {"action": "start"})
    assert DraftTable.objects.get(pk=table.pk).status == DraftStatus.RUNNING
