"""Sign-up on the portal: a captain forms a team, teammates accept invitations, complete teams take a place, wait
for the organizer's approval, or wait on the waitlist (docs/registration.md).

Every write locks the event row first (one order for every lock), so two teams completing at once can't both take
the last place and a waitlisted team moves up exactly once. The real registration and its seats are made by
tournaments.services.registrations.registration_create, the same rules as the organizer's way.
"""

from __future__ import annotations

import datetime as dt
import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.refusals import NotAllowed
from signup.models import ACTIVE_STATUSES, Invitation, JoinCode, SignupSeat, SignupStatus, TeamSignup
from tournaments.enums import EventStatus
from tournaments.models import Event, Player, Registration, Round, Seat, Team
from tournaments.rights import may_run_event
from tournaments.selectors.languages import in_language_of, mail_language_note
from tournaments.logtext import LogText
from tournaments.services.errors import StateConflict
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.mail import mail_send
from tournaments.services.scoreboard import event_bump_version
from tournaments.services.registrations import registration_create
from tournaments.wording import moment_in_sentence


def invitation_days() -> int:
    """How long an invitation link stays valid (settings.HYDRA_INVITATION_DAYS)."""
    return settings.HYDRA_INVITATION_DAYS


def _lock_event(event_id: int) -> Event:
    return Event.objects.select_for_update().get(pk=event_id)


def _when(moment: dt.datetime) -> str:
    return moment_in_sentence(moment)


def signup_closed_reason(*, event: Event, now: dt.datetime | None = None) -> str | None:
    """Why players can't sign up or take a seat now, as a sentence to act on; None while sign-up is open."""
    now = now or timezone.now()
    if event.status != EventStatus.REGISTRATION or Round.objects.filter(event=event).exists():
        return _("The event has started: sign-up is over. Ask the organizer at the desk.")
    if not event.signup_open:
        return _("Sign-up on the portal is closed for this event. Ask the organizer how to enter.")
    if event.signup_deadline and now > event.signup_deadline:
        return _(
            "The sign-up deadline (%(when)s) has passed: a team can't be formed or completed any more. "
            "Ask the organizer whether they still take teams."
        ) % {"when": _when(event.signup_deadline)}
    return None


# No 0/O, 1/I/L: a code read off a wall and typed on a phone. A code shows its event and seats its finder, so it
# can't be enumerated: 31^10 (about 8 x 10^14) codes, drawn by `secrets`, and wrong guesses are limited per address
# and per account (portal.views.join). Codes of six made before issue 52 were lengthened (migration 0005).
JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 10


def join_code_for(*, event: Event) -> str:
    """The event's join code (JoinCode), made on first use: ten letters and digits nobody misreads."""
    existing = JoinCode.objects.filter(event=event).values_list("code", flat=True).first()
    if existing:
        return existing
    for _attempt in range(10):
        code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
        try:
            with transaction.atomic():
                return JoinCode.objects.get_or_create(event=event, defaults={"code": code})[0].code
        except IntegrityError:  # the code is another event's: draw again
            continue
    raise RuntimeError("no free join code after 10 draws")


def _refuse_if_closed(event: Event) -> None:
    reason = signup_closed_reason(event=event)
    if reason:
        raise StateConflict(reason)


def _normal_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ValidationError({"name": _("Give the team's name.")})
    limit = TeamSignup._meta.get_field("name").max_length
    if len(name) > limit:
        raise ValidationError({"name": _("A team's name has at most %(n)d characters.") % {"n": limit}})
    return name


def _name_taken(*, event: Event, name: str, exclude: TeamSignup | None = None) -> bool:
    signups = TeamSignup.objects.filter(event=event, name__iexact=name, status__in=ACTIVE_STATUSES)
    if exclude is not None:
        signups = signups.exclude(pk=exclude.pk)
    registered = Registration.objects.filter(event=event, team__name__iexact=name)
    if exclude is not None and exclude.registration_id:
        registered = registered.exclude(pk=exclude.registration_id)
    return signups.exists() or registered.exists()


def _team_of(*, event: Event, player: Player) -> str | None:
    """The name of the team `player` is on in `event` (registered or signing up), or None."""
    seat = SignupSeat.objects.filter(event=event, player=player, active=True).select_related("signup").first()
    if seat is not None:
        return seat.signup.name
    seat = Seat.objects.filter(event=event, player=player).select_related("registration__team").first()
    return seat.registration.team.name if seat is not None else None


def _new_token() -> str:
    return secrets.token_urlsafe(24)


def _open_invitations(signup: TeamSignup) -> None:
    taken = set(signup.seats.values_list("letter", flat=True))
    expires = timezone.now() + dt.timedelta(days=invitation_days())
    Invitation.objects.bulk_create(
        [
            Invitation(signup=signup, letter=letter, token=_new_token(), expires_at=expires)
            for letter in signup.event.seat_letters
            if letter not in taken
        ]
    )


@transaction.atomic
def signup_create(*, event: Event, captain: Player, name: str) -> TeamSignup:
    """The captain forms a team called `name` for `event` and takes seat A; every other seat gets an invitation
    link. Refused (nothing written) when sign-up is closed or past its deadline, the name is taken in this event,
    or the captain is already on a team of this event."""
    event = _lock_event(event.pk)
    _refuse_if_closed(event)
    name = _normal_name(name)
    if _name_taken(event=event, name=name):
        raise ValidationError(
            {
                "name": _("A team called %(name)s is already signed up for this event: choose another name.")
                % {"name": name}
            }
        )
    team = _team_of(event=event, player=captain)
    if team is not None:
        raise ValidationError(
            _("You are already on team %(team)s in this event: a player plays for one team. Withdraw from it first.")
            % {"team": team}
        )
    signup = TeamSignup.objects.create(event=event, name=name, captain=captain)
    SignupSeat.objects.create(signup=signup, event=event, letter=event.seat_letters[0], player=captain)
    _open_invitations(signup)
    if event.team_size == 1:
        _complete(signup)  # a team of one is complete as it is formed
    return signup


def signup_player(*, event: Event, player: Player) -> TeamSignup:
    """A player signs up alone for an individual event (RULES.md 9): a team of one named as the player, with no
    invitations; registered at once, or waitlisted when the event is full, or awaiting the organizer's approval
    where asked. Refused in a team event, and as signup_create refuses (closed, a player of that name already
    signed up, the player already in)."""
    if not event.is_individual:
        raise ValidationError(_("This is a team event: form a team and invite your teammates."))
    if _team_of(event=event, player=player) is not None:
        raise ValidationError(_("You are already signed up for this event."))
    try:
        return signup_create(event=event, captain=player, name=player.name)
    except ValidationError as exc:
        if hasattr(exc, "error_dict") and "name" in exc.error_dict:
            raise ValidationError(
                _("A player called %(name)s is already signed up for this event. Ask the organizer to tell you apart.")
                % {"name": player.name}
            ) from exc
        raise


def signup_player_done(*, signup: TeamSignup) -> str:
    """What a player who signed up alone (signup_player) is told: registered, waitlisted or awaiting approval."""
    done = {
        SignupStatus.REGISTERED: _("You are registered for %(event)s."),
        SignupStatus.WAITLISTED: _(
            "The event is full: you are on the waitlist for %(event)s, and move up by yourself when a place frees up."
        ),
        SignupStatus.AWAITING_APPROVAL: _(
            "You are signed up for %(event)s; the organizer approves each player by hand."
        ),
    }.get(signup.status, _("You are signed up for %(event)s."))
    return done % {"event": signup.event.name}


def _captain_or_organizer(*, signup: TeamSignup, user) -> None:
    player = getattr(user, "player", None) if getattr(user, "is_authenticated", False) else None
    if (player is None or player.pk != signup.captain_id) and not may_run_event(user, signup.event):
        raise NotAllowed(_("Only the team's captain or the organizer may do this."))


@transaction.atomic
def invitation_send(*, invitation: Invitation, email: str, link: str, user) -> Invitation:
    """The captain sends the seat's invitation link to `email`; from then on only the account with that address
    may accept it. The mail leaves once the change is saved."""
    signup = invitation.signup
    _captain_or_organizer(signup=signup, user=user)
    _lock_event(signup.event_id)
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.accepted_at:
        raise StateConflict(_("Seat %(seat)s is taken already.") % {"seat": invitation.letter})
    email = (email or "").strip()
    try:
        validate_email(email)
    except ValidationError:
        raise ValidationError({"email": _("%(email)s is not an e-mail address.") % {"email": email or "''"}}) from None
    invitation.email = email
    invitation.save(update_fields=["email"])
    with in_language_of(email=email):  # the language of the account with this address, else the captain's
        subject = _("Join %(team)s at %(event)s") % {"team": signup.name, "event": signup.event.name}
        body = _(
            "%(captain)s invites you to play seat %(seat)s of team %(team)s at %(event)s.\n\n"
            "Sign in (or create an account with this e-mail address) and accept here:\n%(link)s\n\n"
            "The link works once and until %(when)s."
        ) % {
            "captain": signup.captain.name,
            "seat": invitation.letter,
            "team": signup.name,
            "event": signup.event.name,
            "link": link,
            "when": _when(invitation.expires_at),
        }
        body += mail_language_note()
    mail_send(subject=subject, body=body, to=email, event=signup.event)
    return invitation


@transaction.atomic
def invitation_renew(*, invitation: Invitation, user) -> Invitation:
    """A new link for an open seat (the old one stops working), valid for another HYDRA_INVITATION_DAYS."""
    _captain_or_organizer(signup=invitation.signup, user=user)
    _lock_event(invitation.signup.event_id)
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.accepted_at:
        raise StateConflict(_("Seat %(seat)s is taken already.") % {"seat": invitation.letter})
    invitation.token = _new_token()
    invitation.expires_at = timezone.now() + dt.timedelta(days=invitation_days())
    invitation.email = ""
    invitation.save(update_fields=["token", "expires_at", "email"])
    return invitation


def invitation_problem(*, invitation: Invitation | None, player: Player | None, now=None) -> str | None:
    """Why `player` can't accept `invitation` now, as a sentence to act on; None when they can."""
    now = now or timezone.now()
    if invitation is None:
        return _(
            "This invitation link is not valid: check that you copied all of it, or ask your captain for a new one."
        )
    signup = invitation.signup
    if invitation.accepted_at:
        if player is not None and invitation.accepted_by_id == player.pk:
            return _("You have accepted this invitation already: you hold seat %(seat)s of %(team)s.") % {
                "seat": invitation.letter,
                "team": signup.name,
            }
        return _(
            "This invitation has been used already: seat %(seat)s of %(team)s is taken. An invitation link "
            "works once; ask your captain for a new one if you should be on the team."
        ) % {"seat": invitation.letter, "team": signup.name}
    if signup.status != SignupStatus.FORMING:
        return _("%(team)s is no longer taking players (%(status)s).") % {
            "team": signup.name,
            "status": signup.get_status_display(),
        }
    if invitation.expires_at <= now:
        return _("This invitation expired on %(when)s: ask your captain for a new link.") % {
            "when": _when(invitation.expires_at)
        }
    closed = signup_closed_reason(event=signup.event, now=now)
    if closed:
        return closed
    if player is None:
        return None
    if invitation.email and invitation.email.lower() != (player.user.email or "").lower():
        return _(
            "This invitation was sent to %(email)s, but you are signed in as %(user)s. Sign out and sign in "
            "with the account of that address, or ask your captain to send the link to your address."
        ) % {"email": invitation.email, "user": player.user.get_username()}
    mine = signup.seats.filter(player=player).first()
    if mine is not None:
        return _("You already hold seat %(seat)s of %(team)s: pass this link to the teammate it is meant for.") % {
            "seat": mine.letter,
            "team": signup.name,
        }
    team = _team_of(event=signup.event, player=player)
    if team is not None:
        return _(
            "You are already on team %(team)s in this event: a player plays for one team. Withdraw from it first."
        ) % {"team": team}
    return None


@transaction.atomic
def invitation_accept(*, token: str, player: Player) -> TeamSignup:
    """`player` takes the invitation's seat. When it was the last open seat, the team is complete: it is
    registered (a place is free), waits for the organizer's approval (the event asks for it) or goes on the
    waitlist. Refused (nothing written) for every reason invitation_problem names."""
    found = Invitation.objects.filter(token=token).values_list("signup__event_id", flat=True).first()
    if found is None:
        raise ValidationError(invitation_problem(invitation=None, player=player))
    _lock_event(found)
    invitation = (
        Invitation.objects.select_for_update(of=("self",)).select_related("signup__event").filter(token=token).first()
    )
    problem = invitation_problem(invitation=invitation, player=player)
    if problem:
        raise StateConflict(problem)
    signup = invitation.signup
    SignupSeat.objects.create(signup=signup, event=signup.event, letter=invitation.letter, player=player)
    invitation.accepted_at = timezone.now()
    invitation.accepted_by = player
    invitation.save(update_fields=["accepted_at", "accepted_by"])
    if signup.seats.count() == signup.event.team_size:
        _complete(signup)
    return signup


def _complete(signup: TeamSignup) -> None:
    signup.completed_at = timezone.now()
    if signup.event.signup_needs_approval:
        signup.status = SignupStatus.AWAITING_APPROVAL
        signup.save(update_fields=["completed_at", "status"])
        return
    signup.save(update_fields=["completed_at"])
    _place(signup)


def places_taken(*, event: Event) -> int:
    """Teams holding a place: registrations that have not dropped (the organizer's own entries count too)."""
    return Registration.objects.filter(event=event, dropped_round__isnull=True).count()


def _place(signup: TeamSignup) -> None:
    """A complete (and, where asked, approved) team: registered while places are free, else waitlisted."""
    event = signup.event
    if event.signup_capacity is not None and places_taken(event=event) >= event.signup_capacity:
        signup.status = SignupStatus.WAITLISTED
        signup.save(update_fields=["status"])
        return
    _register(signup)


def _register(signup: TeamSignup) -> None:
    event = signup.event
    team = Team.objects.filter(name__iexact=signup.name).first() or Team.objects.create(name=signup.name)
    if Registration.objects.filter(event=event, team=team).exists():
        raise ValidationError(
            _(
                "A team called %(name)s is already registered for this event: the captain renames "
                "the team, or the organizer sorts it out."
            )
            % {"name": signup.name}
        )
    players = [s.player for s in signup.seats.select_related("player").order_by("letter")]
    signup.registration = registration_create(event=event, team=team, players=players)
    signup.status = SignupStatus.REGISTERED
    signup.save(update_fields=["registration", "status"])


def _fill_from_waitlist(event: Event, *, user=None) -> list[TeamSignup]:
    moved = []
    waiting = TeamSignup.objects.filter(event=event, status=SignupStatus.WAITLISTED).order_by("completed_at", "pk")
    for signup in waiting:
        if event.signup_capacity is not None and places_taken(event=event) >= event.signup_capacity:
            break
        _register(signup)
        moved.append(signup)
        _placed_log(signup=signup, user=user, action=LogAction.WAITLIST_MOVED_UP)
    return moved


def _placed_log(*, signup: TeamSignup, user, action: str) -> None:
    """A team's place (moved up from the waitlist, or approved) in the event log; its players are told from there
    (notifications)."""
    event_log_record(
        event=signup.event,
        user=user,
        action=action,
        registration=signup.registration,
        message=LogText(LogAction(action).label),
        data={"signup": signup.pk, "team": signup.name, "status": signup.status},
    )


@transaction.atomic
def waitlist_move_up(*, event: Event, user=None) -> list[TeamSignup]:
    """Register waitlisted teams, first completed first, while places are free (after the organizer raised the
    capacity, or removed a team by hand). Returns the teams that moved up."""
    if user is not None and not may_run_event(user, event):
        raise NotAllowed(_("Only the organizer may do this."))
    event = _lock_event(event.pk)
    return _fill_from_waitlist(event, user=user)


@transaction.atomic
def signup_withdraw(*, signup: TeamSignup, user) -> list[TeamSignup]:
    """The captain (or the organizer) withdraws the team before the event starts: its registration, if it had
    one, is removed with its seats, and the waitlist moves up into the free place. Returns the teams that moved up.
    Once round 1 is paired a team drops at the desk instead (registration_drop)."""
    _captain_or_organizer(signup=signup, user=user)
    event = _lock_event(signup.event_id)
    signup = TeamSignup.objects.select_for_update().get(pk=signup.pk)
    if not signup.is_active:
        raise StateConflict(_("%(team)s has already left this event.") % {"team": signup.name})
    if Round.objects.filter(event=event).exists():
        raise StateConflict(
            _(
                "Round 1 is paired: a team can't withdraw on the portal any more. Tell the organizer "
                "at the desk; the team is dropped there."
            )
        )
    was_registered = signup.registration_id is not None
    if was_registered:
        registration = signup.registration
        signup.registration = None
        signup.save(update_fields=["registration"])
        registration.delete()
        event_bump_version(event_id=event.pk)
    signup.status = SignupStatus.WITHDRAWN
    signup.save(update_fields=["status"])
    signup.seats.update(active=False)
    signup.invitations.filter(accepted_at__isnull=True).update(expires_at=timezone.now())
    return _fill_from_waitlist(event, user=user) if was_registered else []


@transaction.atomic
def signup_leave(*, signup: TeamSignup, player: Player) -> TeamSignup:
    """A teammate (not the captain) leaves a team that is still forming; their seat gets a fresh invitation."""
    _lock_event(signup.event_id)
    signup = TeamSignup.objects.select_for_update().get(pk=signup.pk)
    if signup.captain_id == player.pk:
        raise ValidationError(_("The captain can't leave the team: withdraw the whole team instead."))
    if signup.status != SignupStatus.FORMING:
        raise StateConflict(_("%(team)s is complete: only the captain can withdraw it now.") % {"team": signup.name})
    seat = signup.seats.filter(player=player).first()
    if seat is None:
        raise ValidationError(_("You are not on %(team)s.") % {"team": signup.name})
    letter = seat.letter
    seat.delete()
    signup.invitations.filter(letter=letter).delete()
    _open_invitations(signup)
    return signup


def _awaiting_approval_locked(*, signup: TeamSignup, user, related: tuple[str, ...] = ()) -> TeamSignup:
    """The sign-up, locked after its event, for the organizer's answer to a team waiting for approval; refused for
    anyone but the organizer and for a team not (or no longer) waiting."""
    if not may_run_event(user, signup.event):
        raise NotAllowed(_("Only the organizer may do this."))
    _lock_event(signup.event_id)
    rows = TeamSignup.objects.select_for_update()
    # select_related() with no names would follow every foreign key: only the named ones.
    signup = (rows.select_related(*related) if related else rows).get(pk=signup.pk)
    if signup.status != SignupStatus.AWAITING_APPROVAL:
        raise StateConflict(
            _("%(team)s is not waiting for approval (%(status)s).")
            % {"team": signup.name, "status": signup.get_status_display()}
        )
    return signup


@transaction.atomic
def signup_approve(*, signup: TeamSignup, user) -> TeamSignup:
    """The organizer approves a complete team: it takes a place, or the waitlist's end when the event is full."""
    signup = _awaiting_approval_locked(signup=signup, user=user, related=("event",))
    _place(signup)
    _placed_log(signup=signup, user=user, action=LogAction.SIGNUP_APPROVED)
    return signup


@transaction.atomic
def signup_refuse(*, signup: TeamSignup, user) -> TeamSignup:
    """The organizer refuses a team waiting for approval; its players are free to join another team."""
    signup = _awaiting_approval_locked(signup=signup, user=user)
    signup.status = SignupStatus.REFUSED
    signup.save(update_fields=["status"])
    signup.seats.update(active=False)
    return signup
