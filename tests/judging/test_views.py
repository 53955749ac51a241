"""The judges' pages: judges and the organizer only (404 for anyone else), penalties never public, a player reads
their own; the event log page and its CSV; the printout; the published decklists of the top teams."""

import csv
import io

import pytest
from django.urls import reverse

from judging.enums import DeckCheckResult, Infraction, PenaltyKind
from judging.models import DeckCheck, Penalty
from judging.services import penalty_record
from judging.services import event_judges
from tests.factories import EventStaffFactory, EventFactory, RegistrationFactory, UserFactory
from tournaments.enums import EventStatus
from tournaments.models import Decklist, DecklistChange, EventLogEntry
from tournaments.services.eventlog import LogAction

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event = EventFactory(team_size=2, is_public=True)
    RegistrationFactory(event=event)
    RegistrationFactory(event=event)
    return event


def _seat(event, n=0, letter="A"):
    return event.registrations.order_by("pk")[n].seats.get(letter=letter)


def _penalise(event, seat, note="Looked at the top card"):
    return penalty_record(
        registration=seat.registration,
        player=seat.player,
        judge=event.organizer,
        infraction=Infraction.LOOKING_AT_EXTRA_CARDS,
        penalty=PenaltyKind.WARNING,
        note=note,
    )


JUDGE_PAGES = ["judging:event", "judging:log", "judging:log_csv", "judging:print_all"]


@pytest.mark.parametrize("name", JUDGE_PAGES)
def test_judge_pages_are_404_for_players_strangers_and_anonymous(client, event, name):
    url = reverse(name, args=[event.pk])
    assert client.get(url).status_code in (302, 404)  # anonymous: to the sign-in page
    for user in (_seat(event).player.user, UserFactory()):
        client.force_login(user)
        assert client.get(url).status_code == 404


@pytest.mark.parametrize("name", JUDGE_PAGES)
def test_judge_pages_open_for_a_judge_and_the_organizer(client, event, name):
    judge = UserFactory()
    EventStaffFactory(event=event, user=judge, role="judge")
    for user in (judge, event.organizer):
        client.force_login(user)
        assert client.get(reverse(name, args=[event.pk])).status_code == 200


def test_penalties_must_not_leak_to_the_public_teammates_or_other_players(client, event):
    seat = _seat(event)
    _penalise(event, seat, note="SECRET-NOTE")
    teammate = _seat(event, 0, "B").player.user
    opponent = _seat(event, 1).player.user
    pages = [
        reverse("portal:event", args=[event.pk]),
        reverse("portal:standings", args=[event.pk]),
        reverse("judging:my_penalties", args=[event.pk]),
    ]
    for user in (None, teammate, opponent):
        client.logout()
        if user:
            client.force_login(user)
        for url in pages:
            body = client.get(url).content.decode()
            assert "SECRET-NOTE" not in body and "Looking at Extra Cards" not in body, (user, url)


def test_my_penalties_shows_the_player_their_own(client, event):
    seat = _seat(event)
    _penalise(event, seat, note="SECRET-NOTE")
    client.force_login(seat.player.user)
    body = client.get(reverse("judging:my_penalties", args=[event.pk])).content.decode()
    assert "SECRET-NOTE" in body and "Warning" in body


def test_judging_page_records_a_deck_check_and_a_penalty(client, event):
    judge = UserFactory()
    EventStaffFactory(event=event, user=judge, role="judge")
    client.force_login(judge)
    registration = event.registrations.first()
    response = client.post(
        reverse("judging:deck_check", args=[event.pk]),
        {"registration": registration.pk, "result": DeckCheckResult.OK, "note": ""},
    )
    assert response.status_code == 302
    seat = registration.seats.get(letter="B")
    response = client.post(
        reverse("judging:penalty", args=[event.pk]),
        {"seat": seat.pk, "infraction": Infraction.TARDINESS, "penalty": PenaltyKind.WARNING, "note": "2 minutes"},
    )
    assert response.status_code == 302
    assert DeckCheck.objects.get().judge == judge
    assert Penalty.objects.get().player == seat.player
    page = client.get(reverse("judging:event", args=[event.pk])).content.decode()
    assert "2 minutes" in page


def test_judging_page_penalty_for_a_seat_of_another_event_is_refused(client, event):
    other = RegistrationFactory(event=EventFactory(team_size=2)).seats.first()
    client.force_login(event.organizer)
    response = client.post(
        reverse("judging:penalty", args=[event.pk]),
        {"seat": other.pk, "infraction": Infraction.TARDINESS, "penalty": PenaltyKind.WARNING},
    )
    assert response.status_code == 400 and not Penalty.objects.exists()


def test_judging_deck_check_problem_without_note_says_what_to_do(client, event):
    client.force_login(event.organizer)
    response = client.post(
        reverse("judging:deck_check", args=[event.pk]),
        {"registration": event.registrations.first().pk, "result": DeckCheckResult.PROBLEM},
    )
    assert response.status_code == 400
    assert "Say in the note what the deck check found." in response.content.decode()
    assert not DeckCheck.objects.exists()


def test_event_log_page_and_csv_list_penalties_and_drops(client, event):
    _penalise(event, _seat(event))
    client.force_login(event.organizer)
    page = client.get(reverse("judging:log", args=[event.pk])).content.decode()
    assert "Looking at Extra Cards" in page
    response = client.get(reverse("judging:log_csv", args=[event.pk]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:4] == ["at", "by", "action", "message"]  # the columns before issue 29 come first, as they were
    assert rows[0][4:] == ["kind", "round", "team", "before", "after", "went on despite"]
    assert rows[1][2] == LogAction.PENALTY and rows[1][4] == "penalty"


def test_event_log_csv_defuses_spreadsheet_formulas(client, event):
    EventLogEntry.objects.create(event=event, action="note", message='=HYPERLINK("x")')
    client.force_login(event.organizer)
    rows = list(csv.reader(io.StringIO(client.get(reverse("judging:log_csv", args=[event.pk])).content.decode())))
    assert rows[1][3].startswith("'=")


def test_event_log_page_query_count_does_not_grow_with_entries(client, event, django_assert_max_num_queries):
    for n in range(30):
        EventLogEntry.objects.create(event=event, user=event.organizer, action="note", message=f"entry {n}")
    client.force_login(event.organizer)
    with django_assert_max_num_queries(12):
        client.get(reverse("judging:log", args=[event.pk]))


def test_judge_changes_a_locked_decklist_through_the_team_page(client, event, cards):
    seat = _seat(event)
    Decklist.objects.create(seat=seat, text="60 Mountain", main={"Mountain": 60})
    event.decklists_locked = True
    event.save()
    client.force_login(event.organizer)
    url = reverse("judging:decklist_change", args=[event.pk, seat.pk])
    response = client.post(
        url,
        {f"seat{seat.pk}-text": "56 Mountain\n4 Lightning Bolt", f"seat{seat.pk}-reason": "Wrote Mountain for Bolt"},
    )
    assert response.status_code == 302
    assert Decklist.objects.get(seat=seat).main == {"Mountain": 56, "Lightning Bolt": 4}
    assert DecklistChange.objects.get().text == "60 Mountain"
    page = client.get(reverse("judging:team", args=[event.pk, seat.registration_id])).content.decode()
    assert "Wrote Mountain for Bolt" in page
    response = client.post(url, {f"seat{seat.pk}-text": "60 Island", f"seat{seat.pk}-reason": ""})
    assert response.status_code == 400 and DecklistChange.objects.count() == 1


def test_print_team_decklists_shows_each_seat(client, event, cards):
    seat = _seat(event)
    Decklist.objects.create(seat=seat, text="60 Mountain", main={"Mountain": 60}, sideboard={"Duress": 2})
    client.force_login(event.organizer)
    body = client.get(reverse("judging:print_team", args=[event.pk, seat.registration_id])).content.decode()
    assert "Mountain" in body and "Duress" in body and seat.player.name in body
    assert "judging/print.css" in body


def test_public_decklists_only_once_finished_and_published(client, event):
    seat = _seat(event)
    Decklist.objects.create(seat=seat, text="60 Mountain", main={"Mountain": 60})
    url = reverse("judging:public_decklists", args=[event.pk])
    assert client.get(url).status_code == 404
    event.status = EventStatus.FINISHED
    event.save()
    assert client.get(url).status_code == 404  # finished but not published
    event.decklists_published = True
    event.save()
    body = client.get(url).content.decode()
    assert "60 Mountain" in body or "Mountain" in body


def test_organizer_adds_and_removes_a_judge_by_user_name(client, event):
    judge = UserFactory(username="Judge-Kim")
    client.force_login(event.organizer)
    client.post(reverse("judging:judges", args=[event.pk]), {"username": "judge-kim"})
    assert list(event_judges(event=event)) == [judge]
    client.force_login(judge)
    assert client.get(reverse("judging:event", args=[event.pk])).status_code == 200
    client.force_login(event.organizer)
    client.post(reverse("judging:judges", args=[event.pk]), {"remove": judge.pk})
    assert not event_judges(event=event).exists()


def test_judges_are_chosen_by_the_organizer_only(client, event):
    judge, _other = UserFactory(), UserFactory(username="someone")
    EventStaffFactory(event=event, user=judge, role="judge")
    client.force_login(judge)
    response = client.post(reverse("judging:judges", args=[event.pk]), {"username": "someone"})
    assert response.status_code == 404 and list(event_judges(event=event)) == [judge]


def test_adding_an_unknown_account_as_judge_says_so(client, event):
    client.force_login(event.organizer)
    response = client.post(reverse("judging:judges", args=[event.pk]), {"username": "nobody-here"}, follow=True)
    assert "No account is called &#x27;nobody-here&#x27;" in response.content.decode()
    assert not event_judges(event=event).exists()


@pytest.mark.parametrize("bad", ["abc", "-1", "9" * 40, "1.5"])
def test_removing_a_judge_that_is_not_a_number_is_404_and_removes_nobody(client, event, bad):
    judge = UserFactory()
    EventStaffFactory(event=event, user=judge, role="judge")
    client.force_login(event.organizer)
    assert client.post(reverse("judging:judges", args=[event.pk]), {"remove": bad}).status_code == 404
    assert list(event_judges(event=event)) == [judge]
