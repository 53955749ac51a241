"""Page-number pagination with a cap, so no request can ask for an unbounded page."""
from rest_framework.pagination import PageNumberPagination


class CappedPagination(PageNumberPagination):
    """`?page=2&page_size=200`: 100 rows by default, at most 500 per page."""

    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 500
    invalid_page_message = "There is no page {page_number}: pages are numbered from 1 up to the last one (see `count`)."
