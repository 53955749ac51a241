"""The VAPID key pair Hydra signs its Web Push messages with (RFC 8292), made once on set-up (`manage.py
vapid_keys`, run by `make run`, `make serve` and `make venue` before migrating) and kept under var/ (never in git).
HYDRA_VAPID_PRIVATE_KEY (a PEM file's path) names another place."""
import base64
from functools import cache
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid02


def vapid_key_path() -> Path:
    return Path(getattr(settings, "HYDRA_VAPID_PRIVATE_KEY", "") or Path(settings.VAR_DIR) / "vapid_private.pem")


def vapid_keys_ensure() -> tuple[Path, bool]:
    """Make the key pair unless it exists; (its path, whether it was made now)."""
    path = vapid_key_path()
    if path.exists():
        return path, False
    path.parent.mkdir(parents=True, exist_ok=True)
    key = Vapid02()
    key.generate_keys()
    key.save_key(str(path))
    path.chmod(0o600)
    vapid_key.cache_clear()
    return path, True


@cache
def vapid_key() -> Vapid02:
    """The private key (made first if missing)."""
    path, _made = vapid_keys_ensure()
    return Vapid02.from_file(str(path))


def vapid_public_key() -> str:
    """The application server key a browser subscribes with: the public point, uncompressed, base64url."""
    raw = vapid_key().public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
