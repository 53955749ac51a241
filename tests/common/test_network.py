import ipaddress

from common.network import host_for_url, join_url, lan_addresses, venue_hosts


def test_lan_addresses_are_this_machines_and_never_loopback_or_link_local():
    for address in lan_addresses():
        ip = ipaddress.ip_address(address)
        assert not (ip.is_loopback or ip.is_link_local or ip.is_multicast)


def test_hosts_and_origins_cover_every_address_on_the_port():
    hosts, origins = venue_hosts(addresses=["192.168.1.20", "fd00::2"], port=8000, extra=("hydra.local",))
    assert hosts == ["localhost", "127.0.0.1", "[::1]", "hydra.local", "192.168.1.20", "[fd00::2]"]
    assert "http://192.168.1.20:8000" in origins and "http://[fd00::2]:8000" in origins
    assert "http://192.168.1.20" not in origins


def test_join_url_prefers_the_first_address_and_drops_port_80():
    assert join_url(addresses=["10.0.0.5", "fd00::2"], port=8000) == "http://10.0.0.5:8000/"
    assert join_url(addresses=["fd00::2"], port=80) == "http://[fd00::2]/"
    assert join_url(addresses=[], port=8000) == "http://127.0.0.1:8000/"
    assert host_for_url("fd00::2") == "[fd00::2]"
