"""The organizer's prerelease evening at the desk (issue 40): the real-product presets of the New event form, the
next steps (deck building timer, decklists, round 1), the deck building timer on the desk and the projector, and
who may run them."""

import datetime as dt
import json
import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone

from cards.services import cards_ensure_loaded
from desk.selectors import desk_next_step
from desk.services.steps import desk_step_run
from drafting.models import EventTimer, TimerKind
from tests.factories import (
    TYPED_SEALED_DECK,
    PrereleaseEventFactory,
    RegistrationFactory,
    SealedEventFactory,
    UserFactory,
)
from tournaments.enums import EnforcementLevel, FormatKind
from tournaments.models import Event, EventLogEntry
from tournaments.services.decklists import decklist_submit
from tournaments.services.roles import organizer_role_grant
from tests.desk.test_console import _new as new_event
from tests.desk.test_console import creator  # noqa: F401  (the fixture: an organizer of no event yet)

pytestmark = pytest.mark.django_db


def _new(client, **overrides):
    """The New event form posted with the prerelease preset for 20 players, unless told otherwise."""
    return new_event(client, **{"name": "Prerelease", "preset": "prerelease", "expected_teams": "20", **overrides})


def _organizer(username: str):
    """An organizer who is no superuser: their rights are their own events'."""
    user = UserFactory(username=username)
    organizer_role_grant(user=user)
    return user


def _evening(*, players: int = 2, **fields) -> Event:
    organizer = _organizer("olivia")
    event = PrereleaseEventFactory(organizer=organizer, **fields)
    for _ in range(players):
        RegistrationFactory(event=event)
    return event


def _step(event):
    return desk_next_step(event=Event.objects.get(pk=event.pk))


def _run(event):
    step = _step(event)
    return desk_step_run(event=Event.objects.get(pk=event.pk), by=event.organizer, key=step.key, anyway=True)


def _timers(html: str) -> dict:
    return json.loads(re.search(r'<script id="event-timers" type="application/json">(.*?)</script>', html).group(1))


# --- the presets of the New event form --------------------------------------------------------------------------


def test_new_event_form_offers_the_three_real_product_presets(client, creator):  # noqa: F811
    client.force_login(creator)
    page = client.get(reverse("desk:event_new")).text
    for key in ("prerelease", "sealed_real_product", "team_sealed_real_product"):
        assert f'id="preset-{key}"' in page
    assert (
        page.index('id="preset-prerelease"')
        < page.index('id="presets-teams"')
        < page.index('id="preset-team_sealed_real_product"')
    )


def test_the_prerelease_preset_makes_a_regular_rel_real_product_sealed_event_without_registration(client, creator):  # noqa: F811
    client.force_login(creator)
    assert _new(client, enforcement_level="competitive").status_code == 302
    event = Event.objects.get(name="Prerelease")
    assert (event.team_size, event.format_kind, event.real_product, event.decklists_at_regular) == (
        1,
        FormatKind.TEAM_SEALED,
        True,
        False,
    )
    assert (event.enforcement_level, event.swiss_rounds, event.top_cut, event.deck_building_minutes) == (
        EnforcementLevel.REGULAR,
        5,
        8,
        30,
    )
    assert EventLogEntry.objects.get(event=event, action="event_created").user == creator


def test_sealed_with_real_product_is_competitive_whatever_the_form_said(client, creator):  # noqa: F811
    client.force_login(creator)
    assert _new(client, name="Sealed RCQ", preset="sealed_real_product", expected_teams="8").status_code == 302
    event = Event.objects.get(name="Sealed RCQ")
    assert event.real_product and event.enforcement_level == EnforcementLevel.COMPETITIVE
    assert event.swiss_rounds == 3


@pytest.mark.parametrize("size", ["2", "3"])
def test_team_sealed_with_real_boxes_for_teams_of_two_or_three(client, creator, size):  # noqa: F811
    client.force_login(creator)
    assert (
        _new(client, name="Boxes", preset="team_sealed_real_product", team_size=size, expected_teams="6").status_code
        == 302
    )
    event = Event.objects.get(name="Boxes")
    assert (event.team_size, event.real_product, event.decklists_at_regular, event.deck_building_minutes) == (
        int(size),
        True,
        True,
        60,
    )


def test_team_sealed_with_real_boxes_refuses_teams_of_four(client, creator):  # noqa: F811
    client.force_login(creator)
    response = _new(client, name="Boxes", preset="team_sealed_real_product", team_size="4")
    assert response.status_code == 400 and "Team sealed with real boxes is played by teams of 3." in unescape(
        response.text
    )
    assert not Event.objects.filter(name="Boxes").exists()


# --- the next steps ---------------------------------------------------------------------------------------------


def test_competitive_evening_builds_then_collects_decklists_then_pairs(_bundled_cards):
    cards_ensure_loaded()
    event = _evening(deck_building_minutes=30)
    step = _step(event)
    assert (step.kind, step.label) == ("build", "Start deck building")
    assert "30-minute deck building timer" in step.explains
    assert _run(event) == "Deck building has started: 30 minutes."
    timer = EventTimer.objects.get(event=event, kind=TimerKind.DECK_BUILDING)
    assert timer.schedule[0]["seconds"] == 30 * 60
    assert EventLogEntry.objects.filter(event=event, action="timer_build_start", user=event.organizer).exists()
    step = _step(event)
    assert (step.kind, step.label) == ("decklists", "Collect the decklists")
    assert step.explains.startswith("0 of 2 players have registered their deck.")
    for registration in event.registrations.all():
        seat = registration.seats.get()
        decklist_submit(seat=seat, user=seat.player.user, text=TYPED_SEALED_DECK)
    assert _step(event).label == "Pair round 1"
    _run(event)
    assert event.rounds.count() == 1


def test_the_decklists_step_is_no_button_that_pairs(_bundled_cards):
    event = _evening()
    _run(event)
    step = _step(event)
    with pytest.raises(Exception, match="collect the decklists on the decklists page"):
        desk_step_run(event=Event.objects.get(pk=event.pk), by=event.organizer, key=step.key, anyway=True)
    assert not event.rounds.exists()


def test_when_deck_building_is_over_round_1_is_paired_with_the_missing_decks_as_warnings(_bundled_cards):
    event = _evening()
    _run(event)
    EventTimer.objects.filter(event=event).update(started_at=timezone.now() - dt.timedelta(hours=2))
    step = _step(event)
    assert step.label == "Pair round 1"
    assert any("2 players have no decklist" in str(w) for w in step.warnings)


def test_regular_rel_evening_builds_then_pairs_and_never_asks_for_decklists():
    event = _evening(enforcement_level=EnforcementLevel.REGULAR)
    assert _step(event).kind == "build"
    _run(event)
    step = _step(event)
    assert step.label == "Pair round 1" and step.warnings == []


def test_team_sealed_with_real_boxes_counts_teams_with_every_members_deck(_bundled_cards):
    event = SealedEventFactory(
        organizer=_organizer("olivia"), team_size=3, real_product=True, decklists_at_regular=True
    )
    RegistrationFactory(event=event)
    RegistrationFactory(event=event)
    _run(event)
    assert _step(event).explains.startswith("0 of 2 teams have registered every member's deck.")


def test_a_digital_sealed_event_pairs_round_1_first_as_before():
    event = SealedEventFactory(organizer=_organizer("olivia"), team_size=1)
    RegistrationFactory(event=event)
    assert _step(event).label == "Pair round 1"


# --- the timer on the desk and the projector --------------------------------------------------------------------


def test_the_desk_shows_the_next_step_and_then_the_running_timer(client):
    event = _evening()
    client.force_login(event.organizer)
    desk = client.get(reverse("desk:desk", args=[event.pk])).text
    assert 'id="desk-deck-building-timer"' in desk and _timers(desk)["build"] is None
    assert "Start deck building" in desk
    step = _step(event)
    response = client.post(reverse("desk:step", args=[event.pk]), {"key": step.key})
    assert response.status_code == 302
    desk = client.get(reverse("desk:desk", args=[event.pk])).text
    build = _timers(desk)["build"]
    assert build["schedule"][0]["seconds"] == event.deck_building_minutes * 60 and build["paused_at"] is None
    assert reverse("desk:decklists", args=[event.pk]) in desk  # the step: collect the decklists


def test_the_projector_counts_the_deck_building_down_big(client):
    event = _evening()
    _run(event)
    screen = client.get(reverse("desk:screen", args=[event.pk])).text
    assert 'id="deck-building"' in screen and "data-called" in screen
    assert _timers(screen)["build"]["left"] > 0


def test_the_organizer_pauses_and_resumes_the_timer_every_page_reads(client):
    event = _evening(deck_building_minutes=30)
    _run(event)
    client.force_login(event.organizer)
    url = reverse("drafting:paper_event", args=[event.pk])
    assert 'value="30"' in client.get(url).text  # the event's own deck building minutes, not a draft's 25
    client.post(url, {"action": "pause:build"})
    state = client.get(reverse("drafting:call_state", args=[event.pk])).json()
    assert state["build"]["paused_at"] is not None
    assert _timers(client.get(reverse("desk:screen", args=[event.pk])).text)["build"]["paused_at"] is not None
    client.post(url, {"action": "resume:build"})
    assert client.get(reverse("drafting:call_state", args=[event.pk])).json()["build"]["paused_at"] is None
    assert EventLogEntry.objects.filter(event=event, action="timer_build_pause", user=event.organizer).exists()


def test_another_organizer_can_neither_start_nor_pause_the_timer(client):
    event = _evening()
    client.force_login(_organizer("oscar"))
    step = _step(event)
    assert client.post(reverse("desk:step", args=[event.pk]), {"key": step.key}).status_code == 404
    assert (
        client.post(reverse("drafting:paper_event", args=[event.pk]), {"action": "build", "minutes": "30"}).status_code
        == 404
    )
    assert not EventTimer.objects.filter(event=event).exists()
    _run(event)
    assert client.post(reverse("drafting:paper_event", args=[event.pk]), {"action": "pause:build"}).status_code == 404
    assert EventTimer.objects.get(event=event).paused_at is None


def test_a_player_cant_start_the_timer(client):
    event = _evening()
    client.force_login(event.registrations.first().seats.get().player.user)
    assert client.post(reverse("desk:step", args=[event.pk]), {"key": _step(event).key}).status_code == 404
    assert not EventTimer.objects.filter(event=event).exists()


def test_a_scorekeeper_runs_the_deck_building_timer_from_the_desk_as_the_organizer_does(client):
    """Whoever pairs a round runs the timers (rights.may_run_timers): the scorekeeper sees the controls and pauses;
    a player of the event sees the timer and no controls, and can't pause it."""
    from tests.desk.conftest import scorekeeper_of

    event = _evening()
    _run(event)
    client.force_login(scorekeeper_of(event))
    desk = client.get(reverse("desk:desk", args=[event.pk])).text
    assert _timers(desk)["build"] is not None and 'id="desk-deck-building-controls"' in desk
    assert client.post(reverse("drafting:paper_event", args=[event.pk]), {"action": "pause:build"}).status_code == 302
    assert EventTimer.objects.get(event=event, kind="build").paused_at is not None
    client.force_login(event.registrations.first().seats.get().player.user)
    assert client.post(reverse("drafting:paper_event", args=[event.pk]), {"action": "resume:build"}).status_code == 404
    assert EventTimer.objects.get(event=event, kind="build").paused_at is not None
