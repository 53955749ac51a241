"""An e-mail backend for a venue without internet: every message is stored (venue.models.PrintedMail) for the
printable page /venue/mail/, none is sent. EMAIL_BACKEND = "venue.mail.PrintableEmailBackend" (venue mode)."""

from django.core.mail.backends.base import BaseEmailBackend

from venue.models import PrintedMail


class PrintableEmailBackend(BaseEmailBackend):
    def send_messages(self, email_messages) -> int:
        count = 0
        for message in email_messages:
            body = message.body
            if not body:
                # An HTML-only message: its first text alternative, else the raw markup.
                body = next((content for content, mime in getattr(message, "alternatives", []) if content), "")
            PrintedMail.objects.create(
                to=", ".join(message.recipients()), subject=str(message.subject)[:300], body=str(body)
            )
            count += 1
        return count
