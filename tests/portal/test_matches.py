"""A match's page and its forms (portal.views.matches): only the two teams see it, report, confirm or dispute."""

import re

import pytest
from django.urls import reverse

from tests.factories import EventFactory, RegistrationFactory, RoundFactory, TeamMatchFactory
from tests.portal.scene import login_client
from tournaments.enums import FormatKind, ResultState, Structure
from tournaments.models import SeatMatch, TeamMatch
from tournaments.selectors.standings import standings_for_event
from tournaments.services.results import SeatGames, team_match_report

GAMES = [SeatGames("A", 2, 0), SeatGames("B", 2, 1), SeatGames("C", 0, 2)]
# Seat A 2-0, seat B 2-1, seat C 0-2, from the reporter's side.
MY_SIDE = {"seat_A": "2-0", "seat_B": "2-1", "seat_C": "0-2"}
ACTIONS = [("match", "get"), ("match_report", "post"), ("match_confirm", "post"), ("match_dispute", "post")]


def _do(client, name: str, method: str, pk: int, data=None):
    url = reverse(f"portal:{name}", args=[pk])
    return client.get(url) if method == "get" else client.post(url, data or {})


@pytest.mark.parametrize(("name", "method"), ACTIONS)
@pytest.mark.parametrize("who", ["olga", "carl", "organizer"])
def test_match_pages_are_404_for_anyone_not_on_either_team(scene, client, name, method, who):
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    response = _do(login_client(client, getattr(scene, who)), name, method, scene.match.pk, MY_SIDE)
    assert response.status_code == 404
    match = TeamMatch.objects.get(pk=scene.match.pk)
    assert match.result_state == ResultState.REPORTED and match.confirmed_by is None


@pytest.mark.parametrize(("name", "method"), ACTIONS)
def test_match_pages_send_anonymous_visitors_to_sign_in(scene, client, name, method):
    response = _do(client, name, method, scene.match.pk, MY_SIDE)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_match_unknown_is_404_like_a_match_of_others(scene, client):
    assert login_client(client, scene.alice).get(reverse("portal:match", args=[999999])).status_code == 404


def test_match_report_by_team_a_stores_the_games(scene, client):
    response = login_client(client, scene.alice).post(reverse("portal:match_report", args=[scene.match.pk]), MY_SIDE)
    assert response.status_code == 302
    match = TeamMatch.objects.get(pk=scene.match.pk)
    assert (match.result_state, match.outcome, match.reported_by) == (ResultState.REPORTED, "A", scene.alice)
    stored = list(SeatMatch.objects.filter(team_match=match).values_list("letter", "wins_a", "wins_b", "draws"))
    assert stored == [("A", 2, 0, 0), ("B", 2, 1, 0), ("C", 0, 2, 0)]


def test_match_report_by_team_b_counts_games_from_its_own_side(scene, client):
    login_client(client, scene.bob).post(reverse("portal:match_report", args=[scene.match.pk]), MY_SIDE)
    match = TeamMatch.objects.get(pk=scene.match.pk)
    assert match.outcome == "B"
    stored = list(SeatMatch.objects.filter(team_match=match).values_list("letter", "wins_a", "wins_b"))
    assert stored == [("A", 0, 2), ("B", 1, 2), ("C", 2, 0)]


def test_match_report_again_by_the_reporting_team_corrects_it_until_confirmed(scene, client):
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    corrected = {**MY_SIDE, "seat_C": "2-0"}
    response = login_client(client, scene.amy).post(reverse("portal:match_report", args=[scene.match.pk]), corrected)
    assert response.status_code == 302
    match = TeamMatch.objects.get(pk=scene.match.pk)
    assert (match.result_state, match.reported_by, match.outcome) == (ResultState.REPORTED, scene.amy, "A")
    assert match.seat_matches.get(letter="C").wins_a == 2


def test_match_report_by_the_other_team_once_reported_is_refused_with_the_reason(scene, client):
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    response = login_client(client, scene.bob).post(reverse("portal:match_report", args=[scene.match.pk]), MY_SIDE)
    assert response.status_code == 400
    assert "This result was already reported" in response.text
    assert TeamMatch.objects.get(pk=scene.match.pk).reported_by == scene.alice


def test_match_report_after_the_round_is_over_is_refused_with_the_reason(scene, client):
    scene.round.is_finished = True
    scene.round.save()
    response = login_client(client, scene.alice).post(reverse("portal:match_report", args=[scene.match.pk]), MY_SIDE)
    assert response.status_code == 400
    assert "Round 1 is over; ask the organizer to correct a result." in response.text
    assert TeamMatch.objects.get(pk=scene.match.pk).result_state == ResultState.PENDING


def test_match_report_of_games_that_cant_happen_is_refused(scene, client):
    data = {**MY_SIDE, "seat_A": "2-2"}
    response = login_client(client, scene.alice).post(reverse("portal:match_report", args=[scene.match.pk]), data)
    assert response.status_code == 400
    assert 'class="message error"' in response.text
    assert TeamMatch.objects.get(pk=scene.match.pk).result_state == ResultState.PENDING


def test_match_confirm_by_the_other_team_counts_in_the_standings(scene, client):
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    response = login_client(client, scene.bob).post(reverse("portal:match_confirm", args=[scene.match.pk]))
    assert response.status_code == 302
    assert TeamMatch.objects.get(pk=scene.match.pk).result_state == ResultState.CONFIRMED
    top = standings_for_event(event=scene.event)[0]
    assert (top.team, top.match_points) == (scene.teams[0].pk, 3)


def test_match_confirm_by_the_reporting_team_is_refused(scene, client):
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    response = login_client(client, scene.amy).post(reverse("portal:match_confirm", args=[scene.match.pk]))
    assert response.status_code == 400
    assert "a member of the other team confirms it" in response.text
    assert TeamMatch.objects.get(pk=scene.match.pk).result_state == ResultState.REPORTED


def test_match_confirm_without_a_report_is_refused(scene, client):
    response = login_client(client, scene.bob).post(reverse("portal:match_confirm", args=[scene.match.pk]))
    assert response.status_code == 400
    assert "There is no report waiting for confirmation" in response.text


def test_match_dispute_goes_to_the_organizers_list(scene, client, admin_client):
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    response = login_client(client, scene.bob).post(
        reverse("portal:match_dispute", args=[scene.match.pk]), {"note": "Seat B was 1-2, not 2-1."}
    )
    assert response.status_code == 302
    match = TeamMatch.objects.get(pk=scene.match.pk)
    assert (match.result_state, match.dispute_note) == (ResultState.DISPUTED, "Seat B was 1-2, not 2-1.")
    listing = login_client(client, scene.organizer).get(
        reverse("admin:tournaments_teammatch_changelist") + "?result_state__exact=disputed"
    )
    assert listing.status_code == 200 and "Azure Ants" in listing.text and "Cobalt Cats" not in listing.text


def test_match_page_shows_the_report_to_both_teams_with_their_own_side(scene, client):
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    alice_page = login_client(client, scene.alice).get(reverse("portal:match", args=[scene.match.pk])).text
    assert "We win." in alice_page and "Our team reported this result" in alice_page
    bob_page = login_client(client, scene.bob).get(reverse("portal:match", args=[scene.match.pk])).text
    assert "We lose." in bob_page and "Confirm the result" in bob_page and "1–2" in bob_page


def test_match_report_form_once_reported_is_a_correction_for_the_reporters_only(scene, client):
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    page = login_client(client, scene.amy).get(reverse("portal:match", args=[scene.match.pk])).text
    assert "Correct our report" in page and "Confirm the result" not in page
    other = login_client(client, scene.bob).get(reverse("portal:match", args=[scene.match.pk])).text
    assert 'name="seat_A"' not in other and "Confirm the result" in other


def test_match_report_form_starts_empty_so_one_tap_reports_nothing(scene, client):
    page = login_client(client, scene.alice).get(reverse("portal:match", args=[scene.match.pk])).text
    assert 'name="seat_A"' in page and " checked" not in page
    response = client.post(reverse("portal:match_report", args=[scene.match.pk]), {})
    assert response.status_code == 400
    assert TeamMatch.objects.get(pk=scene.match.pk).result_state == ResultState.PENDING


def test_match_dispute_without_a_note_is_refused_with_the_reason(scene, client):
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    response = login_client(client, scene.bob).post(
        reverse("portal:match_dispute", args=[scene.match.pk]), {"note": " "}
    )
    assert response.status_code == 400
    assert "Say what is wrong with the report" in response.text
    assert TeamMatch.objects.get(pk=scene.match.pk).result_state == ResultState.REPORTED


def test_match_report_of_a_shared_game_match_stores_the_teams_games(db, client):
    event = EventFactory(
        team_size=2,
        structure=Structure.TWO_HEADED_GIANT,
        format_kind=FormatKind.THG_CONSTRUCTED,
        shared_life=30,
        shared_poison=15,
    )
    team_a, team_b = RegistrationFactory(event=event), RegistrationFactory(event=event)
    match = TeamMatchFactory(round=RoundFactory(event=event), team_a=team_a, team_b=team_b)
    reporter = team_b.seats.first().player.user
    login_client(client, reporter)
    page = client.get(reverse("portal:match", args=[match.pk])).text
    assert 'name="result"' in page and 'value="1-0"' in page and 'value="2-0"' not in page  # a best of one
    response = client.post(reverse("portal:match_report", args=[match.pk]), {"result": "1-0"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.games_won_a, match.games_won_b, match.outcome) == (0, 1, "B")


# --- One tap per seat, the error at the top (issue 32) ---------------------------------------------------------------


def test_match_report_form_is_one_choice_per_seat_among_the_ways_a_match_ends(scene, client):
    from portal.forms import report_form_for
    from portal.selectors import match_for_member

    form = report_form_for(match_for_member(pk=scene.match.pk, user=scene.alice))
    assert list(form.fields) == ["seat_A", "seat_B", "seat_C"]
    assert [value for value, _label in form.fields["seat_A"].choices] == [
        "2-0",
        "2-1",
        "1-2",
        "0-2",
        "1-0",
        "0-1",
        "1-1",
        "1-1-1",
        "ID",
    ]
    page = login_client(client, scene.alice).get(reverse("portal:match", args=[scene.match.pk])).text
    form_html = page[page.index('id="report-heading"') : page.index("</form>", page.index('id="report-heading"'))]
    assert form_html.count('type="radio"') == 27 and "<select" not in form_html


def test_match_report_a_draw_is_one_to_one_in_games(scene, client):
    login_client(client, scene.alice).post(
        reverse("portal:match_report", args=[scene.match.pk]), {**MY_SIDE, "seat_B": "1-1", "seat_C": "1-1"}
    )
    stored = list(SeatMatch.objects.filter(team_match=scene.match).values_list("letter", "wins_a", "wins_b", "draws"))
    assert stored == [("A", 2, 0, 0), ("B", 1, 1, 0), ("C", 1, 1, 0)]
    assert TeamMatch.objects.get(pk=scene.match.pk).outcome == "A"


def test_match_report_refused_says_what_is_wrong_at_the_top_of_the_page(scene, client):
    response = login_client(client, scene.alice).post(
        reverse("portal:match_report", args=[scene.match.pk]), {"seat_A": "2-0"}
    )
    assert response.status_code == 400
    page = response.text
    summary = page.index('id="report-errors"')
    assert summary < page.index("<h1")
    top = page[summary : page.index("</div>", summary)]
    assert "Choose how the match ended." in top and "Seat B" in top and "Seat C" in top and "Seat A:" not in top


def test_match_report_correction_starts_from_the_choices_reported(scene, client):
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    page = login_client(client, scene.amy).get(reverse("portal:match", args=[scene.match.pk])).text
    checked = re.findall(r'name="(seat_[A-C])" value="([^"]+)"[^>]* checked', page)
    assert checked == [("seat_A", "2-0"), ("seat_B", "2-1"), ("seat_C", "0-2")]


# --- Links to the live life/poison page and the team's sealed pool ---------------------------------------------------


def _first_player(registration):
    return registration.seats.order_by("letter").first().player.user


@pytest.mark.parametrize("structure", [Structure.TWO_HEADED_GIANT, Structure.THREE_HEADED_SERPENT])
def test_live_page_is_linked_for_the_two_teams_of_the_match_only(db, client, structure):
    from tests.factories import SharedGameEventFactory

    from tournaments.enums import EventStatus

    serpent = structure == Structure.THREE_HEADED_SERPENT
    event = SharedGameEventFactory(
        structure=structure,
        team_size=3 if serpent else 2,
        status=EventStatus.RUNNING,
        format_kind=FormatKind.TEAM_CONSTRUCTED if serpent else FormatKind.THG_CONSTRUCTED,
    )
    assert event.is_shared_game
    round_ = RoundFactory(event=event, number=1)
    match = TeamMatchFactory(round=round_, table=1)
    other = TeamMatchFactory(round=round_, table=2)
    live, other_live = (reverse("sharedgame:match", args=[m.pk]) for m in (match, other))
    for team in (match.team_a, match.team_b):
        login_client(client, _first_player(team))
        assert live in client.get(reverse("portal:match", args=[match.pk])).text
        home = client.get("/").text
        assert live in home and other_live not in home
    login_client(client, _first_player(other.team_a))
    home = client.get("/").text
    assert other_live in home and live not in home
    client.logout()
    assert live not in client.get("/").text


def test_no_live_page_link_in_a_seat_against_seat_event_nor_for_a_bye(scene, client):
    login_client(client, scene.alice)
    assert "/live/match/" not in client.get(reverse("portal:match", args=[scene.match.pk])).text
    assert "/live/match/" not in client.get("/").text
    from tests.factories import SharedMatchFactory

    from tournaments.enums import Outcome

    bye = SharedMatchFactory(team_b=None, outcome=Outcome.A_WINS, result_state=ResultState.FINAL)
    login_client(client, _first_player(bye.team_a))
    assert "/live/match/" not in client.get(reverse("portal:match", args=[bye.pk])).text
    assert "/live/match/" not in client.get("/").text


def test_match_page_links_my_teams_sealed_pool_not_the_opponents(db, client):
    from tests.factories import SealedEventFactory, SealedPoolFactory

    event = SealedEventFactory()
    match = TeamMatchFactory(round=RoundFactory(event=event, number=1))
    pools = {team.pk: SealedPoolFactory(registration=team) for team in (match.team_a, match.team_b)}
    for team, opponent in ((match.team_a, match.team_b), (match.team_b, match.team_a)):
        text = login_client(client, _first_player(team)).get(reverse("portal:match", args=[match.pk])).text
        assert reverse("sealed:pool", args=[pools[team.pk].pk]) in text
        assert reverse("sealed:pool", args=[pools[opponent.pk].pk]) not in text
        # The link leads somewhere this player may go.
        assert client.get(reverse("sealed:pool", args=[pools[team.pk].pk])).status_code == 200


def test_match_page_of_an_event_without_pools_has_no_pool_link(scene, client):
    text = login_client(client, scene.alice).get(reverse("portal:match", args=[scene.match.pk])).text
    assert "/sealed/pool/" not in text


def test_no_report_while_the_match_s_table_is_still_drafting(scene, client):
    """Issue 45: a Rochester round drafts before its games; its players can't report until their table has drafted."""
    from drafting.models import DraftStatus
    from tests.factories import DraftTableFactory

    Event = type(scene.event)
    Event.objects.filter(pk=scene.event.pk).update(format_kind=FormatKind.TEAM_ROCHESTER, constructed_format="")
    table = DraftTableFactory(
        event=scene.event,
        round=scene.round,
        number=scene.match.table,
        team1=scene.match.team_a,
        team2=scene.match.team_b,
        status=DraftStatus.RUNNING,
    )
    login_client(client, scene.alice)
    page = client.get(reverse("portal:match", args=[scene.match.pk])).text
    assert "Your table is still drafting" in page and 'name="seat_A"' not in page
    refused = client.post(reverse("portal:match_report", args=[scene.match.pk]), MY_SIDE)
    assert refused.status_code == 400 and "Your table is still drafting" in refused.text
    assert TeamMatch.objects.get(pk=scene.match.pk).result_state == ResultState.PENDING
    type(table).objects.filter(pk=table.pk).update(status=DraftStatus.FINISHED)
    assert 'name="seat_A"' in client.get(reverse("portal:match", args=[scene.match.pk])).text
    assert client.post(reverse("portal:match_report", args=[scene.match.pk]), MY_SIDE).status_code == 302
