"""Where the fixed markers lie, kept between runs beside the journal.

Seat and zone markers and Candy Crave's bowl stickers are fixed to the table,
and piles lie on or near them: after a restart the camera may not see one
again until its pile is lifted. The session writes their table positions (mm,
not pixels: a camera knocked askew does not matter) to ``<journal>.markers.json``
whenever they change, and the pipeline recalls them at start-up::

    kept = MarkerFile("/var/lib/companion/journal.sqlite")
    pipeline.recall(kept.load())
    kept.save(pipeline.fixed_markers())

A missing, unreadable or malformed file is an empty one (a log line says why):
the markers are then found again as the camera sees them.
"""
from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterable
from pathlib import Path

from models.table import Sighting

log = logging.getLogger(__name__)


class MarkerFile:
    """The fixed markers' last places, in a small JSON file beside the journal."""

    def __init__(self, journal_path: str | os.PathLike[str]):
        self.path = Path(f"{journal_path}.markers.json")
        self._last: list[list[object]] | None = None

    def load(self) -> list[Sighting]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            out = [Sighting(str(p), float(x), float(y), float(a)) for p, x, y, a in data["markers"]]
        except FileNotFoundError:
            return []
        except (OSError, ValueError, KeyError, TypeError) as e:
            log.warning("markers: ignoring %s (%s); markers are found again as the camera sees them", self.path, e)
            return []
        self._last = self._rows(out)
        return out

    def save(self, markers: Iterable[Sighting]) -> bool:
        """Write the markers if they changed since the last load or save (atomic:
        a temporary file renamed over the old one). Returns whether it wrote."""
        rows = self._rows(markers)
        if rows == self._last:
            return False
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            tmp.write_text(json.dumps({"markers": rows}), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as e:
            log.warning("markers: cannot write %s: %s", self.path, e)
            return False
        self._last = rows
        return True

    @staticmethod
    def _rows(markers: Iterable[Sighting]) -> list[list[object]]:
        return sorted([s.payload, round(s.x_mm, 1), round(s.y_mm, 1), round(s.angle_deg, 1)] for s in markers)
