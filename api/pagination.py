"""Page-number pagination with a cap, so no request can ask for an unbounded page."""

from django.utils.translation import gettext as _
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.pagination import PageNumberPagination


# The longest page or page_size read (18 digits): a longer one is refused, as the schema says.
MAX_NUMBER = 10**18 - 1


class CappedPagination(PageNumberPagination):
    """`?page=2&page_size=200`: 100 rows by default, at most 500 per page."""

    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 500
    invalid_page_message = "There is no page {page_number}: pages are numbered from 1 up to the last one (see `count`)."

    def get_page_size(self, request):
        """A page_size that isn't a whole number from 1 up is a 400 (it used to be ignored silently, which the API's
        description didn't say: issue 19, defect 9); above the cap it is the cap."""
        raw = request.query_params.get(self.page_size_query_param)
        if raw is not None:
            if not (raw.isascii() and raw.isdigit() and 0 < int(raw[:7]) and len(raw) <= 18):
                raise ValidationError(
                    {
                        self.page_size_query_param: [
                            _("Give page_size as a whole number from 1 to %(max)d.") % {"max": self.max_page_size}
                        ]
                    }
                )
        return super().get_page_size(request)

    def validate_query(self, request) -> None:
        """Refuse a malformed `page_size` (400) or `page` (404, as paging would) before any work: a conditional
        answer checks the query first, so `If-None-Match: *` can't turn a bad query into a 304 (issue 39)."""
        self.get_page_size(request)
        raw = request.query_params.get(self.page_query_param)
        if (
            raw is not None
            and raw not in self.last_page_strings
            and not (raw.isascii() and raw.isdigit() and len(raw) <= 18 and int(raw) > 0)
        ):
            raise NotFound(self.invalid_page_message.format(page_number=raw, message=""))

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"] = {
                    **parameter.get("schema", {}),
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_NUMBER,
                }
            if parameter["name"] == self.page_query_param:
                parameter["schema"] = {
                    **parameter.get("schema", {}),
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_NUMBER,
                }
        return parameters
