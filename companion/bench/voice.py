"""Benchmark: the referee's voice, from a change to speech.

The demo's scripted round of Ghosts Love Candy is played once and its public
views kept; each view that gives the voice something to say is handed to a
real :class:`~companion.voice.Voice` (espeak-ng, the table's three languages),
and the clock runs from the hand-over (``Voice.hear``, as the session's
``on_change`` calls it) to the first WAV bytes espeak-ng writes to the
speaker's pipe (``aplay`` starts playing on them): the sentence worked out and
translated, queued, taken by the voice's thread, espeak-ng started and its
first sound made. A turn waits
:data:`companion.voice.queue.GATHER_S` on purpose (a turn passed on at once is
not read out); an illegal move does not. Reported in milliseconds and as a
ratio to one raw zxing-cpp decode of a demo frame in the same process, with a
Pi estimate.

    python -m companion.bench --only voice
"""
from __future__ import annotations

import copy
import statistics
import threading
import time
from typing import IO, Any

TITLE = "Voice latency (change -> speech ready)"


class _Timing:
    """A speaker that notes when the first bytes of each sentence's sound
    reach it (what aplay would start playing on), then takes the rest."""

    name = "timing"

    def __init__(self) -> None:
        self.heard = threading.Event()
        self.at = 0.0

    def play(self, wav: bytes, kind: str, cut: threading.Event) -> None:
        self.at = time.perf_counter()
        self.heard.set()

    def play_stream(self, pipe: IO[bytes], kind: str, cut: threading.Event) -> None:
        pipe.read(1)
        self.at = time.perf_counter()
        self.heard.set()
        pipe.read()


def _demo_views() -> tuple[list[dict[str, Any]], Any]:
    from companion.demo import Demo
    demo = Demo(fast=True)
    views: list[dict[str, Any]] = []
    demo.session.on_change(lambda v: views.append(copy.deepcopy(v)))
    frame = demo.source.read()
    try:
        demo.start()
        demo.wait()
    finally:
        demo.close()
    return views, frame


def measure(langs: tuple[str, ...] = ("en", "de", "es")) -> dict[str, Any]:
    from companion.bench.referee import raw_decode_s
    from companion.voice import Voice
    from companion.voice.sentences import announcements
    from companion.voice.synth import Espeak
    views, frame = _demo_views()
    raw = raw_decode_s(frame.image, repeats=5)
    rows: list[dict[str, Any]] = []
    for lang in langs:
        sink = _Timing()
        voice = Voice(lang, Espeak(lang), [sink])
        voice.start()
        before: dict[str, Any] | None = None
        for view in views:
            said = announcements(before, view)
            if not said:
                voice._last = before = view
                continue
            sink.heard.clear()
            voice._last = before
            t0 = time.perf_counter()
            voice.hear(view)
            before = view
            if not sink.heard.wait(10.0):
                continue                              # nothing new to say (said just before)
            rows.append({"lang": lang, "kind": said[0].kind, "s": sink.at - t0})
            while not voice.queue.idle:
                time.sleep(0.005)
            voice.queue._last = None                  # each change measured on its own: nothing skipped as a repeat
        voice.close(drain_s=0.0)
    synth = Espeak("de")
    long = ("Nicht erlaubt: haunt: RED ist am Zug, nicht BLUE. Geist B1 liegt auf Platz 2, unter dem Kind, "
            "sollte aber vor BLUE liegen.")
    synth_s, whole_s = [], []
    for _ in range(5):
        t = time.perf_counter()
        proc = synth.stream(long)
        assert proc.stdout is not None
        proc.stdout.read(1)
        synth_s.append(time.perf_counter() - t)
        proc.stdout.read()
        proc.stdout.close()
        proc.wait()
        whole_s.append(time.perf_counter() - t)
    return {"rows": rows, "raw_s": raw, "synth_s": statistics.median(synth_s), "whole_s": statistics.median(whole_s),
            "size": frame.image.shape[1::-1]}


def summary(f: dict[str, Any]) -> list[str]:
    rows, raw = f["rows"], f["raw_s"]
    if not rows:
        return ["voice: nothing was said"]
    lines = [f"voice: {len(rows)} sentences of the demo's round of Ghosts Love Candy in en, de and es, espeak-ng; "
             f"change handed to the voice -> first WAV bytes on the speaker's pipe; one raw zxing decode of a "
             f"{f['size'][0]}x{f['size'][1]} demo frame = {raw * 1000:.1f} ms"]
    for kinds, label in ((("illegal", "over", "fix", "camera"), "illegal move, fix, end (said at once)"),
                         (("turn",), "turn (waits to summarise a quick run)")):
        ms = [r["s"] * 1000 for r in rows if r["kind"] in kinds]
        if not ms:
            continue
        med = statistics.median(ms)
        lines.append(f"  {label}: median {med:.0f} ms, worst {max(ms):.0f} ms = {med / 1000 / raw:.1f}x / "
                     f"{max(ms) / 1000 / raw:.1f}x one raw decode ({len(ms)} sentences)")
    lines.append(f"  of which espeak-ng, for the illegal haunt in German (two prompts): first bytes "
                 f"{f['synth_s'] * 1000:.0f} ms, the whole sentence {f['whole_s'] * 1000:.0f} ms")
    fast = [r["s"] for r in rows if r["kind"] != "turn"]
    turn = [r["s"] for r in rows if r["kind"] == "turn"]
    from companion.voice.queue import GATHER_S
    if fast and turn:
        work = statistics.median(fast)
        lines.append(f"  Pi estimate (x2.5-3 on a Pi 5 core, x5-6 on a Pi 4): illegal move ~{work * 2.75 * 1000:.0f} / "
                     f"~{work * 5.5 * 1000:.0f} ms, turn ~{(GATHER_S['turn'] + work * 2.75) * 1000:.0f} / "
                     f"~{(GATHER_S['turn'] + work * 5.5) * 1000:.0f} ms, plus aplay opening the device")
    return lines


def run(report: Any) -> dict[str, Any]:
    """``make bench`` entry point."""
    figures = measure()
    for line in summary(figures):
        report.line(line)
    return figures


if __name__ == "__main__":
    for line in summary(measure()):
        print(line)
