import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tournaments.models import Announcement, CheckIn
from desk.selectors import desk_next_step
from tests.desk.conftest import member
from tests.factories import UserFactory
from tournaments.enums import EventStatus, ResultState
from tournaments.models import Event, EventDesk, EventLogEntry, TeamMatch


def _desk(event):
    return reverse("desk:desk", args=[event.pk])


def _step(client, event, anyway=True):
    key = desk_next_step(event=Event.objects.get(pk=event.pk)).key
    return client.post(reverse("desk:step", args=[event.pk]), {"key": key, "anyway": "1" if anyway else ""})


def test_desk_is_for_the_organizer_only(client, event):
    assert client.get(_desk(event)).status_code == 302  # sign in first
    client.force_login(member(event, "Azure Ants"))
    assert client.get(_desk(event)).status_code == 404
    # Staff status alone opens nothing outside the admin (issue 19, defect 3): running events is a permission.
    staff = UserFactory(username="judge", is_staff=True)
    client.force_login(staff)
    assert client.get(_desk(event)).status_code == 404
    from django.contrib.auth.models import Permission

    staff.user_permissions.add(Permission.objects.get(codename="change_event", content_type__app_label="tournaments"))
    client.force_login(staff)
    assert client.get(_desk(event)).status_code == 200


def test_desk_shows_the_next_step_with_its_warnings(client, event, organizer):
    client.force_login(organizer)
    page = client.get(_desk(event)).text
    assert "Pair round 1" in page
    assert "8 teams have no complete decklist" in page
    assert "Check in Azure Ants" in page


def test_desk_step_with_warnings_needs_the_organizers_ok_and_is_logged(client, event, organizer):
    client.force_login(organizer)
    response = _step(client, event, anyway=False)
    assert response.status_code == 302 and not event.rounds.exists()
    _step(client, event, anyway=True)
    assert event.rounds.count() == 1
    entry = EventLogEntry.objects.get(event=event, action="pair", kind="desk")
    assert entry.user == organizer and "8 teams have no complete decklist" in entry.warning_texts[0]
    paired = EventLogEntry.objects.get(event=event, action="round_paired")
    assert (paired.user, paired.round_number, len(paired.after)) == (organizer, 1, 4)


def test_desk_step_of_a_page_that_is_out_of_date_is_refused(client, event, organizer):
    client.force_login(organizer)
    client.post(reverse("desk:step", args=[event.pk]), {"key": "finish:Close the event", "anyway": "1"})
    assert Event.objects.get(pk=event.pk).status == EventStatus.REGISTRATION


def _pair_and_start(client, event):
    _step(client, event)  # pair round 1
    _step(client, event)  # start the clock


def test_desk_runs_an_event_to_its_end_with_keyboard_results(client, event, organizer):
    client.force_login(organizer)
    for number in range(1, 4):
        _pair_and_start(client, event)
        round_ = event.rounds.get(number=number)
        assert desk_next_step(event=Event.objects.get(pk=event.pk)).blocked == "4 tables still wait for their results."
        for table in range(1, 5):
            response = client.post(
                reverse("desk:result", args=[event.pk]),
                {"round": number, "table": table, "result": "21 12 20"},
                HTTP_HX_REQUEST="true",
            )
            assert response["X-Desk-Entry"] == "saved"
        assert set(round_.matches.values_list("result_state", flat=True)) == {ResultState.FINAL}
    assert desk_next_step(event=Event.objects.get(pk=event.pk)).label == "Close the event"
    _step(client, event)
    assert Event.objects.get(pk=event.pk).status == EventStatus.FINISHED


def test_desk_result_entry_refusal_says_why_and_writes_nothing(client, event, organizer):
    client.force_login(organizer)
    _pair_and_start(client, event)
    response = client.post(
        reverse("desk:result", args=[event.pk]), {"round": 1, "table": 1, "result": "2-1 1-2"}, HTTP_HX_REQUEST="true"
    )
    assert response["X-Desk-Entry"] == "error"
    assert "Table 1: Type one result per seat (A, B, C): 3 expected, 2 typed." in response.text
    response = client.post(
        reverse("desk:result", args=[event.pk]),
        {"round": 1, "table": 1, "result": "3-0 2-0 2-0"},
        HTTP_HX_REQUEST="true",
    )
    assert response["X-Desk-Entry"] == "error"
    response = client.post(
        reverse("desk:result", args=[event.pk]), {"round": 1, "table": 77, "result": "ID"}, HTTP_HX_REQUEST="true"
    )
    assert "Round 1 has no table 77." in response.text
    response = client.post(
        reverse("desk:result", args=[event.pk]), {"round": 1, "table": 1, "result": "00 00 00"}, HTTP_HX_REQUEST="true"
    )  # "1 00 00 00": no game played is a slip of the keyboard
    assert "Table 1: Seat A: &#x27;00&#x27; records no game" in response.text
    assert TeamMatch.objects.get(round__event=event, table=1).result_state == ResultState.PENDING


def test_desk_keyboard_entry_never_types_over_a_final_result_unasked(client, event, organizer):
    from tournaments.models import EventLogEntry

    client.force_login(organizer)
    _pair_and_start(client, event)
    url = reverse("desk:result", args=[event.pk])
    client.post(url, {"round": 1, "table": 1, "result": "21 21 21"}, HTTP_HX_REQUEST="true")
    response = client.post(url, {"round": 1, "table": 1, "result": "12 12 12"}, HTTP_HX_REQUEST="true")
    assert response["X-Desk-Entry"] == "error"
    assert "Table 1: This table&#x27;s result already counts" in response.text
    assert TeamMatch.objects.get(round__event=event, table=1).outcome == "A"
    response = client.post(url, {"round": 1, "table": 1, "result": "12 12 12", "correct": "1"}, HTTP_HX_REQUEST="true")
    assert response["X-Desk-Entry"] == "saved"
    assert TeamMatch.objects.get(round__event=event, table=1).outcome == "B"
    assert EventLogEntry.objects.get(event=event, action="result_corrected").user == organizer


def test_desk_grid_lists_disputes_first_with_the_note(client, event, organizer):
    from tournaments.services.results import SeatGames, team_match_dispute, team_match_report

    client.force_login(organizer)
    _pair_and_start(client, event)
    match = TeamMatch.objects.get(round__event=event, table=3)
    seats = [SeatGames("A", 2, 0), SeatGames("B", 2, 0), SeatGames("C", 0, 2)]
    team_match_report(match=match, user=match.team_a.seats.first().player.user, seats=seats)
    team_match_dispute(match=match, user=match.team_b.seats.first().player.user, note="Seat B was 0-2")
    page = client.get(_desk(event) + "?partial=1").text
    first_row = page.index('class="grid-row')
    assert page.index('data-table="3"') - first_row < 60
    assert "Seat B was 0-2" in page
    assert "1 disputed result" not in page and "disputed result at table(s) 3" in page


def test_desk_check_in_and_no_shows(client, event, organizer):
    client.force_login(member(event, "Azure Ants", "B"))
    assert client.post(reverse("desk:player_check_in", args=[event.pk])).status_code == 302
    client.force_login(organizer)
    bats = event.registrations.get(team__name="Brass Bats")
    client.post(reverse("desk:team", args=[event.pk]), {"registration": bats.pk, "action": "check_in"})
    assert set(CheckIn.objects.values_list("registration__team__name", flat=True)) == {"Azure Ants", "Brass Bats"}
    assert "6 teams have not checked in" in client.get(_desk(event)).text
    client.post(reverse("desk:no_shows", args=[event.pk]))
    assert not event.registrations.filter(dropped_round__isnull=False).exists()  # deadline not set: refused
    EventDesk.objects.update_or_create(
        event=event, defaults={"check_in_deadline": timezone.now() - dt.timedelta(minutes=1)}
    )
    client.post(reverse("desk:no_shows", args=[event.pk]))
    assert event.registrations.filter(dropped_round=0).count() == 6
    _step(client, event)
    assert event.rounds.get().matches.count() == 1


def test_player_check_in_of_someone_not_playing_is_404(client, event):
    client.force_login(UserFactory(username="stranger"))
    assert client.post(reverse("desk:player_check_in", args=[event.pk])).status_code == 404


def test_announcement_reaches_the_players_pages_and_the_projector(client, event, organizer):
    client.force_login(organizer)
    client.post(reverse("desk:announce", args=[event.pk]), {"text": "Lunch break until 13:30"})
    client.force_login(member(event, "Dire Dogs"))
    assert "Lunch break until 13:30" in client.get(reverse("portal:event", args=[event.pk])).text
    assert "Lunch break until 13:30" in client.get(reverse("desk:screen", args=[event.pk])).text
    client.force_login(organizer)
    client.post(reverse("desk:announce", args=[event.pk]), {"hide": Announcement.objects.get().pk})
    assert "Lunch break" not in client.get(reverse("desk:screen", args=[event.pk])).text


def test_players_page_shows_the_clock_and_time_over(client, event, organizer):
    from tournaments.models import RoundClock

    client.force_login(organizer)
    _pair_and_start(client, event)
    match = TeamMatch.objects.filter(round__event=event).first()
    player = match.team_a.seats.first().player.user
    client.force_login(player)
    page = client.get(reverse("portal:match", args=[match.pk])).text
    assert "data-clock-ends=" in page and "clock-running" in page
    RoundClock.objects.update(ends_at=timezone.now() - dt.timedelta(seconds=2))
    page = client.get(reverse("portal:pairings", args=[event.pk])).text
    assert "Time is over: finish the turn and up to five extra turns." in page


def test_desk_clock_buttons(client, event, organizer):
    client.force_login(organizer)
    _step(client, event)
    url = reverse("desk:clock", args=[event.pk])
    client.post(url, {"round": 1, "action": "start"})
    client.post(url, {"round": 1, "action": "add", "minutes": "3", "table": "2", "reason": "deck check"})
    page = client.get(_desk(event)).text
    assert "deck check" in page and "+3:00" in page


def test_slips_are_for_the_organizer_with_every_table_and_player(client, event, organizer):
    client.force_login(organizer)
    _step(client, event)
    url = reverse("desk:slips", args=[event.pk, 1])
    page = client.get(url).text
    assert page.count('class="slip"') == 4
    for registration in event.registrations.all():
        assert registration.team.name in page
    assert "Signature" in page and "desk/print.css" in page
    client.force_login(member(event, "Azure Ants"))
    assert client.get(url).status_code == 404
    assert client.get(reverse("desk:print_pairings", args=[event.pk, 1])).status_code == 404


def test_print_pages_render(client, event, organizer):
    client.force_login(organizer)
    _step(client, event)
    assert "Round 1 by team" in client.get(reverse("desk:print_pairings", args=[event.pk, 1])).text
    assert "Standings" in client.get(reverse("desk:print_standings", args=[event.pk])).text
    assert client.get(reverse("desk:slips", args=[event.pk, 9])).status_code == 404


def test_projector_has_pairings_alphabetically_and_a_qr_code(client, event, organizer):
    client.force_login(organizer)
    _step(client, event)
    client.logout()
    page = client.get(reverse("desk:screen", args=[event.pk])).text
    assert "<svg" in page and "<script>" not in page
    import re

    first_column = re.findall(r"<tr><td>([^<]+)</td>", page)
    assert first_column == [
        "Azure Ants",
        "Brass Bats",
        "Cobalt Cats",
        "Dire Dogs",
        "Ember Eels",
        "Frost Foxes",
        "Gilded Geese",
        "Hollow Hawks",
    ]


def test_projector_of_a_hidden_event_is_404(client, event):
    Event.objects.filter(pk=event.pk).update(is_public=False)
    assert client.get(reverse("desk:screen", args=[event.pk])).status_code == 404


def test_projector_answers_304_while_nothing_changes(client, event):
    url = reverse("desk:screen", args=[event.pk]) + "?partial=1"
    first = client.get(url)
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_desk_and_projector_queries_do_not_grow_with_teams(client, organizer):
    from benchmarks.management.commands.bench_desk import build_event

    small, large = build_event(teams=8, organizer=organizer), build_event(teams=40, organizer=organizer)
    client.force_login(organizer)
    for view in ("desk:desk", "desk:screen"):
        assert _queries(client, reverse(view, args=[small.pk])) == _queries(client, reverse(view, args=[large.pk]))


def test_desk_deck_building_clock_for_limited_events(client, organizer):
    from tests.factories import EventFactory, RoundFactory
    from tournaments.models import RoundClock

    event = EventFactory(organizer=organizer, format_kind="team_sealed", constructed_format="")
    round_ = RoundFactory(event=event, number=1)
    client.force_login(organizer)
    assert "Start the deck-building clock" in client.get(_desk(event)).text
    client.post(reverse("desk:clock", args=[event.pk]), {"round": 1, "action": "start", "purpose": "deckbuilding"})
    clock = RoundClock.objects.get(round=round_)
    assert (clock.purpose, clock.status, clock.duration_seconds) == ("deckbuilding", "running", 40 * 60)


def test_desk_drops_and_reinstates_a_team_during_the_swiss(client, event, organizer):
    client.force_login(organizer)
    _step(client, event)
    bats = event.registrations.get(team__name="Brass Bats")
    assert f'<option value="{bats.pk}">Brass Bats</option>' in client.get(_desk(event)).text
    client.post(reverse("desk:team", args=[event.pk]), {"registration": bats.pk, "action": "drop"})
    bats.refresh_from_db()
    assert bats.dropped_round == 0  # round 1 has not started: not paired again when it is re-paired
    assert f'<option value="{bats.pk}">Brass Bats (Dropped)</option>' in client.get(_desk(event)).text
    client.post(reverse("desk:team", args=[event.pk]), {"registration": bats.pk, "action": "reinstate"})
    bats.refresh_from_db()
    assert bats.dropped_round is None


def test_desk_polls_the_latest_round_and_its_step_follows_the_event(client, event, organizer):
    client.force_login(organizer)
    _step(client, event)
    page = client.get(_desk(event)).text
    assert f'hx-get="/events/{event.pk}/desk/?partial=1"' in page
    TeamMatch.objects.filter(round__event=event).update(outcome="A", result_state=ResultState.FINAL)
    _step(client, event)  # pair round 2 (round 1's results are all in: its clock is not needed)
    old = client.get(_desk(event) + "?round=1").text  # an older round's grid: the step is still the event's
    assert f'hx-get="/events/{event.pk}/desk/?round=1&amp;partial=1"' in old
    assert "Start the clock" in old and event.rounds.count() == 2


@pytest.mark.parametrize("bad", ["2026-99-99T99:99", "2026-02-30T10:00", "0000-01-01T00:00", "tomorrow"])
def test_check_in_deadline_that_is_no_date_is_refused_with_the_reason(client, event, organizer, bad):
    client.force_login(organizer)
    response = client.post(reverse("desk:check_in_settings", args=[event.pk]), {"deadline": bad}, follow=True)
    assert response.status_code == 200
    assert "Give the deadline as a date and time." in response.content.decode()
    assert not EventDesk.objects.filter(event=event, check_in_deadline__isnull=False).exists()


@pytest.mark.parametrize("bad", ["-5", "0", "abc", "99999999999999999999", "601", "2.5"])
def test_minutes_per_round_that_is_no_length_is_refused_and_nothing_saved(client, event, organizer, bad):
    client.force_login(organizer)
    response = client.post(
        reverse("desk:check_in_settings", args=[event.pk]),
        {"deadline": "2026-06-01T10:00", "round_minutes": bad},
        follow=True,
    )
    page = response.content.decode()
    assert "Minutes per round: give whole minutes from 1 to 600; nothing was saved." in page
    assert "Saved." not in page
    assert not EventDesk.objects.filter(event=event, check_in_deadline__isnull=False).exists()
    assert not EventDesk.objects.filter(event=event).exclude(round_minutes=50).exists()


def test_minutes_per_round_is_saved(client, event, organizer):
    client.force_login(organizer)
    response = client.post(reverse("desk:check_in_settings", args=[event.pk]), {"round_minutes": "45"}, follow=True)
    assert "Saved." in response.content.decode()
    assert EventDesk.objects.get(event=event).round_minutes == 45


@pytest.mark.parametrize(
    ("minutes", "table", "said"),
    [
        ("0", "", "Add time: give whole minutes from 1 to 240."),
        ("abc", "", "Add time: give whole minutes from 1 to 240."),
        ("241", "", "Add time: give whole minutes from 1 to 240."),
        (
            "5",
            "-1",
            "Add time: &quot;-1&quot; is not a table number; leave the table empty to add time for the whole round.",
        ),
        ("5", "x", "Add time: &quot;x&quot; is not a table number"),
    ],
)
def test_add_time_refuses_in_minutes_and_never_turns_a_bad_table_into_the_whole_round(
    client, event, organizer, minutes, table, said
):
    from tournaments.models import ClockExtension, RoundClock

    client.force_login(organizer)
    _pair_and_start(client, event)
    before = RoundClock.objects.get(round__event=event).ends_at
    response = client.post(
        reverse("desk:clock", args=[event.pk]),
        {"round": 1, "action": "add", "minutes": minutes, "table": table, "reason": "judge call"},
        follow=True,
    )
    page = response.content.decode()
    assert said in page and "seconds" not in page
    assert not ClockExtension.objects.exists()
    assert RoundClock.objects.get(round__event=event).ends_at == before


def test_add_time_for_one_table_and_for_the_round(client, event, organizer):
    from tournaments.models import ClockExtension

    client.force_login(organizer)
    _pair_and_start(client, event)
    url = reverse("desk:clock", args=[event.pk])
    client.post(url, {"round": 1, "action": "add", "minutes": "3", "table": "2", "reason": "deck check"})
    client.post(url, {"round": 1, "action": "add", "minutes": "5", "table": ""})
    assert list(ClockExtension.objects.order_by("id").values_list("table", "seconds")) == [(2, 180), (None, 300)]
    page = client.get(_desk(event)).text  # shown in the unit they were given in: minutes
    assert "+3:00 table 2: deck check" in page and "+5:00 whole round" in page and "300 s" not in page


def _one_round_then_a_cut(client, organizer, *, top_cut: int) -> Event:
    """A 4-team sealed event of one Swiss round and a top cut, with its organizer signed in."""
    from tests.factories import EventFactory, RegistrationFactory
    from tournaments.enums import FormatKind

    event = EventFactory(
        organizer=organizer, format_kind=FormatKind.TEAM_SEALED, constructed_format="", swiss_rounds=1, top_cut=top_cut
    )
    for _ in range(4):
        RegistrationFactory(event=event)
    client.force_login(organizer)
    return event


def test_an_announcement_belongs_to_its_round_and_the_top_cut_clears_it(client, organizer):
    event = _one_round_then_a_cut(client, organizer, top_cut=4)
    screen = reverse("desk:screen", args=[event.pk])
    client.post(reverse("desk:announce", args=[event.pk]), {"text": "Doors open at 9:30"})
    assert "Doors open at 9:30" in client.get(screen).text  # before round 1
    _step(client, event)  # pair round 1
    assert "Doors open at 9:30" not in client.get(screen).text
    client.post(reverse("desk:announce", args=[event.pk]), {"text": "Lunch break until 13:30"})
    assert Announcement.objects.get(text__startswith="Lunch").round == event.rounds.get(number=1)
    assert "Lunch break until 13:30" in client.get(screen).text
    assert "Lunch break until 13:30" in client.get(_desk(event)).text
    TeamMatch.objects.filter(round__event=event).update(outcome="A", result_state=ResultState.FINAL)
    _step(client, event)  # cut to top 4
    assert event.rounds.count() == 2
    assert "Lunch break until 13:30" not in client.get(screen).text
    assert "Lunch break until 13:30" not in client.get(_desk(event)).text
    client.post(reverse("desk:announce", args=[event.pk]), {"text": "Semifinals on the stage"})
    assert "Semifinals on the stage" in client.get(screen).text


def test_the_projector_of_an_event_finished_by_its_final_shows_the_winner_not_a_clock(client, organizer):
    event = _one_round_then_a_cut(client, organizer, top_cut=2)
    _step(client, event)  # pair round 1
    TeamMatch.objects.filter(round__event=event).update(outcome="A", result_state=ResultState.FINAL)
    _step(client, event)  # cut to top 2: the final
    final = TeamMatch.objects.get(round__event=event, round__number=2)
    TeamMatch.objects.filter(pk=final.pk).update(outcome="B", result_state=ResultState.FINAL)
    _step(client, event)  # close the event
    assert Event.objects.get(pk=event.pk).status == EventStatus.FINISHED
    page = client.get(reverse("desk:screen", args=[event.pk])).text
    assert f"Winner: {final.team_b.team.name}" in page
    assert "Not started" not in page and "clock-time" not in page and "Pairings by team name" not in page


def test_the_projector_shows_no_clock_over_a_round_whose_results_are_all_in(client, organizer):
    event = _one_round_then_a_cut(client, organizer, top_cut=2)
    screen = reverse("desk:screen", args=[event.pk])
    _step(client, event)  # pair round 1
    assert "Not started" in client.get(screen).text
    TeamMatch.objects.filter(round__event=event).update(outcome="A", result_state=ResultState.FINAL)
    _step(client, event)  # cut to top 2: the final
    assert "Not started" in client.get(screen).text
    TeamMatch.objects.filter(round__event=event, round__number=2).update(outcome="B", result_state=ResultState.FINAL)
    page = client.get(screen).text  # the final is decided, the organizer hasn't closed the event yet
    assert "Not started" not in page and "clock-time" not in page
