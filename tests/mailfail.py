"""A mail server that is down: the e-mail backend of the tests of what an SMTP failure does (issue 52)."""

import smtplib

from django.core.mail.backends.base import BaseEmailBackend

TRIES: list[str] = []


class FailingEmailBackend(BaseEmailBackend):
    """Every message fails as a mail server that dropped the connection does; each try is counted in TRIES."""

    def send_messages(self, email_messages):
        TRIES.extend(message.to[0] for message in email_messages)
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")
