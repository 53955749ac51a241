"""Sign-up for individual events (issue 27): a player signs up alone, no team name, no invitations."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from signup.models import Invitation, SignupStatus
from signup.services import signup_player, signup_withdraw
from tests.factories import PlayerFactory, UserFactory
from tests.signup.helpers import open_event
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def test_a_player_signs_up_alone_and_is_registered_at_once():
    event = open_event(team_size=1)
    player = PlayerFactory(name="Ann Lee")
    signup = signup_player(event=event, player=player)
    assert signup.status == SignupStatus.REGISTERED and signup.name == "Ann Lee"
    assert not Invitation.objects.filter(signup=signup).exists()
    registration = Registration.objects.get(event=event)
    assert [(s.letter, s.player_id) for s in registration.seats.all()] == [("A", player.pk)]


def test_a_full_individual_event_waitlists_and_moves_up_when_a_player_withdraws():
    event = open_event(team_size=1, signup_capacity=1)
    first = signup_player(event=event, player=PlayerFactory())
    second = signup_player(event=event, player=PlayerFactory())
    assert second.status == SignupStatus.WAITLISTED
    signup_withdraw(signup=first, user=first.captain.user)
    second.refresh_from_db()
    assert second.status == SignupStatus.REGISTERED


def test_approval_by_hand_holds_the_player_until_approved():
    event = open_event(team_size=1, signup_needs_approval=True)
    signup = signup_player(event=event, player=PlayerFactory())
    assert signup.status == SignupStatus.AWAITING_APPROVAL and not Registration.objects.filter(event=event).exists()


def test_signing_up_twice_and_in_a_team_event_are_refused():
    event = open_event(team_size=1)
    player = PlayerFactory()
    signup_player(event=event, player=player)
    with pytest.raises(ValidationError, match="already signed up"):
        signup_player(event=event, player=player)
    with pytest.raises(ValidationError, match="team event"):
        signup_player(event=open_event(team_size=3), player=player)


def test_the_sign_up_page_offers_one_button_and_says_players(client):
    event = open_event(team_size=1)
    user = UserFactory()
    PlayerFactory(user=user, name="Bo Chen")
    client.force_login(user)
    page = client.get(reverse("signup:event", args=[event.pk])).content.decode()
    assert "Sign me up" in page and "Registered players" in page and "Team name" not in page
    response = client.post(reverse("signup:event", args=[event.pk]), follow=True)
    text = response.content.decode()
    assert "You are registered for" in text and "Bo Chen" in text
    again = client.post(reverse("signup:event", args=[event.pk]), follow=True).content.decode()
    assert "You are already signed up for this event." in again


def test_an_individual_events_exports_name_players_and_its_list_imports_again():
    import json
    from pathlib import Path

    from eventfile.importer import event_import
    from signup.exports import event_export
    from tests.factories import EventFactory
    from tournaments.services.registrations import team_entries_from_rows, teams_import
    from tournaments.teamcsv import team_rows_parse

    data = (
        Path(__file__).parent.parent
        / "eventfile"
        / "data"
        / "melee-charlotte-legacy-league-week-9-54841-2024-03-05.json"
    )
    event = event_import(document=json.loads(data.read_text(encoding="utf-8")), user=UserFactory())
    files = {
        what: event_export(event=event, what=what, file_format="csv").decode("utf-8").splitlines()
        for what in ("teams", "pairings", "results", "placings")
    }
    assert files["teams"][0] == "player" and len(files["teams"]) == 21
    assert files["pairings"][0] == "round,table,player_a,player_b"
    assert files["pairings"][1] == "Round 1,1,Lincoln Baxter III,Eser Gokalp"
    assert files["results"][0].startswith("round,table,player_a,player_b,result,outcome")
    assert files["placings"][:2] == ["place,player,stage", "1,Lincoln Baxter III,Swiss"]
    assert not any("team" in lines[0] for lines in files.values())
    # The players list is the import's players-only format.
    rows, problems = team_rows_parse("\n".join(files["teams"]))
    fresh = EventFactory(team_size=1)
    assert problems == [] and len(teams_import(event=fresh, teams=team_entries_from_rows(rows))) == 20


def test_a_players_profile_names_individual_events_without_a_team(client):
    from tests.factories import EventFactory, PlaceholderFactory, RegistrationFactory, TeamFactory
    from tournaments.services.registrations import registration_register_player

    friday = EventFactory(name="Friday Night Modern", team_size=1)
    player = PlaceholderFactory(name="Pia", made_by=friday.organizer)  # the store's own regular (issue 37)
    RegistrationFactory(
        event=EventFactory(name="Spring Open", organizer=friday.organizer),
        team=TeamFactory(name="Owls"),
        seats=[player, PlayerFactory(), PlayerFactory()],
    )
    registration_register_player(event=friday, player="Pia")
    text = client.get(reverse("signup:player", args=[player.pk])).content.decode()
    assert "Friday Night Modern" in text and "Individual event" in text
    assert '<span class="profile-teams">Owls</span>' in text


def test_the_organizers_sign_up_page_says_players(client):
    from tests.factories import OrganizerFactory

    organizer = OrganizerFactory()
    event = open_event(team_size=1, organizer=organizer, signup_capacity=10)
    signup_player(event=event, player=PlayerFactory(name="Ann Lee"))
    client.force_login(organizer)
    page = client.get(reverse("signup:manage", args=[event.pk])).content.decode()
    assert "Registered players" in page and "Ann Lee" in page
    assert "Registered teams" not in page and "Forming" not in page
