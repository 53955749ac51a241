"""Venue mode (`make venue`, docs/venue.md): Hydra on a laptop serving the players of one venue over its Wi-Fi, with no
internet at all.

Like development (the embedded SQLite and filesystem broker, no server needed) but with DEBUG off (players must not
see tracebacks), every LAN address of the machine in ALLOWED_HOSTS and CSRF_TRUSTED_ORIGINS (the server binds
0.0.0.0), e-mail kept for printing instead of sent, and the join address shown on the projector.
"""

import os

os.environ.setdefault("DEBUG", "false")

from common.network import join_url, lan_addresses, venue_hosts  # noqa: E402

from .dev import *  # noqa: E402,F403
from .dev import env  # noqa: E402

DEBUG = env.bool("DEBUG", default=False)
HYDRA_VENUE = True
HYDRA_VENUE_PORT = env.int("PORT", default=8000)
HYDRA_VENUE_ADDRESSES = lan_addresses()
ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS = venue_hosts(
    addresses=HYDRA_VENUE_ADDRESSES,
    port=HYDRA_VENUE_PORT,
    extra=tuple(env.list("ALLOWED_HOSTS", default=[])),
)
HYDRA_VENUE_URL = env("HYDRA_VENUE_URL", default="") or join_url(addresses=HYDRA_VENUE_ADDRESSES, port=HYDRA_VENUE_PORT)
EMAIL_BACKEND = "venue.mail.PrintableEmailBackend"
# Mail is printed, not sent: a player signing up on the venue's Wi-Fi gets the account at once (docs/venue.md).
HYDRA_SIGNUP_CONFIRM_EMAIL = env.bool("HYDRA_SIGNUP_CONFIRM_EMAIL", default=False)
# The venue's own network: webhooks to a stream PC, push/pull to another laptop (common/outbound.py). Never the
# link-local or shared (100.64.0.0/10) ranges, where a cloud's metadata service answers.
HYDRA_OUTBOUND_ALLOW = env.list(
    "HYDRA_OUTBOUND_ALLOW",
    default=["localhost", "127.0.0.0/8", "::1", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
)

# The development key is public: on a network of strangers it would let anyone forge a session. Without a
# SECRET_KEY in the environment, venue mode makes one for this laptop and keeps it in var/ (readable by its owner).
if not env("SECRET_KEY", default=""):
    from django.core.management.utils import get_random_secret_key

    _key_file = VAR_DIR / "venue-secret-key"  # noqa: F405 - from base
    if not _key_file.exists():
        _key_file.parent.mkdir(parents=True, exist_ok=True)  # a fresh clone has no var/ yet
        _key_file.touch(mode=0o600)
        _key_file.write_text(get_random_secret_key())
    SECRET_KEY = _key_file.read_text().strip()
