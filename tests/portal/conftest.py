"""Fixtures of the portal tests: the scene (tests/portal/scene.py)."""

import pytest
from django.core.cache import cache

from tests.portal.scene import Scene, make_scene


@pytest.fixture(autouse=True)
def _fresh_cache():
    # Sign-up attempts are counted in the cache (portal.accounts); each test starts with none.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def scene(db) -> Scene:
    return make_scene()
