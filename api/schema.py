"""OpenAPI pieces the views share: error responses, the conditional and idempotency headers, token auth."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse

from api.idempotency import KEY_MAX_LENGTH, KEY_PATTERN, honours_idempotency_key
from api.serializers.common import ErrorSerializer

_ERROR_TEXT = {
    400: "The request is malformed: the message and `errors` say which part.",
    401: "No credentials, or unknown or revoked ones.",
    403: "The caller may not do this here (a token of another event, a token where a player must act...).",
    404: "No such event, match or page, or the event is not public.",
    406: "Ask for application/json.",
    409: "The event's data doesn't allow this yet (e.g. too few teams for the top cut).",
    415: "Send the body as application/json.",
    422: "The Idempotency-Key was already used for a different request.",
    429: "Too many requests from this address; wait the number of seconds in Retry-After.",
}


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    """Error responses, all with the shape of ErrorSerializer."""
    return {code: OpenApiResponse(ErrorSerializer, description=_ERROR_TEXT[code]) for code in codes}


READ_ERRORS = errors(400, 404, 406, 429)
WRITE_ERRORS = errors(400, 401, 403, 404, 406, 409, 415, 422, 429)

NOT_MODIFIED = {304: OpenApiResponse(description="Unchanged since the ETag sent in If-None-Match; no body.")}

IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="The ETag of the response you hold; the answer is 304 with no body while nothing changed.",
)
ETAG = OpenApiParameter(
    "ETag",
    str,
    OpenApiParameter.HEADER,
    response=[200, 304],
    description="Changes whenever a pairing or a result of the event changes.",
)
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    {"type": "string", "minLength": 1, "maxLength": KEY_MAX_LENGTH, "pattern": KEY_PATTERN},
    OpenApiParameter.HEADER,
    required=False,
    description="Any unique string (a UUID) per intended write: retrying with the same key replays the first "
    "answer instead of writing again. 1 to 200 printable ASCII characters.",
)


class EventTokenScheme(OpenApiAuthenticationExtension):
    target_class = "api.authentication.EventTokenAuthentication"
    name = "eventToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "`Authorization: Token hydra_<prefix>_<secret>` (or Bearer). A scorekeeper token is scoped "
            "to one event and enters its final results; an organizer token creates events and runs every event its "
            "person organizes. Created in the admin or with `manage.py create_api_token` (`--event ID` or "
            "`--organizer`).",
        }


class HydraAutoSchema(AutoSchema):
    """drf-spectacular's AutoSchema plus what every Hydra view declares with a class attribute.

    - `schema_tag`: the operation's tag (group on the documentation page).
    - `conditional_get = True`: If-None-Match in, ETag out, and the 304 answer.
    - a write handler decorated with `api.idempotency.idempotent_write`: the Idempotency-Key header (the decorator
      that honours it is the only way to declare it).
    Every operation also lists its error responses, all in the shape of ErrorSerializer.
    """

    def get_tags(self):
        tag = getattr(self.view, "schema_tag", None)
        return [tag] if tag else super().get_tags()

    def get_override_parameters(self):
        parameters = list(super().get_override_parameters())
        if getattr(self.view, "conditional_get", False):
            parameters += [IF_NONE_MATCH, ETAG]
        if honours_idempotency_key(self.view, self.method):
            parameters.append(IDEMPOTENCY_KEY)
        return parameters

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        extra = dict(WRITE_ERRORS if self.method != "GET" else READ_ERRORS)
        if getattr(self.view, "extra_error_codes", None):
            extra.update(errors(*self.view.extra_error_codes))
        if self.method == "GET" and any(
            getattr(p, "asks_who", False) for p in getattr(self.view, "permission_classes", ())
        ):
            extra.update(errors(401, 403))  # a read for a token or a signed-in person only: who asks comes first
        if getattr(self.view, "conditional_get", False) and self.method == "GET":
            extra.update(NOT_MODIFIED)
        for code, response in extra.items():
            responses.setdefault(str(code), self._get_response_for_code(response, str(code), direction=direction))
        return responses
