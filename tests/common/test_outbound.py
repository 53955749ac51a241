"""The one outbound helper (common/outbound.py, issue 37): only the public internet, checked before any connection,
connected to as checked, no redirect followed, a short answer kept; and nothing else in the project calls out.

No test here sends traffic anywhere but to a server it starts on 127.0.0.1 (tests/common/fakedns.py)."""

import ast
from pathlib import Path

import pytest

from common.outbound import (
    OutboundError,
    OutboundRefused,
    address_problem,
    is_public_address,
    outbound_download,
    outbound_request,
)
from tests.common.fakedns import dns  # noqa: F401 - the fixture
from tests.webhooks.receiver import start_receiver, stop_receiver

import ipaddress

NOT_PUBLIC = [
    "169.254.169.254",  # a cloud's metadata service
    "100.100.100.200",  # 100.64.0.0/10: another cloud's metadata service
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.20",
    "127.0.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "240.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fd00::1",
    "ff02::1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "::ffff:127.0.0.1",  # IPv4-mapped
    "::a9fe:a9fe",  # IPv4-compatible 169.254.169.254
    "2002:a9fe:a9fe::1",
    "2002:0a00:0001::1",  # 6to4 of 169.254.169.254 and 10.0.0.1
    "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254
]


@pytest.mark.parametrize("address", NOT_PUBLIC)
def test_an_address_outside_the_public_internet_is_refused_before_any_connection(address, dns, settings):  # noqa: F811
    settings.HYDRA_OUTBOUND_ALLOW = []
    dns.name("hooks.example", [address])
    assert not is_public_address(ipaddress.ip_address(address))
    for url in ("http://hooks.example/x", "https://hooks.example/x"):
        with pytest.raises(OutboundRefused, match="not an address of the public internet"):
            outbound_request(url, method="POST", body=b"{}")
        assert address_problem(url) is not None
    host = f"[{address}]" if ":" in address else address
    with pytest.raises(OutboundRefused):
        outbound_request(f"http://{host}/x")
    assert dns.connected == []


def test_public_addresses_pass_the_check(dns, settings):  # noqa: F811
    settings.HYDRA_OUTBOUND_ALLOW = []
    for address in ("93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c", "::ffff:93.184.215.14", "1.1.1.1"):
        dns.name("public.example", [address])
        assert is_public_address(ipaddress.ip_address(address))
        assert address_problem("https://public.example/hook") is None
    assert dns.connected == []  # the check alone connects nowhere


def test_a_name_with_one_private_address_among_public_ones_is_refused(dns, settings):  # noqa: F811
    settings.HYDRA_OUTBOUND_ALLOW = []
    dns.name("mixed.example", ["93.184.215.14", "10.1.2.3"])
    with pytest.raises(OutboundRefused):
        outbound_request("http://mixed.example/")
    assert dns.connected == []


def test_a_name_that_doesnt_resolve_is_refused(dns):  # noqa: F811
    assert "doesn't resolve" in address_problem("http://nowhere.example/hook")
    with pytest.raises(OutboundRefused, match="doesn't resolve"):
        outbound_request("http://nowhere.example/hook")
    assert dns.connected == []


@pytest.mark.parametrize(
    "url", ["ftp://example.org/x", "file:///etc/passwd", "http:///x", "http://host:99999/", "gopher://127.0.0.1/", ""]
)
def test_anything_but_an_http_address_is_refused(url, dns):  # noqa: F811
    with pytest.raises(OutboundRefused):
        outbound_request(url)
    assert dns.connected == []


def test_the_connection_goes_to_the_address_checked_never_resolving_again(dns, settings):  # noqa: F811
    """DNS rebinding: the name answers an allowed address to the check, a metadata address afterwards."""
    settings.HYDRA_OUTBOUND_ALLOW = ["127.0.0.1/32"]
    receiver = start_receiver(200)
    try:
        port = receiver.server.server_address[1]
        dns.name("rebind.example", ["127.0.0.1"], ["169.254.169.254"])
        answer = outbound_request(f"http://rebind.example:{port}/hook", method="POST", body=b"{}")
    finally:
        stop_receiver(receiver)
    assert answer.status == 200
    assert dns.asked == ["rebind.example"] and dns.connected == ["127.0.0.1"]
    assert receiver.requests[0].headers["Host"] == f"rebind.example:{port}"


def test_an_allowed_name_or_network_may_be_private_and_nothing_else(dns, settings):  # noqa: F811
    dns.name("laptop.lan", ["192.168.1.20"])
    dns.name("other.lan", ["192.168.2.20"])
    dns.name("metadata.lan", ["169.254.169.254"])
    settings.HYDRA_OUTBOUND_ALLOW = ["laptop.lan", "192.168.2.0/24"]
    assert address_problem("http://laptop.lan:8000/") is None
    assert address_problem("http://other.lan/") is None
    assert address_problem("http://192.168.2.7/") is None
    assert address_problem("http://metadata.lan/") is not None
    assert address_problem("http://192.168.3.7/") is not None
    assert dns.connected == []


def test_a_redirect_is_an_answer_not_followed(dns, settings):  # noqa: F811
    settings.HYDRA_OUTBOUND_ALLOW = ["127.0.0.1/32"]
    elsewhere = start_receiver(200)
    redirecting = start_receiver(302, location=elsewhere.url)
    try:
        answer = outbound_request(redirecting.url, method="POST", body=b"{}")
        with pytest.raises(OutboundError, match="302"):
            with outbound_download(redirecting.url):
                pass
    finally:
        stop_receiver(redirecting)
        stop_receiver(elsewhere)
    assert answer.status == 302 and answer.redirect and answer.headers["Location"] == elsewhere.url
    assert elsewhere.requests == []


def test_only_the_first_bytes_of_an_answer_are_read_and_kept(dns, settings):  # noqa: F811
    settings.HYDRA_OUTBOUND_ALLOW = ["127.0.0.1/32"]
    receiver = start_receiver(200, answer=b"x" * 200_000)
    try:
        answer = outbound_request(receiver.url, method="POST", body=b"{}", max_bytes=1000)
        with outbound_download(receiver.url.replace("/hook", "/big"), max_bytes=1000) as download:
            with pytest.raises(OutboundError, match="larger than 1000 bytes"):
                while download.read(400):
                    pass
    finally:
        stop_receiver(receiver)
    assert len(answer.body) == 1000 and answer.excerpt(50) == "x" * 50


def test_loopback_is_refused_without_the_operators_setting(dns, settings):  # noqa: F811
    settings.HYDRA_OUTBOUND_ALLOW = []
    receiver = start_receiver(200)
    try:
        with pytest.raises(OutboundRefused):
            outbound_request(receiver.url, method="POST", body=b"{}")
    finally:
        stop_receiver(receiver)
    assert receiver.requests == [] and dns.connected == []


# --- Nothing else calls out ------------------------------------------------------------------------------------------
ROOT = Path(__file__).resolve().parents[2]
CALLING_OUT = {"urllib.request", "http.client", "requests", "httpx", "urllib3", "aiohttp", "pycurl"}
# Development only (never installed in production): the benchmarks drive their own servers on 127.0.0.1.
NOT_PRODUCT = {"tests", "benchmarks", ".venv", "node_modules", "static", "locale", "docs"}


def _modules_that_call_out() -> list[str]:
    found = []
    for path in ROOT.rglob("*.py"):
        relative = path.relative_to(ROOT)
        if (
            relative.parts[0] in NOT_PRODUCT
            or relative.parts[0].startswith(".")
            or relative == Path("common/outbound.py")
        ):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            names += [f"{node.module}.{a.name}" for a in node.names] if isinstance(node, ast.ImportFrom) else []
            if any(n == c or n.startswith(c + ".") for n in names for c in CALLING_OUT):
                found.append(f"{relative}:{node.lineno}")
            if isinstance(node, ast.Attribute) and node.attr in ("urlopen", "create_connection"):
                found.append(f"{relative}:{node.lineno} ({node.attr})")
    return found


def test_every_request_to_another_machine_goes_through_the_outbound_helper():
    assert _modules_that_call_out() == []
