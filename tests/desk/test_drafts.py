"""Drafts on the desk (issue 26): seat the tables, open the packs from a bundled set chosen by name, start them,
and each table's controls, through the drafting services."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from drafting.data import available_sets
from drafting.models import DraftStatus, DraftTable
from drafting.selectors.tables import draft_log_entries
from drafting.services.picks import draft_pick
from tests.desk.conftest import scorekeeper_of
from tests.drafting.conftest import end_review, seat_to_pick
from tests.factories import OrganizerFactory, RegistrationFactory, RochesterEventFactory
from tournaments.enums import DraftStructure

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer():
    return OrganizerFactory(username="olivia", is_superuser=False, is_staff=False)


@pytest.fixture
def one_draft(organizer):
    event = RochesterEventFactory(organizer=organizer, draft_structure=DraftStructure.ONE_DRAFT, swiss_rounds=3)
    for _ in range(4):
        RegistrationFactory(event=event)
    return event


def _post(client, event, **data):
    return client.post(reverse("desk:drafts", args=[event.pk]), data, follow=True)


def test_the_set_is_chosen_from_the_bundled_sets_by_name(client, one_draft, organizer):
    client.force_login(organizer)
    _post(client, one_draft, action="seat")
    page = client.get(reverse("desk:drafts", args=[one_draft.pk])).text
    first = available_sets()[0]
    assert f'<option value="{first.code}"' in page and first.name in page
    response = _post(client, one_draft, action="packs", set_code="NOPE")
    assert "Choose the set from the list." in response.text


def test_seat_open_packs_choose_and_start_every_table_from_the_desk(client, one_draft, organizer):
    client.force_login(organizer)
    assert "2 drafts are seated." in _post(client, one_draft, action="seat").text
    tables = list(DraftTable.objects.filter(event=one_draft).order_by("number"))
    assert len(tables) == 2
    refused = _post(client, one_draft, action="start").text
    assert "Table 1: record which team picks first" in refused
    assert not DraftTable.objects.filter(event=one_draft).exclude(status=DraftStatus.SETUP).exists()
    assert "Packs opened for 2 drafts." in _post(client, one_draft, action="packs", set_code="DOM").text
    for table in tables:
        _post(client, one_draft, action="choose", table=table.pk, first_team="2")
    assert "2 drafts started." in _post(client, one_draft, action="start").text
    table = DraftTable.objects.get(pk=tables[0].pk)
    assert (table.status, table.first_team, table.set_code) == (DraftStatus.RUNNING, 2, "DOM")


def test_pause_resume_undo_and_end_a_table(client, one_draft, organizer):
    client.force_login(organizer)
    _post(client, one_draft, action="seat")
    _post(client, one_draft, action="packs", set_code="DOM")
    for each in DraftTable.objects.filter(event=one_draft):
        _post(client, one_draft, action="choose", table=each.pk, first_team="1")
    _post(client, one_draft, action="start")
    table = DraftTable.objects.filter(event=one_draft).order_by("number").first()
    table = end_review(table)
    card = table.cards.filter(pack_index=table.pack_index, picked_by="").order_by("position").first()
    draft_pick(
        table_id=table.pk,
        seat=seat_to_pick(table),
        card_id=card.pk,
        pack_index=table.pack_index,
        pick_number=table.pick_number,
    )
    assert "Give the reason" in _post(client, one_draft, action="undo", table=table.pk, reason="").text
    response = _post(client, one_draft, action="undo", table=table.pk, reason="Took two cards by mistake")
    assert f"{escape(card.name)} is back on the table" in response.text  # a random card may be "Warlord's Fury"
    assert draft_log_entries(draft=table).filter(data__detail__icontains="Took two cards by mistake").exists()
    assert "is paused" in _post(client, one_draft, action="pause", table=table.pk).text
    assert DraftTable.objects.get(pk=table.pk).status == DraftStatus.PAUSED
    assert "drafts again" in _post(client, one_draft, action="resume", table=table.pk).text
    assert "is ended" in _post(client, one_draft, action="end", table=table.pk).text
    assert DraftTable.objects.get(pk=table.pk).status == DraftStatus.FINISHED


def test_timing_is_checked_and_saved(client, one_draft, organizer):
    client.force_login(organizer)
    _post(client, one_draft, action="seat")
    table = DraftTable.objects.filter(event=one_draft).first()
    assert (
        "a whole number of seconds"
        in _post(client, one_draft, action="timing", table=table.pk, review_seconds="20", pick_seconds="0").text
    )
    _post(client, one_draft, action="timing", table=table.pk, review_seconds="25", pick_seconds="30")
    table.refresh_from_db()
    assert (table.review_seconds, table.pick_seconds) == (25, 30)


def test_drafts_are_for_whoever_runs_the_event(client, one_draft):
    client.force_login(scorekeeper_of(one_draft))
    assert client.get(reverse("desk:drafts", args=[one_draft.pk])).status_code == 404
    assert client.post(reverse("desk:drafts", args=[one_draft.pk]), {"action": "seat"}).status_code == 404
    assert not DraftTable.objects.filter(event=one_draft).exists()


def test_an_individual_booster_draft_seats_its_pods_and_opens_packs_from_the_desk(client, organizer):
    # issue 38: the console's booster draft preset is run from the desk like a Two-Headed Giant draft
    from drafting.models import Pod
    from tests.factories import BoosterDraftEventFactory, SoloRegistrationFactory

    event = BoosterDraftEventFactory(organizer=organizer, swiss_rounds=3, team_size=1)  # as the preset makes it
    for _ in range(10):
        SoloRegistrationFactory(event=event)
    client.force_login(organizer)
    assert f'href="{reverse("desk:drafts", args=[event.pk])}"' in client.get(reverse("desk:desk", args=[event.pk])).text
    assert "2 drafts are seated." in _post(client, event, action="seat").text
    assert sorted(pod.teams.count() for pod in Pod.objects.filter(event=event)) == [5, 5]
    assert "Packs opened for 2 drafts." in _post(client, event, action="packs", set_code="DOM").text
