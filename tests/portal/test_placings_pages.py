"""Final placings on the pages once the event is over (RULES.md 4, issue 14): the event page names the winner,
the standings page and the organizer's printable standings and CSV lead with the placings, the Swiss standings
one click away."""

import csv
import io

import pytest
from django.urls import reverse

from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory
from tournaments.services.pairing import round_pair_next
from tournaments.services.results import SeatGames, team_match_record_final
from tournaments.services.rounds import event_close, event_pair_next

pytestmark = pytest.mark.django_db


def _finished_event():
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, swiss_rounds=1, top_cut=2)
    teams = [RegistrationFactory(event=event) for _ in range(4)]
    round_ = round_pair_next(event=event, seed=1)
    for match in round_.matches.all():
        team_match_record_final(
            match=match, user=organizer, seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 0), SeatGames("C", 0, 2)]
        )
    final = event_pair_next(event=event)
    [match] = final.matches.all()
    team_match_record_final(
        match=match, user=organizer, seats=[SeatGames("A", 0, 2), SeatGames("B", 0, 2), SeatGames("C", 2, 0)]
    )
    event_close(event=event)
    return event, organizer, match.team_b.team.name, match.team_a.team.name, teams


def test_event_page_names_the_winner_and_standings_lead_with_the_placings(client):
    event, _organizer, winner, finalist, _teams = _finished_event()
    page = client.get(reverse("portal:event", args=[event.pk])).content.decode()
    assert "Winner" in page and winner in page
    standings = client.get(reverse("portal:standings", args=[event.pk])).content.decode()
    assert "Final placings" in standings and 'href="#standings-heading"' in standings
    placings_part = standings[standings.index("placings-heading") : standings.index('id="standings-heading"')]
    assert placings_part.index(winner) < placings_part.index(finalist)


def test_running_event_shows_no_placings(client):
    event = EventFactory()
    RegistrationFactory(event=event)
    assert "Final placings" not in client.get(reverse("portal:standings", args=[event.pk])).content.decode()


def test_admin_standings_and_csv_lead_with_the_placings_when_finished(client):
    event, organizer, winner, finalist, _teams = _finished_event()
    client.force_login(organizer)
    rows = list(
        csv.reader(
            io.StringIO(client.get(reverse("admin:tournaments_event_standings_csv", args=[event.pk])).content.decode())
        )
    )
    assert rows[0][:4] == ["place", "stage", "rank", "team"]
    assert [r[3] for r in rows[1:3]] == [winner, finalist] and [r[1] for r in rows[1:3]] == ["Final", "Final"]
    swiss = list(
        csv.reader(
            io.StringIO(
                client.get(
                    reverse("admin:tournaments_event_standings_csv", args=[event.pk]) + "?swiss=1"
                ).content.decode()
            )
        )
    )
    assert swiss[0][0] == "rank" and len(swiss) == 5
    page = client.get(reverse("admin:tournaments_event_standings", args=[event.pk])).content.decode()
    assert "Final placings" in page and "swiss-standings" in page


def test_the_csv_says_the_final_decided_the_winner_not_match_points(client):
    """Issue 32: the winner of the final was "decided by match points" (its Swiss tiebreaker) in the CSV."""
    event, organizer, winner, finalist, _teams = _finished_event()
    client.force_login(organizer)
    rows = list(
        csv.reader(
            io.StringIO(client.get(reverse("admin:tournaments_event_standings_csv", args=[event.pk])).content.decode())
        )
    )
    decided = rows[0].index("decided_by")
    assert [(r[3], r[decided]) for r in rows[1:3]] == [(winner, "won the final"), (finalist, "lost the final")]
    assert all(r[1] == "Swiss" for r in rows[3:]) and rows[3][decided] != "won the final"
