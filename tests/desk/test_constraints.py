"""The pairing constraints on the desk's team page (issue 42): byes in advance, a fixed table, pairings to avoid."""

import pytest
from django.urls import reverse

from tournaments.models import AvoidedPairing, EventLogEntry

pytestmark = pytest.mark.django_db


def _form(team, **extra):
    seats = {f"seat_{s.letter}": s.player.name for s in team.seats.select_related("player")}
    return {"team": team.pk, "name": team.team.name, **seats, **extra}


def test_byes_and_fixed_table_are_saved_and_logged(client, event, organizer):
    team = event.registrations.get(team__name="Azure Ants")
    client.force_login(organizer)
    url = reverse("desk:team_edit", args=[event.pk])
    page = client.get(url, {"team": team.pk})
    assert 'name="byes"' in page.text and 'name="table"' in page.text
    assert client.post(url, _form(team, byes="2", table="5")).status_code == 302
    team.refresh_from_db()
    assert (team.byes_in_advance, team.fixed_table) == (2, 5)
    assert (
        EventLogEntry.objects.filter(event=event, registration=team, user=organizer, action="settings_changed").count()
        == 2
    )


def test_bad_constraints_answer_400_and_save_nothing(client, event, organizer):
    team = event.registrations.get(team__name="Azure Ants")
    other = event.registrations.exclude(pk=team.pk).first()
    other.fixed_table = 5
    other.save()
    client.force_login(organizer)
    url = reverse("desk:team_edit", args=[event.pk])
    response = client.post(url, _form(team, name="Renamed Ants", byes="2", table="5"))
    assert response.status_code == 400
    assert "Table 5 is already kept by" in response.text
    team.refresh_from_db()
    assert (team.team.name, team.byes_in_advance, team.fixed_table) == ("Azure Ants", 0, None)
    assert client.post(url, _form(team, byes="9")).status_code == 400


def test_avoid_and_allow_a_pairing_from_the_team_page(client, event, organizer):
    team, other = event.registrations.all()[:2]
    client.force_login(organizer)
    url = reverse("desk:team_edit", args=[event.pk])
    assert client.post(url, {"team": team.pk, "action": "avoid_add", "other": other.pk}).status_code == 302
    assert AvoidedPairing.objects.filter(event=event).count() == 1
    page = client.get(url, {"team": other.pk})
    assert team.team.name in page.text.split('id="avoided"')[1].split("<select")[0]
    assert client.post(url, {"team": team.pk, "action": "avoid_add", "other": team.pk}).status_code == 400
    assert client.post(url, {"team": other.pk, "action": "avoid_remove", "other": team.pk}).status_code == 302
    assert not AvoidedPairing.objects.exists()
