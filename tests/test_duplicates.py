"""Nothing stands twice (issue 33): no block of six or more identical lines of Python in two files of the product.

Uses pylint's similarity checker (`pylint.checkers.symilar.Symilar`, the engine behind pylint's duplicate-code
message, R0801) with the options docs/architecture.md names: at least 6 lines, with imports, signatures, comments
and docstrings ignored. Tests and migrations are left out: a test may spell its data out twice, and a migration is
written once by makemigrations and never edited. docs/architecture.md ("Duplicates") says what remains of the same
*shape* and why; this test holds the line on blocks that are the same to the letter.

pylint finds the imports and signatures to ignore by parsing every file with astroid, which takes 15 to 40 seconds
over the product; the standard library's `ast` finds the same lines in about one, so the test blanks them itself
and hands Symilar the rest with those two options off (the line numbers stay those of the file). It compares
statements, not the lines a formatter lays them out on: a statement over several lines is one line for the check
(`_statements`).
"""

import ast
import io
import tokenize
from pathlib import Path

from pylint.checkers.symilar import Symilar

ROOT = Path(__file__).resolve().parents[1]
MIN_LINES = 6
# Not product code: the tests themselves, the generated migrations, and what is not Python below the root.
_SKIP_PARTS = {"tests", "migrations", ".venv", "node_modules", "static", "templates", "locale", "docs"}


def _product_files() -> list[Path]:
    return sorted(path for path in ROOT.rglob("*.py") if not _SKIP_PARTS & set(path.relative_to(ROOT).parts[:-1]))


def _functions(node: ast.AST):
    """The functions pylint's ignore-signatures sees: in the module's, classes' and functions' bodies."""
    for child in getattr(node, "body", ()):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield child
        if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from _functions(child)


def _ignored_lines(source: str) -> set[int]:
    """The lines of imports and of function signatures (up to the first statement after the docstring, as astroid
    counts a function's body), as pylint's --ignore-imports and --ignore-signatures drop them."""
    tree = ast.parse(source)
    ignored = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            ignored.update(range(node.lineno, node.end_lineno + 1))
    for function in _functions(tree):
        body = function.body
        if ast.get_docstring(function, clean=False) is not None:
            body = body[1:]
        ignored.update(range(function.lineno, body[0].lineno if body else function.end_lineno + 1))
    return ignored


_LAYOUT = {
    tokenize.NL,
    tokenize.NEWLINE,
    tokenize.COMMENT,
    tokenize.INDENT,
    tokenize.DEDENT,
    tokenize.ENCODING,
    tokenize.ENDMARKER,
}


def _statements(source: str) -> str:
    """The source one statement a line, each written as its tokens alone (single spaces, no comment, no trailing
    comma before a closing bracket) on its first line, its other lines left blank: the check compares statements
    whatever the layout (issue 55: ruff format lays a long call or list out one item a line, and the same call on
    one line or six is the same code). Line numbers stay those of the file."""
    lines = source.splitlines(True)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return source
    statement: list[tokenize.TokenInfo] = []
    for token in tokens:
        if token.type not in _LAYOUT:
            statement.append(token)
        elif token.type == tokenize.NEWLINE and statement:
            first, last = statement[0].start[0], token.start[0]
            words = [t.string.replace("\n", " ") for t in statement]
            words = [w for i, w in enumerate(words) if not (w == "," and i + 1 < len(words) and words[i + 1] in ")]}")]
            lines[first - 1] = " ".join(words) + "\n"
            lines[first:last] = ["\n"] * (last - first)
            statement = []
    return "".join(lines)


def _symilar(sources: dict[str, str]) -> list[str]:
    """Each pair of places that share MIN_LINES or more identical lines, as `a.py:10-20 ~ b.py:30-40 (n lines)`."""
    # Symilar reports a run only when it has *more* than min_lines lines with code, so one less asks for MIN_LINES.
    symilar = Symilar(min_lines=MIN_LINES - 1, ignore_comments=True, ignore_docstrings=True)
    for name, source in sources.items():
        ignored = _ignored_lines(source)
        lines = ["\n" if number in ignored else line for number, line in enumerate(source.splitlines(True), 1)]
        symilar.append_stream(name, io.StringIO(_statements("".join(lines))))
    return [
        f"{sim.fst_lset.name}:{sim.fst_file_start + 1}-{sim.fst_file_end} ~ "
        f"{sim.snd_lset.name}:{sim.snd_file_start + 1}-{sim.snd_file_end} ({sim.cmn_lines_nb} lines)"
        for sim in symilar._iter_sims()  # the checker's own pairing, without its printing
    ]


def test_duplicates_product_has_no_identical_python_blocks():
    files = _product_files()
    assert len(files) > 300  # the walk finds the product, so an empty answer means something
    sources = {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8") for path in files}
    assert _symilar(sources) == []


def test_duplicates_checker_finds_a_copied_block_but_not_its_signature_or_imports():
    block = "".join(f"    total = total + {n} * value\n" for n in range(MIN_LINES - 1))
    sources = {
        name: f"import os\nfrom pathlib import Path\n\n\ndef {name}(value):\n    total = 0\n{block}"
        for name in ("one", "two")
    }
    assert _symilar(sources) == ["one:6-11 ~ two:6-11 (6 lines)"]
    # The same signature, imports and docstring with one line less of body: not a duplicate.
    short = {name: f'import os\n\n\ndef same(value):\n    """Docs."""\n{block}' for name in ("one", "two")}
    assert _symilar(short) == []


def test_duplicates_checker_compares_statements_whatever_their_layout():
    """A block copied once on one line a statement and once as ruff format lays its long calls out is the same block;
    a statement written over several lines is one line for the check."""
    dense = "".join(f"    total = total + call({n}, value)  # note\n" for n in range(MIN_LINES))
    spread = "".join(f"    total = total + call(\n        {n},\n        value,\n    )\n" for n in range(MIN_LINES))
    sources = {
        "dense": f"def dense(value):\n    total = 0\n{dense}",
        "spread": f"def spread(value):\n    total = 0\n{spread}",
    }
    found = _symilar(sources)
    assert len(found) == 1 and found[0].startswith("dense:2-") and "~ spread:2-" in found[0]
    one_list = {name: f"NAMES = [\n{''.join(f'    {i!r},{chr(10)}' for i in range(9))}]\n" for name in ("a", "b")}
    assert _symilar(one_list) == []  # nine names in one list: one statement, not nine lines
