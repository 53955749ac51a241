"""The forwarded-address rule (common/clientip.py): one setting, NUM_PROXIES, that Django and the server both follow
(issue 29; tests/config/test_forwarded_for.py runs it through a real server)."""

import pytest

from common.clientip import num_proxies, server_forwarded_allow_ips


def test_the_server_trusts_forwarded_headers_only_when_num_proxies_says_so():
    assert server_forwarded_allow_ips({"NUM_PROXIES": "0", "FORWARDED_ALLOW_IPS": "*"}) == ""
    assert server_forwarded_allow_ips({}) == ""
    assert server_forwarded_allow_ips({"NUM_PROXIES": "1"}) == "127.0.0.1"
    assert server_forwarded_allow_ips({"NUM_PROXIES": "2", "FORWARDED_ALLOW_IPS": "10.0.0.2"}) == "10.0.0.2"
    with pytest.raises(ValueError, match="NUM_PROXIES must be a whole number"):
        num_proxies({"NUM_PROXIES": "one"})
