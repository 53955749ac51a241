"""What a view needs to offer its answer to the floor (config/floor.py, the middleware that answers anonymous polls
before the rest of the stack): the mark, and the placeholder a stored page holds where each visitor's CSRF token goes.
Shared by the portal and the API, so it lives below both."""

from django.http import HttpResponse

# Set on the response by the view; read and removed on the way out by the middleware.
MARK = "_hydra_floor"
# A stored page with forms holds this in place of the CSRF token; it is filled in with each visitor's own token.
CSRF_PLACEHOLDER = "__hydra_csrf_token__"


def floor_mark(response: HttpResponse, *, event, content: str | None = None) -> HttpResponse:
    """Mark `response` as the one answer every anonymous visitor of this public event gets while its version and
    status stay as they are; `content` is the body with CSRF_PLACEHOLDER in place of this
    request's token (a page with forms). The middleware decides whether to store it."""
    setattr(response, MARK, (event.pk, event.version, event.status, content))
    return response
