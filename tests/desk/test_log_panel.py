"""The desk's log panel reads the one event log (issue 29), and the desk's drops (issue 32): a drop is logged by
the organizer who made it and shows in the desk log; dropping twice and reinstating a team that never dropped are
refused with the reason; keyboard results (a first final one and a change) are in the desk log."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.desk.test_views import _desk, _pair_and_start
from tournaments.models import EventDesk, EventLogEntry
from tournaments.services.eventlog import LogAction

pytestmark = pytest.mark.django_db


def _team(client, event, name, action):
    registration = event.registrations.get(team__name=name)
    return client.post(
        reverse("desk:team", args=[event.pk]), {"registration": registration.pk, "action": action}, follow=True
    )


def _panel(client, event) -> str:
    page = client.get(_desk(event)).text
    return page.split('id="desk-log"', 1)[1].split("</ul>", 1)[0]


def test_desk_drop_is_logged_by_the_organizer_and_shown_in_the_desk_log(client, event, organizer):
    client.force_login(organizer)
    _team(client, event, "Azure Ants", "drop")
    entry = EventLogEntry.objects.get(event=event, action=LogAction.DROPPED)
    assert entry.user == organizer and entry.by == "olivia"
    panel = _panel(client, event)
    assert "Azure Ants dropped after round 0." in panel and "olivia" in panel and "Hydra" not in panel


def test_desk_drop_twice_is_refused_and_logged_once(client, event, organizer):
    client.force_login(organizer)
    _team(client, event, "Azure Ants", "drop")
    response = _team(client, event, "Azure Ants", "drop")
    assert "Azure Ants has already dropped (after round 0)." in response.text
    assert EventLogEntry.objects.filter(event=event, action=LogAction.DROPPED).count() == 1


def test_desk_reinstate_a_team_that_never_dropped_is_refused_with_the_reason(client, event, organizer):
    client.force_login(organizer)
    response = _team(client, event, "Brass Bats", "reinstate")
    assert "Brass Bats has not dropped" in response.text and "is back in the event" not in response.text
    assert not EventLogEntry.objects.filter(event=event, action=LogAction.REINSTATED).exists()


def test_desk_no_shows_are_dropped_by_the_organizer(client, event, organizer):
    client.force_login(organizer)
    EventDesk.objects.update_or_create(
        event=event, defaults={"check_in_deadline": timezone.now() - dt.timedelta(minutes=1)}
    )
    client.post(reverse("desk:no_shows", args=[event.pk]))
    drops = EventLogEntry.objects.filter(event=event, action=LogAction.DROPPED)
    assert drops.count() == 8 and set(drops.values_list("user", flat=True)) == {organizer.pk}
    assert "8 no-shows dropped" in _panel(client, event)


def test_desk_keyboard_results_first_and_changed_are_in_the_desk_log(client, event, organizer):
    client.force_login(organizer)
    _pair_and_start(client, event)
    for result, correct in (("21 12 20", ""), ("12 12 02", "1")):  # changing a final result is a correction
        client.post(
            reverse("desk:result", args=[event.pk]),
            {"round": 1, "table": 1, "result": result, "correct": correct},
            HTTP_HX_REQUEST="true",
        )
    panel = _panel(client, event)
    assert "entered as final" in panel and "was changed to" in panel
    german = client.get(_desk(event), HTTP_ACCEPT_LANGUAGE="de").text.split('id="desk-log"', 1)[1]
    assert "was changed to" not in german and "entered as final" not in german


def test_desk_log_panel_never_shows_penalties(client, event, organizer):
    EventLogEntry.objects.create(event=event, kind="penalty", action=LogAction.PENALTY, message="SECRET penalty")
    EventLogEntry.objects.create(event=event, kind="desk", action="pair", message="Round 1 is paired.")
    client.force_login(organizer)
    panel = _panel(client, event)
    assert "Round 1 is paired." in panel and "SECRET" not in panel
