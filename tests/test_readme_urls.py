"""Every path the README advertises answers: none of them is a 404."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import Resolver404, resolve

README = Path(settings.BASE_DIR) / "README.md"


def _paths() -> list[str]:
    found = re.findall(r"`(/[^`\s]*)`", README.read_text(encoding="utf-8"))
    return sorted({p for p in found if "<" not in p})


@pytest.mark.parametrize("path", _paths())
def test_readme_path_resolves(path):
    try:
        resolve(path)
    except Resolver404:
        pytest.fail(f"README.md advertises {path}, which answers 404")


@pytest.mark.django_db
def test_live_index_lists_my_shared_games_and_asks_strangers_to_sign_in(client):
    from tests.factories import SharedMatchFactory

    match = SharedMatchFactory()
    assert client.get("/live/").status_code == 302
    client.force_login(match.team_a.seats.get(letter="A").player.user)
    page = client.get("/live/").content.decode()
    assert f'href="/live/match/{match.pk}/"' in page and match.team_b.team.name in page
    other = SharedMatchFactory()
    assert f"/live/match/{other.pk}/" not in client.get("/live/").content.decode()
