"""Views of the demo's real games, recorded once per test session: what the
voice hears (the session's public views, as its on_change hands them over)."""
from __future__ import annotations

import copy
import subprocess
from functools import cache
from pathlib import Path
from typing import Any


@cache
def demo_views(game: str = "GLC") -> tuple[dict[str, Any], ...]:
    """Every public view the fast demo of ``game`` publishes, in order."""
    from companion.demo import Demo
    demo = Demo(fast=True, game=game)
    views: list[dict[str, Any]] = []
    demo.session.on_change(lambda v: views.append(copy.deepcopy(v)))
    try:
        demo.start()
        demo.wait()
    finally:
        demo.close()
    return tuple(views)


def sox_stat(wav: Path) -> dict[str, float]:
    """``sox FILE -n stat``: its figures by name (Length (seconds), RMS amplitude...)."""
    r = subprocess.run(["sox", str(wav), "-n", "stat"], capture_output=True, text=True, check=True)
    out = {}
    for line in r.stderr.splitlines():
        name, _, value = line.partition(":")
        try:
            out[name.strip()] = float(value)
        except ValueError:
            continue
    return out
