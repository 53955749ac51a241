"""The layering of docs/architecture.md, made a test (issue 33).

Reads every import of the project's modules (not migrations, not tests), inside functions too, and checks:
- each import between apps against LAYERS/MAY_IMPORT (which app may import which);
- each rules engine (ENGINES) imports no Django models and nothing of the project but other engines and enums;
- no circle of imports between modules;
- no import inside a function without its reason ("cycle:" or "lazy:") beside or above it.
Today's remaining breaks are listed (KNOWN_VIOLATIONS, KNOWN_CIRCLES), each with the step of issue 33 that removes
it. The test fails on a new one, and also when a listed one is gone, so the lists only shrink.
"""

import ast
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

COMMON, CONFIG, DOMAIN, FRONT_END, DEVELOPMENT = "common", "config", "domain", "front-end", "development"
LAYERS = {
    "common": COMMON,
    "config": CONFIG,
    "cards": DOMAIN,
    "tournaments": DOMAIN,
    "drafting": DOMAIN,
    "sealed": DOMAIN,
    "sharedgame": DOMAIN,
    "ratings": DOMAIN,
    "signup": DOMAIN,
    "judging": DOMAIN,
    "webhooks": DOMAIN,
    "eventfile": DOMAIN,
    "series": DOMAIN,
    "organizations": DOMAIN,
    "fees": DOMAIN,
    "multiplayer": DOMAIN,
    "notifications": DOMAIN,
    "portal": FRONT_END,
    "desk": FRONT_END,
    "api": FRONT_END,
    "overlays": FRONT_END,
    "venue": FRONT_END,
    "health": FRONT_END,
    "benchmarks": DEVELOPMENT,
}
_FEATURES = {"drafting", "sealed", "sharedgame", "ratings", "signup", "judging", "multiplayer"}
_DOMAIN_APPS = {app for app, layer in LAYERS.items() if layer == DOMAIN}
# Which apps each app may import besides itself and `common` (which imports nothing of the project).
MAY_IMPORT = {
    "common": set(),
    "cards": set(),
    "tournaments": {"cards"},
    "drafting": {"tournaments", "cards"},
    "sealed": {"tournaments", "cards", "drafting"},  # a drafted pool becomes a sealed pool; never the other way
    "sharedgame": {"tournaments", "cards"},
    "ratings": {"tournaments", "multiplayer"},  # multiplayer tables are rated too (docs/multiplayer.md)
    "signup": {"tournaments", "cards", "ratings", "series"},  # the player's one page shows their ratings and series
    "judging": {"tournaments", "cards"},
    # a season across events, its prizes by fees' lines (issue 44), its feed by the stores' calendar (issue 53)
    "series": {"tournaments", "ratings", "fees", "organizations"},
    "organizations": {"tournaments"},  # stores and networks of stores, their members and calendars (issue 53)
    "fees": {"tournaments"},  # entry fees and prizes (issue 44)
    "multiplayer": {"tournaments"},  # multiplayer tables (issue 43; the app was `pods` until issue 55)
    "webhooks": {"tournaments"} | _FEATURES,  # tells the outside world what the features did
    "eventfile": {"tournaments", "cards", "fees"} | _FEATURES,  # one event, whole, in one file (its fees too)
    "notifications": {"tournaments"} | _FEATURES,  # tells a player what the features did to them (issue 41)
    **{front_end: _DOMAIN_APPS for front_end, layer in LAYERS.items() if layer == FRONT_END},
    "config": set(LAYERS),  # settings and the URL root know every app; no app imports config
    # Development only (not installed in production): drives the product from outside, as a client and an operator
    # would, so it may import every app; not config (a task goes through celery's current_app), and no app imports it.
    "benchmarks": set(LAYERS) - {"config", "benchmarks"},
}
# Rules engines: pure Python over plain data (CONTRIBUTING.md), so no ORM, no request, no other layer.
ENGINES = {
    "tournaments.pairing",
    "tournaments.standings",
    "tournaments.topcut",
    "tournaments.placements",
    "tournaments.phases",
    "tournaments.scoring",
    "tournaments.simulation",
    "tournaments.entry",
    "tournaments.clock",
    "tournaments.structures",
    "tournaments.daytwo",
    "drafting.rochester",
    "drafting.passing",
    "drafting.booster",
    "drafting.thg",
    "drafting.called",
    "cards.decklist",
    "cards.deckrules",
    "cards.names",
    "cards.commander",
    "ratings.elo",
    "ratings.openskill_model",
    "ratings.simulation",
    "sealed.rules",
    "sharedgame.rules",
    "series.standings",
    "fees.prizes",
    "multiplayer.engine",
    "common.textlist",  # not an engine, but as pure: the engines list names in the reader's language with it
}
_ENGINE_MAY_IMPORT_DJANGO = ("django.utils.translation",)

# Issue 33 took every break of the layering and every circle away; a new one fails the tests below. The lists stay
# (empty) so that a break that can't be fixed at once is written down with the step that will remove it.
KNOWN_VIOLATIONS: dict[str, str] = {}
KNOWN_CIRCLES: list[tuple[set[str], str]] = []


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    """Every module of the project's apps (LAYERS), without migrations."""
    modules = {}
    for app in LAYERS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" not in path.parts:
                modules[_module_name(path)] = path
    return modules


def imported_names(tree: ast.AST, *, package: str, modules=()) -> set[str]:
    """Every dotted name the module imports (relative imports resolved against `package`), at any depth; for
    `from a import b`, `a.b`, and `a` too unless every name taken from it is a module of its own (`modules`)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            taken = {f"{base}.{alias.name}" for alias in node.names}
            names.update(taken)
            if not taken <= set(modules):
                names.add(base)
    return names


def import_graph(modules: dict[str, Path]) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(module -> project modules it imports, module -> every name it imports)."""
    graph, raw = {}, {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        raw[name] = imported_names(ast.parse(path.read_text(encoding="utf-8")), package=package, modules=modules)
        targets = set()
        for imported in raw[name]:
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                targets.add(imported)
        graph[name] = targets
    return graph, raw


def _app(module: str) -> str:
    return module.split(".")[0]


def layering_violations(graph: dict[str, set[str]], raw: dict[str, set[str]]) -> set[str]:
    """Edges "a.b -> c.d" that break MAY_IMPORT or the engines' purity."""
    found = set()
    for source, targets in graph.items():
        allowed = MAY_IMPORT[_app(source)] | {_app(source), "common"}
        for target in targets:
            if _app(target) not in allowed or (source in ENGINES and target not in ENGINES):
                found.add(f"{source} -> {target}")
    for source in ENGINES:
        for name in raw.get(source, ()):
            if name.startswith("django.") and not name.startswith(_ENGINE_MAY_IMPORT_DJANGO):
                found.add(f"{source} -> {'.'.join(name.split('.')[:2])}")
    return found


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(frozenset(component))
    return found


def test_every_app_has_a_layer_and_its_imports_a_rule():
    apps = {path.parent.name for path in ROOT.glob("*/__init__.py")} - {"tests", "scripts"}
    assert apps == set(LAYERS) == set(MAY_IMPORT)
    assert ENGINES <= set(project_modules())


def test_the_checks_see_what_they_should():
    graph = {
        "cards.x": {"tournaments.y"},
        "tournaments.y": {"cards.x"},
        "portal.a": {"desk.b"},
        "desk.b": set(),
        "tournaments.pairing": {"tournaments.models"},
        "tournaments.models": set(),
    }
    raw = {"tournaments.pairing": {"django.db.models", "django.utils.translation"}}
    assert layering_violations(graph, raw) == {
        "cards.x -> tournaments.y",
        "portal.a -> desk.b",
        "tournaments.pairing -> tournaments.models",
        "tournaments.pairing -> django.db",
    }
    assert circles(graph) == [frozenset({"cards.x", "tournaments.y"})]
    assert imported_names(ast.parse("from . import a\nfrom ..b import c"), package="x.y") == {
        "x.y",
        "x.y.a",
        "x.b",
        "x.b.c",
    }


def test_no_import_breaks_the_layering_but_the_listed_ones():
    graph, raw = import_graph(project_modules())
    found = layering_violations(graph, raw)
    assert sorted(found - set(KNOWN_VIOLATIONS)) == [], "new imports against docs/architecture.md"
    assert sorted(set(KNOWN_VIOLATIONS) - found) == [], "gone: take them off KNOWN_VIOLATIONS and the docs' count"


def test_no_circle_of_imports_but_the_listed_ones():
    graph, _raw = import_graph(project_modules())
    found = {frozenset(c) for c in circles(graph)}
    known = {frozenset(c) for c, _step in KNOWN_CIRCLES}
    assert sorted(map(sorted, found - known)) == [], "new (or changed) circles of imports"
    assert sorted(map(sorted, known - found)) == [], "gone or changed: update KNOWN_CIRCLES and the docs' count"


# An import inside a function hides an edge from a reader (issue 33). It stays only with its reason on its line or in
# the comment above it (or above the run of imports it belongs to): "cycle:" (it breaks a real cycle at start-up,
# named) or "lazy:" (something heavy or optional, loaded only where it is needed). AppConfig.ready and settings import
# inside by Django's design; the bench_* commands are development tools (step "benchmarks").
INNER_IMPORT_REASONS = ("cycle:", "lazy:")


def _is_exempt(module: str, path: Path, function: str) -> bool:
    return module.startswith("config.settings") or (module.endswith(".apps") and function == "ready")


def inner_imports_without_reason(modules: dict[str, Path]) -> list[str]:
    """ "path:line" of every import inside a function without a "cycle:" or "lazy:" reason beside or above it."""
    found = []
    for module, path in modules.items():
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()

        def visit(node, function):
            for child in ast.iter_child_nodes(node):
                is_import = isinstance(child, (ast.Import, ast.ImportFrom))
                if is_import and function and not _is_exempt(module, path, function):
                    if not _has_reason(lines, child.lineno):
                        found.append(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{child.lineno}")
                inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
                visit(child, inner)

        visit(ast.parse(text), None)
    return sorted(found)


def _has_reason(lines: list[str], lineno: int) -> bool:
    index = lineno - 1
    if any(reason in lines[index] for reason in INNER_IMPORT_REASONS):
        return True
    index -= 1
    while index >= 0 and lines[index].strip().startswith(("#", "import ", "from ")):
        if any(reason in lines[index] for reason in INNER_IMPORT_REASONS):
            return True
        index -= 1
    return False


def test_the_inner_import_check_sees_what_it_should(tmp_path):
    source = (
        "def f():\n    import a\n\n\ndef g():\n    # lazy: heavy\n    import b\n    from c import d\n\n\n"
        "def h():\n    import e  # cycle: e -> this -> e at start-up\n\n\nclass C:\n    def ready(self):\n"
        "        import f\n"
    )
    (tmp_path / "apps.py").write_text(source, encoding="utf-8")
    assert [spot.rpartition(":")[2] for spot in inner_imports_without_reason({"x.apps": tmp_path / "apps.py"})] == ["2"]
    (tmp_path / "other.py").write_text(source, encoding="utf-8")
    assert [spot.rpartition(":")[2] for spot in inner_imports_without_reason({"x.other": tmp_path / "other.py"})] == [
        "17",
        "2",
    ]


def test_every_import_inside_a_function_says_why():
    assert inner_imports_without_reason(project_modules()) == [], (
        "move the import to the top of its module, or say why it can't be there (docs/architecture.md)"
    )


def test_the_counts_in_docs_architecture_are_todays():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert f"{len(KNOWN_VIOLATIONS)} imports against the layering" in text
    assert f"{len(KNOWN_CIRCLES)} circles" in text


def app_edges() -> dict[str, set[str]]:
    """App -> apps it imports (for docs/architecture.md)."""
    graph, _raw = import_graph(project_modules())
    edges = defaultdict(set)
    for source, targets in graph.items():
        edges[_app(source)].update(_app(t) for t in targets if _app(t) != _app(source))
    return edges


# --- Templates (issue 55) ---------------------------------------------------------------------------------------------
# A template's {% load %} is an import too: it runs the library's Python, which reads its app's data. So each load is
# checked against MAY_IMPORT like an import: a template belongs to the app of its folder (templates/<app>/..., or an
# app's own templates/ dir; templates/registration/, the accounts pages Django's auth renders, to the portal, whose
# accounts.py serves them), a library to the app whose templatetags/ holds it (common's `formatting` too, which the
# settings name since common is no installed app); Django's and other packages' libraries (i18n, static, admin_*,
# ...) are outside the layering, as their imports are. The site's frame, the templates at the top of templates/
# (base.html, print_base.html), is SITE: like config it knows every app (its menu asks tournaments' rights), and
# every page may extend or include it. {% include %} and {% extends %} of another app's template (a literal name) are
# checked the same way.
SITE = "site"
TEMPLATE_FOLDER_OWNERS = {"registration": "portal"}
_LOAD = re.compile(r"{%\s*load\s+(.*?)\s*%}")
_INCLUDE = re.compile(r"{%\s*(include|extends)\s+[\"']([^\"']+)[\"']")

# Includes and extends across the layering left as they are, each with its reason (none today). A new one fails.
KNOWN_TEMPLATE_VIOLATIONS: dict[str, str] = {}


def template_files() -> dict[str, tuple[str, Path]]:
    """Template name -> (the app it belongs to, its file): templates/ first, then the apps' own templates/ dirs."""
    found = {}
    roots = [(ROOT / "templates", None)] + [(ROOT / app / "templates", app) for app in LAYERS]
    for root, app in roots:
        for path in sorted(root.rglob("*")) if root.is_dir() else ():
            if path.is_file():
                name = path.relative_to(root).as_posix()
                found.setdefault(name, (app or template_owner(name), path))
    return found


def template_owner(name: str) -> str | None:
    """The app a template name belongs to: its folder's app, SITE at the top; None for another package's (admin/)."""
    folder, _slash, _rest = name.partition("/")
    if not _slash:
        return SITE
    folder = TEMPLATE_FOLDER_OWNERS.get(folder, folder)
    return folder if folder in LAYERS else None


def template_libraries() -> dict[str, str]:
    """Library name -> the app whose templatetags/ holds it; each name is one app's (Django finds one module)."""
    libraries: dict[str, str] = {}
    for app in LAYERS:
        for path in sorted((ROOT / app / "templatetags").glob("*.py")):
            if path.stem != "__init__":
                assert path.stem not in libraries, f"two template libraries named {path.stem!r}"
                libraries[path.stem] = app
    return libraries


def template_references(text: str) -> tuple[set[str], set[str]]:
    """(the libraries a template loads, the template names it includes or extends by a literal name)."""
    loads = set()
    for match in _LOAD.finditer(text):
        words = match.group(1).split()
        loads.update(words[-1:] if "from" in words else words)  # {% load a b from library %}
    return loads, {name for _tag, name in _INCLUDE.findall(text)}


def _may_use(source: str, target: str) -> bool:
    if target in (source, "common", SITE) or source in (SITE, "config"):
        return True
    return target in MAY_IMPORT.get(source, set())


def template_violations(templates: dict[str, tuple[str, Path]], libraries: dict[str, str]) -> tuple[set[str], set[str]]:
    """("template loads library (app)" for each load against the layering, "template includes|extends other" for
    each include or extends of a template of an app it may not import)."""
    loads, includes = set(), set()
    for name, (owner, path) in templates.items():
        loaded, included = template_references(path.read_text(encoding="utf-8"))
        for library in sorted(loaded):
            if library in libraries and not _may_use(owner, libraries[library]):
                loads.add(f"{name} ({owner}) loads {library} ({libraries[library]})")
        for other in sorted(included):
            target = template_owner(other)
            if target is not None and not _may_use(owner, target):
                includes.add(f"{name} ({owner}) includes {other} ({target})")
    return loads, includes


def test_the_template_check_sees_what_it_should(tmp_path):
    (tmp_path / "drafting").mkdir()
    (tmp_path / "drafting" / "pool.html").write_text(
        '{% extends "base.html" %}{% load i18n desk cards %}{% load clock from portal %}'
        '{% include "portal/_x.html" %}{% include "tournaments/_y.html" %}{% include "admin/z.html" %}',
        encoding="utf-8",
    )
    (tmp_path / "base.html").write_text("{% load static i18n desk %}", encoding="utf-8")
    (tmp_path / "portal").mkdir()
    (tmp_path / "portal" / "page.html").write_text(
        '{% load desk tournaments %}{% include "desk/_a.html" %}', encoding="utf-8"
    )
    templates = {
        name: (template_owner(name), tmp_path / name)
        for name in ("drafting/pool.html", "base.html", "portal/page.html")
    }
    libraries = {"desk": "desk", "portal": "portal", "cards": "cards", "tournaments": "tournaments"}
    assert template_violations(templates, libraries) == (
        {
            "drafting/pool.html (drafting) loads desk (desk)",
            "drafting/pool.html (drafting) loads portal (portal)",
            "portal/page.html (portal) loads desk (desk)",
        },
        {
            "drafting/pool.html (drafting) includes portal/_x.html (portal)",
            "portal/page.html (portal) includes desk/_a.html (desk)",
        },
    )
    assert template_owner("registration/login.html") == "portal" and template_owner("admin/base.html") is None


def test_no_template_loads_a_library_against_the_layering():
    loads, _includes = template_violations(template_files(), template_libraries())
    assert sorted(loads) == [], "template libraries loaded against docs/architecture.md (move the tag to its owner)"


def test_no_template_includes_or_extends_another_layers_template_but_the_listed_ones():
    _loads, found = template_violations(template_files(), template_libraries())
    assert sorted(found - set(KNOWN_TEMPLATE_VIOLATIONS)) == [], "new includes against docs/architecture.md"
    assert sorted(set(KNOWN_TEMPLATE_VIOLATIONS) - found) == [], "gone: take them off KNOWN_TEMPLATE_VIOLATIONS"
