"""Small HTTP pieces every front-end uses."""
from django.utils.http import parse_etags


def etag_matches(etag: str, header: str) -> bool:
    """If-None-Match `header` names `etag` (weak comparison, as RFC 9110 asks for If-None-Match), or is *."""
    if header.strip() == "*":
        return True
    weak_free = etag.removeprefix("W/")
    return any(candidate.removeprefix("W/") == weak_free for candidate in parse_etags(header))
