"""The session as plain lines, for a terminal or a log: new events, status
changes with their prompts, and the scoreboard when it changes (``companion run
--no-web`` and ``companion demo --no-web``)::

    printer = LinePrinter()
    session.on_change(printer)      # prints e.g. "status: out_of_sync" / "  error: ..."
"""
from __future__ import annotations

import json
import sys
import threading
from typing import Any

_LINES = threading.Lock()


def write_line(out: Any, text: str) -> None:
    """``text`` and its newline as one write, never inside another thread's line
    (``print`` writes the two apart: under load a voice line, written by the
    voice's thread, could land in the middle of a narration line, and a reader
    of ``voice:`` lines would miss it). Every line of the session's plain
    output goes through here."""
    with _LINES:
        out.write(text + "\n")
        out.flush()


class LinePrinter:
    """Prints what the session shows as plain lines: status changes with their
    prompts, new events, and the scoreboard when it changes (``--no-web``)."""

    def __init__(self, out: Any = None, as_json: bool = False):
        self.out = out or sys.stdout
        self.as_json = as_json
        self._last: tuple = ()
        self._events_seen: set = set()
        self._score: Any = None
        self._lock = threading.Lock()

    def __call__(self, view: dict[str, Any]) -> None:
        with self._lock:
            if self.as_json:
                write_line(self.out, json.dumps(view))
                return
            for line in self.lines(view):
                write_line(self.out, line)

    def skip(self, view: dict[str, Any]) -> None:
        """Take ``view`` as already shown (print nothing for it, nor again later)."""
        with self._lock:
            self.lines(view)

    def lines(self, view: dict[str, Any]) -> list[str]:
        """What is new in ``view`` since the last one, as lines."""
        lines = []
        for e in view.get("events") or []:
            key = (e.get("entry"), e.get("type"), e.get("text"), e.get("time"))
            if key not in self._events_seen:
                self._events_seen.add(key)
                lines.append(f"--- {e['text']}" if e.get("type") == "demo" else f"event: {e['text']}")
        prompts = tuple(p["text"] for p in view.get("prompts") or [])
        now = (view["status"], prompts)
        if now != self._last:
            self._last = now
            lines.append(f"status: {view['status']}")
            for p in view.get("prompts") or []:
                to = p.get("to")
                to = f"{to}: " if to and not p["text"].startswith(to) else ""
                lines.append(f"  {p['level']}: {to}{p['text']}")
        score = view.get("score")
        if score and score != self._score and (view["status"] in ("applied", "over") or self._score is None):
            self._score = score
            lines.append("score: " + format_score(score))
        return lines


def format_score(score: dict[str, Any]) -> str:
    """``RED 31, BLUE 42, GREEN 43 (final; winner: GREEN)``."""
    parts = [f"{p} {e['total']}" for p, e in score.get("entries", {}).items()]
    tail = ""
    if score.get("final"):
        kind = "tie" if score.get("tie") else "winner"
        tail = f" (final; {kind}: {', '.join(score['winners'])})"
    return ", ".join(parts) + tail
