"""Venue mode reads: the kept e-mail. (Where players join is common/venue.py: the desk's projector shows it too.)"""

from venue.models import PrintedMail


def printed_mail_list(*, limit: int = 500) -> list[PrintedMail]:
    return list(PrintedMail.objects.all()[:limit])
