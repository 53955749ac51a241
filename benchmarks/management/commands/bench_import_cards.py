import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cards.generate import allprintings_generate

TARGET_SECONDS = 120
TARGET_PEAK_MB = 1024


class Command(BaseCommand):
    help = (
        "Benchmark import_cards as a user runs it: into a fresh database, import the bundled cards (AtomicCards), "
        "then a full-size AllPrintings file (generated from the bundled data to --printings printings unless --file "
        "is given), then that file again (an update). Prints each step's wall time and peak memory (the import "
        "process's maximum resident set size); the last line is one JSON object of the figures."
    )

    def add_arguments(self, parser):
        parser.add_argument("--printings", type=int, default=100_000, help="size of the generated file")
        parser.add_argument("--file", help="an AllPrintings file to import instead of a generated one")
        parser.add_argument(
            "--database-url",
            default="",
            help="database to import into (default: a new SQLite file in a temporary directory). "
            "Its card tables are written: never point this at a production database.",
        )

    def handle(self, *args, printings, file=None, database_url="", **options):
        with tempfile.TemporaryDirectory(prefix="hydra-bench-cards-") as tmp:
            tmp = Path(tmp)
            figures: dict[str, object] = {"database": "sqlite" if not database_url else database_url.split(":")[0]}
            if file:
                source = Path(file)
                if not source.is_file():
                    raise CommandError(f"No such file: {source}")
            else:
                source = tmp / "AllPrintings.json.gz"
                started = time.perf_counter()
                written, size = allprintings_generate(out=source, printings=printings)
                figures.update(generated_printings=written, generate_seconds=round(time.perf_counter() - started, 1))
                self.stdout.write(f"Generated {source.name}: {written} printings, {size / 1e6:.1f} MB compressed.")
            figures["file_mb"] = round(source.stat().st_size / 1e6, 1)
            env = {**os.environ, "DATABASE_URL": database_url or f"sqlite:///{tmp / 'bench.sqlite3'}"}
            self._run(["migrate", "--noinput"], env=env)
            for step, arguments in (
                ("bundle", ["import_cards", "--bundled"]),
                ("allprintings", ["import_cards", str(source)]),
                ("allprintings_again", ["import_cards", str(source)]),
            ):
                seconds, peak_mb, output = self._run([*arguments, "--no-progress"], env=env)
                figures[f"{step}_seconds"] = round(seconds, 1)
                figures[f"{step}_peak_mb"] = round(peak_mb)
                self.stdout.write(f"{step}: {seconds:.1f} s, peak {peak_mb:.0f} MB. {output.strip().splitlines()[-1]}")
        slowest = max(figures[k] for k in figures if k.endswith("_seconds") and not k.startswith("generate"))
        largest = max(figures[k] for k in figures if k.endswith("_peak_mb"))
        figures.update(
            target_seconds=TARGET_SECONDS,
            target_peak_mb=TARGET_PEAK_MB,
            within_targets=slowest < TARGET_SECONDS and largest < TARGET_PEAK_MB,
        )
        self.stdout.write(json.dumps(figures))

    def _run(self, arguments: list[str], *, env: dict) -> tuple[float, float, str]:
        """Run a manage.py command in its own process; return its wall time, its peak RSS in MB and its output."""
        started = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), *arguments],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        output = process.stdout.read()
        process.stdout.close()
        _pid, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status) != 0:
            raise CommandError(f"{' '.join(arguments)} failed:\n{output[-3000:]}")
        return seconds, usage.ru_maxrss / 1024, output
