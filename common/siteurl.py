"""Full addresses of the site's pages for what is sent without a request at hand (an e-mail written by a service):
HYDRA_SITE_URL when set, else the venue's address in venue mode, else the first host of ALLOWED_HOSTS."""

from django.conf import settings

from common.venue import venue_join_url


def site_base_url() -> str:
    """The site's address without a trailing slash, e.g. https://hydra.example.org."""
    if settings.HYDRA_SITE_URL:
        return settings.HYDRA_SITE_URL.rstrip("/")
    venue = venue_join_url()
    if venue:
        return venue.rstrip("/")
    host = next((h for h in settings.ALLOWED_HOSTS if h and not h.startswith((".", "*"))), "localhost")
    return f"http://{host}"


def site_absolute_url(path: str) -> str:
    """`path` (a site path such as /invitations/3/) as a full address someone can open from an e-mail."""
    return site_base_url() + "/" + path.lstrip("/")
