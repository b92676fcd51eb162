"""Hostile input gets a one-line refusal, never a traceback or a memory blow-up.

Huge images (a tiny PNG claiming 20000x20000 pixels), deeply nested or oversized
JSON (scripts, API bodies), config files that are not UTF-8, an internal error
in the web app, and ``companion run --port 0``. Real subprocesses of
``python -m companion``, the real Flask app on a real session, real image files
written by OpenCV.
"""
from __future__ import annotations

import json
import logging
import os
import re
import signal
import struct
import subprocess
import sys
import time
import urllib.request
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.config import load_config
from companion.live.session import Session
from hardware.imagesize import MAX_PIXELS, ImageTooLarge, check_image, image_size
from hardware.sources.replay import ReplaySource
from models.jsonio import MAX_DEPTH, MAX_JSON_BYTES
from tests.support.referee import PIN, REFEREE
from tests.web.conftest import make_config
from web import create_app

ROOT = Path(__file__).resolve().parents[2]
DEEP = "[" * 2000 + "]" * 2000


def companion(*args: str, stdin: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=timeout)


def peak_rss_mb(*args: str) -> tuple[subprocess.CompletedProcess, float]:
    """Run ``companion ARGS`` under a fresh Python that reports the child's peak
    resident memory (ru_maxrss of its only child), in MB."""
    probe = ("import resource, subprocess, sys, json\n"
             "r = subprocess.run([sys.executable, '-m', 'companion', *sys.argv[1:]], capture_output=True, text=True)\n"
             "print(json.dumps([r.returncode, r.stdout, r.stderr,"
             " resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss]))\n")
    out = subprocess.run([sys.executable, "-c", probe, *args], cwd=ROOT, capture_output=True, text=True,
                         timeout=180, check=True)
    rc, stdout, stderr, kb = json.loads(out.stdout)
    return subprocess.CompletedProcess(args, rc, stdout, stderr), kb / 1024


def no_traceback(p: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in p.stderr, p.stderr


# ---------------------------------------------------------------- images


def huge_png(path: Path, width: int = 20000, height: int = 20000) -> Path:
    """A valid greyscale PNG of ``width`` x ``height`` black pixels: tiny on disk
    (zlib of zero rows), 400 MB once decoded. Written row by row, never whole."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    z = zlib.compressobj(9)
    row = bytes(width + 1)                          # filter byte 0, then the row's zeros
    parts = [z.compress(row) for _ in range(height)]
    data = b"".join(parts) + z.flush()
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", data) + chunk(b"IEND", b""))
    return path


@pytest.fixture(scope="module")
def huge(tmp_path_factory) -> Path:
    return huge_png(tmp_path_factory.mktemp("huge") / "huge.png")


def with_app1(jpeg: bytes, size: int) -> bytes:
    """The JPEG with a big APP1 (EXIF-like) segment before its frame header."""
    seg = b"\xff\xe1" + struct.pack(">H", size + 2) + bytes(size)
    return jpeg[:2] + seg + jpeg[2:]


@pytest.mark.parametrize("ext", [".png", ".jpg", ".bmp", ".webp", ".tif", ".pgm", ".ppm"])
def test_image_size_is_read_from_the_header_of_real_files(tmp_path, ext):
    img = np.random.default_rng(1).integers(0, 255, (23, 37, 1 if ext == ".pgm" else 3), dtype=np.uint8)
    path = tmp_path / f"a{ext}"
    assert cv2.imwrite(str(path), img)
    assert image_size(path) == (37, 23)
    assert check_image(path) == (37, 23)


def test_jpeg_size_past_a_large_exif_segment(tmp_path):
    img = np.zeros((480, 640, 3), np.uint8)
    ok, buf = cv2.imencode(".jpg", img)
    path = tmp_path / "exif.jpg"
    path.write_bytes(with_app1(buf.tobytes(), 60000))
    assert image_size(path) == (640, 480)
    assert cv2.imread(str(path)).shape == (480, 640, 3)        # still a valid JPEG


def test_a_tiny_file_claiming_400_megapixels_is_refused_from_its_header(huge):
    assert huge.stat().st_size < 1_000_000
    assert image_size(huge) == (20000, 20000)
    with pytest.raises(ImageTooLarge, match=r"20000x20000 .*over the 50-megapixel limit"):
        check_image(huge)
    assert MAX_PIXELS == 50_000_000
    assert check_image(huge, max_pixels=400_000_000) == (20000, 20000)


def test_scan_refuses_a_huge_image_in_one_line_and_reads_the_others(tmp_path, huge):
    good = tmp_path / "good.png"
    cv2.imwrite(str(good), np.full((90, 160, 3), 255, np.uint8))
    p, rss = peak_rss_mb("scan", str(huge), str(good), "--json")
    assert p.returncode == 2
    no_traceback(p)
    errors = p.stderr.strip().splitlines()
    assert len(errors) == 1
    assert str(huge) in errors[0] and "20000x20000" in errors[0] and "50-megapixel limit" in errors[0]
    assert [json.loads(l)["image"] for l in p.stdout.splitlines()] == [str(good)]
    assert rss < 500, f"scan took {rss:.0f} MB: the huge image was decoded"


def test_replay_skips_and_counts_a_huge_image(tmp_path, huge, caplog):
    for i in (0, 2):
        cv2.imwrite(str(tmp_path / f"{i:06d}.png"), np.full((90, 160, 3), 40 * i, np.uint8))
    (tmp_path / "000001.png").write_bytes(huge.read_bytes())
    src = ReplaySource(tmp_path)
    with caplog.at_level(logging.WARNING):
        frames = list(src)
    assert [f.t for f in frames] == pytest.approx([0.0, 0.2])
    assert src.errors == 1
    assert "000001.png" in caplog.text and "50-megapixel limit" in caplog.text


# ---------------------------------------------------------------- scripts and config


def test_a_deeply_nested_script_exits_2_without_a_traceback(tmp_path):
    script = tmp_path / "deep.json"
    script.write_text(DEEP)
    for args, stdin in (([str(script)], None), (["-"], DEEP)):
        p = companion("rules", "GLC", "--players", "RED,BLUE,GREEN", *args, stdin=stdin)
        assert p.returncode == 2, p.stderr
        no_traceback(p)
        assert f"nested more than {MAX_DEPTH} levels deep" in p.stderr
        assert len(p.stderr.strip().splitlines()) == 1 and p.stdout == ""


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path):
    script = tmp_path / "notes.json"
    script.write_text(json.dumps([{"type": "reveal_kid", "slot": 1, "kid": "[" * 100 + '"\\' + "{" * 100}]))
    p = companion("rules", "GLC", "--players", "RED,BLUE,GREEN", str(script), "--json")
    assert p.returncode == 2 and "nested" not in p.stderr      # refused for its kid, not its depth
    assert "action 0" in p.stderr
    no_traceback(p)


def test_an_oversized_script_is_refused_after_reading_only_the_limit(tmp_path):
    script = tmp_path / "big.json"
    with open(script, "wb") as f:                    # sparse: 600 MB that take no disk
        f.truncate(600 * 1024 * 1024)
    p, rss = peak_rss_mb("rules", "GLC", "--players", "RED,BLUE,GREEN", str(script))
    assert p.returncode == 2
    no_traceback(p)
    assert f"{script}: larger than {MAX_JSON_BYTES // (1024 * 1024)} MiB" in p.stderr
    assert rss < 300, f"rules took {rss:.0f} MB: the whole script was read"


def test_an_oversized_script_on_stdin_is_refused():
    p = companion("rules", "GLC", "--players", "RED,BLUE,GREEN", "-", stdin=" " * (MAX_JSON_BYTES + 10))
    assert p.returncode == 2
    assert "<stdin>: larger than" in p.stderr


def test_a_script_that_is_not_utf8_is_named(tmp_path):
    script = tmp_path / "latin1.json"
    script.write_bytes(b'[{"type": "caf\xe9"}]')
    p = companion("rules", "GLC", "--players", "RED,BLUE,GREEN", str(script))
    assert p.returncode == 2
    no_traceback(p)
    assert f"{script}: not UTF-8 text" in p.stderr


@pytest.mark.parametrize("command", [["scan", "x.png"], ["export"], ["run", "--no-web"]])
def test_a_config_that_is_not_utf8_names_the_file(tmp_path, command):
    cfg = tmp_path / "bad.toml"
    cfg.write_bytes(b"\xff\xfe[web]\nport = 8080\n")
    p = companion(*command, "--config", str(cfg))
    assert p.returncode == 2
    no_traceback(p)
    assert f"{cfg}: not UTF-8 text (byte 0xff at position 0)" in p.stderr


def test_a_config_nested_too_deeply_or_too_large_is_refused(tmp_path):
    deep = tmp_path / "deep.toml"
    deep.write_text("[game]\noptions = { x = " + "[" * 2000 + "]" * 2000 + " }\n")
    with pytest.raises(ValueError, match=rf"{re.escape(str(deep))}: nested more than {MAX_DEPTH} levels"):
        load_config(deep, env={})
    p = companion("scan", "x.png", "--config", str(deep))
    assert p.returncode == 2 and "nested more than" in p.stderr
    no_traceback(p)
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * (2 * 1024 * 1024) + "\n")
    with pytest.raises(ValueError, match=rf"{re.escape(str(big))}: larger than 1 MiB"):
        load_config(big, env={})


# ---------------------------------------------------------------- the web app


@pytest.fixture
def session(tmp_path):
    s = Session(make_config(tmp_path), indicators=False)
    s.new_game("GLC", ["RED", "BLUE", "GREEN"], {})
    yield s
    s.close()


@pytest.fixture
def client(session):
    return create_app(session).test_client()


def test_a_deeply_nested_api_body_is_400_and_changes_nothing(client, session):
    before = session.view()["seq"]
    body = '{"action": ' + "[" * 30000 + "]" * 30000 + "}"
    r = client.post("/api/referee/apply", headers=REFEREE, data=body, content_type="application/json")
    assert r.status_code == 400
    assert f"nested more than {MAX_DEPTH} levels deep" in r.get_json()["error"]
    assert session.view()["seq"] == before


def test_an_api_body_that_is_not_utf8_is_400(client):
    r = client.post("/api/referee/apply", headers=REFEREE, data=b'{"action": "\xff"}',
                    content_type="application/json")
    assert r.status_code == 400
    assert "not UTF-8" in r.get_json()["error"]


def test_an_internal_error_is_logged_with_an_id_the_client_sees_alone(client, session, monkeypatch, caplog):
    def broken():
        raise RuntimeError("secret detail of the internals")
    monkeypatch.setattr(session, "undo", broken)
    with caplog.at_level(logging.ERROR):
        r = client.post("/api/referee/undo", headers=REFEREE)
    assert r.status_code == 500
    error = r.get_json()["error"]
    m = re.fullmatch(r"internal error, logged as ([0-9a-f]{8})", error)
    assert m, error
    assert b"secret" not in r.data and b"RuntimeError" not in r.data
    assert m.group(1) in caplog.text and "RuntimeError: secret detail of the internals" in caplog.text


# ---------------------------------------------------------------- companion run --port 0


def test_run_port_0_serves_on_a_free_port_it_prints(tmp_path):
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps({"items": [], "camera": {"resolution": [320, 180]}}))
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COMPANION_PINS_FACTORY": "mock"}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--port", "0", "--bind", "127.0.0.1",
                             "--pin", PIN, "--journal", str(tmp_path / "j.sqlite"), "--camera", f"sim:{scene}"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        port = None
        deadline = time.monotonic() + 60
        assert proc.stderr is not None
        while port is None and time.monotonic() < deadline:
            line = proc.stderr.readline()
            if not line and proc.poll() is not None:
                break
            m = re.search(r"serving http://127\.0\.0\.1:(\d+)/", line)
            if m:
                port = int(m.group(1))
        assert port, f"no serving line (exit {proc.poll()})"
        assert port not in (0, 8000)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=10) as resp:
            assert resp.status == 200
            assert "seq" in json.loads(resp.read())
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


# --------------------------------------------------------------------------- scene and replay files


def test_a_deeply_nested_or_non_utf8_scene_is_one_clear_error(tmp_path):
    from hardware.simtable import SceneError, load_scene

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000)
    with pytest.raises(SceneError, match="nested too deeply"):
        load_scene(deep)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{}")
    with pytest.raises(SceneError, match="not UTF-8"):
        load_scene(binary)


def test_companion_run_on_a_deep_scene_exits_2_without_a_traceback(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000)
    run = companion("run", "--camera", f"sim:{deep}", "--no-web", "--game", "GLC",
                    "--players", "RED,BLUE,GREEN", "--journal", str(tmp_path / "j.sqlite"), timeout=60)
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr and "nested too deeply" in run.stderr


def test_a_replay_whose_frames_list_is_deeply_nested_is_refused_plainly(tmp_path):
    from hardware.frames import FrameSourceError
    from hardware.sources import open_source

    (tmp_path / "frames.json").write_text('{"frames": ' + "[" * 5000 + "]" * 5000 + "}")
    with pytest.raises(FrameSourceError, match="nested too deeply"):
        open_source(f"replay:{tmp_path}")
