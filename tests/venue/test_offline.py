"""Venue mode needs no internet: no page, style or script of Hydra loads anything from another host."""

import re
from pathlib import Path

from django.conf import settings

EXTERNAL = re.compile(
    r"""(?:src|href)\s*=\s*["']\s*(?:https?:)?//"""  # <script src="https://...">, <link href="//cdn...">
    r"""|url\(\s*["']?\s*(?:https?:)?//"""  # CSS url(https://...)
    r"""|@import\s+["']?(?:url\()?\s*["']?(?:https?:)?//""",
    re.IGNORECASE,
)


def _files(folder: str, *suffixes: str):
    root = Path(settings.BASE_DIR) / folder
    return [p for p in root.rglob("*") if p.suffix in suffixes and "vendor" not in p.parts]


def test_no_template_style_or_script_loads_from_another_host():
    found = []
    for path in _files("templates", ".html") + _files("static", ".css", ".js"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if EXTERNAL.search(line):
                found.append(f"{path.relative_to(settings.BASE_DIR)}:{number}: {line.strip()[:120]}")
    assert found == []


def test_the_pattern_catches_what_it_should():
    for line in (
        '<script src="https://cdn.example/x.js">',
        "<link href='//fonts.example/css'>",
        "background: url(https://img.example/a.png)",
        '@import "https://x.example/a.css";',
    ):
        assert EXTERNAL.search(line), line
    for line in ("<a href=\"{% url 'portal:event' event.pk %}\">", '<img src="data:,">', "url(data:image/svg+xml;...)"):
        assert not EXTERNAL.search(line), line
