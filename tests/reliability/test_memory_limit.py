"""A companion that exceeds its memory limit is killed and, restarted, resumes the
game from the journal with nothing lost: what the unit's ``MemoryMax=`` and
``Restart=on-failure`` do on a Pi, done here with a real memory cgroup (the
kernel's own OOM kill) and a real ``companion run`` process, restarted as
systemd would."""
from __future__ import annotations

import json
import os
import subprocess
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

from companion.service.network import free_ports
from tests.support.cli import COMPANION
from tests.support.referee import PIN

ROOT = Path(__file__).resolve().parents[2]
V1 = Path("/sys/fs/cgroup/memory")          # cgroup v1's memory controller
V2 = Path("/sys/fs/cgroup")                 # the unified hierarchy


class MemoryCgroup:
    """A memory cgroup of our own (v1 or v2, whichever this kernel lets us make)."""

    def __init__(self) -> None:
        name = f"tc-test-{uuid.uuid4().hex[:8]}"
        if (V1 / "memory.limit_in_bytes").exists():
            self.path, self.limit_file = V1 / name, "memory.limit_in_bytes"
        elif (V2 / "cgroup.controllers").exists() and "memory" in (V2 / "cgroup.controllers").read_text():
            self.path, self.limit_file = V2 / name, "memory.max"
        else:
            raise OSError("no memory cgroup controller")
        self.path.mkdir()

    def limit(self, n_bytes: int) -> None:
        (self.path / self.limit_file).write_text(str(n_bytes))

    def usage(self) -> int:
        """The bytes its processes hold now."""
        name = "memory.usage_in_bytes" if self.limit_file == "memory.limit_in_bytes" else "memory.current"
        return int((self.path / name).read_text())

    def join(self) -> None:
        """Move the calling process (a child, before exec) into the cgroup."""
        (self.path / "cgroup.procs").write_text(str(os.getpid()))

    def remove(self) -> None:
        for _ in range(50):
            try:
                self.path.rmdir()
                return
            except OSError:
                time.sleep(0.1)


@pytest.fixture
def cgroup():
    try:
        cg = MemoryCgroup()
    except OSError as e:
        pytest.skip(f"this machine lets no process make a memory cgroup ({e}): the unit's MemoryMax is "
                    "checked by systemd-analyze in tests/test_systemd.py")
    cg.limit(2 * 1024 ** 3)
    yield cg
    cg.remove()


def _get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.loads(r.read())


def _wait_up(url: str, proc: subprocess.Popen, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        assert proc.poll() is None, "companion run ended before serving"
        try:
            _get(url + "/api/state")
            return
        except OSError:
            time.sleep(0.3)
    raise AssertionError("companion run did not serve in time")


def test_a_companion_over_its_memory_limit_is_killed_and_resumes_the_game(cgroup, tmp_path):
    port, = free_ports()
    url = f"http://127.0.0.1:{port}"
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("COMPANION_")},
           "COMPANION_REFEREE_PIN": PIN, "COMPANION_WEB_BIND": "127.0.0.1", "COMPANION_WEB_PORT": str(port),
           "COMPANION_JOURNAL_PATH": str(tmp_path / "journal.sqlite"), "COMPANION_PINS_FACTORY": "mock",
           "COMPANION_CAMERA_FPS": "2"}
    run = [*COMPANION, "run", "--camera", "sim:hardware/simtable/scenes/example.json"]
    first = subprocess.Popen([*run, "--game", "GLC", "--players", "RED,BLUE,GREEN"], cwd=ROOT, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=cgroup.join)
    try:
        _wait_up(url, first)
        for slot, kid in ((1, 2), (2, 9), (3, 14)):           # the referee records three kids
            body = json.dumps({"action": {"type": "reveal_kid", "slot": slot, "kid": kid}}).encode()
            req = urllib.request.Request(url + "/api/referee/apply", data=body, method="POST",
                                         headers={"Content-Type": "application/json", "X-Referee-Pin": PIN})
            with urllib.request.urlopen(req, timeout=10) as r:
                assert r.status == 200
        before = _get(url + "/api/state")
        cgroup.limit(cgroup.usage() + 2 * 1024 * 1024)         # a limit just above what it holds now
        end = time.monotonic() + 60
        while first.poll() is None and time.monotonic() < end:
            try:                                              # its next frames and pictures go past it
                urllib.request.urlopen(urllib.request.Request(url + "/camera/frame.jpg?overlay=1",
                                                              headers={"X-Referee-Pin": PIN}), timeout=5).read()
            except OSError:
                time.sleep(0.1)
        assert first.wait(timeout=10) == -9                   # the kernel's OOM kill, as past MemoryMax
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    cgroup.limit(2 * 1024 ** 3)
    again = subprocess.Popen(run, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             preexec_fn=cgroup.join)           # Restart=on-failure: the same command again
    try:
        _wait_up(url, again)
        after = _get(url + "/api/state")
        assert after["game_id"] == before["game_id"]
        assert [(s["kid"] or {}).get("number") for s in after["state"]["slots"]][:3] == [2, 9, 14]
        assert after["state"] == before["state"]
    finally:
        again.terminate()
        again.wait(timeout=20)
    unit = (ROOT / "systemd" / "companion.service").read_text()
    assert "Restart=on-failure" in unit and "MemoryMax=" in unit
