"""Teams on the desk (issue 26): import from CSV or xlsx with a preview that matches players to the organizer's own
placeholders and invites existing accounts (issue 37), the template, the claim sheet of new accounts, and "Check in
all" with its undo."""

import csv
import io

import openpyxl
import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.models import CheckIn
from tests.factories import EventFactory, PlaceholderFactory, PlayerFactory, UserFactory
from tournaments.models import Player, Registration, SeatInvitation

from tests.desk.conftest import scorekeeper_of

pytestmark = pytest.mark.django_db

FILE = """team,seat,player
Azure Ants,A,walkcap
Azure Ants,B,Bea Brown
Azure Ants,C,carla@example.org
Brass Bats,A,Dan Dee
Brass Bats,B,Eve Ek
Brass Bats,C,Fay Fox
"""


@pytest.fixture
def empty_event(organizer):
    return EventFactory(name="Import Open", organizer=organizer, swiss_rounds=3, top_cut=0)


@pytest.fixture
def accounts():
    """walkcap (his player called Walter Cap) and carla (named by her e-mail address): real accounts, so a file
    naming them invites them and seats placeholders."""
    walkcap = PlayerFactory(user=UserFactory(username="walkcap", email="walter@example.org"), name="Walter Cap")
    carla = PlayerFactory(user=UserFactory(username="carla", email="carla@example.org"), name="Carla Cruz")
    return walkcap, carla


def _upload(client, event, text=FILE, name="teams.csv"):
    return client.post(
        reverse("desk:import_teams", args=[event.pk]),
        {"file": SimpleUploadedFile(name, text.encode() if isinstance(text, str) else text)},
    )


def test_the_template_downloads_as_csv_and_xlsx(client, empty_event, organizer):
    client.force_login(organizer)
    url = reverse("desk:import_teams", args=[empty_event.pk])
    rows = list(csv.reader(io.StringIO(client.get(url, {"template": "csv"}).content.decode())))
    assert rows[0] == ["team", "seat", "player", "email"] and len(rows) == 4
    sheet = openpyxl.load_workbook(io.BytesIO(client.get(url, {"template": "xlsx"}).content)).active
    assert [c.value for c in sheet[1]] == ["team", "seat", "player", "email"]


def test_the_preview_says_who_is_invited_and_who_is_new_and_writes_nothing(client, empty_event, organizer, accounts):
    client.force_login(organizer)
    users_before = get_user_model().objects.count()
    response = _upload(client, empty_event)
    assert response.status_code == 200
    preview = response.context["preview"]
    seats = {s.player: s.status for _team, team_seats in preview.teams for s in team_seats}
    assert seats["walkcap"] == "invited"  # as typed: never the account's name
    assert seats["carla"] == "address"  # an address: never whether it is an account's (test_import_addresses.py)
    assert seats["Bea Brown"] == "new"
    assert preview.counts == {"matched": 0, "new": 5, "invited": 1}
    assert "invited, not seated" in response.text
    assert "Walter Cap" not in response.text and "Carla Cruz" not in response.text
    assert not SeatInvitation.objects.exists()
    assert not Registration.objects.filter(event=empty_event).exists()
    assert get_user_model().objects.count() == users_before


def test_confirming_imports_every_team_and_invites_existing_accounts(client, empty_event, organizer, accounts):
    walkcap, carla = accounts
    client.force_login(organizer)
    response = _upload(client, empty_event)
    confirm = client.post(
        reverse("desk:import_teams", args=[empty_event.pk]),
        {"confirm": "1", "payload": response.context["payload"], "file_name": "teams.csv"},
    )
    assert confirm.status_code == 302
    ants = Registration.objects.get(event=empty_event, team__name="Azure Ants")
    held = [s.player for s in ants.seats.order_by("letter")][0::2]
    assert [p.pk for p in held] != [walkcap.pk, carla.pk] and all(p.made_by == organizer for p in held)
    assert set(SeatInvitation.objects.values_list("placeholder", "user")) == {
        (held[0].pk, walkcap.user_id),
        (held[1].pk, carla.user_id),
    }
    assert Registration.objects.filter(event=empty_event).count() == 2


def test_an_ambiguous_player_is_refused_with_the_reason(client, empty_event, organizer, accounts):
    PlaceholderFactory(user__username="walter2", name="walkcap", made_by=organizer)  # two of the organizer's own
    PlaceholderFactory(user__username="walter3", name="Walkcap", made_by=organizer)
    client.force_login(organizer)
    response = _upload(client, empty_event)
    assert response.status_code == 400
    assert "Several of your players match walkcap" in response.text
    assert not Registration.objects.filter(event=empty_event).exists()


def test_a_file_that_cant_be_read_says_how_to_fix_it(client, empty_event, organizer):
    client.force_login(organizer)
    response = _upload(client, empty_event, "name;letter\nx;y\n")
    assert response.status_code == 400 and "The header must name the columns team, seat and player" in response.text
    response = client.post(reverse("desk:import_teams", args=[empty_event.pk]), {})
    assert response.status_code == 400 and "Choose the team list file" in response.text


def test_an_xlsx_file_imports_too(client, empty_event, organizer):
    book = openpyxl.Workbook()
    for line in FILE.strip().splitlines():
        book.active.append(line.split(","))
    out = io.BytesIO()
    book.save(out)
    client.force_login(organizer)
    response = _upload(client, empty_event, out.getvalue(), name="teams.xlsx")
    assert response.status_code == 200 and len(response.context["preview"].teams) == 2


def test_the_claim_sheet_gives_new_players_a_working_link(client, empty_event, organizer, accounts):
    client.force_login(organizer)
    response = _upload(client, empty_event)
    client.post(
        reverse("desk:import_teams", args=[empty_event.pk]),
        {"confirm": "1", "payload": response.context["payload"], "file_name": "teams.csv"},
    )
    sheet = client.get(reverse("desk:claim_sheet", args=[empty_event.pk]))
    names = [line[0].name for line in sheet.context["lines"]]
    # walkcap and carla keep their own accounts; the placeholders holding their seats wait for their answers, so
    # nobody is handed those seats' links (issue 52)
    assert names == ["Bea Brown", "Dan Dee", "Eve Ek", "Fay Fox"]
    assert all(line[0].user.username not in ("walkcap", "carla") for line in sheet.context["lines"])
    link = sheet.context["lines"][0][1]
    client.logout()
    landing = client.get(link.split("testserver", 1)[1], follow=True)
    assert landing.status_code == 200 and 'name="new_password1"' in landing.text


def test_check_in_all_and_undo(client, event, organizer):
    from tournaments.services.checkin import registration_check_in

    first = event.registrations.first()
    registration_check_in(registration=first, by=first.seats.first().player.user)  # a player's own check-in
    client.force_login(organizer)
    url = reverse("desk:check_in_all", args=[event.pk])
    page = client.post(url, follow=True).text
    assert "7 teams checked in." in page
    assert CheckIn.objects.filter(registration__event=event).count() == 8
    page = client.post(url, {"undo": "1"}, follow=True).text
    assert "7 teams are no longer checked in" in page
    assert list(CheckIn.objects.filter(registration__event=event).values_list("registration", flat=True)) == [first.pk]
    again = client.post(url, {"undo": "1"}, follow=True).text
    assert "There is no &quot;Check in all&quot; to undo." in again


def test_import_and_claim_sheet_are_for_whoever_runs_the_event(client, empty_event):
    client.force_login(scorekeeper_of(empty_event))
    assert client.get(reverse("desk:import_teams", args=[empty_event.pk])).status_code == 404
    assert _upload(client, empty_event).status_code == 404
    assert client.get(reverse("desk:claim_sheet", args=[empty_event.pk])).status_code == 404
    assert not Player.objects.filter(name="Bea Brown").exists()


# --- Adding and editing a team ------------------------------------------------------------------------------------


def test_add_a_team_naming_an_existing_account_invites_it(client, empty_event, organizer, accounts):
    walkcap, _carla = accounts
    client.force_login(organizer)
    url = reverse("desk:team_edit", args=[empty_event.pk])
    assert client.get(url).status_code == 200
    response = client.post(
        url, {"name": "Cobalt Cats", "seat_A": "walkcap", "seat_B": "Gus Green", "seat_C": "Hal Hay"}, follow=True
    )
    assert "Seat A: an account with this name or address exists: invited, not seated." in response.text
    assert "Walter Cap" not in response.text and "walter@example.org" not in response.text
    cats = Registration.objects.get(event=empty_event, team__name="Cobalt Cats")
    held = cats.seats.get(letter="A").player
    assert held.pk != walkcap.pk and held.name == "walkcap" and held.made_by == organizer
    assert SeatInvitation.objects.get(placeholder=held).user == walkcap.user


def test_edit_a_team_renames_it_and_changes_a_seat_before_round_one(client, event, organizer):
    team = event.registrations.get(team__name="Azure Ants")
    client.force_login(organizer)
    url = reverse("desk:team_edit", args=[event.pk])
    page = client.get(url, {"team": team.pk})
    assert 'value="Azure Ants"' in page.text and 'value="Azure 1"' in page.text
    response = client.post(
        url,
        {"team": team.pk, "name": "Azure Anteaters", "seat_A": "Azure 1", "seat_B": "Azure 2", "seat_C": "Nina New"},
    )
    assert response.status_code == 302
    team.refresh_from_db()
    assert team.team.name == "Azure Anteaters"
    assert team.seats.get(letter="C").player.name == "Nina New"


def test_a_team_of_another_event_cant_be_edited_here(client, event, empty_event, organizer):
    other = event.registrations.first()
    client.force_login(organizer)
    assert client.get(reverse("desk:team_edit", args=[empty_event.pk]), {"team": other.pk}).status_code == 404


def test_new_players_with_an_address_get_their_claim_link_by_email(
    client, empty_event, organizer, accounts, mailoutbox, django_capture_on_commit_callbacks
):
    client.force_login(organizer)
    text = FILE.replace("carla@example.org", "newbie@example.org")
    response = _upload(client, empty_event, text)
    client.post(
        reverse("desk:import_teams", args=[empty_event.pk]),
        {"confirm": "1", "payload": response.context["payload"], "file_name": "teams.csv"},
    )
    newbie = Player.objects.get(user__email="newbie@example.org")
    assert newbie.name == "newbie"  # the address's local part, never the address on public pages
    with django_capture_on_commit_callbacks(execute=True):
        page = client.post(reverse("desk:claim_sheet", args=[empty_event.pk]), follow=True)
    assert "1 claim link sent by e-mail." in page.text
    assert [m.to for m in mailoutbox] == [["newbie@example.org"]]
    assert "/claim/" in mailoutbox[0].body
