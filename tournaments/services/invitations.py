"""Seat invitations: an organizer typed an existing account's username or e-mail address, so a placeholder took
the seat and the account's person is asked to take it (docs/permissions.md, "Accounts belong to their people").

Only the person's own act puts their account on a seat: accepting here (or joining through sign-up or the event's
join code). The organizer is told neutrally that someone was invited, never who.
"""

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from common.refusals import Conflict, NotFound
from common.siteurl import site_absolute_url
from tournaments.logtext import LogText
from tournaments.models import Event, Player, Seat, SeatInvitation
from tournaments.rights import may_answer_invitation, person_of
from tournaments.selectors.languages import in_language_of, mail_language_note
from tournaments.selectors.placeholders import player_is_placeholder
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.mail import mail_send
from tournaments.services.players import player_of_account, seats_move
from tournaments.services.scoreboard import event_bump_version
from tournaments.services.teamnames import registration_rename


def seat_invitations_make(*, event: Event, invited: Sequence[tuple[Player, object]], by) -> list[SeatInvitation]:
    """Invite each account to take the seat its placeholder holds in the event: one invitation each (asked twice,
    still one), logged once without naming the accounts, and an e-mail to each invited person with an address
    (after the commit: a preview that is rolled back sends nothing)."""
    if not invited:
        return []
    person = person_of(by)
    made = [
        SeatInvitation.objects.get_or_create(
            event=event,
            placeholder=placeholder,
            user=user,
            defaults={"invited_by": person if getattr(person, "pk", None) else None},
        )[0]
        for placeholder, user in invited
    ]
    event_log_record(
        event=event,
        user=by,
        action=LogAction.SEAT_INVITED,
        message=LogText(
            ngettext_lazy(
                "%(n)d seat is held for an existing account: its person was invited to take it (%(seats)s).",
                "%(n)d seats are held for existing accounts: their people were invited to take them (%(seats)s).",
                "n",
            ),
            {"n": len(made), "seats": sorted(p.name for p, _u in invited)},
        ),
        data={"placeholders": [p.pk for p, _u in invited]},
    )
    links = {
        invitation.pk: site_absolute_url(reverse("portal:invitation", args=[invitation.pk])) for invitation in made
    }
    for invitation in made:
        address = invitation.user.email
        if not address:
            continue
        with in_language_of(invitation.user):  # the language its person chose, else the organizer's
            subject = _("An invitation to play %(event)s") % {"event": event.name}
            body = _(
                "Hello,\n\nthe organizer of %(event)s registered a player with your username or e-mail "
                "address. If that is you, sign in to Hydra and accept the invitation on your page (My events) "
                "to take the seat with your own account: %(link)s\n\nIf it isn't you, decline it or ignore "
                "this e-mail: nobody sees your account."
            ) % {"event": event.name, "link": links[invitation.pk]}
            body += mail_language_note()
        mail_send(subject=subject, body=body, to=address, event=event, shown_as=invitation.placeholder.name)
    return made


def _answerable(*, invitation_id: int, user) -> SeatInvitation:
    invitation = (
        SeatInvitation.objects.select_for_update(of=("self",))
        .select_related("event", "placeholder__user")
        .filter(pk=invitation_id)
        .first()
    )
    if invitation is None or not may_answer_invitation(user, invitation):
        raise NotFound(_("No such invitation."))
    if invitation.answered_at is not None:
        raise Conflict(_("This invitation is already answered."))
    return invitation


@transaction.atomic
def seat_invitation_accept(*, invitation: SeatInvitation, user) -> Seat:
    """The invited person takes the seat: their own player replaces the placeholder on it (its decklist and
    results stay with the seat), logged with who. The placeholder, left with nothing, is retired.

    Refused when the invitation isn't theirs (NotFound), is answered, or the seat is gone or they already play in
    the event (Conflict)."""
    invitation = _answerable(invitation_id=invitation.pk, user=user)
    event = Event.objects.select_for_update().get(pk=invitation.event_id)
    seat = Seat.objects.filter(event=event, player=invitation.placeholder).select_related("registration__team").first()
    if seat is None or not player_is_placeholder(invitation.placeholder):
        raise Conflict(_("The seat this invitation was for is no longer held: ask the organizer."))
    player = player_of_account(user=user)
    invitation.answered_at, invitation.accepted = timezone.now(), True
    invitation.save(update_fields=["answered_at", "accepted"])  # first: seats_move drops the unanswered ones
    seats_move(source=invitation.placeholder, target=player, event_ids=[event.pk])
    event_log_record(
        event=event,
        user=user,
        action=LogAction.INVITATION_ACCEPTED,
        registration=seat.registration,
        message=LogText(
            gettext_lazy(
                "%(player)s accepted the invitation and took seat %(letter)s of %(team)s "
                "(held by the placeholder %(placeholder)s)."
            ),
            {
                "player": player.name,
                "letter": seat.letter,
                "team": seat.registration.team.name,
                "placeholder": invitation.placeholder.name,
            },
        ),
        before={seat.letter: invitation.placeholder.name},
        after={seat.letter: player.name},
        data={"placeholder": invitation.placeholder_id, "player": player.pk, "seat": seat.letter},
    )
    _entry_named_as(registration=seat.registration, placeholder=invitation.placeholder, player=player, user=user)
    event_bump_version(event_id=event.pk)
    seat.refresh_from_db()
    return seat


def _entry_named_as(*, registration, placeholder: Player, player: Player, user) -> None:
    """An individual event's entry is a team of one named as its player: once the invited person holds the seat,
    it takes their player's name (the placeholder's, the typed address's first part, is nobody's). A team of
    several keeps its own name; so does an entry another of this event's entries already holds the name of."""
    if not registration.event.is_individual or registration.team.name.lower() != placeholder.name.lower():
        return
    try:
        with transaction.atomic():
            registration_rename(registration=registration, name=player.name, user=user)
    except ValidationError:  # another entry of this event is called so: the entry keeps its name
        pass


@transaction.atomic
def seat_invitation_decline(*, invitation: SeatInvitation, user) -> SeatInvitation:
    """The invited person says no: the placeholder keeps the seat (the organizer can hand out its claim link)."""
    invitation = _answerable(invitation_id=invitation.pk, user=user)
    invitation.answered_at, invitation.accepted = timezone.now(), False
    invitation.save(update_fields=["answered_at", "accepted"])
    event_log_record(
        event=invitation.event,
        user=user,
        action=LogAction.INVITATION_DECLINED,
        message=LogText(
            gettext_lazy("The invitation for the seat of %(placeholder)s was declined."),
            {"placeholder": invitation.placeholder.name},
        ),
        data={"placeholder": invitation.placeholder_id},
    )
    return invitation
