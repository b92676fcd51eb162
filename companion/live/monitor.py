"""The fault monitor: every frame from the camera loop goes through the vision
pipeline here, and what can go wrong on the way is counted, named and shown:
a frame the pipeline cannot use, tags the camera cannot use (a stray code,
a payload seen twice at once, a tag a lamp's reflection hides), a camera that moved, a table under a hand for
long enough to hide moves (a *gap*), and a journal that cannot be written.

A settled, changed table is handed on (``on_snapshot(snapshot, gap)``) to be
refereed; the monitor itself never changes the game.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from hardware.frames import Frame
from models.engine import Prompt
from models.text import tr

from .broadcast import Broadcast
from .camera_loop import CameraLoop
from .state import TableState

log = logging.getLogger(__name__)

#: A table unsettled this long (seconds: a hand or an arm over it) may hide
#: several moves; see ``Game.referee``'s ``gap``
GAP_S = 8.0

FAULT_MEMORY_S = 10.0     # a rejected code stays listed this long after it was last seen


class FaultMonitor:
    """Watches one table's camera: ``process`` is the camera loop's frame handler."""

    def __init__(self, table: TableState, camera: CameraLoop, broadcast: Broadcast,
                 on_snapshot: Callable[[Any, bool], None]):
        self.table = table
        self.camera = camera
        self.broadcast = broadcast
        self.on_snapshot = on_snapshot
        self.unsettled_from: float | None = None    # when the table last stopped being settled
        self.errors_seen = 0                         # camera losses counted at the last settled table
        self._frame: Frame | None = None
        self._frame_lock = threading.Lock()

    @property
    def frame(self) -> Frame | None:
        """The latest frame from the camera (the camera view draws it), or None before the first."""
        with self._frame_lock:
            return self._frame

    def process(self, frame: Frame) -> None:
        """One frame: through the pipeline, its faults noted, a settled change handed on."""
        t, health = self.table, self.camera.health
        with self._frame_lock:
            self._frame = frame
        try:
            update = t.pipeline.process(frame)
        except Exception as e:  # a frame the pipeline cannot use: count it, go on
            with t.lock:
                health["bad_frames"] += 1
                health["last_error"] = f"frame {frame.index}: {e}"
            log.warning("frame %s could not be decoded: %s", frame.index, e)
            return
        publish = False
        with t.lock:
            publish = self.note_faults(update)
            if bool(update.calibrated) != health["calibrated"]:
                health["calibrated"] = bool(update.calibrated)
                publish = True
            if getattr(update, "recalibrated", False):
                t.add_event({"type": "recalibrated",
                             "text": tr("The camera moved: calibrated again from the corners.")})
                publish = True
            settling = not update.settled
            if settling != t.settling:
                t.settling = settling
                publish = True
            if settling and self.unsettled_from is None:
                self.unsettled_from = update.t
            if update.changed and update.snapshot is not None:
                self.on_snapshot(update.snapshot, self.gap_ends(update.t))
                publish = False  # on_snapshot published
        if publish:
            self.broadcast.publish()

    def gap_ends(self, t: float) -> bool:
        """Whether the camera may have missed moves before this settled table: it
        was lost since the last one, or the table stayed unsettled (a hand or
        an arm over it) for :data:`GAP_S` seconds or more."""
        errors = int(self.camera.health.get("errors", 0))
        gap = errors > self.errors_seen or (self.unsettled_from is not None and t - self.unsettled_from >= GAP_S)
        self.errors_seen, self.unsettled_from = errors, None
        return gap

    def note_faults(self, update: Any) -> bool:
        """Tags the camera cannot use: payloads that break the tag grammar (another
        game's code, a stray QR code) are counted and named; a payload seen twice at
        once (a misprint or a second copy) is reported, never guessed at. True
        when what the page shows about them changed."""
        t = self.table
        changed = False
        for r in getattr(update, "rejected", None) or []:
            self.camera.health["rejected"] += 1
            key = str(r.get("payload"))[:40]
            if key not in t.rejected:
                log.info("rejected tag %r: %s", key, r.get("reason"))
                changed = True
            t.rejected[key] = (float(update.t), str(r.get("reason", "")))
        for key, (seen, _) in list(t.rejected.items()):
            if update.t - seen > FAULT_MEMORY_S:
                del t.rejected[key]
                changed = True
        dups = sorted(getattr(update, "duplicates", None) or [])
        if dups != t.duplicates:
            if dups:
                log.warning("seen twice at once: %s", ", ".join(dups))
            t.duplicates = dups
            changed = True
        # a lamp's reflection over a known tag: the pipeline holds it where it was; the players are told
        burnt = {g.payload for g in getattr(update, "glare", None) or []}
        present = getattr(update, "present", None) or [] if burnt else []
        glare = {s.payload: (round(s.x_mm, 1), round(s.y_mm, 1)) for s in present if s.payload in burnt}
        if glare != t.glare:
            if set(glare) != set(t.glare):
                log.info("a reflection hides: %s", ", ".join(sorted(glare)) or "nothing now")
            t.glare = glare
            changed = True
        return changed

    def journal_failed(self, error: Exception) -> None:
        """A change the journal could not write (a full or damaged disk): it is not
        applied, the page and the log say so, and the loop goes on; the same
        change is refereed again at the next settled table."""
        t = self.table
        log.error("journal: %s", error)
        t.snapshot = None           # referee the table again once the journal can be written
        t.status = "out_of_sync"
        t.prompts = [Prompt(tr("The journal cannot be written, so nothing was applied: {error}. "
                               "Check the disk; the companion tries again at the next change.",
                               error=str(error)), None, "error")]
        t.add_event({"type": "journal_error", "text": tr("Journal write failed: {error}", error=str(error))})
        self.broadcast.publish()
