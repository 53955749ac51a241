"""Celery tasks of the core: thin, primitive values in, one service call."""

from celery import shared_task

from tournaments.services.mail import (
    MAIL_ERRORS,
    MAIL_REFUSED,
    MAIL_RETRIES,
    MAIL_TASK,
    mail_backoff,
    mail_deliver,
    mail_failed_record,
)


@shared_task(name=MAIL_TASK, bind=True, ignore_result=True, acks_late=True, max_retries=MAIL_RETRIES)
def mail_send(
    self, *, subject: str, body: str, to: str, html: str | None = None, event_id: int | None = None, shown_as: str = ""
) -> bool:
    """One e-mail (tournaments.services.mail.mail_send): on a mail server's failure tried again MAIL_RETRIES times,
    each after a doubling wait; then recorded as failed (logged, and in its event's log). True when sent."""
    try:
        mail_deliver(subject=subject, body=body, to=to, html=html)
    except MAIL_REFUSED as exc:
        error = exc
    except MAIL_ERRORS as exc:
        if self.request.retries < MAIL_RETRIES:
            raise self.retry(exc=exc, countdown=mail_backoff(self.request.retries)) from exc
        error = exc
    else:
        return True
    mail_failed_record(
        to=to, subject=subject, event_id=event_id, shown_as=shown_as or to, error=f"{type(error).__name__}: {error}"
    )
    return False
