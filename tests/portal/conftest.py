"""Fixtures of the portal tests: the scene (tests/portal/scene.py)."""
import pytest

from tests.portal.scene import Scene, make_scene


@pytest.fixture
def scene(db) -> Scene:
    return make_scene()
