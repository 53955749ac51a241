"""The one way Hydra sends an e-mail: through a Celery task, after the commit, tried again with a growing wait when
the mail server fails; a mail that still fails is logged and, where it was for an event, written to the event's log
for its organizer ("The e-mail to X could not be sent"). The change that sent it stands: an SMTP failure is never a
500 (issue 52; docs/deploy.md, "E-mail")."""

import logging
import smtplib

from django.core.mail import EmailMultiAlternatives
from django.utils.translation import gettext_lazy

from common.tasks import send_after_commit, task_send
from tournaments.logtext import LogText
from tournaments.models import Event
from tournaments.models.log import LogKind
from tournaments.services.eventlog import event_log_record

log = logging.getLogger(__name__)

MAIL_TASK = "tournaments.mail_send"
MAIL_RETRIES = 5
MAIL_BACKOFF_SECONDS = 30  # 30 s, 1, 2, 4, 8 minutes: a mail server back within a quarter of an hour gets them all
MAIL_BACKOFF_MAX = 600
MAIL_FAILED = "mail_failed"
# What trying again can't mend: the server refused the address or the sender for good.
MAIL_REFUSED = (smtplib.SMTPRecipientsRefused, smtplib.SMTPSenderRefused)
# What it may: the server down, a dropped connection, a timeout, a temporary answer (every SMTPException is an
# OSError, as are socket errors).
MAIL_ERRORS = (OSError,)


def mail_send(
    *,
    subject: str,
    body: str,
    to: str,
    html: str | None = None,
    event: Event | None = None,
    shown_as: str = "",
    after_commit: bool = True,
) -> None:
    """Send one e-mail to `to` by a worker, once the current transaction commits (nothing if it is rolled back);
    `after_commit=False` for a mail that tells of no change saved (a password reset, a sign-up's link): sent now.
    `event`: the event it is for, whose log gets the failure; `shown_as`: how the organizer reads the recipient
    there (a seat invitation names the placeholder, never the invited account's address), else the address."""
    send = send_after_commit if after_commit else task_send
    send(
        MAIL_TASK,
        what=f"the e-mail to {to}",
        lost="it is not sent",
        kwargs={
            "subject": str(subject),
            "body": str(body),
            "to": to,
            "html": html,
            "event_id": event.pk if event is not None else None,
            "shown_as": str(shown_as or to),
        },
    )


def mail_deliver(*, subject: str, body: str, to: str, html: str | None = None) -> None:
    """Hand the message to the mail server now (the task's work); raises what the server raised."""
    message = EmailMultiAlternatives(subject, body, None, [to])
    if html:
        message.attach_alternative(html, "text/html")
    message.send(fail_silently=False)


def mail_backoff(retries: int) -> int:
    """Seconds to wait before the next try after `retries` tries again."""
    return min(MAIL_BACKOFF_MAX, MAIL_BACKOFF_SECONDS * 2**retries)


def mail_failed_record(*, to: str, subject: str, event_id: int | None, shown_as: str, error: str) -> None:
    """A mail that finally failed: logged, and written to its event's log (when it had one) for the organizer,
    who can tell the person another way."""
    log.error("The e-mail to %s (%r) could not be sent: %s", to, subject, error)
    event = Event.objects.filter(pk=event_id).first() if event_id is not None else None
    if event is None:
        return
    event_log_record(
        event=event,
        user=None,
        kind=LogKind.DESK,
        action=MAIL_FAILED,
        message=LogText(
            gettext_lazy("The e-mail to %(to)s could not be sent (%(subject)s): tell them another way."),
            {"to": shown_as, "subject": subject},
        ),
        data={"subject": subject, "error": error[:200]},
    )
