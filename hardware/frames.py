"""The one interface every frame source implements.

A source yields :class:`Frame` s (a BGR ``uint8`` image as OpenCV wants it, a
timestamp in seconds and a running index)::

    with open_source("replay:recordings/game1") as src:
        for frame in src:
            ...

``read()`` returns the next frame, ``None`` when a finite source is exhausted,
and raises :class:`FrameSourceError` when the device fails (a lost camera): the
caller logs it, counts it and reopens with back-off.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any


class FrameSourceError(RuntimeError):
    """The source cannot deliver frames (device lost, file unreadable); the
    message says which and what to do."""


@dataclass
class Frame:
    """One camera frame: ``image`` is an H x W x 3 BGR uint8 numpy array."""

    image: Any
    t: float
    index: int

    @property
    def width(self) -> int:
        return int(self.image.shape[1])

    @property
    def height(self) -> int:
        return int(self.image.shape[0])


class FrameSource(ABC):
    """A camera, a recording or the simulated table."""

    name: str = "source"
    #: Whether frames come in real time, whether read or not (a camera; a replay
    #: or the simulated table with ``realtime=True``): work that outlasts its
    #: frame cannot hold the next one back. False for a source that waits to be
    #: read (a replay as fast as it is read): the pipeline then waits for such
    #: work, so a replay reads the same on a busy machine as on an idle one.
    realtime: bool = True

    def open(self) -> None:  # noqa: B027 (optional: a source with nothing to acquire keeps this no-op)
        """Acquire the device (idempotent). Raises FrameSourceError."""

    @abstractmethod
    def read(self) -> Frame | None:
        """The next frame; None when a finite source has ended."""

    def close(self) -> None:  # noqa: B027 (optional: a source with nothing to release keeps this no-op)
        """Release the device (idempotent)."""

    def __enter__(self) -> FrameSource:
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __iter__(self) -> Iterator[Frame]:
        while True:
            frame = self.read()
            if frame is None:
                return
            yield frame
