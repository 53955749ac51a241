"""The organizer's page for typing in a table's packs from real packs, against the bundled card catalogue."""

from html import unescape

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from cards.services import cards_ensure_loaded
from drafting.data import load_set
from drafting.models import DraftCard, DraftStatus, PackSource
from drafting.selectors.tables import draft_log_entries
from drafting.services.tables import draft_table_start
from tests.drafting.conftest import reload
from tests.factories import EventStaffFactory, DraftTableFactory, OrganizerFactory, RochesterEventFactory, UserFactory

pytestmark = pytest.mark.django_db

DOM = sorted({card["name"] for card in load_set("DOM")["cards"] if "Basic" not in card.get("supertypes", [])})


@pytest.fixture(autouse=True)
def _cards(_bundled_cards, db):
    cards_ensure_loaded()


def table_of_two():
    """A table of two teams of two (12 packs), team 1 picks first, no packs yet."""
    return DraftTableFactory(event=RochesterEventFactory(team_size=2))


def packs(count=12, size=15) -> list[list[str]]:
    return [[DOM[(p * size + k) % len(DOM)] for k in range(size)] for p in range(count)]


def typed(packs_: list[list[str]]) -> str:
    return "\n\n".join(f"# pack {p}\n" + "\n".join(pack) for p, pack in enumerate(packs_, start=1))


def enter(client, table, text, **fields):
    url = reverse("admin:drafting_drafttable_enter_packs", args=[table.pk])
    return client.post(url, {"text": text, "set_code": "", "pack_size": "", **fields}, follow=True)


def test_enter_packs_full_table_is_stored_in_layout_order_and_the_draft_starts(client):
    table = table_of_two()
    client.force_login(OrganizerFactory())
    entered = packs()
    entered[0][0] = "Llanowarelfen"  # German for Llanowar Elves
    entered[0][1] = "shivan fire"
    response = enter(client, table, typed(entered), set_code="dom")
    assert response.redirect_chain[-1][0] == reverse("admin:drafting_drafttable_change", args=[table.pk])
    assert "12 packs of 15 cards entered" in unescape(response.content.decode())
    table = reload(table)
    assert table.pack_sizes == [15] * 12
    assert (table.pack_source, table.set_code) == (PackSource.ENTERED, "DOM")
    first = list(
        DraftCard.objects.filter(table=table, pack_index=0).values_list(
            "position", "name", "colors", "types", "rarity"
        )[:2]
    )
    assert first == [(1, "Llanowar Elves", "G", "Creature", "common"), (2, "Shivan Fire", "R", "Instant", "common")]
    assert list(DraftCard.objects.filter(table=table, pack_index=11).values_list("name", flat=True)) == packs()[11]
    assert draft_table_start(table_id=table.pk, by=None).status == DraftStatus.RUNNING


def test_enter_packs_without_a_set_takes_details_from_the_catalogue(client):
    table = table_of_two()
    client.force_login(OrganizerFactory())
    entered = packs(size=14)
    entered[5][13] = "Lightning Bolt"  # not a Dominaria card: fine without a set
    enter(client, table, typed(entered))
    card = DraftCard.objects.get(table=table, pack_index=5, position=14)
    assert (card.name, card.colors, card.types, card.mana_value, card.rarity) == (
        "Lightning Bolt",
        "R",
        "Instant",
        1.0,
        "",
    )
    assert reload(table).pack_sizes == [14] * 12


def test_enter_packs_unknown_name_is_refused_with_pack_line_and_suggestions_and_nothing_written(client):
    table = table_of_two()
    client.force_login(OrganizerFactory())
    entered = packs()
    entered[3][6] = "Llanowar Elfs"
    entered[7][0] = "Lightning Bolt"
    text = typed(entered)
    page = unescape(enter(client, table, text, set_code="DOM").content.decode())
    # A pack takes 17 lines (a note, 15 cards, a blank line): pack 4's note is line 52, its 7th card line 59.
    assert (
        "Pack 4, card 7 (line 59): 'Llanowar Elfs' is not a card name; did you mean Llanowar Elves or Llanowar Elite"
        in page
    )
    assert "Pack 8, card 1 (line 121): Lightning Bolt is not a card of DOM." in page
    assert text.splitlines()[58] == "Llanowar Elfs"
    assert "Llanowar Elfs" in page.split("<textarea", 1)[1]  # the typing is kept to be corrected
    assert not DraftCard.objects.filter(table=table).exists()
    assert reload(table).pack_sizes == []
    assert not draft_log_entries(draft=table).filter(action="packs").exists()


def test_enter_packs_wrong_pack_sizes_are_refused_naming_the_odd_pack(client):
    table = table_of_two()
    client.force_login(OrganizerFactory())
    entered = packs()
    del entered[6][3]
    page = unescape(enter(client, table, typed(entered)).content.decode())
    assert "Every pack has 15 cards, but pack 7 (from line 104) has 14." in page
    assert not DraftCard.objects.filter(table=table).exists()


def test_enter_packs_size_other_than_the_products_or_the_stated_one_is_refused(client):
    table = table_of_two()
    client.force_login(OrganizerFactory())
    page = unescape(enter(client, table, typed(packs(size=14)), set_code="DOM").content.decode())
    assert "A DOM pack has 15 cards, these have 14; give the pack size if your product differs." in page
    page = unescape(enter(client, table, typed(packs(size=15)), pack_size="14").content.decode())
    assert "Every pack has 14 cards, but pack 1 (from line 2) has 15" in page
    assert not DraftCard.objects.filter(table=table).exists()
    enter(client, table, typed(packs(size=14)), set_code="DOM", pack_size="14")
    assert reload(table).pack_sizes == [14] * 12


def test_enter_packs_wrong_number_of_packs_is_refused(client):
    table = table_of_two()
    client.force_login(OrganizerFactory())
    page = unescape(enter(client, table, typed(packs(count=11))).content.decode())
    assert "This table drafts 12 packs (three per player); the text has 11." in page
    assert not DraftCard.objects.filter(table=table).exists()


def test_enter_packs_started_table_is_refused(client):
    table = table_of_two()
    client.force_login(OrganizerFactory())
    enter(client, table, typed(packs()))
    draft_table_start(table_id=table.pk, by=None)
    page = unescape(enter(client, table, typed(packs(size=14))).content.decode())
    assert "The draft has started; its packs can't change." in page
    assert reload(table).pack_sizes == [15] * 12


def test_enter_packs_page_names_who_lays_out_each_pack_and_the_change_page_links_it(client):
    table = table_of_two()
    client.force_login(OrganizerFactory())
    url = reverse("admin:drafting_drafttable_enter_packs", args=[table.pk])
    page = client.get(url).content.decode()
    assert "1&nbsp;1B, 2&nbsp;2A, 3&nbsp;2B, 4&nbsp;1A, 5&nbsp;1A, 6&nbsp;2B" in page
    assert url in client.get(reverse("admin:drafting_drafttable_change", args=[table.pk])).content.decode()


def test_enter_packs_action_opens_the_page_of_the_one_selected_table(client):
    table = table_of_two()
    client.force_login(OrganizerFactory())
    response = client.post(
        reverse("admin:drafting_drafttable_changelist"), {"action": "enter_packs", "_selected_action": [table.pk]}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:drafting_drafttable_enter_packs", args=[table.pk])


def test_enter_packs_non_staff_user_gets_no_access(client):
    table = table_of_two()
    client.force_login(UserFactory())
    response = enter(client, table, typed(packs()))
    assert response.redirect_chain[0][0].startswith(reverse("admin:login"))
    assert not DraftCard.objects.filter(table=table).exists()


def test_enter_packs_staff_without_change_permission_is_forbidden(client):
    table = table_of_two()
    viewer = UserFactory(is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_drafttable"))
    EventStaffFactory(
        event=table.event, user=viewer, role="co_organizer"
    )  # runs the event: the model permission decides
    client.force_login(viewer)
    assert enter(client, table, typed(packs())).status_code == 403
    assert not DraftCard.objects.filter(table=table).exists()
