#!/usr/bin/env python
"""Run the benchmarks (`make bench`): each `bench_*` command in turn, its output as it comes, then every command's
last line (the JSON figures each one ends with) collected into one JSON list, printed and kept in
var/bench/last.json.

With no names it runs the fast, bounded ones (FAST: a few minutes in all, in-process, on the configured database);
name others to run them (`make bench BENCH=bench_notify`), with their arguments (`BENCH_ARGS="--players 24"`).
The commands, their arguments and the figures measured are described in README.md ("Commands for organizers and
for measurement") and the docs/ page of each area. Exits 1 if a command failed or didn't end with JSON.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ROOT / "benchmarks" / "management" / "commands"
# In-process and bounded at their default sizes: each takes under about a minute on the 2-core machine.
FAST = ["bench_standings", "bench_pick", "bench_api", "bench_event_files", "bench_ratings"]


def available() -> list[str]:
    return sorted(path.stem for path in COMMANDS.glob("bench_*.py"))


def run(name: str, args: list[str]) -> dict:
    """Run one bench command; its figures (the last line, parsed) with the command line and how long it took."""
    command = [sys.executable, "manage.py", name, *args]
    print(f"$ {shlex.join(command[1:])}", flush=True)
    started = time.monotonic()
    last = ""
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True) as process:
        for line in process.stdout:
            sys.stdout.write(line)
            if line.strip():
                last = line.strip()
    seconds = round(time.monotonic() - started, 1)
    entry: dict = {"bench": name, "args": args, "seconds": seconds, "exit": process.returncode}
    try:
        entry["figures"] = json.loads(last)
    except ValueError:
        entry["figures"] = None
    return entry


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"bench commands (default: {' '.join(FAST)})")
    parser.add_argument("--args", default="", help='arguments for the command(s), e.g. "--teams 64"')
    options = parser.parse_args(argv)
    known = available()
    names = options.names or FAST
    unknown = [name for name in names if name not in known]
    if unknown:
        print(f"No such benchmark: {', '.join(unknown)}. Known: {', '.join(known)}", file=sys.stderr)
        return 2
    results = [run(name, shlex.split(options.args)) for name in names]
    out = ROOT / "var" / "bench" / "last.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results))
    failed = [r["bench"] for r in results if r["exit"] != 0 or r["figures"] is None]
    if failed:
        print(f"Failed or without JSON figures: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
