"""`make run`'s demo draft: a table ready to start, six logins, safe to load again."""
import pytest

from drafting.models import DraftCard, DraftStatus, DraftTable
from drafting.services.demo import draft_demo_load
from drafting.services.tables import draft_table_start
from tournaments.services.demo import demo_load

pytestmark = pytest.mark.django_db


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


def test_draft_demo_load_again_after_a_draft_sets_the_table_again():
    demo_load()
    demo = draft_demo_load()
    draft_table_start(table_id=demo.table.pk, by=None)
    again = draft_demo_load()
    assert DraftTable.objects.count() == 1
    assert again.table.status == DraftStatus.SETUP
    assert DraftCard.objects.filter(table=again.table, pick_number__isnull=False).count() == 0
    assert DraftCard.objects.filter(table=again.table).count() == 18 * 15
