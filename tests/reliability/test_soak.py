"""The soak test (``make soak``, ``python -m companion.soak.demo``): a short run
against the real demo passes and leaves its figures and plot, and the verdict
fails when memory, threads or open files keep growing.

The short run plays the real ``companion demo`` subprocess for 75 s with waves
of live viewers, the camera view polled and referee operations (legal, illegal
and malformed); it must end with exit 0, print the figures, and write the PNG
plot and the JSON of every sample.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2

from companion.soak.demo import Sample, Wave, judge

ROOT = Path(__file__).resolve().parents[2]


def test_a_short_soak_of_the_demo_passes_and_leaves_its_figures_and_plot(tmp_path: Path) -> None:
    out = tmp_path / "soak"
    proc = subprocess.run([sys.executable, "-m", "companion.soak.demo", "--minutes", "1.25", "--viewers", "60",
                           "--out", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=170)
    text = proc.stdout + proc.stderr
    assert proc.returncode == 0, text
    for label in ("RSS at start", "RSS after warm-up", "RSS plateau", "RSS max", "RSS growth",
                  "threads", "open files", "CPU", "journal", "verdict: PASS"):
        assert label in text, f"{label!r} missing from:\n{text}"
    image = cv2.imread(str(out / "soak.png"))
    assert image is not None and image.shape[1] >= 800 and image.shape[0] >= 500
    assert image.std() > 10                          # something is drawn on it
    report = json.loads((out / "soak.json").read_text())
    assert report["verdict"]["passed"] is True
    assert len(report["samples"]) >= 30              # one every 2 s
    assert len(report["waves"]) >= 2
    assert all(w["got_view"] > 0 for w in report["waves"]), report["waves"]
    assert report["requests"]["camera"].get("200", 0) > 0, report["requests"]
    assert report["requests"]["undo"], report["requests"]
    assert report["requests"]["illegal apply"] == {"409": report["requests"]["illegal apply"]["409"]}
    assert report["requests"]["malformed apply"] == {"400": report["requests"]["malformed apply"]["400"]}


def test_bad_arguments_get_a_one_line_error() -> None:
    proc = subprocess.run([sys.executable, "-m", "companion.soak.demo", "--minutes", "0"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "--minutes" in proc.stderr.strip().splitlines()[-1]


# ---------------------------------------------------------------------- the verdict on made-up figures


def _run(minutes: float, rss=lambda t: 80.0, threads=lambda t: 12, fds=lambda t: 30) -> tuple[list, list]:
    """Samples every 2 s over ``minutes``; waves of 20 s every 30 s from t=4 s,
    with 100 more open files while a wave is on."""
    end = minutes * 60
    waves = []
    t = 4.0
    while t + 20 <= end - 10:
        waves.append(Wave(start=t, end=t + 20, viewers=100, admitted=100, got_view=100, refused=0, failed=0))
        t += 30
    samples = []
    for i in range(int(end // 2) + 1):
        s = i * 2.0
        on = sum(w.viewers for w in waves if w.start <= s < w.end)
        samples.append(Sample(t=s, rss_mb=rss(s), cpu_pct=5.0, threads=threads(s), fds=fds(s) + on,
                              journal_mb=1.0, viewers=on))
    return samples, waves


def test_a_flat_run_passes() -> None:
    samples, waves = _run(10)
    v = judge(samples, waves, duration_s=600)
    assert v["passed"], v


def test_memory_growing_by_a_leak_of_the_old_kind_fails_a_short_run() -> None:
    # the old camera leak: ~7 MB kept per request thread, a new thread every 30 s
    samples, waves = _run(10, rss=lambda t: 80.0 + 7 * (t // 30))
    v = judge(samples, waves, duration_s=600)
    assert not v["passed"]
    assert any("memory" in r for r in v["reasons"]), v


def test_a_slow_leak_fails_an_hour_long_run() -> None:
    samples, waves = _run(60, rss=lambda t: 80.0 + 10 * t / 3600)          # 10 MB per hour
    v = judge(samples, waves, duration_s=3600)
    assert not v["passed"]
    assert any("MB/hour" in r for r in v["reasons"]), v
    flat, waves = _run(60, rss=lambda t: 80.0 + 2 * t / 3600)               # 2 MB per hour: fine
    assert judge(flat, waves, duration_s=3600)["passed"]


def test_an_open_file_kept_per_wave_fails() -> None:
    samples, waves = _run(10, fds=lambda t: 30 + int(max(0, t - 4) // 30))
    v = judge(samples, waves, duration_s=600)
    assert not v["passed"]
    assert any("open files" in r for r in v["reasons"]), v


def test_a_thread_kept_per_wave_fails() -> None:
    samples, waves = _run(10, threads=lambda t: 12 + int(max(0, t - 4) // 30))
    v = judge(samples, waves, duration_s=600)
    assert not v["passed"]
    assert any("threads" in r for r in v["reasons"]), v
