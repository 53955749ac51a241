"""Placeholders the event's organizer made (imports, the desk, the API): their claim links, sent by e-mail to those
with an address (the others get the printable claim sheet, desk.views.claims.desk_claim_sheet). Only ever for the
organizer's own unclaimed placeholders (desk.selectors.event_claim_links; docs/permissions.md)."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext_lazy

from desk.selectors import event_claim_links
from tournaments.logtext import LogText
from tournaments.models import Event
from tournaments.models.log import LogKind
from tournaments.selectors.languages import in_language_of, mail_language_note
from tournaments.services.eventlog import event_log_record
from tournaments.services.mail import mail_send
from tournaments.wording import entrant_message


def event_claim_links_send(*, event: Event, base: str, by) -> int:
    """E-mail each of the event's own unclaimed placeholders with an address its claim link (after the commit).
    Returns how many were sent; logged at the desk."""
    sent = 0
    for player, link in event_claim_links(event=event, base=base):
        if not player.user.email:
            continue
        with in_language_of(player.user):  # a language chosen on this account, else the organizer's
            subject = _("Your Hydra account for %(event)s") % {"event": event.name}
            body = str(
                entrant_message(event=event, key="claim_mail")
                % {"name": player.name, "organizer": event.organizer.get_username(), "event": event.name, "link": link}
            )
            body += mail_language_note()
        address = player.user.email
        mail_send(subject=subject, body=body, to=address, event=event, shown_as=player.name)
        sent += 1
    event_log_record(
        event=event,
        user=by,
        kind=LogKind.DESK,
        action="claim_links_sent",
        message=LogText(
            ngettext_lazy(
                "Claim link sent by e-mail to %(n)d player.", "Claim links sent by e-mail to %(n)d players.", "n"
            ),
            {"n": sent},
        ),
    )
    return sent
