"""Every setting Hydra's code reads is declared in config/settings (issue 33): none lives only as the default of a
`getattr(settings, X, default)` somewhere, where neither a reader of the settings nor an operator finds it."""

import ast
from pathlib import Path

from django.conf import global_settings

from config.settings import base

ROOT = Path(__file__).resolve().parents[2]
SKIP = {".venv", "node_modules", "tests", "migrations", "locale", "static", "templates", "var"}
# Libraries' own settings with their own defaults (django-axes).
LIBRARY_DEFAULTS = {"AXES_USERNAME_FORM_FIELD"}


def _project_files():
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        if not SKIP.intersection(parts) and not parts[0].startswith("."):
            yield path


def settings_read(tree: ast.AST) -> set[str]:
    """Names read as settings.NAME or getattr(settings, "NAME", ...)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "settings":
            if node.attr.isupper():
                names.add(node.attr)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "getattr"
            and len(node.args) >= 2
            and isinstance(node.args[0], ast.Name)
            and node.args[0].id == "settings"
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
        ):
            names.add(node.args[1].value)
    return names


def test_the_reader_finds_both_ways_of_reading():
    tree = ast.parse("settings.A_B\ngetattr(settings, 'C_D', 1)\nother.E_F\nsettings.lower")
    assert settings_read(tree) == {"A_B", "C_D"}


def test_every_setting_read_by_the_code_is_declared():
    undeclared = {}
    for path in _project_files():
        for name in settings_read(ast.parse(path.read_text(encoding="utf-8"))):
            if not (hasattr(base, name) or hasattr(global_settings, name) or name in LIBRARY_DEFAULTS):
                undeclared.setdefault(name, []).append(str(path.relative_to(ROOT)))
    assert undeclared == {}
