"""Hydra's one way out to other machines (issue 37): webhooks and the Discord target (webhooks/), pushing an event to
and pulling it from another Hydra (eventfile/remote.py), card data downloads (cards/download.py). Nothing else in
the project opens an HTTP connection (tests/common/test_outbound.py fails on one).

Every request here:
- resolves the host name once and refuses, before any connection, when any of its addresses isn't globally routable
  (`ipaddress`'s `is_global`, after unwrapping IPv4-mapped, IPv4-compatible, 6to4 and NAT64 IPv6 addresses; the
  shared 100.64.0.0/10, loopback, private, link-local, multicast and reserved ranges all refused) or when it doesn't
  resolve at all, unless the operator allows that host or network (settings.HYDRA_OUTBOUND_ALLOW, for a LAN
  deployment: docs/webhooks.md);
- connects to the address it checked, never resolving again (no DNS rebinding between the check and the
  connection); over https the certificate is still checked against the host name, which is also sent as SNI;
- never follows a redirect: a 3xx is an answer like any other, for the caller to report;
- has a timeout for each step and for the whole answer, and reads at most `max_bytes` of it.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from email.message import Message
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

Address = ipaddress.IPv4Address | ipaddress.IPv6Address

_SHARED = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT; a cloud's metadata service answers there too
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_IPV4_COMPATIBLE = ipaddress.ip_network("::/96")
_CHUNK = 64 * 1024


class OutboundRefused(ValueError):
    """Hydra won't connect to this address; the message says why (and it was said before any connection)."""


class OutboundError(OSError):
    """The connection failed, timed out, or the answer was larger than allowed; the message says which."""


@dataclass(frozen=True)
class Answer:
    """What the other side answered: its status, its headers and at most `max_bytes` of its body."""

    status: int
    headers: Message
    body: bytes

    @property
    def redirect(self) -> bool:
        return 300 <= self.status < 400

    def excerpt(self, chars: int = 500) -> str:
        """The start of the answer as text, at most `chars` characters."""
        return self.body[: chars * 4].decode("utf-8", "replace")[:chars]


def _embedded_ipv4(address: Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address carries (IPv4-mapped, 6to4, NAT64, IPv4-compatible), or None."""
    if address.version != 6:
        return None
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address in _NAT64 or (address in _IPV4_COMPATIBLE and int(address) > 1):
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def is_public_address(address: Address) -> bool:
    """True for an address of the public internet: globally routable and none of the special ranges."""
    inner = _embedded_ipv4(address)
    if inner is not None:
        return is_public_address(inner)
    return bool(
        address.is_global
        and not (
            address.is_multicast
            or address.is_reserved
            or address.is_loopback
            or address.is_link_local
            or address.is_unspecified
            or address in _SHARED
        )
    )


def _allowed(host: str, address: Address) -> bool:
    """The operator's HYDRA_OUTBOUND_ALLOW: host names (exact, any case) and networks that may be private."""
    for entry in settings.HYDRA_OUTBOUND_ALLOW:
        entry = str(entry).strip()
        try:
            network = ipaddress.ip_network(entry, strict=False)
        except ValueError:
            if entry.lower().rstrip(".") == host.lower().rstrip("."):
                return True
            continue
        inner = _embedded_ipv4(address)
        if address in network or (inner is not None and inner in network):
            return True
    return False


@dataclass(frozen=True)
class _Target:
    scheme: str
    host: str
    port: int
    path: str
    addresses: tuple[str, ...]


def _target(url: str) -> _Target:
    """The URL's parts and the checked addresses of its host; OutboundRefused when Hydra won't go there."""
    try:
        parts = urlsplit((url or "").strip())
        port = parts.port
    except ValueError:
        raise OutboundRefused(_("%(url)s is not a valid address.") % {"url": url}) from None
    host = parts.hostname or ""
    if parts.scheme not in ("http", "https") or not host:
        raise OutboundRefused(_("Enter a full http:// or https:// address."))
    port = port or (443 if parts.scheme == "https" else 80)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError, ValueError):
        raise OutboundRefused(_("%(host)s doesn't resolve to an address: check the name.") % {"host": host}) from None
    addresses: list[str] = []
    for info in infos:
        text = str(info[4][0]).split("%")[0]
        address = ipaddress.ip_address(text)
        if not is_public_address(address) and not _allowed(host, address):
            raise OutboundRefused(
                _(
                    "%(host)s is not an address of the public internet (%(address)s), and Hydra connects only to "
                    "those; an operator allows a host of a local network with HYDRA_OUTBOUND_ALLOW."
                )
                % {"host": host, "address": address}
            )
        if text not in addresses:
            addresses.append(text)
    if not addresses:
        raise OutboundRefused(_("%(host)s doesn't resolve to an address: check the name.") % {"host": host})
    path = parts.path or "/"
    return _Target(parts.scheme, host, port, path + (f"?{parts.query}" if parts.query else ""), tuple(addresses))


def address_problem(url: str) -> str | None:
    """Why Hydra won't connect to `url`, or None: the check every request here makes, for forms to show when an
    address is saved (the request checks again: a name can point elsewhere by then)."""
    try:
        _target(url)
    except OutboundRefused as refused:
        return str(refused)
    return None


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """Connects to the checked address; the Host header is the URL's host."""

    def __init__(self, host: str, port: int, *, address: str, timeout: float):
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPSConnection(_PinnedHTTPConnection):
    default_port = http.client.HTTPS_PORT

    def connect(self) -> None:
        super().connect()
        self.sock = ssl.create_default_context().wrap_socket(self.sock, server_hostname=self.host)


def _exchange(target: _Target, *, method: str, body: bytes | None, headers: dict, timeout: float):
    """Send the request over a connection to the first checked address that accepts one; (connection, response)."""
    kind = _PinnedHTTPSConnection if target.scheme == "https" else _PinnedHTTPConnection
    failure: Exception | None = None
    for address in target.addresses:
        connection = kind(target.host, target.port, address=address, timeout=timeout)
        try:
            connection.connect()
            break
        except (OSError, ssl.SSLError) as exc:  # the next address, if the name has one (IPv6 without a route ...)
            connection.close()
            failure = exc
    else:
        raise OutboundError(f"Cannot connect to {target.host}: {failure}")
    try:
        connection.request(method, target.path, body=body, headers=headers)
        return connection, connection.getresponse()
    except (OSError, http.client.HTTPException) as exc:
        connection.close()
        raise OutboundError(f"{target.host} gave no answer: {type(exc).__name__}: {exc}") from None


def outbound_request(
    url: str,
    *,
    method: str = "GET",
    body: bytes | None = None,
    headers: dict | None = None,
    timeout: float = 10.0,
    max_bytes: int = 64 * 1024,
) -> Answer:
    """Make one request and return the answer, whatever its status (a redirect is not followed). The body read is
    at most `max_bytes` (the rest is left unread); the whole exchange takes at most about 2 x `timeout`.
    Raises OutboundRefused (before connecting) or OutboundError."""
    target = _target(url)
    deadline = time.monotonic() + 2 * timeout
    connection, response = _exchange(target, method=method, body=body, headers=headers or {}, timeout=timeout)
    try:
        data = bytearray()
        while len(data) < max_bytes:
            if time.monotonic() > deadline:
                raise OutboundError(f"The answer took longer than {2 * timeout:g} seconds.")
            chunk = response.read(min(_CHUNK, max_bytes - len(data)))
            if not chunk:
                break
            data += chunk
        return Answer(status=response.status, headers=response.headers, body=bytes(data))
    except (OSError, http.client.HTTPException) as exc:
        raise OutboundError(f"The answer broke off: {exc}") from None
    finally:
        connection.close()


class Download:
    """A 2xx answer being read: `read(n)` up to its `max_bytes` in all (OutboundError past that), `headers`."""

    def __init__(self, response: http.client.HTTPResponse, max_bytes: int):
        self.headers = response.headers
        self.status = response.status
        self._response = response
        self._left = max_bytes
        self._max = max_bytes

    def read(self, size: int = _CHUNK) -> bytes:
        chunk = self._response.read(size)
        self._left -= len(chunk)
        if self._left < 0:
            raise OutboundError(f"The answer is larger than {self._max} bytes.")
        return chunk


@contextmanager
def outbound_download(
    url: str, *, headers: dict | None = None, timeout: float = 60.0, max_bytes: int = 4 * 1024**3
) -> Iterator[Download]:
    """GET `url` and stream its body (a card data file): OutboundRefused before connecting, OutboundError for a
    failed connection, an answer that isn't 2xx (a redirect included: not followed) or one larger than
    `max_bytes`."""
    target = _target(url)
    connection, response = _exchange(target, method="GET", body=None, headers=headers or {}, timeout=timeout)
    try:
        if not 200 <= response.status < 300:
            where = response.headers.get("Location", "")
            raise OutboundError(
                f"{target.host} answered {response.status} {response.reason}"
                + (f" (a redirect to {where}, not followed)" if where else "")
            )
        yield Download(response, max_bytes)
    finally:
        connection.close()
