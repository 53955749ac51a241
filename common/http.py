"""Small HTTP pieces every front-end uses."""

from django.http import HttpResponse
from django.utils.http import parse_etags


def etag_matches(etag: str, header: str) -> bool:
    """If-None-Match `header` names `etag` (weak comparison, as RFC 9110 asks for If-None-Match), or is *."""
    if header.strip() == "*":
        return True
    weak_free = etag.removeprefix("W/")
    return any(candidate.removeprefix("W/") == weak_free for candidate in parse_etags(header))


def attachment_response(body: str, *, content_type: str, filename: str) -> HttpResponse:
    """A private, uncached download of `body` (the pages' and the API's draft logs)."""
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    return response
