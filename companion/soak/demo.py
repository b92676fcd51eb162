"""A soak test of the companion: does a whole day on a Pi keep its memory?

``python -m companion.soak.demo [--minutes N] [--viewers N] [--out DIR]`` (``make soak``)
starts the real demo (``python -m companion demo --port 0``: the real session,
vision pipeline, referee, journal and web server) and, on 127.0.0.1 only, for N
minutes:

* waves of live viewers: ``--viewers`` Server-Sent-Events clients on
  ``/api/events`` (plain sockets read by one selector loop, 16 per loopback
  source address), reading for 20 s, then all closing, a 10 s pause, again;
  each wave starts with a page load (``/``, its stylesheet, ``/api/state``);
* the camera view polled every 2 s (``/camera/frame.jpg``, two widths, with
  the ``X-Referee-Pin`` header an API client uses);
* a referee operation every 10 s, in turn: an undo, an illegal apply (the rules
  refuse it: 409) and a malformed apply (not JSON: 400);

while sampling the companion every 2 s from ``/proc/<pid>``: resident memory,
CPU (% of one core), threads, open file descriptors and the journal's size
(``journal.sqlite`` + ``-wal``, found through the process's open files).

At the end it prints the figures, draws them (``soak.png``: memory, threads and
open files over time, the viewer waves shaded) and writes every sample to
``soak.json`` in ``--out``; it exits 1 when memory does not plateau or threads
or open files keep growing (see :func:`judge`), 2 when the demo cannot start.
Everything is bounded: it stops by itself after N minutes.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import selectors
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

from companion.commands.demo import resolution

HOST = "127.0.0.1"
SAMPLE_S = 2.0           # /proc sampled this often
CAMERA_S = 2.0           # the camera view polled this often
REFEREE_S = 10.0         # a referee operation this often
WAVE_ON_S = 20.0         # viewers read this long
WAVE_OFF_S = 10.0        # then all close, and this long passes before the next wave
FIRST_WAVE_S = 4.0       # the first wave after a couple of samples of the idle demo
QUIET_TAIL_S = 10.0      # no wave in the last seconds: the last samples are the idle demo again
SETTLE_S = 3.0           # samples this soon after a wave closed are not "quiet" yet
PER_SOURCE = 16          # viewers per loopback source address (the server caps one address's share)

#: What fails a run (see :func:`judge`).
LONG_RUN_S = 30 * 60     # runs at least this long are judged on the slope
MAX_SLOPE_MB_H = 5.0     # memory growth after warm-up, least squares, for long runs
MAX_GROWTH_MB = 50.0     # memory growth from the end of warm-up to the end, any run
THREAD_MARGIN = 3
FD_MARGIN = 6


@dataclass
class Sample:
    """The companion at one moment: ``t`` seconds into the run."""
    t: float
    rss_mb: float
    cpu_pct: float | None    # % of one core since the previous sample
    threads: int
    fds: int
    journal_mb: float | None
    viewers: int             # viewers the harness held connected then


@dataclass
class Wave:
    """One wave of viewers: when it was on, and how many got in and got a view."""
    start: float
    end: float
    viewers: int
    admitted: int            # answered 200
    got_view: int            # received at least one view
    refused: int             # answered anything else (429, 503, ...)
    failed: int              # could not connect, or closed before an answer


class SoakError(Exception):
    """The soak could not run (the demo did not start): a one-line reason."""


# --------------------------------------------------------------------------- watching the process


class ProcWatch:
    """Reads one process's figures from ``/proc/<pid>``."""

    def __init__(self, pid: int):
        self.pid = pid
        self.tick = os.sysconf("SC_CLK_TCK")
        self.journal: Path | None = None
        self._last: tuple[float, int] | None = None

    def _cpu_ticks(self) -> int:
        stat = Path(f"/proc/{self.pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2:].split()
        return int(fields[11]) + int(fields[12])          # utime, stime

    def _journal_mb(self) -> float | None:
        if self.journal is None:
            fd_dir = Path(f"/proc/{self.pid}/fd")
            for fd in os.listdir(fd_dir):
                try:
                    target = os.readlink(fd_dir / fd)
                except OSError:
                    continue
                if target.endswith("journal.sqlite"):
                    self.journal = Path(target)
                    break
        if self.journal is None:
            return None
        size = 0
        for p in (self.journal, Path(f"{self.journal}-wal")):
            try:
                size += p.stat().st_size
            except OSError:
                pass
        return size / 1e6

    def sample(self, t: float, viewers: int) -> Sample:
        status = Path(f"/proc/{self.pid}/status").read_text()
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        if found is None:
            raise RuntimeError(f"no VmRSS in /proc/{self.pid}/status")
        rss_kb = int(found.group(1))
        now, ticks = time.monotonic(), self._cpu_ticks()
        cpu = None
        if self._last is not None and now > self._last[0]:
            cpu = (ticks - self._last[1]) / self.tick / (now - self._last[0]) * 100
        self._last = (now, ticks)
        return Sample(t=round(t, 2), rss_mb=round(rss_kb / 1024, 2), cpu_pct=None if cpu is None else round(cpu, 1),
                      threads=len(os.listdir(f"/proc/{self.pid}/task")),
                      fds=len(os.listdir(f"/proc/{self.pid}/fd")), journal_mb=self._journal_mb(), viewers=viewers)


# --------------------------------------------------------------------------- the load


class Viewers:
    """A wave of live viewers of ``/api/events``, in English, German and Spanish:
    non-blocking sockets read by one selector; each counts the views (``data:``
    lines) it receives."""

    def __init__(self, port: int, n: int):
        self.sel = selectors.DefaultSelector()
        self.status: dict[socket.socket, int | None] = {}
        self.views: Counter[socket.socket] = Counter()
        self._head: dict[socket.socket, bytes] = {}
        self._tail: dict[socket.socket, bytes] = {}
        self.failed = 0
        for i in range(n):
            # a third each in English, German and Spanish: the server encodes each view once per language
            request = (f"GET /api/events?lang={('en', 'de', 'es')[i % 3]} HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
                       f"Accept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n").encode()
            k = 2 + i // PER_SOURCE                          # 127.0.0.2, .3, ... (127.0.0.1 is the referee's)
            try:
                s = socket.create_connection((HOST, port), timeout=5, source_address=(f"127.0.{k // 254}.{k % 254}", 0))
                s.sendall(request)
                s.setblocking(False)
            except OSError:
                self.failed += 1
                continue
            self.status[s] = None
            self._head[s] = b""
            self._tail[s] = b""
            self.sel.register(s, selectors.EVENT_READ)

    def pump(self, timeout: float) -> None:
        """Read whatever arrives within ``timeout`` seconds (sleep if no socket is open)."""
        if not self.sel.get_map():
            time.sleep(max(0.0, timeout))
            return
        for key, _ in self.sel.select(max(0.0, timeout)):
            s: socket.socket = key.fileobj               # type: ignore[assignment]
            try:
                data = s.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if not data:
                self.sel.unregister(s)
                continue
            if self.status[s] is None:
                head = self._head[s] + data
                line, sep, _ = head.partition(b"\r\n")
                if not sep:
                    self._head[s] = head
                    continue
                try:
                    self.status[s] = int(line.split()[1])
                except (IndexError, ValueError):
                    self.status[s] = 0
                self._head[s] = b""
                data = head
            text = self._tail[s] + data
            self.views[s] += text.count(b"data:")
            self._tail[s] = text[-4:]

    def close(self, wave: Wave) -> Wave:
        """Close every socket; fill in ``wave``'s counts."""
        wave.admitted = sum(1 for v in self.status.values() if v == 200)
        wave.got_view = sum(1 for s, v in self.status.items() if v == 200 and self.views[s] > 0)
        wave.refused = sum(1 for v in self.status.values() if v not in (None, 200))
        wave.failed = self.failed + sum(1 for v in self.status.values() if v is None)
        for s in self.status:
            try:
                self.sel.unregister(s)
            except (KeyError, ValueError):
                pass
            s.close()
        self.sel.close()
        return wave


def http_call(port: int, method: str, path: str, body: bytes | None = None,
              headers: dict[str, str] | None = None) -> str:
    """One request on a fresh connection; its status as text, or ``"error"``."""
    conn = http.client.HTTPConnection(HOST, port, timeout=15)
    try:
        conn.request(method, path, body=body, headers={"Connection": "close", **(headers or {})})
        r = conn.getresponse()
        r.read()
        return str(r.status)
    except (OSError, http.client.HTTPException):
        return "error"
    finally:
        conn.close()


def referee_operations(pin: str) -> list[tuple[str, str, bytes | None, dict[str, str]]]:
    """The referee's requests, taken in turn: (name, path, body, headers)."""
    auth = {"X-Referee-Pin": pin}
    js = {**auth, "Content-Type": "application/json"}
    return [
        ("undo", "/api/referee/undo", None, auth),
        ("illegal apply", "/api/referee/apply",
         json.dumps({"action": {"type": "reveal_kid", "slot": 99, "kid": 1}}).encode(), js),   # no slot 99: 409
        ("malformed apply", "/api/referee/apply", b'{"action": {"type": ', js),             # not JSON: 400
    ]


# --------------------------------------------------------------------------- the demo


def start_demo(tmp: Path, camera: str = "1600x900") -> tuple[subprocess.Popen, int, str, list[str]]:
    """``python -m companion demo --port 0 --camera WxH`` in ``tmp``: the process,
    its port, the referee PIN it prints, and (filled on) the lines it writes."""
    from companion.demo import DEMO_PIN
    env = {**os.environ, "TMPDIR": str(tmp), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "demo", "--port", "0", "--bind", HOST,
                             "--camera", camera],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    assert proc.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        lines.append(line.rstrip("\n"))
        m = re.search(r"open http://[\d.]+:(\d+)/", line)
        if m:
            pin = re.search(r"PIN (\w+)", line)
            out = proc.stdout

            def drain(out: IO[str] = out) -> None:     # keep the pipe drained
                for rest in out:
                    lines.append(rest.rstrip("\n"))

            threading.Thread(target=drain, daemon=True).start()
            return proc, int(m.group(1)), pin.group(1) if pin else DEMO_PIN, lines
        if not line and proc.poll() is not None:
            break
    stop_demo(proc)
    last = next((l for l in reversed(lines) if l.strip()), "no output")
    raise SoakError(f"the demo did not start (exit {proc.poll()}): {last}")


def stop_demo(proc: subprocess.Popen) -> None:
    """Ctrl-C the demo (it closes its journal); killed if it takes over 15 s."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


# --------------------------------------------------------------------------- the run


def _say(text: str) -> None:
    print(text, flush=True)


def soak(minutes: float, viewers: int = 100, log=_say, camera: str = "1600x900") -> dict[str, Any]:
    """Run the soak (the demo's simulated camera at ``camera``, WxH); the report
    (figures, verdict, samples, waves, requests)."""
    duration = minutes * 60
    tmp = Path(tempfile.mkdtemp(prefix="companion-soak-"))
    samples: list[Sample] = []
    waves: list[Wave] = []
    requests: dict[str, Counter] = defaultdict(Counter)
    died: str | None = None
    try:
        proc, port, pin, lines = start_demo(tmp, camera)
        log(f"soak: the demo is on http://{HOST}:{port}/ (pid {proc.pid}); {minutes:g} min, "
            f"waves of {viewers} viewers ({WAVE_ON_S:.0f} s on, {WAVE_OFF_S:.0f} s off), camera view every "
            f"{CAMERA_S:.0f} s, a referee operation every {REFEREE_S:.0f} s")
        watch = ProcWatch(proc.pid)
        ops = referee_operations(pin)
        t0 = time.monotonic()
        nxt = {"sample": 0.0, "camera": 1.0, "referee": 5.0, "wave": FIRST_WAVE_S, "say": 60.0}
        crowd: Viewers | None = None
        wave: Wave | None = None
        idle = Viewers(port, 0)
        n_cam = n_ref = 0
        try:
            while True:
                t = time.monotonic() - t0
                if t >= duration:
                    break
                if proc.poll() is not None:
                    died = f"the demo exited (code {proc.returncode}) {t:.0f} s in: " + \
                           next((l for l in reversed(lines) if l.strip()), "")
                    break
                if t >= nxt["sample"]:
                    try:
                        samples.append(watch.sample(t, len(crowd.status) if crowd else 0))
                    except (OSError, AttributeError, ValueError):      # /proc/<pid> gone: exited just now
                        continue
                    nxt["sample"] += SAMPLE_S
                if crowd is not None and wave is not None and t >= wave.end:
                    waves.append(crowd.close(wave))
                    wave.end = round(time.monotonic() - t0, 2)
                    crowd, wave = None, None
                    nxt["wave"] = t + WAVE_OFF_S
                if crowd is None and t >= nxt["wave"] and t + WAVE_ON_S <= duration - QUIET_TAIL_S:
                    for path in ("/", "/static/style.css", "/api/state"):      # the page, loaded
                        requests["page"][http_call(port, "GET", path)] += 1
                    start = time.monotonic() - t0
                    crowd = Viewers(port, viewers)
                    wave = Wave(start=round(start, 2), end=start + WAVE_ON_S, viewers=viewers,
                                admitted=0, got_view=0, refused=0, failed=0)
                    nxt["wave"] = float("inf")
                if t >= nxt["camera"]:
                    width = "?w=640" if n_cam % 2 == 0 else ""
                    requests["camera"][http_call(port, "GET", f"/camera/frame.jpg{width}",
                                                 headers={"X-Referee-Pin": pin})] += 1
                    n_cam += 1
                    nxt["camera"] += CAMERA_S
                if t >= nxt["referee"]:
                    name, path, body, headers = ops[n_ref % len(ops)]
                    requests[name][http_call(port, "POST", path, body, headers)] += 1
                    n_ref += 1
                    nxt["referee"] += REFEREE_S
                if t >= nxt["say"] and samples:
                    s = samples[-1]
                    log(f"  {t / 60:5.1f} min: RSS {s.rss_mb:.1f} MB, {s.threads} threads, {s.fds} open files, "
                        f"{len(waves)} waves done")
                    nxt["say"] += 60.0
                due = [nxt["sample"], nxt["camera"], nxt["referee"], duration,
                       wave.end if wave is not None else nxt["wave"]]
                wait = min(due) - (time.monotonic() - t0)
                (crowd or idle).pump(min(max(wait, 0.0), 0.5))
            if died is None:
                try:
                    samples.append(watch.sample(time.monotonic() - t0, 0))
                except (OSError, AttributeError, ValueError):
                    died = "the demo exited at the very end of the run"

        finally:
            if crowd is not None and wave is not None:
                wave.end = round(time.monotonic() - t0, 2)
                waves.append(crowd.close(wave))
            idle.sel.close()
            stop_demo(proc)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    verdict = judge(samples, waves, duration)
    if died:
        verdict["passed"] = False
        verdict["reasons"].insert(0, died)
    return {"minutes": minutes, "viewers": viewers, "figures": figures(samples, duration),
            "verdict": verdict, "requests": {k: dict(v) for k, v in requests.items()},
            "waves": [asdict(w) for w in waves], "samples": [asdict(s) for s in samples]}


# --------------------------------------------------------------------------- figures and verdict


def warmup_s(duration_s: float) -> float:
    """The warm-up: the first 20 % of the run, at least a minute (half of a short run)."""
    return max(0.2 * duration_s, min(60.0, 0.5 * duration_s))


def slope_per_hour(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, value) points, per hour."""
    if len(points) < 2:
        return 0.0
    mt = statistics.fmean(p[0] for p in points)
    mv = statistics.fmean(p[1] for p in points)
    den = sum((p[0] - mt) ** 2 for p in points)
    return 0.0 if den == 0 else sum((p[0] - mt) * (p[1] - mv) for p in points) / den * 3600


def figures(samples: list[Sample], duration_s: float) -> dict[str, Any]:
    """The run's figures (MB, counts, %)."""
    if not samples:
        return {}
    w = warmup_s(duration_s)
    after = [s for s in samples if s.t >= w] or samples[-1:]
    last_third = [s for s in samples if s.t >= samples[-1].t * 2 / 3] or samples[-1:]
    cpu = [s.cpu_pct for s in samples if s.cpu_pct is not None]
    journal = [s.journal_mb for s in samples if s.journal_mb is not None]
    return {
        "duration_s": round(samples[-1].t, 1), "warmup_s": round(w, 1), "samples": len(samples),
        "rss_start_mb": samples[0].rss_mb, "rss_warm_mb": after[0].rss_mb,
        "rss_plateau_mb": round(statistics.median(s.rss_mb for s in last_third), 1),
        "rss_max_mb": max(s.rss_mb for s in samples), "rss_end_mb": _end_rss(samples),
        "rss_slope_mb_h": round(slope_per_hour([(s.t, s.rss_mb) for s in after]), 2),
        "rss_growth_mb": round(_end_rss(samples) - after[0].rss_mb, 1),
        "threads": [samples[0].threads, samples[-1].threads, max(s.threads for s in samples)],
        "fds": [samples[0].fds, samples[-1].fds, max(s.fds for s in samples)],
        "cpu_mean_pct": round(statistics.fmean(cpu), 1) if cpu else None,
        "cpu_max_pct": max(cpu) if cpu else None,
        "journal_mb": [round(journal[0], 3), round(journal[-1], 3)] if journal else None,
    }


def _end_rss(samples: list[Sample]) -> float:
    """Memory at the end: the median of the last five samples (10 s)."""
    return round(statistics.median(s.rss_mb for s in samples[-5:]), 1)


def _quiet(samples: list[Sample], waves: list[Wave]) -> list[Sample]:
    """Samples with no viewer connected and none just gone (the idle demo)."""
    return [s for s in samples if s.viewers == 0
            and not any(w.start - SAMPLE_S <= s.t < w.end + SETTLE_S for w in waves)]


def judge(samples: list[Sample], waves: list[Wave], duration_s: float, *, max_slope_mb_h: float = MAX_SLOPE_MB_H,
          max_growth_mb: float = MAX_GROWTH_MB) -> dict[str, Any]:
    """Pass, or the reasons the run fails:

    * memory: more than ``max_growth_mb`` from the end of warm-up to the end (any
      run: catches a leak like the old one of ~7 MB per request thread); on runs
      of 30 minutes or more, a least-squares slope after warm-up over
      ``max_slope_mb_h`` MB/hour;
    * threads or open files still growing: the idle demo's count at the end
      (no viewer connected) above the most it had idle during warm-up, plus a
      small margin;
    * no load: no wave of viewers got a view (nothing was measured).
    """
    reasons: list[str] = []
    if len(samples) < 3:
        return {"passed": False, "reasons": ["too few samples to judge"]}
    f = figures(samples, duration_s)
    w = f["warmup_s"]
    if f["rss_growth_mb"] > max_growth_mb:
        reasons.append(f"memory grew {f['rss_growth_mb']:.1f} MB after warm-up "
                       f"({f['rss_warm_mb']:.1f} -> {f['rss_end_mb']:.1f} MB; at most {max_growth_mb:g} MB)")
    if duration_s >= LONG_RUN_S and f["rss_slope_mb_h"] > max_slope_mb_h:
        reasons.append(f"memory grows {f['rss_slope_mb_h']:.1f} MB/hour after warm-up (at most {max_slope_mb_h:g})")
    quiet = _quiet(samples, waves)
    window = [s for s in quiet if s.t < w] or [s for s in samples if s.t < w] or samples[:1]
    last = (quiet or samples)[-1]
    for what, attr, margin in (("threads", "threads", THREAD_MARGIN), ("open files", "fds", FD_MARGIN)):
        top = max(getattr(s, attr) for s in window)
        if getattr(last, attr) > top + margin:
            reasons.append(f"{what} still growing: {getattr(last, attr)} at the end with no viewer, "
                           f"at most {top} idle during warm-up (margin {margin})")
    if waves and not any(wv.got_view for wv in waves):
        reasons.append("no viewer got a view: the load did not reach the page")
    return {"passed": not reasons, "reasons": reasons, "warmup_s": w}


def summary(report: dict[str, Any]) -> list[tuple[str, str]]:
    """The figures as (what, value) rows."""
    f, v = report["figures"], report["verdict"]
    waves = report["waves"]
    rows = [
        ("run", f"{f['duration_s'] / 60:.1f} min, {f['samples']} samples, warm-up {f['warmup_s'] / 60:.1f} min"),
        ("RSS at start", f"{f['rss_start_mb']:.1f} MB"),
        ("RSS after warm-up", f"{f['rss_warm_mb']:.1f} MB"),
        ("RSS plateau (median, last third)", f"{f['rss_plateau_mb']:.1f} MB"),
        ("RSS max", f"{f['rss_max_mb']:.1f} MB"),
        ("RSS growth after warm-up", f"{f['rss_slope_mb_h']:+.1f} MB/hour (least squares); "
                                     f"{f['rss_growth_mb']:+.1f} MB to the end"),
        ("threads first / last / max", "{} / {} / {}".format(*f["threads"])),
        ("open files first / last / max", "{} / {} / {}".format(*f["fds"])),
        ("CPU mean / max", f"{f['cpu_mean_pct']}% / {f['cpu_max_pct']}% of one core"),
        ("journal size start -> end",
         "{:.2f} -> {:.2f} MB".format(*f["journal_mb"]) if f["journal_mb"] else "not found"),
    ]
    if waves:
        rows.append(("viewer waves", f"{len(waves)} x {report['viewers']}: admitted "
                     f"{min(w['admitted'] for w in waves)}-{max(w['admitted'] for w in waves)}, got a view "
                     f"{min(w['got_view'] for w in waves)}-{max(w['got_view'] for w in waves)}, refused "
                     f"{sum(w['refused'] for w in waves)}, failed {sum(w['failed'] for w in waves)}"))
    for name, counts in report["requests"].items():
        rows.append((f"requests: {name}", ", ".join(f"{n} x {code}" for code, n in sorted(counts.items()))))
    rows.append(("verdict", "PASS" if v["passed"] else "FAIL: " + "; ".join(v["reasons"])))
    return rows


def print_report(report: dict[str, Any], out=sys.stdout) -> None:
    width = max(len(k) for k, _ in summary(report))
    for k, val in summary(report):
        print(f"{k.ljust(width)}  {val}" if k != "verdict" else f"verdict: {val}", file=out, flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m companion.soak.demo", description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=5.0, help="how long (default 5)")
    ap.add_argument("--viewers", type=int, default=100, help="viewers per wave (default 100)")
    ap.add_argument("--out", default=None, help="folder for soak.png and soak.json (default: out/soak)")
    ap.add_argument("--camera", type=resolution, default=(1600, 900), metavar="WxH",
                    help="the demo's simulated camera (default 1600x900; the Pi camera's modes: 4608x2592, "
                         "2304x1296)")
    args = ap.parse_args(argv)
    if not args.minutes > 0 or args.minutes > 24 * 60:
        ap.error(f"--minutes must be more than 0 and at most a day (1440), not {args.minutes:g}")
    if not 0 < args.viewers <= 2000:
        ap.error(f"--viewers must be 1 to 2000, not {args.viewers}")
    out = Path(args.out) if args.out else Path("out/soak")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        ap.error(f"--out: cannot make the folder {out}: {e.strerror}")
    try:
        report = soak(args.minutes, args.viewers, camera=f"{args.camera[0]}x{args.camera[1]}")
    except SoakError as e:
        print(f"soak: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("soak: interrupted", file=sys.stderr)
        return 130
    print()
    print_report(report)
    from companion.soak.plot import draw
    draw(report, out / "soak.png")
    (out / "soak.json").write_text(json.dumps(report, indent=None, separators=(",", ":")) + "\n")
    print(f"plot: {out / 'soak.png'}; every sample: {out / 'soak.json'}")
    return 0 if report["verdict"]["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
