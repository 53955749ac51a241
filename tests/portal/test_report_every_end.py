"""Every way a match ends, reported by the player as the desk types it (issue 38): one parser (tournaments.entry)."""

import re

import pytest
from django.urls import reverse

from portal.forms import result_choices, result_value
from tests.factories import EventFactory, RegistrationFactory, RoundFactory, SharedGameEventFactory, TeamMatchFactory
from tests.portal.scene import login_client
from tournaments.entry import parse_result
from tournaments.enums import EventStatus, ResultState
from tournaments.models import TeamMatch
from tournaments.selectors.standings import standings_for_event
from tournaments.services.results import team_match_confirm

pytestmark = pytest.mark.django_db


@pytest.fixture
def solo():
    """An individual event, round 1: Ann (A) v Ben (B) at table 1."""
    event = EventFactory(team_size=1, status=EventStatus.RUNNING, swiss_rounds=3)
    ann, ben = RegistrationFactory(event=event), RegistrationFactory(event=event)
    match = TeamMatchFactory(round=RoundFactory(event=event, number=1), table=1, team_a=ann, team_b=ben)
    return match, ann.seats.get().player.user, ben.seats.get().player.user


def test_every_choice_is_a_typed_result_the_desk_reads():
    assert [value for value, _label in result_choices()] == [
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
    assert [value for value, _label in result_choices(best_of=1)] == ["1-0", "0-1", "0-0-1"]
    for best_of in (1, 3):
        for value, _label in result_choices(best_of=best_of):
            assert result_value(parse_result(value), best_of=best_of) == value


@pytest.mark.parametrize(
    "typed, games_of_a, outcome",
    [
        ("1-0", (1, 0, 0), "A"),
        ("0-1", (0, 1, 0), "B"),
        ("1-1", (1, 1, 0), "D"),
        ("1-1-1", (1, 1, 1), "D"),
        ("ID", (0, 0, 3), "D"),
        ("2-1", (2, 1, 0), "A"),
        ("0-2", (0, 2, 0), "B"),
    ],
)
def test_a_player_reports_every_way_a_match_ends(solo, client, typed, games_of_a, outcome):
    match, ann, _ben = solo
    response = login_client(client, ann).post(reverse("portal:match_report", args=[match.pk]), {"seat_A": typed})
    assert response.status_code == 302
    match = TeamMatch.objects.get(pk=match.pk)
    assert (match.result_state, match.outcome) == (ResultState.REPORTED, outcome)
    assert [(s.wins_a, s.wins_b, s.draws) for s in match.seat_matches.all()] == [games_of_a]


def test_the_opponent_reports_the_mirror_from_their_side(solo, client):
    match, _ann, ben = solo
    login_client(client, ben).post(reverse("portal:match_report", args=[match.pk]), {"seat_A": "1-0"})
    match = TeamMatch.objects.get(pk=match.pk)
    assert match.outcome == "B" and [(s.wins_a, s.wins_b, s.draws) for s in match.seat_matches.all()] == [(0, 1, 0)]


def test_a_typed_result_no_choice_offers_is_refused_and_nothing_is_written(solo, client):
    match, ann, _ben = solo
    response = login_client(client, ann).post(reverse("portal:match_report", args=[match.pk]), {"seat_A": "3-0"})
    assert response.status_code == 400 and "Choose one of the results shown." in response.text
    assert TeamMatch.objects.get(pk=match.pk).result_state == ResultState.PENDING


def test_the_common_results_come_first_and_the_rest_one_tap_away(solo, client):
    match, ann, _ben = solo
    page = login_client(client, ann).get(reverse("portal:match", args=[match.pk])).text
    more = page.index('<details class="more-results"')
    first = page[:more]
    rest = page[more : page.index("</details>", more)]
    for value in ("2-0", "2-1", "1-2", "0-2"):
        assert f'value="{value}"' in first and f'value="{value}"' not in rest
    for value in ("1-0", "0-1", "1-1", "1-1-1", "ID"):
        assert f'value="{value}"' in rest and f'value="{value}"' not in first
    assert '<details class="more-results" open' not in page


def test_a_correction_of_an_intentional_draw_starts_open_on_id(solo, client):
    match, ann, _ben = solo
    login_client(client, ann).post(reverse("portal:match_report", args=[match.pk]), {"seat_A": "ID"})
    page = client.get(reverse("portal:match", args=[match.pk])).text
    assert '<details class="more-results" open' in page
    assert re.search(r'<input type="radio" name="seat_A" value="ID"[^>]* checked', page)


def test_an_intentional_draw_counts_no_game_won_in_the_standings(solo, client):
    match, ann, ben = solo
    login_client(client, ann).post(reverse("portal:match_report", args=[match.pk]), {"seat_A": "ID"})
    team_match_confirm(match=TeamMatch.objects.get(pk=match.pk), user=ben)
    rows = standings_for_event(event=match.round.event)
    # MTR 2.4: an intentional draw is 0-0-3: one match point, no game won, three drawn games (3 game points of 9).
    assert [(row.match_points, row.gw.points, row.gw.played) for row in rows] == [(1, 3, 3), (1, 3, 3)]


def test_a_best_of_one_is_won_lost_or_drawn(client):
    event = SharedGameEventFactory(status=EventStatus.RUNNING)
    match = TeamMatchFactory(round=RoundFactory(event=event, number=1), table=1)
    user = match.team_a.seats.first().player.user
    page = login_client(client, user).get(reverse("portal:match", args=[match.pk])).text
    assert all(label in page for label in (">Won<", ">Lost<", ">Draw<"))
    client.post(reverse("portal:match_report", args=[match.pk]), {"result": "0-0-1"})
    match = TeamMatch.objects.get(pk=match.pk)
    assert (match.games_won_a, match.games_won_b, match.games_drawn, match.outcome) == (0, 0, 1, "D")
