"""The organizer's console: /organize/, /events/new/ and /events/<id>/settings/ (issue 26)."""

import datetime as dt

import pytest
from django.urls import reverse

from tournaments.presets import PRESETS, suggested_swiss_rounds, suggested_top_cut
from series.models import Series, SeriesEvent
from tests.desk.conftest import scorekeeper_of
from tests.factories import EventFactory, EventStaffFactory, RoundFactory, UserFactory
from tournaments.enums import DeckRule, DraftStructure, EventStatus, FormatKind, Structure
from tournaments.models import Event, EventDesk, EventLogEntry
from tournaments.services.roles import organizer_role_grant

pytestmark = pytest.mark.django_db


def _new(client, **overrides):
    data = {
        "name": "Spring Team Open",
        "date": "2026-12-05",
        "location": "Hall 2",
        "preset": "team_constructed",
        "expected_teams": "8",
        "swiss_rounds": "",
        "top_cut": "",
        "round_minutes": "50",
        "constructed_format": "modern",
        "deck_rule": "",
        "draft_structure": "every_round",
        "enforcement_level": "regular",
        "is_public": "on",
    }
    data.update(overrides)
    return client.post(reverse("desk:event_new"), data)


@pytest.fixture
def creator(db):
    user = UserFactory(username="nora")
    organizer_role_grant(user=user)
    return user


# --- /organize/ -------------------------------------------------------------------------------------------------


def test_organize_lists_my_events_by_state_with_their_next_step(client, event, organizer):
    running = EventFactory(name="Running Cup", organizer=organizer, status=EventStatus.RUNNING, swiss_rounds=3)
    RoundFactory(event=running, number=1)
    EventFactory(name="Old Cup", organizer=organizer, status=EventStatus.FINISHED)
    EventFactory(name="Someone else's Cup")
    client.force_login(organizer)
    page = client.get(reverse("desk:organize")).text
    upcoming, rest = page.split('id="events-running"')
    running_part, finished = rest.split('id="events-finished"')
    assert "Desk Open" in upcoming and "Pair round 1" in upcoming
    assert "Running Cup" in running_part and "Desk Open" not in running_part
    assert "Old Cup" in finished and "The event is finished" in finished
    assert "Someone else&#x27;s Cup" not in page and "Someone else's Cup" not in page


def test_organize_shows_new_event_only_to_who_may_create_events(client, event, organizer, creator):
    client.force_login(organizer)  # owns an event but holds no organizer role
    assert "New event" not in client.get(reverse("desk:organize")).text
    client.force_login(creator)
    assert 'id="new-event"' in client.get(reverse("desk:organize")).text


def test_organize_is_for_staff_of_an_event_and_organizers_only(client, event):
    judge = UserFactory(username="jules")
    player = UserFactory(username="plain")
    client.force_login(player)
    assert client.get(reverse("desk:organize")).status_code == 404
    EventStaffFactory(event=event, user=judge, role="judge")
    client.force_login(judge)
    page = client.get(reverse("desk:organize"))
    assert page.status_code == 200 and "Desk Open" in page.text
    assert reverse("desk:event_settings", args=[event.pk]) not in page.text  # a judge changes no settings


def test_top_bar_and_home_link_the_console_for_organizers_only(client, event, organizer):
    client.force_login(organizer)
    home = client.get("/").text
    assert 'id="nav-organize"' in home and 'id="organize-link"' in home
    client.force_login(UserFactory(username="plain"))
    home = client.get("/").text
    assert 'id="nav-organize"' not in home and 'id="organize-link"' not in home


# --- /events/new/ -----------------------------------------------------------------------------------------------


def test_suggested_rounds_and_top_cut_follow_the_teams_expected():
    assert [suggested_swiss_rounds(n) for n in (2, 4, 8, 9, 16, 17, 100, 300, 1000)] == [1, 2, 3, 4, 4, 5, 7, 9, 10]
    assert [suggested_top_cut(n) for n in (8, 9, 16, 17)] == [0, 4, 4, 8]


def test_new_event_from_the_constructed_preset_with_defaults(client, creator):
    client.force_login(creator)
    response = _new(client, expected_teams="24")
    event = Event.objects.get(name="Spring Team Open")
    assert response.status_code == 302 and response["Location"] == reverse("desk:desk", args=[event.pk])
    assert (event.organizer, event.team_size, event.format_kind, event.constructed_format) == (
        creator,
        3,
        FormatKind.TEAM_CONSTRUCTED,
        "modern",
    )
    assert (event.swiss_rounds, event.top_cut, event.deck_rule) == (5, 8, DeckRule.FOUR_COPIES)
    assert EventDesk.objects.get(event=event).round_minutes == 50
    entry = EventLogEntry.objects.get(event=event, action="event_created")
    assert entry.user == creator


def test_new_event_takes_the_rounds_top_cut_and_rule_given(client, creator):
    client.force_login(creator)
    _new(client, swiss_rounds="3", top_cut="4", deck_rule=DeckRule.NO_SHARED, round_minutes="55")
    event = Event.objects.get(name="Spring Team Open")
    assert (event.swiss_rounds, event.top_cut, event.deck_rule) == (3, 4, DeckRule.NO_SHARED)
    assert EventDesk.objects.get(event=event).round_minutes == 55


@pytest.mark.parametrize("preset", [p.key for p in PRESETS])
def test_every_preset_makes_a_valid_event(client, creator, preset):
    client.force_login(creator)
    response = _new(client, preset=preset, seat_format_A="standard", seat_format_B="pioneer", seat_format_C="modern")
    assert response.status_code == 302, response.text
    event = Event.objects.get(name="Spring Team Open")
    chosen = next(p for p in PRESETS if p.key == preset)
    assert (event.format_kind, event.structure, event.team_size) == (
        chosen.format_kind,
        chosen.structure,
        chosen.team_size,
    )


def test_commander_duel_preset_makes_a_commander_event_of_ordinary_matches(client, creator):
    client.force_login(creator)
    _new(client, preset="commander_duel", name="Commander Duel", expected_teams="12")
    event = Event.objects.get(name="Commander Duel")
    assert (event.team_size, event.structure, event.format_kind, event.constructed_format) == (
        1,
        Structure.SEAT_AGAINST_SEAT,
        FormatKind.TEAM_CONSTRUCTED,
        "commander",
    )
    assert event.swiss_rounds == 4


def test_the_constructed_preset_offers_commander(client, creator):
    client.force_login(creator)
    _new(client, preset="individual_constructed", name="Friday Commander", constructed_format="commander")
    assert Event.objects.get(name="Friday Commander").constructed_format == "commander"


def test_three_headed_serpent_and_two_headed_giant_get_their_life_and_poison(client, creator):
    client.force_login(creator)
    _new(client, preset="three_headed_serpent", name="Serpent")
    _new(client, preset="2hg_draft", name="Giants")
    serpent, giants = Event.objects.get(name="Serpent"), Event.objects.get(name="Giants")
    assert (serpent.structure, serpent.shared_life, serpent.shared_poison) == (Structure.THREE_HEADED_SERPENT, 60, 30)
    assert (giants.team_size, giants.shared_life, giants.shared_poison) == (2, 30, 15)


def test_mixed_formats_need_a_format_per_seat_and_different_ones(client, creator):
    client.force_login(creator)
    response = _new(client, preset="team_constructed_mixed", seat_format_A="standard", seat_format_B="")
    assert response.status_code == 400 and "Pick seat B&#x27;s format." in response.text
    response = _new(
        client, preset="team_constructed_mixed", seat_format_A="modern", seat_format_B="modern", seat_format_C="pioneer"
    )
    assert response.status_code == 400 and "Each member must play a different format" in response.text
    assert not Event.objects.exists()
    _new(
        client,
        preset="team_constructed_mixed",
        seat_format_A="standard",
        seat_format_B="pioneer",
        seat_format_C="modern",
    )
    assert Event.objects.get().seat_formats == ["standard", "pioneer", "modern"]


def test_new_event_refuses_what_the_rules_refuse_with_the_reason(client, creator):
    client.force_login(creator)
    response = _new(client, preset="team_rochester", team_size="4")
    assert response.status_code == 400 and "Team Rochester draft is played by teams of 3." in response.text
    response = _new(
        client, preset="team_rochester", draft_structure=DraftStructure.ONE_DRAFT, enforcement_level="competitive"
    )
    assert response.status_code == 400 and "allowed at Regular REL only" in response.text
    response = _new(client, constructed_format="", name="")
    assert response.status_code == 400 and "Pick the constructed format." in response.text
    assert not Event.objects.exists()


def test_new_event_offers_only_team_sizes_some_preset_accepts(client, creator):
    """Issue 45: sizes 5 to 8 were offered, then refused by every preset (which allow 2 to 4 at most)."""
    client.force_login(creator)
    offered = [
        value
        for value, _label in client.get(reverse("desk:event_new")).context["form"].fields["team_size"].choices
        if value
    ]
    accepted = sorted({size for p in PRESETS if not p.is_individual for size in (p.team_size, *p.team_sizes)})
    assert offered == [str(n) for n in accepted] and "5" not in offered
    for size in offered:  # each size offered is accepted by the preset that names it
        preset = next(p for p in PRESETS if int(size) in (p.team_size, *p.team_sizes) and not p.is_individual)
        assert _new(client, preset=preset.key, team_size=size, name=f"Size {size}").status_code == 302


def test_new_event_is_refused_to_who_may_not_create_events(client, organizer):
    client.force_login(organizer)  # runs an event, holds no organizer role
    assert client.get(reverse("desk:event_new")).status_code == 404
    assert _new(client).status_code == 404
    assert not Event.objects.filter(name="Spring Team Open").exists()


# --- /events/<id>/settings/ -------------------------------------------------------------------------------------


def _settings(client, event, **changes):
    page = client.get(reverse("desk:event_settings", args=[event.pk]))
    form = page.context["form"]
    data = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if field.disabled:
            continue
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif isinstance(value, dt.datetime):
            data[name] = value.strftime("%Y-%m-%dT%H:%M")
        elif value is not None:
            data[name] = str(value)
    data.update(changes)
    return client.post(reverse("desk:event_settings", args=[event.pk]), data)


def test_settings_change_every_setting_and_log_who_did(client, event, organizer):
    client.force_login(organizer)
    response = _settings(
        client, event, name="Desk Open II", swiss_rounds="4", deck_rule=DeckRule.NO_SHARED, round_minutes="45"
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.name, event.swiss_rounds, event.deck_rule) == ("Desk Open II", 4, DeckRule.NO_SHARED)
    assert EventDesk.objects.get(event=event).round_minutes == 45
    entry = EventLogEntry.objects.get(event=event, action="settings_changed")
    assert entry.user == organizer and entry.data["swiss_rounds"] == [3, 4]
    minutes = EventLogEntry.objects.get(event=event, action="round_minutes", user=organizer)
    assert (minutes.kind, minutes.after["round_minutes"]) == ("settings", 45)


def test_settings_show_what_the_events_progress_fixed_with_the_reason(client, event, organizer):
    client.force_login(organizer)
    page = client.get(reverse("desk:event_settings", args=[event.pk]))
    assert page.context["form"].fields["team_size"].disabled
    assert "8 teams are registered: remove them first to change this." in page.text.replace("&#x27;", "'")
    # A locked field ignores what is posted: the team size stays.
    assert _settings(client, event, team_size="2").status_code == 302
    event.refresh_from_db()
    assert event.team_size == 3


def test_settings_refuse_fewer_rounds_than_paired_with_the_reason(client, event, organizer):
    RoundFactory(event=event, number=1)
    RoundFactory(event=event, number=2)
    client.force_login(organizer)
    event.refresh_from_db()
    response = _settings(client, event, swiss_rounds="1")
    assert response.status_code == 400
    assert "2 Swiss rounds are already paired: the event can&#x27;t have fewer." in response.text
    assert "Round 1 is paired: this can't change any more." in response.text
    event.refresh_from_db()
    assert event.swiss_rounds == 3


def test_settings_are_for_whoever_runs_the_event(client, event):
    client.force_login(scorekeeper_of(event))
    assert client.get(reverse("desk:event_settings", args=[event.pk])).status_code == 404
    assert client.post(reverse("desk:event_settings", args=[event.pk]), {"name": "Hijacked"}).status_code == 404
    assert Event.objects.get(pk=event.pk).name == "Desk Open"


# --- the store's events: individual presets (issue 38) ----------------------------------------------------------


def test_new_event_page_offers_the_players_presets_with_today_and_standard_chosen(client, creator):
    client.force_login(creator)
    form = client.get(reverse("desk:event_new")).context["form"]
    page = client.get(reverse("desk:event_new")).text
    assert page.index('id="preset-individual_constructed"') < page.index('id="preset-team_constructed"')
    assert form["date"].value() == dt.date.today() and form["constructed_format"].value() == "standard"
    assert '<option value="pioneer">Pioneer</option>' in page  # the formats' proper names, not "Oldschool"


def test_new_individual_standard_event_gets_rounds_and_cut_from_the_players_expected(client, creator):
    client.force_login(creator)
    response = _new(
        client,
        name="Friday Night Magic",
        preset="individual_constructed",
        constructed_format="standard",
        expected_teams="12",
    )
    event = Event.objects.get(name="Friday Night Magic")
    assert response.status_code == 302
    assert (event.team_size, event.structure, event.format_kind, event.constructed_format) == (
        1,
        Structure.SEAT_AGAINST_SEAT,
        FormatKind.TEAM_CONSTRUCTED,
        "standard",
    )
    assert (event.swiss_rounds, event.top_cut) == (4, 4)


@pytest.mark.parametrize(
    ("preset", "kind"), [("individual_sealed", FormatKind.TEAM_SEALED), ("individual_draft", FormatKind.BOOSTER_DRAFT)]
)
def test_new_individual_limited_events(client, creator, preset, kind):
    client.force_login(creator)
    assert _new(client, name="Prerelease", preset=preset, expected_teams="30").status_code == 302
    event = Event.objects.get(name="Prerelease")
    assert (event.team_size, event.format_kind, event.swiss_rounds, event.top_cut) == (1, kind, 5, 8)


def test_an_individual_preset_refuses_a_team_size(client, creator):
    client.force_login(creator)
    response = _new(client, preset="individual_constructed", team_size="3")
    assert response.status_code == 400 and "is an event of single players" in response.text
    assert not Event.objects.filter(name="Spring Team Open").exists()


def test_console_names_the_format_and_counts_players(client, creator):
    EventFactory(name="FNM", organizer=creator, team_size=1, constructed_format="standard", swiss_rounds=4, top_cut=0)
    client.force_login(creator)
    page = client.get(reverse("desk:organize")).text
    assert "Standard · 4 rounds" in page and "0 players" in page
    assert "Team constructed, one format" not in page


# --- "Run again" (issue 38) ---------------------------------------------------------------------------------------


def test_run_again_page_suggests_a_week_later_and_makes_the_copy(client, creator):
    event = EventFactory(
        name="FNM",
        organizer=creator,
        date=dt.date(2026, 11, 27),
        team_size=1,
        constructed_format="standard",
        swiss_rounds=4,
        top_cut=0,
    )
    client.force_login(creator)
    assert f'href="{reverse("desk:event_copy", args=[event.pk])}"' in client.get(reverse("desk:organize")).text
    page = client.get(reverse("desk:event_copy", args=[event.pk]))
    assert page.status_code == 200 and page.context["form"]["date"].value() == dt.date(2026, 12, 4)
    response = client.post(reverse("desk:event_copy", args=[event.pk]), {"date": "2026-12-04"})
    copy = Event.objects.exclude(pk=event.pk).get()
    assert response.status_code == 302 and response["Location"] == reverse("desk:desk", args=[copy.pk])
    assert (copy.name, copy.date, copy.team_size, copy.constructed_format) == (
        "FNM",
        dt.date(2026, 12, 4),
        1,
        "standard",
    )


def test_run_again_refuses_a_bad_date_and_is_for_who_runs_the_event(client, creator, event):
    mine = EventFactory(name="FNM", organizer=creator)
    client.force_login(creator)
    response = client.post(reverse("desk:event_copy", args=[mine.pk]), {"date": "someday"})
    assert response.status_code == 400 and Event.objects.filter(name="FNM").count() == 1
    assert client.get(reverse("desk:event_copy", args=[event.pk])).status_code == 404  # olivia's event


# --- A new event straight into a series (issue 44, docs/series.md) ---------------------------------------------


def test_a_new_event_goes_straight_into_my_series_and_never_into_anothers(client, creator):
    mine = Series.objects.create(name="Friday League", owner=creator)
    theirs = Series.objects.create(name="Their League", owner=UserFactory())
    client.force_login(creator)
    page = client.get(reverse("desk:event_new")).text
    assert "Friday League" in page and "Their League" not in page
    response = _new(client, series=str(theirs.pk))
    assert response.status_code == 400 and not Event.objects.exists()
    response = _new(client, series=str(mine.pk))
    event = Event.objects.get()
    assert response.status_code == 302 and SeriesEvent.objects.get(event=event).series == mine
    assert EventLogEntry.objects.filter(event=event, action="series_attached", user=creator).exists()
