"""The site's full address for links sent by e-mail (common/siteurl.py)."""

from common.siteurl import site_absolute_url


def test_site_absolute_url_uses_the_configured_address(settings):
    settings.HYDRA_SITE_URL = "https://hydra.example.org/"
    assert site_absolute_url("/invitations/3/") == "https://hydra.example.org/invitations/3/"


def test_site_absolute_url_falls_back_to_the_first_real_allowed_host(settings):
    settings.HYDRA_SITE_URL = ""
    settings.HYDRA_VENUE = False
    settings.ALLOWED_HOSTS = [".example.org", "store.example.net", "localhost"]
    assert site_absolute_url("invitations/3/") == "http://store.example.net/invitations/3/"
