"""Push and pull call the other Hydra through the one outbound helper (common/outbound.py, issue 37)."""

import pytest

from eventfile.remote import RemoteError, event_pull
from tests.common.fakedns import dns  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db


def test_a_hydra_outside_the_public_internet_is_refused_unless_the_operator_allows_it(dns, settings):  # noqa: F811
    settings.HYDRA_OUTBOUND_ALLOW = []
    dns.name("laptop.lan", ["192.168.1.20"])
    with pytest.raises(RemoteError, match="public internet"):
        event_pull(source="http://laptop.lan:8000", token="x", remote_id=1)
    assert dns.connected == []
    settings.HYDRA_OUTBOUND_ALLOW = ["laptop.lan"]  # venue mode's sync to a laptop: allowed, and only then tried
    with pytest.raises(RemoteError, match="Cannot reach"):
        event_pull(source="http://laptop.lan:8000", token="x", remote_id=1)
    assert dns.connected == ["192.168.1.20"]  # refused by the guard before any packet left
