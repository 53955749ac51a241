"""Every admin list, add and change page an organizer uses renders; seats are checked on the registration page."""

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group
from django.urls import reverse

from tests.factories import (
    EventFactory,
    OrganizerFactory,
    PlayerFactory,
    RegistrationFactory,
    TeamFactory,
    TeamMatchFactory,
)
from tournaments.models import Decklist, Event, Registration
from tournaments.services.eventlog import event_log_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer_client(client):
    client.force_login(OrganizerFactory())
    return client


def _registered_models():
    # Each app's tests cover its own admin pages; these are the tournaments app's and the logins'.
    return sorted(
        (m for m in admin.site._registry if m._meta.app_label in ("tournaments", "auth")), key=lambda m: m._meta.label
    )


@pytest.mark.parametrize(
    "model", sorted(admin.site._registry, key=lambda m: m._meta.label), ids=lambda m: m._meta.label
)
def test_admin_changelist_and_add_pages_render(organizer_client, model):
    TeamMatchFactory()
    opts = model._meta
    listing = organizer_client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"))
    assert listing.status_code == 200
    add = organizer_client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_add"))
    assert add.status_code in (200, 403)  # 403 where only a service adds (players submit their own decklists)


@pytest.mark.parametrize("model", _registered_models(), ids=lambda m: m._meta.label)
def test_admin_change_pages_render(organizer_client, model):
    match = TeamMatchFactory()
    Group.objects.create(name="Scorekeepers")
    Decklist.objects.create(seat=match.team_a.seats.first(), text="60 Mountain", main={"Mountain": 60})
    event_log_record(event=match.round.event, user=None, action="dropped", message="A team dropped.")
    obj = model.objects.first()
    assert obj is not None, f"seed a {model._meta.label} for this test"
    opts = model._meta
    page = organizer_client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk]))
    assert page.status_code == 200


def test_admin_changelists_need_staff(client):
    response = client.get(reverse("admin:tournaments_event_changelist"))
    assert response.status_code == 302


def _registration_post(event, team, players):
    data = {
        "event": event.pk,
        "team": team.pk,
        "joined_round": 1,
        "seats-TOTAL_FORMS": len(players),
        "seats-INITIAL_FORMS": 0,
        "seats-MIN_NUM_FORMS": 0,
        "seats-MAX_NUM_FORMS": 1000,
    }
    for i, (letter, player) in enumerate(players):
        data[f"seats-{i}-letter"] = letter
        data[f"seats-{i}-player"] = player.pk
    return data


def test_admin_register_team_with_all_seats(organizer_client):
    event = EventFactory(team_size=2)
    team = TeamFactory()
    players = [("A", PlayerFactory()), ("B", PlayerFactory())]
    response = organizer_client.post(
        reverse("admin:tournaments_registration_add"), _registration_post(event, team, players)
    )
    assert response.status_code == 302
    registration = Registration.objects.get(event=event, team=team)
    assert [s.letter for s in registration.seats.all()] == ["A", "B"]


def test_admin_register_team_missing_a_seat_shows_why_and_saves_nothing(organizer_client):
    event = EventFactory(team_size=3)
    response = organizer_client.post(
        reverse("admin:tournaments_registration_add"),
        _registration_post(event, TeamFactory(), [("A", PlayerFactory()), ("B", PlayerFactory())]),
    )
    assert response.status_code == 200
    assert (
        "This event has teams of 3: give exactly 3 players, one per seat A, B, C (got 2)." in response.content.decode()
    )
    assert Registration.objects.count() == 0


def test_admin_register_player_already_on_a_team_shows_why(organizer_client):
    event = EventFactory(team_size=2)
    taken = PlayerFactory(name="Quinn")
    other = RegistrationFactory(event=event, seats=[taken, PlayerFactory()])
    response = organizer_client.post(
        reverse("admin:tournaments_registration_add"),
        _registration_post(event, TeamFactory(), [("A", taken), ("B", PlayerFactory())]),
    )
    assert response.status_code == 200
    assert f"Quinn is already on team {other.team.name} in this event." in response.content.decode()
    assert Registration.objects.count() == 1


def test_admin_event_add_two_headed_giant_with_three_players_shows_why(organizer_client):
    organizer = OrganizerFactory()
    response = organizer_client.post(
        reverse("admin:tournaments_event_add"),
        {
            "name": "2HG",
            "date": "2026-12-01",
            "organizer": organizer.pk,
            "status": "registration",
            "is_public": "on",
            "team_size": 3,
            "structure": "2hg",
            "format_kind": "2hg_sealed",
            "deck_rule": "four-copies",
            "seat_formats": "[]",
            "shared_games_per_match": 1,
            "swiss_rounds": 5,
            "top_cut": 0,
            "registrations-TOTAL_FORMS": 0,
            "registrations-INITIAL_FORMS": 0,
        },
    )
    assert response.status_code == 200
    assert "Two-Headed Giant is played by teams of 2." in response.content.decode()


def test_admin_registration_event_is_readonly_on_the_change_page(organizer_client):
    registration = RegistrationFactory(event=EventFactory(team_size=2))
    other_event = EventFactory(team_size=2)
    seats = list(registration.seats.all())
    data = {
        "event": other_event.pk,
        "team": registration.team_id,
        "joined_round": 1,
        "seats-TOTAL_FORMS": 2,
        "seats-INITIAL_FORMS": 2,
        "seats-MIN_NUM_FORMS": 0,
        "seats-MAX_NUM_FORMS": 1000,
    }
    for i, seat in enumerate(seats):
        data.update(
            {
                f"seats-{i}-id": seat.pk,
                f"seats-{i}-registration": registration.pk,
                f"seats-{i}-letter": seat.letter,
                f"seats-{i}-player": seat.player_id,
            }
        )
    url = reverse("admin:tournaments_registration_change", args=[registration.pk])
    assert 'name="event"' not in organizer_client.get(url).content.decode()
    response = organizer_client.post(url, data)
    assert response.status_code == 302
    registration.refresh_from_db()
    assert registration.event != other_event
    assert {s.event_id for s in registration.seats.all()} == {registration.event_id}


def _event_post(event, **changes):
    data = {
        "name": event.name,
        "date": event.date.isoformat(),
        "organizer": event.organizer_id,
        "status": event.status,
        "is_public": "on",
        "team_size": event.team_size,
        "structure": event.structure,
        "format_kind": event.format_kind,
        "constructed_format": event.constructed_format,
        "deck_rule": event.deck_rule,
        "seat_formats": "[]",
        "shared_games_per_match": 1,
        "swiss_rounds": event.swiss_rounds,
        "top_cut": event.top_cut,
        "extra_banned": event.extra_banned,
        "registrations-TOTAL_FORMS": 0,
        "registrations-INITIAL_FORMS": 0,
    }
    data.update(changes)
    return data


def test_admin_event_team_size_change_with_registered_teams_shows_why(organizer_client):
    event = EventFactory(team_size=3)
    RegistrationFactory(event=event)
    response = organizer_client.post(
        reverse("admin:tournaments_event_change", args=[event.pk]), _event_post(event, team_size=4)
    )
    assert response.status_code == 200
    assert "the team size can&#x27;t change while teams are registered" in response.content.decode()
    event.refresh_from_db()
    assert event.team_size == 3


def test_admin_register_a_team_twice_shows_why(organizer_client):
    event = EventFactory(team_size=2)
    registration = RegistrationFactory(event=event)
    response = organizer_client.post(
        reverse("admin:tournaments_registration_add"),
        _registration_post(event, registration.team, [("A", PlayerFactory()), ("B", PlayerFactory())]),
    )
    assert response.status_code == 200
    assert "This team is already registered for this event." in response.content.decode()
    assert Registration.objects.filter(event=event).count() == 1


def _event_add_post(organizer, **changes):
    data = {
        "name": "E",
        "date": "2026-12-01",
        "organizer": organizer.pk,
        "status": "registration",
        "is_public": "on",
        "team_size": 2,
        "structure": "2hg",
        "format_kind": "2hg_constructed",
        "constructed_format": "modern",
        "deck_rule": "",
        "seat_formats": "[]",
        "shared_games_per_match": 1,
        "swiss_rounds": 5,
        "top_cut": 0,
        "registrations-TOTAL_FORMS": 0,
        "registrations-INITIAL_FORMS": 0,
    }
    data.update(changes)
    return data


def test_admin_event_add_two_headed_giant_constructed_defaults_to_no_shared_cards(organizer_client):
    organizer = OrganizerFactory()
    page = organizer_client.get(reverse("admin:tournaments_event_add")).content.decode()
    assert "The format&#x27;s default" in page or "The format's default" in page
    response = organizer_client.post(reverse("admin:tournaments_event_add"), _event_add_post(organizer))
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Event.objects.get(name="E").deck_rule == "no-shared"
    response = organizer_client.post(
        reverse("admin:tournaments_event_add"), _event_add_post(organizer, name="F", deck_rule="four-copies")
    )
    assert response.status_code == 302
    assert Event.objects.get(name="F").deck_rule == "four-copies"


def test_admin_event_add_team_rochester_teams_of_four_refused_and_settings_kept(organizer_client):
    organizer = OrganizerFactory()
    post = _event_add_post(
        organizer, team_size=4, structure="seat", format_kind="team_rochester", constructed_format=""
    )
    response = organizer_client.post(reverse("admin:tournaments_event_add"), post)
    assert response.status_code == 200
    assert "Team Rochester is for teams of three (MTR 8.5)" in response.content.decode()
    post.update(team_size=3)
    assert organizer_client.post(reverse("admin:tournaments_event_add"), post).status_code == 302
    event = Event.objects.get(name="E")
    # Posted without the new settings: the defaults hold (a draft every round, 40 minutes, formats must differ).
    assert (event.draft_structure, event.deck_building_minutes, event.formats_must_differ) == ("every_round", 40, True)
