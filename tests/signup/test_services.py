"""Sign-up rules (signup/services.py, docs/registration.md), on PostgreSQL in CI."""

import datetime as dt

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.utils import timezone

from common.refusals import NotAllowed
from signup.models import Invitation, SignupSeat, SignupStatus, TeamSignup
from signup.services import (
    invitation_accept,
    invitation_renew,
    invitation_send,
    signup_approve,
    signup_create,
    signup_leave,
    signup_refuse,
    signup_withdraw,
    waitlist_move_up,
)
from tests.factories import PlayerFactory, RegistrationFactory, RoundFactory, TeamFactory, UserFactory
from tests.signup.helpers import full_team, open_event
from tournaments.models import Registration, Seat
from tournaments.services.errors import StateConflict

pytestmark = pytest.mark.django_db


def _messages(exc) -> str:
    return " ".join(exc.value.messages)


def test_signup_create_makes_the_captain_seat_a_and_one_invitation_per_open_seat(db):
    event = open_event()
    captain = PlayerFactory()
    signup = signup_create(event=event, captain=captain, name="  Blue   Moon ")
    assert signup.name == "Blue Moon" and signup.status == SignupStatus.FORMING
    assert [(s.letter, s.player_id) for s in signup.seats.all()] == [("A", captain.pk)]
    assert sorted(signup.invitations.values_list("letter", flat=True)) == ["B", "C"]
    assert not Registration.objects.filter(event=event).exists()


def test_team_registered_when_every_seat_is_filled(db):
    event = open_event()
    signup, players = full_team(event, "Complete")
    assert signup.status == SignupStatus.REGISTERED and signup.completed_at is not None
    seats = Seat.objects.filter(registration=signup.registration).order_by("letter")
    assert [(s.letter, s.player_id) for s in seats] == [
        ("A", players[0].pk),
        ("B", players[1].pk),
        ("C", players[2].pk),
    ]
    assert signup.registration.team.name == "Complete"


def test_team_not_registered_while_a_seat_is_open(db):
    event = open_event()
    signup = signup_create(event=event, captain=PlayerFactory(), name="Half")
    invitation_accept(token=signup.invitations.get(letter="B").token, player=PlayerFactory())
    signup.refresh_from_db()
    assert signup.status == SignupStatus.FORMING and signup.registration is None
    assert Registration.objects.filter(event=event).count() == 0


def test_team_name_taken_in_the_event_is_refused_case_ignored(db):
    event = open_event()
    signup_create(event=event, captain=PlayerFactory(), name="Night Owls")
    with pytest.raises(ValidationError) as exc:
        signup_create(event=event, captain=PlayerFactory(), name="night owls")
    assert "already signed up for this event" in _messages(exc)
    assert TeamSignup.objects.filter(event=event).count() == 1


def test_team_name_of_a_team_the_organizer_registered_is_refused(db):
    event = open_event()
    RegistrationFactory(event=event, team=TeamFactory(name="Desk Team"))
    with pytest.raises(ValidationError) as exc:
        signup_create(event=event, captain=PlayerFactory(), name="DESK TEAM")
    assert "Desk Team".upper() in _messages(exc).upper()


def test_team_name_of_a_withdrawn_team_is_free_again(db):
    event = open_event()
    first = signup_create(event=event, captain=PlayerFactory(), name="Phoenix")
    signup_withdraw(signup=first, user=first.captain.user)
    assert signup_create(event=event, captain=PlayerFactory(), name="Phoenix").status == SignupStatus.FORMING


def test_captain_already_on_a_team_is_refused(db):
    event = open_event()
    signup, players = full_team(event, "First")
    with pytest.raises(ValidationError) as exc:
        signup_create(event=event, captain=players[1], name="Second")
    assert "already on team First" in _messages(exc)


def test_player_already_on_a_team_cannot_accept_another_invitation(db):
    event = open_event()
    _signup, players = full_team(event, "First")
    other = signup_create(event=event, captain=PlayerFactory(), name="Other")
    with pytest.raises(StateConflict) as exc:
        invitation_accept(token=other.invitations.get(letter="B").token, player=players[2])
    assert "already on team First" in _messages(exc)
    assert not SignupSeat.objects.filter(signup=other, player=players[2]).exists()


def test_invitation_link_reused_is_refused_and_names_the_seat(db):
    event = open_event()
    signup = signup_create(event=event, captain=PlayerFactory(), name="Reuse")
    token = signup.invitations.get(letter="B").token
    invitation_accept(token=token, player=PlayerFactory())
    late = PlayerFactory()
    with pytest.raises(StateConflict) as exc:
        invitation_accept(token=token, player=late)
    assert "has been used already: seat B of Reuse is taken" in _messages(exc)
    assert signup.seats.count() == 2


def test_invitation_used_by_the_captain_is_refused(db):
    event = open_event()
    captain = PlayerFactory()
    signup = signup_create(event=event, captain=captain, name="Self")
    with pytest.raises(StateConflict) as exc:
        invitation_accept(token=signup.invitations.get(letter="B").token, player=captain)
    assert "You already hold seat A" in _messages(exc)


def test_invitation_sent_by_email_refuses_another_account(db):
    event = open_event()
    signup = signup_create(event=event, captain=PlayerFactory(), name="Mail")
    invitation = signup.invitations.get(letter="B")
    with pytest.raises(ValidationError):
        invitation_send(invitation=invitation, email="not-an-address", link="http://x/", user=signup.captain.user)
    invitation_send(
        invitation=invitation, email="bea@example.org", link="http://testserver/j/", user=signup.captain.user
    )
    wrong = PlayerFactory(user=UserFactory(email="carl@example.org"))
    with pytest.raises(StateConflict) as exc:
        invitation_accept(token=invitation.token, player=wrong)
    assert "sent to bea@example.org" in _messages(exc)
    right = PlayerFactory(user=UserFactory(email="Bea@Example.org"))
    invitation_accept(token=invitation.token, player=right)
    assert signup.seats.filter(player=right, letter="B").exists()


def test_invitation_send_mails_the_link_after_commit(db, django_capture_on_commit_callbacks):
    event = open_event()
    signup = signup_create(event=event, captain=PlayerFactory(name="Cap"), name="Mailers")
    invitation = signup.invitations.get(letter="C")
    with django_capture_on_commit_callbacks(execute=True):
        invitation_send(
            invitation=invitation,
            email="c@example.org",
            link="http://testserver/signup/join/xyz/",
            user=signup.captain.user,
        )
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["c@example.org"] and "http://testserver/signup/join/xyz/" in mail.outbox[0].body


def test_only_the_captain_sends_or_renews_invitations(db):
    event = open_event()
    signup = signup_create(event=event, captain=PlayerFactory(), name="Mine")
    stranger = PlayerFactory()
    with pytest.raises(NotAllowed):
        invitation_send(
            invitation=signup.invitations.get(letter="B"), email="a@example.org", link="x", user=stranger.user
        )
    with pytest.raises(NotAllowed):
        invitation_renew(invitation=signup.invitations.get(letter="B"), user=stranger.user)


def test_expired_invitation_is_refused_and_a_new_link_works(db):
    event = open_event()
    signup = signup_create(event=event, captain=PlayerFactory(), name="Late")
    invitation = signup.invitations.get(letter="B")
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - dt.timedelta(minutes=1))
    player = PlayerFactory()
    with pytest.raises(StateConflict) as exc:
        invitation_accept(token=invitation.token, player=player)
    assert "expired" in _messages(exc) and "ask your captain for a new link" in _messages(exc)
    renewed = invitation_renew(invitation=invitation, user=signup.captain.user)
    assert renewed.token != invitation.token
    with pytest.raises(ValidationError):
        invitation_accept(token=invitation.token, player=player)  # the old link is dead
    invitation_accept(token=renewed.token, player=player)
    assert signup.seats.filter(player=player).exists()


def test_unknown_invitation_link_is_refused(db):
    with pytest.raises(ValidationError) as exc:
        invitation_accept(token="nope", player=PlayerFactory())
    assert "not valid" in _messages(exc)


def test_after_the_deadline_nothing_is_formed_or_completed(db):
    event = open_event()
    signup = signup_create(event=event, captain=PlayerFactory(), name="Slow")
    event.signup_deadline = timezone.now() - dt.timedelta(minutes=1)
    event.save()
    with pytest.raises(StateConflict) as exc:
        signup_create(event=event, captain=PlayerFactory(), name="Slower")
    assert "deadline" in _messages(exc)
    with pytest.raises(StateConflict) as exc:
        invitation_accept(token=signup.invitations.get(letter="B").token, player=PlayerFactory())
    assert "deadline" in _messages(exc)
    assert signup.seats.count() == 1


def test_signup_closed_or_event_started_is_refused(db):
    event = open_event(signup_open=False)
    with pytest.raises(StateConflict) as exc:
        signup_create(event=event, captain=PlayerFactory(), name="Closed")
    assert "closed" in _messages(exc)
    started = open_event()
    RoundFactory(event=started, number=1)
    with pytest.raises(StateConflict) as exc:
        signup_create(event=started, captain=PlayerFactory(), name="Too late")
    assert "has started" in _messages(exc)


def test_full_event_puts_complete_teams_on_the_waitlist_in_order_of_completion(db):
    event = open_event(signup_capacity=1)
    first, _ = full_team(event, "First")
    second, _ = full_team(event, "Second")
    third, _ = full_team(event, "Third")
    assert first.status == SignupStatus.REGISTERED
    assert (second.status, third.status) == (SignupStatus.WAITLISTED, SignupStatus.WAITLISTED)
    assert second.registration is None and Registration.objects.filter(event=event).count() == 1


def test_capacity_counts_the_teams_the_organizer_registered(db):
    event = open_event(signup_capacity=1)
    RegistrationFactory(event=event)
    signup, _ = full_team(event, "After the desk")
    assert signup.status == SignupStatus.WAITLISTED


def test_withdrawing_a_registered_team_moves_the_first_waitlisted_team_up(db):
    event = open_event(signup_capacity=2)
    first, _ = full_team(event, "First")
    full_team(event, "Second")
    third, _ = full_team(event, "Third")
    fourth, _ = full_team(event, "Fourth")
    moved = signup_withdraw(signup=first, user=first.captain.user)
    assert [s.name for s in moved] == ["Third"]
    third.refresh_from_db()
    fourth.refresh_from_db()
    first.refresh_from_db()
    assert third.status == SignupStatus.REGISTERED and third.registration is not None
    assert fourth.status == SignupStatus.WAITLISTED
    assert first.status == SignupStatus.WITHDRAWN and first.registration is None
    assert sorted(Registration.objects.filter(event=event).values_list("team__name", flat=True)) == ["Second", "Third"]
    # The withdrawn team's players are free to play for another team.
    assert not SignupSeat.objects.filter(signup=first, active=True).exists()


def test_withdrawing_a_waitlisted_team_moves_nobody(db):
    event = open_event(signup_capacity=1)
    full_team(event, "First")
    second, _ = full_team(event, "Second")
    third, _ = full_team(event, "Third")
    assert signup_withdraw(signup=second, user=second.captain.user) == []
    third.refresh_from_db()
    assert third.status == SignupStatus.WAITLISTED


def test_only_the_captain_or_organizer_withdraws(db):
    event = open_event()
    signup, players = full_team(event, "Ours")
    with pytest.raises(NotAllowed):
        signup_withdraw(signup=signup, user=players[1].user)
    with pytest.raises(NotAllowed):
        signup_withdraw(signup=signup, user=PlayerFactory().user)
    signup_withdraw(signup=signup, user=event.organizer)
    signup.refresh_from_db()
    assert signup.status == SignupStatus.WITHDRAWN


def test_withdrawing_after_round_one_is_paired_is_refused(db):
    event = open_event()
    signup, _ = full_team(event, "Playing")
    RoundFactory(event=event, number=1)
    with pytest.raises(StateConflict) as exc:
        signup_withdraw(signup=signup, user=signup.captain.user)
    assert "desk" in _messages(exc)
    assert Registration.objects.filter(pk=signup.registration_id).exists()


def test_raising_the_capacity_and_moving_the_waitlist_up(db):
    event = open_event(signup_capacity=1)
    full_team(event, "First")
    second, _ = full_team(event, "Second")
    event.signup_capacity = 2
    event.save()
    with pytest.raises(NotAllowed):
        waitlist_move_up(event=event, user=second.captain.user)
    assert [s.name for s in waitlist_move_up(event=event, user=event.organizer)] == ["Second"]


def test_approval_by_hand_holds_complete_teams_until_the_organizer_approves(db):
    event = open_event(signup_needs_approval=True, signup_capacity=1)
    first, _ = full_team(event, "First")
    second, _ = full_team(event, "Second")
    assert first.status == second.status == SignupStatus.AWAITING_APPROVAL
    assert not Registration.objects.filter(event=event).exists()
    with pytest.raises(NotAllowed):
        signup_approve(signup=first, user=first.captain.user)
    assert signup_approve(signup=second, user=event.organizer).status == SignupStatus.REGISTERED
    assert signup_approve(signup=first, user=event.organizer).status == SignupStatus.WAITLISTED
    with pytest.raises(StateConflict):
        signup_approve(signup=first, user=event.organizer)


def test_refused_team_frees_its_players(db):
    event = open_event(signup_needs_approval=True)
    signup, players = full_team(event, "No")
    signup_refuse(signup=signup, user=event.organizer)
    again = signup_create(event=event, captain=players[1], name="No")
    assert again.status == SignupStatus.FORMING


def test_teammate_leaves_a_forming_team_and_the_seat_gets_a_new_link(db):
    event = open_event()
    signup = signup_create(event=event, captain=PlayerFactory(), name="Leavers")
    old = signup.invitations.get(letter="B")
    player = PlayerFactory()
    invitation_accept(token=old.token, player=player)
    with pytest.raises(ValidationError):
        signup_leave(signup=signup, player=signup.captain)
    signup_leave(signup=signup, player=player)
    fresh = signup.invitations.get(letter="B")
    assert fresh.accepted_at is None and fresh.token != old.token
    assert not signup.seats.filter(player=player).exists()


def test_completing_a_team_whose_player_the_organizer_registered_meanwhile_writes_nothing(db):
    event = open_event()
    signup = signup_create(event=event, captain=PlayerFactory(), name="Clash")
    invitation_accept(token=signup.invitations.get(letter="B").token, player=PlayerFactory())
    last = PlayerFactory()
    # The organizer put the same player on another team at the desk, after the invitation went out.
    RegistrationFactory(event=event, seats=[last, PlayerFactory(), PlayerFactory()])
    with pytest.raises(ValidationError):
        invitation_accept(token=signup.invitations.get(letter="C").token, player=last)
    signup.refresh_from_db()
    assert signup.status == SignupStatus.FORMING and signup.seats.count() == 2
    assert not signup.invitations.get(letter="C").accepted_at
