"""A journal that cannot be written (a full SD card) never shows a change it did
not keep, and never stops the companion: the camera loop goes on and says why,
the referee's API answers 503 with the reason, and nothing changes.

The disk is filled for real: the journal lives on a 4 MB tmpfs that the test
mounts (CI runs as root) and fills, so every write fails with SQLite's own
"database or disk is full"."""
from __future__ import annotations

import errno
import os
import subprocess
import time

import pytest

from companion.config import load_config
from companion.live.session import Session
from tests.live.tables import PLAYERS, short_game, source_for
from web import create_app


@pytest.fixture
def small_disk(tmp_path):
    """A real 4 MB file system (tmpfs) for the journal, unmounted afterwards."""
    where = tmp_path / "disk"
    where.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(where)], check=True)
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill_the_disk(where) -> None:
    """Fill the file system to the last byte, as a full SD card is."""
    fd = os.open(where / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 4096, 512, 64, 8, 1):
            try:
                while True:
                    os.write(fd, b"\0" * size)
            except OSError as e:
                assert e.errno == errno.ENOSPC
    finally:
        os.close(fd)


def make_session(where) -> Session:
    cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(where / "journal.sqlite"),
                                 "COMPANION_REFEREE_PIN": "4321"})
    return Session(cfg, indicators=False, backoff=(0.01, 0.05))


def wait_for(cond, timeout=60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return cond()


def test_the_camera_loop_survives_a_full_journal_and_shows_why(small_disk):
    game = short_game()
    s = make_session(small_disk)
    try:
        s.new_game("GLC", PLAYERS, {})
        state_before = s.state
        fill_the_disk(small_disk)
        s.start(source_for(game.engine.arrange(game.start), game.beats[:2]))
        assert wait_for(lambda: any(e["type"] == "journal_error" for e in s.view()["events"]))
        v = s.view()
        assert s.running or s.wait(0)                      # the loop did not die on it
        assert v["camera"]["last_error"] != "the session loop failed; see the log"
        assert s.state == state_before                     # not written, so not applied
        assert any("journal cannot be written" in p["text"] and p["level"] == "error" for p in v["prompts"])
    finally:
        s.close()


def test_the_referee_api_answers_503_and_changes_nothing_when_the_journal_is_full(small_disk):
    s = make_session(small_disk)
    try:
        s.new_game("GLC", PLAYERS, {})
        before = s.state
        fill_the_disk(small_disk)
        client = create_app(s, pin="4321").test_client()
        r = client.post("/api/referee/apply", json={"action": {"type": "reveal_kid", "slot": 1, "kid": 3}},
                        headers={"X-Referee-Pin": "4321"})
        assert r.status_code == 503, r.get_data(as_text=True)
        assert "full" in r.get_json()["error"]
        assert s.state == before
    finally:
        s.close()
