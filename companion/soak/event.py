"""A soak of the event hub: does ``companion event`` keep its memory over time?

``python -m companion.soak.event [--minutes N] [--tables N] [--viewers N]``
starts a Mosquitto (as ``companion broker`` sets it up) and ``companion event``
as a real process, then for N minutes: N tables publish a real public view
every 5 s each (one MQTT client each) and finish a game every
``--results-every`` seconds (a result each: the hub keeps every result of the
event, so its memory grows with them by design), while N spectators follow
the page's live stream and, every 30 s, a page load and ``/standings.csv``.
It samples the hub's resident memory, threads and open files every 10 s and
prints them with the growth after the first quarter (MB per hour); exit 1 when
memory keeps growing faster than ``--max-slope`` MB/h.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path


def _proc(pid: int) -> tuple[float, int, int]:
    """(RSS MB, threads, open files) of a process."""
    rss = threads = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("Threads:"):
                threads = int(line.split()[1])
    return rss / 1024, threads, len(os.listdir(f"/proc/{pid}/fd"))


def soak(minutes: float, tables: int, viewers: int, results_every_s: float = 1200.0
         ) -> list[tuple[float, float, int, int]]:
    from companion.bench.event import _payload, _publishers, _view
    from companion.bench.web import Crowd
    from companion.event import topics
    from companion.event.broker import Mosquitto, write_broker
    from companion.service.network import free_ports
    names = [f"t{i + 1}" for i in range(tables)]
    samples: list[tuple[float, float, int, int]] = []
    with tempfile.TemporaryDirectory(prefix="soak-event-") as tmp:
        setup = write_broker(Path(tmp) / "broker", event="soak", tables=names, port=free_ports()[0], bind="127.0.0.1")
        with Mosquitto(setup):
            env = {**os.environ, "COMPANION_EVENT_PASSWORD": setup.passwords["hub"]}
            hub = subprocess.Popen([sys.executable, "-m", "companion", "event", "--event", "soak", "--port", "0",
                                    "--bind", "127.0.0.1", "--broker", f"mqtt://hub@127.0.0.1:{setup.port}"],
                                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            try:
                assert hub.stderr is not None
                url = re.search(r"serving (http://\S+/)", hub.stderr.readline())
                if not url:
                    raise RuntimeError("companion event did not start")
                base = url.group(1)
                port = int(base.rsplit(":", 1)[1].strip("/"))
                view = _view()
                clients = _publishers(setup, names)
                stop = threading.Event()
                with Crowd("127.0.0.1", port, viewers) as crowd:
                    def read() -> None:
                        while not stop.is_set():
                            crowd.pump(0.1)
                            for c in crowd.clients:           # the soak keeps no history of its own
                                c.seqs.clear()
                                c.received_at.clear()
                    reader = threading.Thread(target=read, daemon=True)
                    reader.start()
                    start, seq, game = time.monotonic(), 0, 0
                    next_sample = next_page = next_result = start
                    while time.monotonic() - start < minutes * 60:
                        for c, n in zip(clients, names):
                            seq += 1
                            c.publish(topics.topic("soak", n, "view"), _payload(view, n, seq), qos=0, retain=True)
                            time.sleep(5.0 / len(clients))
                        now = time.monotonic()
                        if now >= next_result:
                            next_result = now + results_every_s
                            game += 1
                            for c, n in zip(clients, names):
                                rid = f"g{game}-{int(time.time())}"
                                result = {"schema": "tc.result/1", "event": "soak", "table": n,
                                          "id": rid, "game_id": game,
                                          "game": {"code": "TCG", "title": "The Closest Ghost"},
                                          "started": time.time() - 60, "ended": time.time(),
                                          "seats": [{"seat": s, "name": f"{n}-{s}", "named": True,
                                                     "points": i + game % 5, "won": i == 0}
                                                    for i, s in enumerate(("RED", "BLUE"))],
                                          "winners": [f"{n}-RED"], "tie": False, "score": {}}
                                c.publish(topics.topic("soak", n, "results", rid), topics.dumps(result),
                                          qos=1, retain=True)
                        if now >= next_page:
                            next_page = now + 30
                            for path in ("", "standings.csv", "api/event"):
                                with urllib.request.urlopen(base + path, timeout=10) as r:
                                    r.read()
                        if now >= next_sample:
                            next_sample = now + 10
                            rss, threads, files = _proc(hub.pid)
                            samples.append((now - start, rss, threads, files))
                            print(f"{(now - start) / 60:5.1f} min  RSS {rss:6.1f} MB  threads {threads:3d}  "
                                  f"open files {files:4d}", flush=True)
                    stop.set()
                    reader.join(5)
                for c in clients:
                    c.disconnect()
                    c.loop_stop()
            finally:
                hub.terminate()
                hub.wait(15)
    return samples


def slope_mb_h(samples: list[tuple[float, float, int, int]]) -> float:
    """Least-squares growth of RSS after the first quarter, MB per hour."""
    tail = samples[len(samples) // 4:]
    if len(tail) < 2:
        return 0.0
    n = len(tail)
    mt = sum(s[0] for s in tail) / n
    mr = sum(s[1] for s in tail) / n
    den = sum((s[0] - mt) ** 2 for s in tail)
    return 3600 * sum((s[0] - mt) * (s[1] - mr) for s in tail) / den if den else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m companion.soak.event", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--viewers", type=int, default=200)
    ap.add_argument("--results-every", type=float, default=1200.0,
                    help="seconds between two finished games at each table (default 1200: a 20-minute game)")
    ap.add_argument("--max-slope", type=float, default=5.0, help="MB per hour (default 5)")
    args = ap.parse_args(argv)
    samples = soak(args.minutes, args.tables, args.viewers, args.results_every)
    rss = [s[1] for s in samples]
    slope = slope_mb_h(samples)
    print(f"hub RSS: first {rss[0]:.1f} MB, last {rss[-1]:.1f} MB, max {max(rss):.1f} MB; "
          f"growth after the first quarter {slope:+.1f} MB/h; threads {samples[-1][2]}, "
          f"open files {samples[-1][3]}")
    return 0 if slope <= args.max_slope else 1


if __name__ == "__main__":
    sys.exit(main())
