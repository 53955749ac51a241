"""Where players join in venue mode, as full addresses (docs/venue.md). The venue's pages and the desk's projector
(its QR code) both need it, so it lives below both front-ends."""

from django.conf import settings

from common.network import join_url, lan_addresses


def venue_join_url() -> str | None:
    """The address players open in venue mode (None outside it): HYDRA_VENUE_URL, else the first LAN address."""
    if not settings.HYDRA_VENUE:
        return None
    return settings.HYDRA_VENUE_URL or join_url(addresses=lan_addresses(), port=settings.HYDRA_VENUE_PORT)


def venue_absolute_uri(*, request, path: str) -> str:
    """`path` as a full address players can open: on the venue's network in venue mode (the projector may be shown
    from the laptop's own 127.0.0.1), else as the request came."""
    base = venue_join_url()
    return base.rstrip("/") + path if base else request.build_absolute_uri(path)
