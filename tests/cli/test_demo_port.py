"""``companion demo`` (``make demo``) and ``companion demo --tables N`` (``make
event-demo``) when their page's port is taken: one line naming the port and how
to choose another, exit code 2, no traceback."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from companion.event.broker import MOSQUITTO
from companion.examples import ROOT
from tests.support.cli import COMPANION


@pytest.fixture
def taken_port():
    """A port another program listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield s.getsockname()[1]


@pytest.mark.parametrize("extra, target", [([], "demo"), (["--tables", "2"], "event-demo")])
def test_a_taken_port_is_one_line_naming_it_and_how_to_choose_another(taken_port, extra, target):
    if extra and shutil.which("mosquitto") is None and not Path(MOSQUITTO).exists():
        pytest.skip("the event demo needs Mosquitto (apt install mosquitto)")
    run = subprocess.run([*COMPANION, "demo", "--port", str(taken_port), *extra], capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr and "Error" not in run.stderr
    assert run.stderr.splitlines() == [
        f"companion demo: port {taken_port} is already in use (another program, or a demo still running): "
        f"choose another with --port N (make {target} PORT=N), or --port 0 for any free one"]


def test_a_port_that_is_no_port_is_refused_as_usage():
    run = subprocess.run([*COMPANION, "demo", "--port", "80000"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr.splitlines()[-1] == \
        "companion demo: error: argument --port: a port is 0 to 65535 (0 picks a free one), not 80000"


@pytest.mark.parametrize("target", ["demo", "event-demo"])
def test_make_passes_its_port_variable_on(target):
    # run as a user would, not as a sub-make of `make test` (whose MAKEFLAGS would add directory lines)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES")}
    dry = subprocess.run(["make", "--no-print-directory", "-n", target, "PORT=8123"], capture_output=True,
                         text=True, cwd=ROOT, timeout=60, env=env)
    assert dry.returncode == 0, dry.stderr
    run = [line for line in dry.stdout.splitlines() if " demo" in line]
    assert run and "--port 8123" in run[-1], dry.stdout
