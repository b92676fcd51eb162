"""The voice's queue: what to say next, so that speech stays short and in order.

* The most urgent sentence goes first (:data:`companion.voice.sentences.PRIORITY`),
  and one more urgent than the sentence being spoken cuts it short (an illegal
  move interrupts a turn announcement); the sentence cut short is said again
  afterwards unless something newer of its kind has come.
* A quick run of changes is summarised: one sentence of each kind waits at a
  time, the newest (only the latest turn is said), and a turn waits
  :data:`GATHER_S` before it is due, so that a turn passed on at once is not
  read out at all.
* Nothing is said twice in a row (but the voice's own answer to a person,
  "Voice on", every time), and nothing talks over itself: one sentence
  is spoken at a time (:meth:`SpeechQueue.take` hands out the next only after
  :meth:`SpeechQueue.done`).

The clock is handed in, so the rules are tested without sleeping::

    q = SpeechQueue(clock=lambda: now[0])
    q.put(Said("turn", "RED: your turn", 1))
    now[0] += 1.0
    q.take()          # Said('turn', 'RED: your turn', 1)
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: how long a sentence of these kinds waits for a newer one before it is said (seconds)
GATHER_S = {"turn": 0.1, "fix": 0.05}
#: kinds said every time, even twice in a row: they answer what a person just did ("Voice on")
EVERY_TIME = frozenset({"voice"})


@dataclass(frozen=True)
class Said:
    """A sentence ready to speak, in the table's language: its kind, its text
    and its urgency (higher is more urgent); ``source``: the sentence before
    it was translated (a :class:`~models.text.Text`), so that a phone can
    hear it in its page's language (None: only ``text``)."""

    kind: str
    text: str
    priority: int
    source: Any = field(default=None, compare=False)


@dataclass
class _Waiting:
    said: Said
    due: float


@dataclass
class SpeechQueue:
    """Sentences waiting to be said (see the module docstring). Thread-safe:
    the session's thread puts, the voice's thread takes."""

    clock: Callable[[], float] = time.monotonic
    gather_s: dict[str, float] = field(default_factory=lambda: dict(GATHER_S))

    def __post_init__(self) -> None:
        self._waiting: dict[str, _Waiting] = {}
        self._speaking: Said | None = None
        self._last: str | None = None            # the last sentence said to the end
        self._cut = threading.Event()            # set when the sentence being spoken must stop
        self._hushed = False                     # ... and not be said again (the speaker was muted)
        self._changed = threading.Condition()
        self._closed = False

    # ---- the session's side

    def put(self, said: Said) -> None:
        """Queue ``said``: it replaces a waiting sentence of its kind, and cuts
        the one being spoken short when it is more urgent."""
        with self._changed:
            if self._closed:
                return
            self._waiting[said.kind] = _Waiting(said, self.clock() + self.gather_s.get(said.kind, 0.0))
            if self._speaking is not None and said.priority > self._speaking.priority:
                self._cut.set()
            self._changed.notify_all()

    def drop(self, kind: str) -> None:
        """Forget a waiting sentence of ``kind`` (what it spoke of is over)."""
        with self._changed:
            self._waiting.pop(kind, None)

    # ---- the voice's side

    def take(self) -> Said | None:
        """The next sentence due now, most urgent first (it is then being
        spoken until :meth:`done`), or None: nothing due, or a sentence is
        still being spoken."""
        with self._changed:
            return self._take()

    def _take(self) -> Said | None:
        if self._speaking is not None:
            return None
        now = self.clock()
        due = [w for w in self._waiting.values() if w.due <= now]
        while due:
            best = max(due, key=lambda w: (w.said.priority, -w.due))
            del self._waiting[best.said.kind]
            due.remove(best)
            if best.said.text == self._last and best.said.kind not in EVERY_TIME:
                continue                         # the same sentence again: not twice in a row
            self._speaking = best.said
            self._cut.clear()
            self._hushed = False
            return best.said
        return None

    def wait_take(self, timeout: float | None = None) -> Said | None:
        """:meth:`take`, waiting up to ``timeout`` seconds for a sentence to be
        due (None: until one is, or the queue is closed)."""
        end = None if timeout is None else time.monotonic() + timeout
        with self._changed:
            while True:
                said = self._take()
                if said is not None or self._closed:
                    return said
                waits = []
                if end is not None:
                    if end - time.monotonic() <= 0:
                        return None
                    waits.append(end - time.monotonic())
                if self._speaking is None and self._waiting:
                    waits.append(max(0.005, min(w.due for w in self._waiting.values()) - self.clock()))
                self._changed.wait(min(waits) if waits else None)

    @property
    def cut(self) -> threading.Event:
        """Set while the sentence being spoken must stop (something more urgent came)."""
        return self._cut

    def done(self, said: Said) -> None:
        """``said`` is over: said to the end, or cut short (then it is said
        again later, unless something newer of its kind is waiting)."""
        with self._changed:
            if self._speaking is not said:
                return
            self._speaking = None
            if self._cut.is_set() and not self._hushed:
                self._cut.clear()
                self._waiting.setdefault(said.kind, _Waiting(said, self.clock()))
            else:
                self._cut.clear()
                self._last = said.text
            self._hushed = False
            self._changed.notify_all()

    def hush(self) -> None:
        """Stop the sentence being spoken now, and do not say it again (the
        speaker was muted: it counts as said)."""
        with self._changed:
            if self._speaking is not None:
                self._hushed = True
                self._cut.set()

    @property
    def idle(self) -> bool:
        """Nothing waiting and nothing being spoken."""
        with self._changed:
            return not self._waiting and self._speaking is None

    def close(self) -> None:
        """No more sentences; a waiting :meth:`wait_take` returns None."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()

    def waiting(self) -> list[Said]:
        """The sentences waiting, most urgent first (for tests and the log)."""
        with self._changed:
            return [w.said for w in sorted(self._waiting.values(), key=lambda w: (-w.said.priority, w.due))]
