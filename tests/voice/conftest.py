"""Views of the demo's real games, recorded once per test process
(:mod:`tests.support.demo_run`): what the voice hears (the session's public
views, as its on_change hands them over)."""
from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from tests.support.demo_run import demo_run


def demo_views(game: str = "GLC") -> tuple[dict[str, Any], ...]:
    """Every public view the fast demo of ``game`` publishes, in order (its run is
    shared: a test reading it is marked ``xdist_group(group(game))``)."""
    return demo_run(game).views


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
