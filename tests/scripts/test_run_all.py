"""scripts/run_all.py (issue 19, defect 1): the process manager restarts what dies and keeps the rest running."""

import importlib.util
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("run_all", ROOT / "scripts" / "run_all.py")
run_all = importlib.util.module_from_spec(spec)
sys.modules["run_all"] = run_all
spec.loader.exec_module(run_all)

SLEEPER = [sys.executable, "-c", "import time; time.sleep(60)"]
CRASHER = [sys.executable, "-c", "import sys; sys.exit(3)"]


def _until(condition, timeout=10.0):
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        if condition():
            return True
        time.sleep(0.05)
    return False


@pytest.fixture
def supervisor():
    made = []

    def make(commands, **kwargs):
        sup = run_all.Supervisor(commands, first_delay=0.1, max_delay=0.4, quiet=True, **kwargs)
        made.append(sup)
        return sup

    yield make
    for sup in made:
        sup.stop(grace=2)


def _tick_until(sup, condition, timeout=10.0):
    return _until(lambda: (sup.tick(), condition())[1], timeout)


def test_a_process_killed_is_started_again_and_the_others_keep_running(supervisor):
    sup = supervisor({"web": SLEEPER, "worker": SLEEPER})
    sup.start_all()
    worker, web = sup.children["worker"], sup.children["web"]
    first_pid, web_pid = worker.proc.pid, web.proc.pid
    os.kill(first_pid, signal.SIGKILL)
    assert _tick_until(sup, lambda: worker.restarts == 1 and worker.proc.poll() is None)
    assert worker.proc.pid != first_pid
    assert web.proc.pid == web_pid and web.proc.poll() is None  # before: `make run` stopped everything here
    assert worker.exit_codes == [-signal.SIGKILL]


def test_a_process_that_keeps_dying_is_retried_with_growing_delays(supervisor):
    sup = supervisor({"beat": CRASHER})
    sup.start_all()
    beat = sup.children["beat"]
    assert _tick_until(sup, lambda: beat.restarts >= 3)
    assert set(beat.exit_codes) == {3}
    assert beat.delay == pytest.approx(0.4)  # doubled from 0.1, capped at max_delay


def test_stop_ends_every_process(supervisor):
    sup = supervisor({"a": SLEEPER, "b": SLEEPER})
    sup.start_all()
    sup.stop(grace=2)
    assert all(child.proc.poll() is not None for child in sup.children.values())
    sup.tick()
    assert all(child.restarts == 0 for child in sup.children.values())


def test_make_run_and_make_serve_commands():
    dev = run_all.commands_for(serve=False, host="127.0.0.1", port="8000")
    assert set(dev) == {"web", "worker", "beat"} and "runserver" in dev["web"]
    serve = run_all.commands_for(serve=True, host="0.0.0.0", port="9000")
    assert set(serve) == {"web", "worker1", "worker2", "beat"}
    assert serve["web"][1] == "config.asgi:application" and "0.0.0.0:9000" in serve["web"]
    assert "worker1@%h" in serve["worker1"] and "worker2@%h" in serve["worker2"]


def test_the_script_restarts_a_killed_child_end_to_end(tmp_path):
    """run_all.py as `make run` starts it, with stand-in commands: kill one child, it comes back."""
    script = tmp_path / "sup.py"
    script.write_text(
        "import sys, time\n"
        f"sys.path.insert(0, {str(ROOT / 'scripts')!r})\n"
        "import run_all\n"
        "sup = run_all.Supervisor({'a': [sys.executable, '-c', 'import time; time.sleep(60)']}, first_delay=0.1)\n"
        "import signal; signal.signal(signal.SIGTERM, lambda *a: sup.stopping.set())\n"
        "try:\n    sup.run(poll=0.05)\nfinally:\n    sup.stop(grace=2)\n"
    )
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        pids = lambda: subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()  # noqa: E731
        assert _until(lambda: len(pids()) == 1, timeout=60)
        first = pids()[0]
        os.kill(int(first), signal.SIGKILL)
        assert _until(lambda: len(pids()) == 1 and first not in pids(), timeout=60)
        assert proc.poll() is None
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=30)
    assert b"exited with code -9" in out and b"starting it again" in out
