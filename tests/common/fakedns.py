"""A stand-in resolver and a connection guard for the tests of outbound requests (common/outbound.py): names resolve
to the addresses a test gives them, and a connection to anything but 127.0.0.1 is refused before it is made, so no
test ever sends traffic to a private, link-local or public address: a refusal is shown by what was never attempted.
"""

import ipaddress
import socket

import pytest

_REAL_CREATE_CONNECTION = socket.create_connection
_REAL_GETADDRINFO = socket.getaddrinfo


class FakeDns:
    def __init__(self):
        self.answers: dict[str, list[list[str]]] = {}
        self.asked: list[str] = []
        self.connected: list[str] = []

    def name(self, host: str, *answers: list[str]) -> None:
        """`host` resolves to the first list of addresses, the next time to the next list (the last repeats)."""
        self.answers[host] = [list(a) for a in answers]

    def getaddrinfo(self, host, port, *args, **kwargs):
        host = host.decode() if isinstance(host, bytes) else str(host)
        try:
            ipaddress.ip_address(host)
            return _REAL_GETADDRINFO(host, port, *args, **kwargs)  # a literal address: no lookup
        except ValueError:
            pass
        self.asked.append(host)
        if host not in self.answers:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        sequence = self.answers[host]
        addresses = sequence.pop(0) if len(sequence) > 1 else sequence[0]
        return [
            (socket.AF_INET6, socket.SOCK_STREAM, 6, "", (a, port or 0, 0, 0))
            if ":" in a
            else (socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port or 0))
            for a in addresses
        ]

    def create_connection(self, address, *args, **kwargs):
        self.connected.append(str(address[0]))
        if address[0] != "127.0.0.1":
            raise ConnectionRefusedError(f"the tests connect to 127.0.0.1 only, not {address[0]}")
        return _REAL_CREATE_CONNECTION(address, *args, **kwargs)


@pytest.fixture
def dns(monkeypatch) -> FakeDns:
    fake = FakeDns()
    monkeypatch.setattr(socket, "getaddrinfo", fake.getaddrinfo)
    monkeypatch.setattr(socket, "create_connection", fake.create_connection)
    return fake
