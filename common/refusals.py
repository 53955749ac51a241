"""The one family of refusals (docs/architecture.md, "Refusals").

A service refuses what a person asked for by raising a `Refusal`: a Django ValidationError (so every
`except ValidationError`, form and admin shows its message as before) that also says which HTTP status answers it.
The API's exception handler (api/exceptions.py) answers any refusal by its status and code; a page shows its
sentences (`exc.messages`, which has every field's too) its own way, and one it lets through is answered here by
its kind (`RefusalMiddleware`).

- `Refusal` itself: the request is wrong as sent (400). A plain ValidationError means the same.
- `NotAllowed`: the person may not do this, and may know the thing exists (403).
- `NotFound`: the thing is hidden from this person (not on their team, not their match): answered as if it didn't
  exist (404), so nothing leaks.
- `Conflict`: the request is well-formed but the event's current state refuses it; it may succeed once the state
  has changed (409).
"""

from collections.abc import Callable

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse


class Refusal(ValidationError):
    """A request refused with a message the person who sent it can act on; answered with `status_code`."""

    status_code = 400
    default_code = "invalid"  # the API's "code" (as DRF names them), beside ValidationError's own per-message code

    def __str__(self) -> str:
        # The message itself, as an Exception's str is, not ValidationError's list repr ("['...']"): the pages and
        # the admin print refusals with str().
        return super().__str__() if hasattr(self, "error_dict") else " ".join(self.messages)

    def api_message(self) -> str:
        """The sentence the API answers with: the refusal's own message unless a kind must say less."""
        return " ".join(self.messages)

    def api_details(self) -> dict:
        """Extra members of the API's error body (beside status, code and message); none unless a kind adds some."""
        return {}


class NotAllowed(Refusal):
    """The person may not do this (403): they may know the thing exists, but it isn't theirs to change or see now."""

    status_code = 403
    default_code = "permission_denied"


class NotFound(Refusal):
    """The thing is hidden from this person (404): answered as if it didn't exist, so its existence doesn't leak."""

    status_code = 404
    default_code = "not_found"


class Conflict(Refusal):
    """The request is well-formed but the current state refuses it (409); it may succeed once the state changes."""

    status_code = 409
    default_code = "conflict"


class RefusalMiddleware:
    """A refusal a page's view lets through is answered by its kind, as the API answers it: a hidden thing
    (NotFound) as any missing page (Http404, so nothing leaks), any other refusal with its status and its sentences
    as plain text. A view that shows a refusal its own way (a message, a form error, a page) catches it first; the
    API's views never get here (DRF answers their exceptions, api/exceptions.py)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, Refusal):
            return None
        if isinstance(exception, NotFound):
            raise Http404 from exception  # Django's 404 page, with the site's handler404
        return HttpResponse(
            " ".join(exception.messages), content_type="text/plain; charset=utf-8", status=exception.status_code
        )
