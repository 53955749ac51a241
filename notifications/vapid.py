"""The VAPID key pair Hydra signs its Web Push messages with (RFC 8292), made once on set-up (`manage.py
vapid_keys`, run by `make run`, `make serve` and `make venue` before migrating) and kept under var/ (never in git).
HYDRA_VAPID_PRIVATE_KEY (a PEM file's path) names another place."""

import base64
import os
import tempfile
import threading
from functools import cache
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid02


def vapid_key_path() -> Path:
    return Path(getattr(settings, "HYDRA_VAPID_PRIVATE_KEY", "") or Path(settings.VAR_DIR) / "vapid_private.pem")


_making = threading.Lock()


def vapid_keys_ensure() -> tuple[Path, bool]:
    """Make the key pair unless it exists; (its path, whether it was made now). The file appears whole and only
    once: written beside it, then linked into place, so a process or thread that makes it at the same moment keeps
    the first one (a reader never sees half a key, and every process signs with the key browsers subscribed to)."""
    path = vapid_key_path()
    if path.exists():
        return path, False
    path.parent.mkdir(parents=True, exist_ok=True)
    key = Vapid02()
    key.generate_keys()
    handle, draft = tempfile.mkstemp(dir=path.parent, prefix=".vapid-", suffix=".pem")
    os.close(handle)
    try:
        key.save_key(draft)
        os.chmod(draft, 0o600)
        try:
            os.link(draft, path)
        except FileExistsError:
            return path, False
    finally:
        os.unlink(draft)
    vapid_key.cache_clear()
    return path, True


@cache
def vapid_key() -> Vapid02:
    """The private key (made first if missing); the sending threads ask at once, one makes it."""
    with _making:
        path, _made = vapid_keys_ensure()
        return Vapid02.from_file(str(path))


def vapid_public_key() -> str:
    """The application server key a browser subscribes with: the public point, uncompressed, base64url."""
    raw = vapid_key().public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
