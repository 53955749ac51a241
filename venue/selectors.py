"""Venue mode reads: where players join, and the kept e-mail."""
from django.conf import settings

from venue.models import PrintedMail
from venue.network import join_url, lan_addresses


def venue_join_url() -> str | None:
    """The address players open in venue mode (None outside it): HYDRA_VENUE_URL, else the first LAN address."""
    if not settings.HYDRA_VENUE:
        return None
    return settings.HYDRA_VENUE_URL or join_url(addresses=lan_addresses(), port=settings.HYDRA_VENUE_PORT)


def printed_mail_list(*, limit: int = 500) -> list[PrintedMail]:
    return list(PrintedMail.objects.all()[:limit])


def venue_absolute_uri(*, request, path: str) -> str:
    """`path` as a full address players can open: on the venue's network in venue mode (the projector may be shown
    from the laptop's own 127.0.0.1), else as the request came."""
    base = venue_join_url()
    return base.rstrip("/") + path if base else request.build_absolute_uri(path)
