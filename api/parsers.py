"""The API's JSON parser: refuses bodies too deep or too big with a 400 a person can act on (issue 19, defect 4).

A body nested 1,000 deep made Python's JSON decoder raise RecursionError, which DRF answered with a 500. Hydra's own
bodies are at most four levels deep (a result: object, seats list, seat object, value); HYDRA_API_MAX_DEPTH (32)
leaves room for every endpoint to come. The size limit is Django's DATA_UPLOAD_MAX_MEMORY_SIZE (HYDRA_MAX_BODY_BYTES, 16 MB by default),
which Django applies to forms but DRF's parsers, reading the stream, never checked.
"""

import json

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


def json_depth(value) -> int:
    """How deep arrays and objects nest in a decoded JSON value (a scalar is 0), without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def _max_bytes() -> int | None:
    return settings.HYDRA_API_MAX_BODY or settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def _max_depth() -> int:
    return settings.HYDRA_API_MAX_DEPTH


def body_too_big_message(limit: int) -> str:
    return _("The request body is larger than %(limit)d bytes; send less data in one request.") % {"limit": limit}


class BodyRefused(Exception):
    """A JSON body too big, too deep or not JSON; the message says which and what to do."""


def json_body_parse(raw: bytes, *, encoding: str = "utf-8"):
    """The decoded body, or BodyRefused when it is bigger than the limit, nested deeper than it, or not JSON."""
    limit = _max_bytes()
    if limit and len(raw) > limit:
        raise BodyRefused(body_too_big_message(limit))
    too_deep = False
    try:
        data = json.loads(raw.decode(encoding), parse_constant=_refuse_constant)
    except RecursionError:
        data, too_deep = None, True
    except (ValueError, UnicodeDecodeError) as exc:
        raise BodyRefused(_("The request body is not valid JSON: %(error)s") % {"error": exc}) from None
    if too_deep or json_depth(data) > _max_depth():
        raise BodyRefused(
            _("The request body nests arrays and objects more than %(depth)d levels deep; send a flatter body.")
            % {"depth": _max_depth()}
        )
    return data


def _refuse_constant(name: str):
    # NaN and Infinity aren't JSON (RFC 8259).
    raise ValueError(_("%(name)s is not a valid JSON value.") % {"name": name})


class LimitedJSONParser(JSONParser):
    """JSON with a cap on the body's size and on how deep it nests; both refused with 400 (ParseError)."""

    def parse(self, stream, media_type=None, parser_context=None):
        parser_context = parser_context or {}
        encoding = parser_context.get("encoding", settings.DEFAULT_CHARSET)
        if stream is None:
            return None
        limit = _max_bytes()
        raw = stream.read(limit + 1) if limit else stream.read()
        try:
            return json_body_parse(raw, encoding=encoding)
        except BodyRefused as exc:
            raise ParseError(str(exc)) from None
