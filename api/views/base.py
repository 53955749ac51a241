"""What every event-scoped endpoint shares: loading the event the caller may see, and conditional scoreboards."""

from collections.abc import Callable

from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from api.conditional import not_modified, shared_body, with_validators
from api.selectors import event_get_visible
from common.floor import floor_mark
from tournaments.models import Event


class EventScopedMixin:
    """Loads self.event from the URL's event_id; 404 for events the caller may not see (api.permissions)."""

    event: Event

    def load_event(self) -> Event:
        self.event = event_get_visible(request=self.request, event_id=self.kwargs["event_id"])
        return self.event

    query_serializer_class = None

    def validate_query(self) -> None:
        """Check the query string (the view's filters, or its query_serializer_class) before any 304."""
        filterset_class = getattr(self, "filterset_class", None)
        if filterset_class is not None:
            model = filterset_class._meta.model
            filterset = filterset_class(self.request.query_params, queryset=model.objects.none(), request=self.request)
            if not filterset.is_valid():
                raise ValidationError(filterset.errors)
        if self.query_serializer_class is not None:
            self.query_serializer_class(data=self.request.query_params).is_valid(raise_exception=True)
        paginator = getattr(self, "paginator", None)
        if paginator is not None and hasattr(paginator, "validate_query"):
            paginator.validate_query(self.request)  # page_size and page (api/pagination.py)

    def conditional(self, build: Callable[[], Response]) -> Response:
        """304 when the client's If-None-Match holds the current ETag, before `build` runs; else build, with ETag.

        The response `build` makes must be a function of Event.version, the path and the query string alone.
        """
        self.validate_query()  # a bad query is a 400 even when If-None-Match would match (issue 19, defect 9)
        etag, unchanged = not_modified(request=self.request, event=self.event, is_public=self.event.is_public)
        if unchanged is not None:
            return unchanged
        if self.event.is_public:  # the same for every caller: built once per version, from the shared cache
            response = with_validators(shared_body(etag=etag, build=build), etag=etag, is_public=True)
            return floor_mark(response, event=self.event) if response.status_code == 200 else response
        return with_validators(build(), etag=etag, is_public=self.event.is_public)


class ScoreboardListView(EventScopedMixin, generics.ListAPIView):
    """A paginated list that carries an ETag from Event.version (see EventScopedMixin.conditional)."""

    conditional_get = True

    def list(self, request, *args, **kwargs):
        self.load_event()
        return self.conditional(lambda: super(ScoreboardListView, self).list(request, *args, **kwargs))


def deprecated(view: type) -> type:
    """The same view under an old path kept for a while: a subclass the schema marks deprecated (docs/api.md).
    It answers exactly as `view` does; its operations get their own ids from the old path."""
    return extend_schema(deprecated=True)(
        type(f"Deprecated{view.__name__}", (view,), {"__doc__": view.__doc__, "__module__": view.__module__})
    )
