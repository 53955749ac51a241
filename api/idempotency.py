"""Idempotency-Key for the API's writes: a retried request replays the first response, never writes twice.

A write takes it with one decorator, `idempotent_write`, on its handler (post, patch, put, delete): the decorator
both honours the header and marks the handler, and the schema (api/schema.py) declares the header from that mark
only. So a write can't say it honours the key without doing so, nor do so without saying it (issue 55). The
first answer is replayed before the write looks anything up: a retried DELETE answers as the first did, not 404.

The key is claimed by inserting its row in the same transaction as the write. A concurrent retry with the same
key blocks on the unique index until the first commits, then finds the row and replays it; if the first
failed, its row rolled back with it and the retry runs afresh. Only successful responses are kept: a request
refused with a 4xx wrote nothing, so its key may be used again once the request is corrected.
Kept responses are needed only for retries; `purge_idempotency_keys` (older than a day) is safe at any time.
"""

import hashlib
import json
import functools
import re
from collections.abc import Callable

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from api.authentication import token_of
from api.exceptions import UnprocessableRequest
from api.models import IdempotencyKey

HEADER = "Idempotency-Key"
# 1 to 200 printable ASCII characters, no spaces (the API's schema states it: api/schema.py).
KEY_PATTERN = r"^[\x21-\x7e]{1,200}$"
KEY_MAX_LENGTH = 200
_VALID_KEY = re.compile(KEY_PATTERN)


def _owner(request) -> str:
    token = token_of(request)
    return f"token:{token.pk}" if token is not None else f"user:{request.user.pk}"


def _fingerprint(request) -> str:
    body = json.dumps(request.data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(f"{request.method}|{request.path}|{body}".encode()).hexdigest()


def idempotent(*, request, work: Callable[[], Response]) -> Response:
    """Run `work` once per Idempotency-Key of this caller; without the header, just run it.

    Replays carry the header `Idempotent-Replayed: true`. A key reused with a different method, path or body
    is refused with 422, and a malformed key with 400.
    """
    key = request.headers.get(HEADER)
    if key is None or getattr(request, "_idempotency_held", False):
        return work()  # no key, or a handler that calls another under the key its caller holds
    key = key.strip()
    if not _VALID_KEY.match(key):
        raise exceptions.ValidationError(
            {HEADER: [_("Use 1 to 200 printable ASCII characters without spaces, for example a UUID.")]}
        )
    owner, fingerprint = _owner(request), _fingerprint(request)
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = IdempotencyKey.objects.create(
                    owner=owner, key=key, fingerprint=fingerprint, status_code=0, body={}
                )
        except IntegrityError:
            record = IdempotencyKey.objects.get(owner=owner, key=key)
            if record.fingerprint != fingerprint:
                raise UnprocessableRequest(
                    _(
                        "This Idempotency-Key was already used for a different request. Use a new key for a new "
                        "request; reuse a key only to retry the very same request."
                    )
                ) from None
            response = Response(None if record.status_code == 204 else record.body, status=record.status_code)
            response["Idempotent-Replayed"] = "true"
            return response
        request._idempotency_held = True
        try:
            response = work()
        finally:
            request._idempotency_held = False
        record.status_code = response.status_code
        record.body = {} if response.data is None else json.loads(JSONRenderer().render(response.data))
        record.save(update_fields=["status_code", "body"])
    return response


def idempotent_write(handler):
    """Decorate an API view's write handler: the Idempotency-Key header is honoured (`idempotent`, keyed by the
    caller, the key, and checked against the method, path and body) and declared in the schema (the mark
    `idempotent_write` that api/schema.py reads). The first answer is replayed before the handler runs at all."""

    @functools.wraps(handler)
    def honoured(view, request, *args, **kwargs):
        return idempotent(request=request, work=lambda: handler(view, request, *args, **kwargs))

    honoured.idempotent_write = True
    return honoured


def honours_idempotency_key(view, method: str) -> bool:
    """Whether this view's handler of `method` takes the Idempotency-Key (the schema declares it exactly then)."""
    return getattr(getattr(view, method.lower(), None), "idempotent_write", False)
