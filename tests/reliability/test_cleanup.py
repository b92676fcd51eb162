"""Stopping the companion the way systemd and a user do leaves nothing behind.

`companion demo` keeps its journal in a temporary folder; stopped with SIGTERM
(``systemctl stop``) or SIGINT (Ctrl-C) it must remove that folder, as a run
that ends by itself does. A real process, a real signal.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _start_demo(tmp: Path) -> subprocess.Popen:
    env = {**os.environ, "TMPDIR": str(tmp), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "demo", "--port", "0"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 60
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if "open http://" in line:
            return proc
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise AssertionError(f"the demo did not start (exit {proc.poll()})")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_stopped_demo_removes_its_temporary_journal(tmp_path: Path, sig: int) -> None:
    proc = _start_demo(tmp_path)
    try:
        demo_dirs = [p for p in tmp_path.iterdir() if p.name.startswith("companion-demo-")]
        assert len(demo_dirs) == 1 and (demo_dirs[0] / "journal.sqlite").exists()
        proc.send_signal(sig)
        code = proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert code in (0, 130, 128 + signal.SIGTERM), f"exit status {code}"
    left = [p.name for p in tmp_path.iterdir() if p.name.startswith("companion-demo-")]
    assert left == [], f"left behind after {signal.Signals(sig).name}: {left}"
