"""Card data downloads go through the one outbound helper (common/outbound.py, issue 37)."""

import pytest

from cards.download import DownloadError, card_data_download
from tests.common.fakedns import dns  # noqa: F401 - the fixture


@pytest.mark.parametrize("url", ["http://169.254.169.254/AllPrintings.json.xz", "http://mirror.example/a.json.xz"])
def test_a_mirror_outside_the_public_internet_is_refused_before_any_connection(url, dns, settings, tmp_path):  # noqa: F811
    settings.HYDRA_OUTBOUND_ALLOW = []
    dns.name("mirror.example", ["10.0.0.5"])
    with pytest.raises(DownloadError, match="public internet"):
        card_data_download(url=url, directory=tmp_path)
    assert dns.connected == [] and list(tmp_path.iterdir()) == []
