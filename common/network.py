"""The laptop's addresses on the venue's network, and the settings that let players reach Hydra there (pure: no
Django). `make venue` (config/settings/venue.py) binds 0.0.0.0 and allows every address found here."""

import ipaddress

import ifaddr


def lan_addresses() -> list[str]:
    """Every address of this machine players could reach it by: IPv4 and global IPv6, not loopback and not
    link-local; private IPv4 first (the venue's Wi-Fi), in a stable order."""
    found: set[ipaddress.IPv4Address | ipaddress.IPv6Address] = set()
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            raw = ip.ip[0] if isinstance(ip.ip, tuple) else ip.ip
            try:
                address = ipaddress.ip_address(raw.split("%")[0])
            except ValueError:
                continue
            if address.is_loopback or address.is_link_local or address.is_multicast or address.is_unspecified:
                continue
            found.add(address)
    return [str(a) for a in sorted(found, key=lambda a: (a.version, not a.is_private, a))]


def host_for_url(address: str) -> str:
    """An address as it goes in a URL or Host header: IPv6 in brackets."""
    return f"[{address}]" if ":" in address else address


def venue_hosts(*, addresses: list[str], port: int, extra: tuple[str, ...] = ()) -> tuple[list[str], list[str]]:
    """ALLOWED_HOSTS and CSRF_TRUSTED_ORIGINS for these addresses on `port` (plus loopback and `extra` names)."""
    hosts = ["localhost", "127.0.0.1", "[::1]", *extra, *(host_for_url(a) for a in addresses)]
    hosts = list(dict.fromkeys(hosts))
    origins = [f"http://{h}:{port}" for h in hosts] + ([f"http://{h}" for h in hosts] if port == 80 else [])
    return hosts, origins


def join_url(*, addresses: list[str], port: int) -> str:
    """The address players open: the first LAN address (a private IPv4 when there is one)."""
    host = host_for_url(addresses[0]) if addresses else "127.0.0.1"
    return f"http://{host}/" if port == 80 else f"http://{host}:{port}/"
