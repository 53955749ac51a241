"""`make lint` holds (issue 55): ruff's rules pass on the tree and mypy on the rules engines and the services, with the
settings in pyproject.toml; and mypy's list of engines is the layering test's, so a new engine is type-checked too.
Skipped, saying why, where ruff or mypy isn't installed (requirements-dev.txt pins both); CI installs them."""

import shutil
import subprocess
import sys
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

from tests.test_layering import ENGINES

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    path = BIN / name
    if path.exists():
        return str(path)
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (pip install -r requirements-dev.txt)")
    return found


def _mypy_files() -> list[str]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["files"]


def test_lint_ruff_check_passes_on_the_tree():
    result = subprocess.run(
        [_tool("ruff"), "check", "--no-cache", "--output-format", "concise", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_lint_mypy_passes_on_the_engines_and_services():
    result = subprocess.run(
        [_tool("mypy"), "--no-incremental", "--cache-dir", "/dev/null"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_lint_mypy_checks_every_rules_engine():
    """Each engine tests/test_layering.py knows (docs/architecture.md, "Engines are pure") is in mypy's files."""
    patterns = _mypy_files()
    paths = {module: module.replace(".", "/") + ".py" for module in ENGINES}
    assert all((ROOT / path).exists() for path in paths.values())
    unchecked = sorted(module for module, path in paths.items() if not any(fnmatch(path, p) for p in patterns))
    assert unchecked == []


def test_lint_mypy_checks_the_services():
    patterns = _mypy_files()
    services = sorted(str(path.relative_to(ROOT)) for path in ROOT.glob("*/services*.py"))
    services += sorted(str(path.relative_to(ROOT)) for path in ROOT.glob("*/services/*.py"))
    assert len(services) > 20
    assert [path for path in services if not any(fnmatch(path, p) for p in patterns)] == []


def test_lint_runs_in_ci_before_the_tests():
    """CI's script runs `make lint`, and the Makefile's lint target runs the three checks."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "make lint" in ci and ci.index("make lint") < ci.index("make test")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = makefile.split("\nlint:", 1)[1].split("\n\n", 1)[0]
    assert "ruff check" in lint and "ruff format --check" in lint and "mypy" in lint
