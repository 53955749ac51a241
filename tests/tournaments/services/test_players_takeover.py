"""Accounts belong to their people (issue 37): organizer A can never seat, claim or learn organizer B's players.

B's event holds two people: Victim Vera, B's unclaimed placeholder (her address given in B's file), and Real Rae,
a person with her own account. Organizer A types each of them by name, username and e-mail address through every
door that seats a player (the API's team create and import, the desk's CSV and xlsx import, the desk's team add and
edit, the event-file import): neither account is ever seated nor claimable in A's event, A reads nothing it didn't
type, and Rae (a real account named by username or address) gets an invitation that seats her once she accepts.
A's own unclaimed placeholder is still found on A's next event (a store's regulars), and a person merges a
placeholder into their own account with its claim link.
"""

import csv
import io

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from common.refusals import Conflict
from desk.selectors import event_claim_links
from eventfile.export import event_export
from eventfile.importer import event_import
from signup.models import Invitation, SignupSeat
from signup.services import invitation_accept, invitation_send, signup_create
from tests.factories import EventFactory, PlaceholderFactory, PlayerFactory, RegistrationFactory, UserFactory
from tournaments import rights
from tournaments.models import Decklist, Event, EventLogEntry, Player, Registration, Seat, SeatInvitation
from tournaments.selectors.placeholders import claim_from_link, claim_path
from tournaments.services.players import placeholder_merge
from tournaments.services.registrations import SeatEntry, TeamEntry, teams_import
from tournaments.services.roles import organizer_role_grant

pytestmark = pytest.mark.django_db

VERA = {"name": "Victim Vera", "username": "victimvera", "email": "vera@example.org"}
RAE = {"name": "Real Rae", "username": "realrae", "email": "rae@example.org"}


def _organizer(username: str):
    user = UserFactory(username=username)
    organizer_role_grant(user=user)
    return user


@pytest.fixture
def world():
    """B's private event with Vera (B's placeholder) and Rae (her own account); A, another organizer, with an
    empty event of teams of three."""
    org_b, org_a = _organizer("orgb"), _organizer("orga")
    b_event = EventFactory(organizer=org_b, is_public=False, team_size=3, name="B private event")
    teams_import(
        event=b_event,
        user=org_b,
        teams=[
            TeamEntry(
                name="Bees",
                where="Line 2",
                seats=(
                    SeatEntry(letter="A", player=VERA["name"], email=VERA["email"]),
                    SeatEntry(letter="B", player="Bo Bee"),
                    SeatEntry(letter="C", player="Cy Bee"),
                ),
            )
        ],
    )
    vera = Player.objects.get(name=VERA["name"])
    assert vera.user.username == VERA["username"] and vera.made_by == org_b
    rae = PlayerFactory(name=RAE["name"], user=UserFactory(username=RAE["username"], email=RAE["email"]))
    RegistrationFactory(event=b_event, seats=[rae, PlayerFactory(), PlayerFactory()])
    a_event = EventFactory(organizer=org_a, is_public=False, team_size=3, name="A event")
    return {"a": org_a, "b": org_b, "a_event": a_event, "b_event": b_event, "vera": vera, "rae": rae}


# --- The doors A types through: each returns (A's event, what A was shown) ----------------------------------------


def _team_csv(typed: str, email: str = "") -> str:
    return f"team,seat,player,email\nAyes,A,{typed},{email}\nAyes,B,Al Aye,\nAyes,C,Ed Aye,\n"


def _xlsx(text: str) -> bytes:
    book = openpyxl.Workbook()
    for row in csv.reader(io.StringIO(text)):
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _desk_import(w, typed, *, xlsx=False):
    client = Client()
    client.force_login(w["a"])
    url = reverse("desk:import_teams", args=[w["a_event"].pk])
    data = _xlsx(_team_csv(typed)) if xlsx else _team_csv(typed).encode()
    name = "teams.xlsx" if xlsx else "teams.csv"
    preview = client.post(url, {"file": SimpleUploadedFile(name, data)})
    assert preview.status_code == 200, preview.text
    done = client.post(url, {"confirm": "1", "payload": preview.context["payload"], "file_name": name}, follow=True)
    return w["a_event"], preview.text + done.text


def _via_api_create(w, typed):
    api = APIClient()
    api.force_login(w["a"])
    response = api.post(
        reverse("api:team-list", args=[w["a_event"].pk]),
        {
            "name": "Ayes",
            "seats": [
                {"seat": "A", "player": typed},
                {"seat": "B", "player": "Al Aye"},
                {"seat": "C", "player": "Ed Aye"},
            ],
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    return w["a_event"], response.content.decode()


def _via_api_import(w, typed):
    api = APIClient()
    api.force_login(w["a"])
    response = api.post(reverse("api:team-import", args=[w["a_event"].pk]), {"csv": _team_csv(typed)}, format="json")
    assert response.status_code == 201, response.content
    return w["a_event"], response.content.decode()


def _via_desk_csv(w, typed):
    return _desk_import(w, typed)


def _via_desk_xlsx(w, typed):
    return _desk_import(w, typed, xlsx=True)


def _via_desk_add(w, typed):
    client = Client()
    client.force_login(w["a"])
    response = client.post(
        reverse("desk:team_edit", args=[w["a_event"].pk]),
        {"name": "Ayes", "seat_A": typed, "seat_B": "Al Aye", "seat_C": "Ed Aye"},
        follow=True,
    )
    assert response.status_code == 200
    return w["a_event"], response.text


def _via_desk_edit(w, typed):
    client = Client()
    client.force_login(w["a"])
    url = reverse("desk:team_edit", args=[w["a_event"].pk])
    client.post(url, {"name": "Ayes", "seat_A": "Zed Aye", "seat_B": "Al Aye", "seat_C": "Ed Aye"})
    team = Registration.objects.get(event=w["a_event"])
    response = client.post(
        url, {"team": team.pk, "name": "Ayes", "seat_A": typed, "seat_B": "Al Aye", "seat_C": "Ed Aye"}, follow=True
    )
    assert response.status_code == 200
    return w["a_event"], response.text


def _via_event_file(w, typed):
    source = EventFactory(organizer=w["a"], team_size=3, name="A last season")
    RegistrationFactory(event=source, seats=[PlaceholderFactory(made_by=w["a"]) for _ in range(3)])
    document = event_export(event=source)
    document["teams"][0]["name"] = "Ayes"
    document["teams"][0]["seats"][0]["player"] = typed
    event = event_import(document=document, user=w["a"])
    return event, ""


DOORS = [
    _via_api_create,
    _via_api_import,
    _via_desk_csv,
    _via_desk_xlsx,
    _via_desk_add,
    _via_desk_edit,
    _via_event_file,
]


def _others_words(person: dict, typed_field: str) -> list[str]:
    """What A must never read: the person's name, username and address, but for what A typed."""
    return [value for field, value in person.items() if field != typed_field]


@pytest.mark.parametrize("door", DOORS, ids=lambda d: d.__name__[5:])
@pytest.mark.parametrize("victim", ["vera", "rae"])
@pytest.mark.parametrize("field", ["name", "username", "email"])
def test_another_organizers_player_is_never_seated_nor_claimable_nor_revealed(world, door, victim, field):
    person = VERA if victim == "vera" else RAE
    typed = person[field].lower() if field == "name" else person[field]  # as A might type it
    event, shown = door(world, typed)
    target = world[victim]
    seated = Seat.objects.get(event=event, letter="A", registration__team__name="Ayes").player
    assert seated.pk != target.pk and seated.user_id != target.user_id
    assert seated.made_by == world["a"]  # A's own placeholder holds the seat
    assert not Seat.objects.filter(event=event, player=target).exists()
    claimable = {player.user_id for player, _link in event_claim_links(event=event, base="http://testserver")}
    assert target.user_id not in claimable
    for word in _others_words(person, field):
        assert word not in shown, f"A read {word!r}"
    invited = set(SeatInvitation.objects.filter(event=event).values_list("user_id", flat=True))
    # Rae's username or address typed at a door that seats: she is asked; Vera's placeholder is nobody to ask.
    expect_invitation = victim == "rae" and field != "name" and door is not _via_event_file
    assert invited == ({target.user_id} if expect_invitation else set())
    if expect_invitation and shown:
        assert "invited" in shown


def test_b_placeholder_seated_in_a_event_by_old_data_is_still_not_claimable_by_a(world):
    """A claim link needs a placeholder the event's own organizer made, not merely one sitting in the event."""
    team = RegistrationFactory(event=world["a_event"], seats=[world["vera"], PlayerFactory(), PlayerFactory()])
    assert team.seats.filter(player=world["vera"]).exists()
    client = Client()
    client.force_login(world["a"])
    sheet = client.get(reverse("desk:claim_sheet", args=[world["a_event"].pk]))
    assert sheet.status_code == 200 and [line[0] for line in sheet.context["lines"]] == []
    assert VERA["name"] not in sheet.text


def test_the_claim_email_never_reaches_another_organizers_player(world, mailoutbox, django_capture_on_commit_callbacks):
    RegistrationFactory(event=world["a_event"], seats=[world["vera"], PlayerFactory(), PlayerFactory()])
    client = Client()
    client.force_login(world["a"])
    with django_capture_on_commit_callbacks(execute=True):
        page = client.post(reverse("desk:claim_sheet", args=[world["a_event"].pk]), follow=True)
    assert "0 claim links sent by e-mail." in page.text and mailoutbox == []


# --- The invitation -------------------------------------------------------------------------------------------------


def test_the_invitation_email_links_to_the_invitation_by_its_full_address(
    world, mailoutbox, settings, django_capture_on_commit_callbacks
):
    settings.HYDRA_SITE_URL = "https://hydra.example.org/"
    with django_capture_on_commit_callbacks(execute=True):
        event, _shown = _via_desk_add(world, RAE["email"])
    invitation = SeatInvitation.objects.get(event=event, user=world["rae"].user)
    link = "https://hydra.example.org" + reverse("portal:invitation", args=[invitation.pk])
    assert link in mailoutbox[0].body


def test_rae_accepts_the_invitation_and_her_own_account_takes_the_seat(
    world, mailoutbox, django_capture_on_commit_callbacks
):
    rae = world["rae"]
    with django_capture_on_commit_callbacks(execute=True):
        event, _shown = _via_desk_add(world, RAE["email"])
    assert [m.to for m in mailoutbox] == [[RAE["email"]]]  # the owner of the address is told, A is not told whose
    invitation = SeatInvitation.objects.get(event=event, user=rae.user)
    placeholder = invitation.placeholder
    outsider = Client()
    outsider.force_login(world["a"])
    assert outsider.get(reverse("portal:invitation", args=[invitation.pk])).status_code == 404  # only Rae's
    assert outsider.post(reverse("portal:invitation", args=[invitation.pk]), {"answer": "accept"}).status_code == 404
    client = Client()
    client.force_login(rae.user)
    home = client.get(reverse("portal:home"))
    assert reverse("portal:invitation", args=[invitation.pk]) in home.text
    page = client.get(reverse("portal:invitation", args=[invitation.pk]))
    assert page.status_code == 200 and event.name in page.text
    done = client.post(reverse("portal:invitation", args=[invitation.pk]), {"answer": "accept"})
    assert done.status_code == 302
    seat = Seat.objects.get(event=event, registration__team__name="Ayes", letter="A")
    assert seat.player_id == rae.pk
    entry = EventLogEntry.objects.get(event=event, action="invitation_accepted")
    assert entry.user == rae.user and placeholder.name in entry.message
    placeholder.user.refresh_from_db()
    assert not placeholder.user.is_active  # nothing left to claim
    assert rae.user_id not in {p.user_id for p, _l in event_claim_links(event=event, base="http://testserver")}
    again = client.post(reverse("portal:invitation", args=[invitation.pk]), {"answer": "accept"})
    assert again.status_code == 200  # answered already: the page says so, nothing changes
    assert Seat.objects.filter(event=event, player=rae).count() == 1


def test_declining_leaves_the_placeholder_on_the_seat(world):
    event, _shown = _via_api_create(world, RAE["username"])
    invitation = SeatInvitation.objects.get(event=event)
    client = Client()
    client.force_login(world["rae"].user)
    client.post(reverse("portal:invitation", args=[invitation.pk]), {"answer": "decline"})
    invitation.refresh_from_db()
    assert invitation.accepted is False
    assert Seat.objects.get(event=event, letter="A", registration__team__name="Ayes").player == invitation.placeholder
    assert EventLogEntry.objects.filter(event=event, action="invitation_declined", user=world["rae"].user).exists()


# --- Sign-up stays the person's own act -----------------------------------------------------------------------------


def test_signup_seats_nobody_until_that_person_accepts(world):
    event = world["a_event"]
    Event.objects.filter(pk=event.pk).update(signup_open=True)
    event.refresh_from_db()
    captain = PlayerFactory(user=world["a"], name="Organizer A")
    signup = signup_create(event=event, captain=captain, name="Ayes")
    invitation = Invitation.objects.get(signup=signup, letter="B")
    invitation_send(invitation=invitation, email=RAE["email"], link="http://testserver/join", user=world["a"])
    assert not SignupSeat.objects.filter(player=world["rae"]).exists()
    assert not Seat.objects.filter(event=event, player=world["rae"]).exists()
    invitation_accept(token=invitation.token, player=world["rae"])  # Rae's own act
    assert SignupSeat.objects.filter(signup=signup, player=world["rae"]).exists()


# --- A's regulars ---------------------------------------------------------------------------------------------------


def test_a_own_unclaimed_placeholder_is_found_again_on_a_next_event(world):
    first = world["a_event"]
    teams_import(
        event=first,
        user=world["a"],
        teams=[
            TeamEntry(
                name="Regulars",
                where="Line 2",
                seats=(
                    SeatEntry(letter="A", player="Rita Regular"),
                    SeatEntry(letter="B", player="Rex Regular"),
                    SeatEntry(letter="C", player="Ria Regular"),
                ),
            )
        ],
    )
    rita = Player.objects.get(name="Rita Regular")
    second = EventFactory(organizer=world["a"], team_size=3)
    client = Client()
    client.force_login(world["a"])
    url = reverse("desk:import_teams", args=[second.pk])
    text = "team,seat,player\nRegulars,A,rita regular\nRegulars,B,Rex Regular\nRegulars,C,Ria Regular\n"
    preview = client.post(url, {"file": SimpleUploadedFile("teams.csv", text.encode())})
    assert preview.context["preview"].counts == {"matched": 3, "new": 0, "invited": 0}
    client.post(url, {"confirm": "1", "payload": preview.context["payload"], "file_name": "teams.csv"})
    assert Seat.objects.get(event=second, letter="A").player_id == rita.pk
    b_later = EventFactory(organizer=world["b"], team_size=3)  # B typing the same name gets a player of B's own
    teams_import(
        event=b_later,
        user=world["b"],
        teams=[
            TeamEntry(
                name="Rivals",
                where="Line 2",
                seats=(
                    SeatEntry(letter="A", player="Rita Regular"),
                    SeatEntry(letter="B", player="B1"),
                    SeatEntry(letter="C", player="B2"),
                ),
            )
        ],
    )
    assert Seat.objects.get(event=b_later, letter="A").player_id != rita.pk


def test_a_claimed_placeholder_is_no_longer_matched(world):
    event = world["a_event"]
    teams_import(
        event=event,
        user=world["a"],
        teams=[
            TeamEntry(
                name="Regulars",
                where="Line 2",
                seats=(
                    SeatEntry(letter="A", player="Cleo Claimed"),
                    SeatEntry(letter="B", player="X1"),
                    SeatEntry(letter="C", player="X2"),
                ),
            )
        ],
    )
    cleo = Player.objects.get(name="Cleo Claimed")
    cleo.user.set_password("her-own-passphrase")
    cleo.user.save()
    second = EventFactory(organizer=world["a"], team_size=3)
    teams_import(
        event=second,
        user=world["a"],
        teams=[
            TeamEntry(
                name="Again",
                where="Line 2",
                seats=(
                    SeatEntry(letter="A", player="Cleo Claimed"),
                    SeatEntry(letter="B", player="X1"),
                    SeatEntry(letter="C", player="X2"),
                ),
            )
        ],
    )
    assert Seat.objects.get(event=second, letter="A").player_id != cleo.pk


# --- The merge ------------------------------------------------------------------------------------------------------


def test_a_signed_in_person_merges_a_placeholder_with_its_claim_link(world):
    event = world["a_event"]
    teams_import(
        event=event,
        user=world["a"],
        teams=[
            TeamEntry(
                name="Ayes",
                where="Line 2",
                seats=(
                    SeatEntry(letter="A", player="Mo Merge"),
                    SeatEntry(letter="B", player="Al Aye"),
                    SeatEntry(letter="C", player="Ed Aye"),
                ),
            )
        ],
    )
    placeholder = Player.objects.get(name="Mo Merge")
    seat = Seat.objects.get(event=event, player=placeholder)
    Decklist.objects.create(seat=seat, text="4 Island")
    [link] = [
        link for player, link in event_claim_links(event=event, base="http://testserver") if player == placeholder
    ]
    path = link.split("testserver", 1)[1]
    anonymous = Client().get(path)
    assert anonymous.status_code == 302 and "/accounts/reset/" in anonymous["Location"]  # signed out: set a password
    mo = PlayerFactory(name="Mo", user=UserFactory(username="mo"))
    client = Client()
    client.force_login(mo.user)
    page = client.get(path)
    assert page.status_code == 200 and "Mo Merge" in page.text and event.name not in page.text
    assert client.post(path).status_code == 302
    seat.refresh_from_db()
    assert seat.player_id == mo.pk and Decklist.objects.get(seat=seat).text == "4 Island"
    placeholder.user.refresh_from_db()
    assert not placeholder.user.is_active and not placeholder.user.has_usable_password()
    entry = EventLogEntry.objects.get(event=event, action="placeholder_merged")
    assert entry.user == mo.user
    assert client.get(path).status_code == 404  # the link is spent


def test_a_claim_link_of_nobody_or_a_wrong_token_is_no_page(world):
    client = Client()
    client.force_login(world["rae"].user)
    assert client.get(reverse("portal:claim", args=["MTIzNDU2", "nope-nope"])).status_code == 404
    vera_link = reverse("portal:claim", args=["x", "y"])
    assert client.get(vera_link).status_code == 404
    assert client.post(vera_link).status_code == 404


def test_a_merge_is_refused_when_the_person_already_plays_in_that_event(world):
    event = world["a_event"]
    teams_import(
        event=event,
        user=world["a"],
        teams=[
            TeamEntry(
                name="Ayes",
                where="Line 2",
                seats=(
                    SeatEntry(letter="A", player="Dee Double"),
                    SeatEntry(letter="B", player="Al Aye"),
                    SeatEntry(letter="C", player="Ed Aye"),
                ),
            )
        ],
    )
    placeholder = Player.objects.get(name="Dee Double")
    dee = PlayerFactory(name="Dee", user=UserFactory(username="dee"))
    RegistrationFactory(event=event, seats=[dee, PlayerFactory(), PlayerFactory()])
    [link] = [
        link for player, link in event_claim_links(event=event, base="http://testserver") if player == placeholder
    ]
    client = Client()
    client.force_login(dee.user)
    page = client.post(link.split("testserver", 1)[1], follow=True)
    assert "a player holds one seat per event" in page.text
    assert Seat.objects.get(event=event, letter="A", registration__team__name="Ayes").player_id == placeholder.pk


def test_a_claim_link_never_takes_a_seat_that_waits_for_an_invited_persons_answer(world):
    """A typed realrae: a placeholder holds the seat and Rae is invited. Its claim link (the sheet doesn't list it;
    one handed out anyway) is refused, signed in or out, with the reason, until Rae declines; nobody's seat moves."""
    event, _shown = _via_api_create(world, RAE["username"])
    invitation = SeatInvitation.objects.get(event=event)
    placeholder = invitation.placeholder
    assert placeholder not in [player for player, _link in event_claim_links(event=event, base="http://testserver")]
    seat = Seat.objects.get(event=event, player=placeholder)
    assert not rights.may_hand_out_claim(world["a"], seat)
    path = claim_path(user=placeholder.user)
    signed_out = Client().get(path)
    assert signed_out.status_code == 409 and "waits for the answer of the person" in signed_out.text
    mallory = PlayerFactory(name="Mallory", user=UserFactory(username="mallory"))
    client = Client()
    client.force_login(mallory.user)
    for answer in (client.get(path), client.post(path)):
        assert answer.status_code == 409 and "waits for the answer of the person" in answer.text
    claim = claim_from_link(uidb64=path.split("/")[-3], token=path.split("/")[-2])
    with pytest.raises(Conflict):
        placeholder_merge(claim=claim, user=mallory.user)
    assert Seat.objects.get(pk=seat.pk).player_id == placeholder.pk
    assert SeatInvitation.objects.filter(pk=invitation.pk, answered_at__isnull=True).exists()
    rae = Client()
    rae.force_login(world["rae"].user)
    rae.post(reverse("portal:invitation", args=[invitation.pk]), {"answer": "decline"})
    assert client.post(path).status_code == 302  # declined: the placeholder is anybody's to claim with its link
    assert Seat.objects.get(pk=seat.pk).player_id == mallory.pk
