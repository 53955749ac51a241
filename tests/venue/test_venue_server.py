"""`make venue`'s server: bound to 0.0.0.0 with config.settings.venue, it answers players on a LAN address of this
machine (not loopback), shows that address and its QR code on the projector, takes a login posted from there, and
refuses a Host that isn't one of the machine's addresses."""

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher

from benchmarks.servers import worker_database_url
from common.network import host_for_url, lan_addresses
from tests.factories import EventFactory, RegistrationFactory, UserFactory
from tests.venue.hydra_server import free_port, start_hydra, stop_hydra

pytestmark = [pytest.mark.services, pytest.mark.slow]


@pytest.fixture
def venue_server(transactional_db):
    port = free_port()
    addresses = lan_addresses()
    # A machine with no network but loopback (a sandbox): a second loopback address stands in for the Wi-Fi's.
    host = host_for_url(addresses[0]) if addresses else "127.0.0.2"
    env = (
        {"PORT": str(port)}
        if addresses
        else {"PORT": str(port), "ALLOWED_HOSTS": host, "HYDRA_VENUE_URL": f"http://{host}:{port}/"}
    )
    proc = start_hydra(
        database_url=worker_database_url(),
        bind="0.0.0.0",
        port=port,
        probe=f"http://{host}:{port}/accounts/login/",
        settings_module="config.settings.venue",
        env=env,
    )
    yield f"http://{host}:{port}", proc
    stop_hydra(proc)


def test_venue_mode_serves_players_on_a_lan_address(venue_server):
    base, proc = venue_server
    assert not base.startswith(("http://127.0.0.1", "http://localhost", "http://[::1]"))
    event = EventFactory()
    RegistrationFactory(event=event)
    with urllib.request.urlopen(f"{base}/events/{event.pk}/screen/", timeout=10) as answer:
        page = answer.read().decode()
    assert answer.status == 200
    assert 'id="venue-address"' in page and f"{base}/" in page, proc.log_path.read_text()[-2000:]
    assert "<svg" in page  # the QR code, drawn on the server


def test_a_login_posted_from_the_lan_address_passes_csrf(venue_server):
    base, _proc = venue_server
    # The server hashes with Django's default hashers (the tests' own is a fast MD5 it doesn't know).
    user = UserFactory(username="alice")
    user.password = PBKDF2PasswordHasher().encode("pw-for-tests", "venuesalt1234567")
    user.save(update_fields=["password"])
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    form = opener.open(f"{base}/accounts/login/", timeout=10).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    body = urllib.parse.urlencode({"username": "alice", "password": "pw-for-tests", "csrfmiddlewaretoken": token})
    request = urllib.request.Request(
        f"{base}/accounts/login/",
        data=body.encode(),
        method="POST",
        headers={"Origin": base, "Referer": f"{base}/accounts/login/"},
    )
    answer = opener.open(request, timeout=10)
    assert answer.status == 200 and answer.url == f"{base}/"  # redirected home, signed in
    assert "sessionid" in {cookie.name for cookie in jar}


def test_a_host_that_is_not_the_machines_is_refused(venue_server):
    base, _proc = venue_server
    request = urllib.request.Request(f"{base}/accounts/login/", headers={"Host": "hydra.evil.example"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 400
