"""Hostile or mistyped input to the portal: ids, query parameters and form fields that aren't plain numbers get
the page's default, a 404 or a 400 with the reason, never a 500."""

import pytest
from django.urls import reverse

from tests.portal.scene import login_client
from tournaments.enums import ResultState
from tournaments.models import TeamMatch

HUGE = "9" * 30
BAD_NUMBERS = ["²", "-1", "1.0", "x", " ", HUGE, "١"]  # "١": an Arabic-Indic digit, which int() would take
ID_PAGES = ["event", "pairings", "pairings_by_team", "standings", "bracket", "draft_tables", "decklist", "match"]


@pytest.mark.parametrize("name", ID_PAGES)
@pytest.mark.parametrize("pk", [HUGE, "9" * 19, "00000000000000000000000001"])
def test_an_id_too_long_for_the_database_is_no_page(scene, client, name, pk):
    login_client(client, scene.alice)
    url = reverse(f"portal:{name}", args=[scene.event.pk if name != "match" else scene.match.pk])
    response = client.get(url.replace(f"/{scene.event.pk if name != 'match' else scene.match.pk}/", f"/{pk}/"))
    assert response.status_code == 404


@pytest.mark.parametrize("name", ["match_report", "match_confirm", "match_dispute"])
def test_posting_to_a_match_id_too_long_is_no_page(scene, client, name):
    login_client(client, scene.alice)
    url = reverse(f"portal:{name}", args=[scene.match.pk]).replace(f"/{scene.match.pk}/", f"/{HUGE}/")
    assert client.post(url, {}).status_code == 404


def test_an_18_digit_id_is_still_looked_up(scene, client):
    # The longest id the URLs take: it names nothing, so 404, but it reached the view.
    assert client.get(f"/events/{'9' * 18}/").status_code == 404


@pytest.mark.parametrize("bad", BAD_NUMBERS)
def test_pairings_of_a_round_that_is_not_a_number_is_404_with_the_reason(scene, client, bad):
    response = client.get(reverse("portal:pairings", args=[scene.event.pk]), {"round": bad})
    if bad.strip():
        assert response.status_code == 404
    else:  # blank: the latest round
        assert response.status_code == 200 and "Table 1" in response.text


@pytest.mark.parametrize("bad", BAD_NUMBERS)
def test_partial_that_is_not_1_gets_the_whole_page(scene, client, bad):
    response = client.get(reverse("portal:standings", args=[scene.event.pk]), {"partial": bad})
    assert response.status_code == 200 and "<html" in response.text


MY_SIDE = {"seat_A": "2-0", "seat_B": "2-1", "seat_C": "0-2"}


@pytest.mark.parametrize("bad", [*BAD_NUMBERS, "3", "", "3-0", "2-2", "1-2-1-1", "DRAW"])
@pytest.mark.parametrize("field", ["seat_A", "seat_C"])
def test_a_report_with_a_result_that_is_not_a_choice_is_refused_with_the_reason(scene, client, bad, field):
    login_client(client, scene.alice)
    response = client.post(reverse("portal:match_report", args=[scene.match.pk]), {**MY_SIDE, field: bad})
    assert response.status_code == 400
    assert 'role="alert"' in response.text or "errorlist" in response.text
    assert TeamMatch.objects.get(pk=scene.match.pk).result_state == ResultState.PENDING


@pytest.mark.parametrize("field", ["seat_A", "seat_C"])
def test_a_seat_that_ended_one_game_each_is_a_draw_not_a_mistake(scene, client, field):
    # "1-1" is how a match that ended at time one game apiece is written (issue 38: one parser for every door).
    login_client(client, scene.alice)
    response = client.post(reverse("portal:match_report", args=[scene.match.pk]), {**MY_SIDE, field: "1-1"})
    assert response.status_code == 302
    match = TeamMatch.objects.get(pk=scene.match.pk)
    assert match.result_state == ResultState.REPORTED
    seat = match.seat_matches.get(letter=field[-1])
    assert (seat.wins_a, seat.wins_b) == (1, 1)


def test_a_dispute_note_too_long_is_refused_with_the_reason(scene, client):
    from tournaments.services.results import SeatGames, team_match_report

    team_match_report(
        match=scene.match, user=scene.alice, seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 1), SeatGames("C", 0, 2)]
    )
    login_client(client, scene.bob)
    response = client.post(reverse("portal:match_dispute", args=[scene.match.pk]), {"note": "x" * 5000})
    assert response.status_code == 400 and "errorlist" in response.text
    assert TeamMatch.objects.get(pk=scene.match.pk).result_state == ResultState.REPORTED
