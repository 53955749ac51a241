"""What the portal's pages that poll share: the whole page or its live region (?partial=1), and an anonymous
visitor's answer offered to the floor (config/floor.py)."""

from django.http import HttpRequest, HttpResponse

from common.conditional import poll_seconds, render_shared
from common.floor import floor_mark
from tournaments.models import Event


def is_partial(request: HttpRequest) -> bool:
    return request.GET.get("partial") == "1"


def live_render(request, template: str, context: dict, *, etag: str, floor: Event | None = None) -> HttpResponse:
    """Render a page that may poll: the whole page, or with ?partial=1 only its live region. With `floor` (a page
    that follows that event's version and status alone), its anonymous answer is offered to config.floor."""
    context = {**context, "etag": etag, "poll_seconds": poll_seconds()}
    if is_partial(request):
        template = template.replace(".html", "_live.html")
    return offered_to_floor(render_shared(request, template, context, etag), floor)


def offered_to_floor(response: HttpResponse | None, event: Event | None) -> HttpResponse | None:
    """Offer an anonymous visitor's shared answer (common.conditional) to the floor (config/floor.py)."""
    if response is not None and event is not None and hasattr(response, "shared_content"):
        floor_mark(response, event=event, content=response.shared_content)
    return response
