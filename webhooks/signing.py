"""How a receiver knows a delivery comes from Hydra: HMAC-SHA256 over the timestamp and the body (pure, no Django).

Headers: `X-Hydra-Timestamp: <unix seconds>` and `X-Hydra-Signature: sha256=<hex>` where the hex digest is
HMAC-SHA256(secret, f"{timestamp}.".encode() + body). A receiver recomputes it, compares in constant time and
refuses a timestamp older than a few minutes (a replayed delivery).
"""

import hashlib
import hmac

SIGNATURE_HEADER = "X-Hydra-Signature"
TIMESTAMP_HEADER = "X-Hydra-Timestamp"


def signature_for(*, secret: str, timestamp: int, body: bytes) -> str:
    """The signature header's value for this body sent at `timestamp`."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def signature_valid(
    *, secret: str, timestamp: str, body: bytes, signature: str, now: float, tolerance: float = 300
) -> bool:
    """True when `signature` signs `body` at `timestamp` with `secret` and the timestamp is within `tolerance`
    seconds of `now`: what a receiver checks."""
    try:
        stamp = int(timestamp)
    except (TypeError, ValueError):
        return False
    if abs(now - stamp) > tolerance:
        return False
    return hmac.compare_digest(signature_for(secret=secret, timestamp=stamp, body=body), signature or "")
