"""Recorded frames played back: a folder of images, or a video file.

A folder plays its images (``.png``, ``.jpg``, ``.jpeg``, ``.bmp``, ``.tif``,
``.tiff``, ``.webp``) sorted by name. Timestamps come from, in this order:

- ``frames.json`` (written by :func:`record`):
  ``{"source": "...", "frames": [{"file": "000000.png", "t": 0.0, "index": 0}, ...]}``
  (its ``frames`` list also fixes which files play, in that order; a frame
  recorded from the simulated table also holds its ``truth``, which the replay
  offers as ``source.truth``);
- ``timestamps.txt``: one line per image in name order, either ``SECONDS`` or
  ``FILENAME SECONDS`` (blank lines and ``#`` comments ignored);
- otherwise frame n is at ``n / fps`` (default 10 fps).

An image that cannot be read, or whose header claims more than
:data:`hardware.imagesize.MAX_PIXELS` (50 megapixels), is skipped with a logged
warning and counted in ``source.errors``; the replay goes on. ``loop=True`` starts again at the end
(timestamps keep rising); ``realtime=True`` sleeps so frames come at their
timestamps. ::

    >>> record(open_source("sim:scene.json"), "rec/game1", 20)   # doctest: +SKIP
    20
    >>> src = ReplaySource("rec/game1")                           # doctest: +SKIP
"""
from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any

import cv2

from ..frames import Frame, FrameSource, FrameSourceError
from ..imagesize import ImageError, read_image
from ..simtable.render import Truth
from .opencv import OpenCVSource

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}


class ReplaySource(FrameSource):
    """Play back a folder of images or a video file (see the module docstring)."""

    def __init__(self, path: str | Path, *, fps: float = 10.0, loop: bool = False, realtime: bool = False) -> None:
        if fps <= 0:
            raise FrameSourceError(f"replay fps must be positive, not {fps}")
        self.path = Path(path)
        self.fps = float(fps)
        self.loop = loop
        self.realtime = realtime
        self.name = f"replay:{self.path}"
        self.errors = 0
        self.truth: Truth | None = None   # a recorded simulated frame's truth (hardware.simtable.Truth), else None
        self._truths: list | None = None
        self._entries: list[tuple[Path, float]] | None = None
        self._video: OpenCVSource | None = None
        self._pos = 0
        self._index = 0
        self._offset = 0.0
        self._start = 0.0

    # -- opening -------------------------------------------------------------

    def open(self) -> None:
        if self._entries is not None or self._video is not None:
            return
        if self.path.is_dir():
            self._entries = self._list_folder()
        elif self.path.is_file():
            self._video = OpenCVSource(self.path)
            self._video.open()
        else:
            raise FrameSourceError(f"replay: {self.path} is neither a folder of images nor a video file")
        self._pos = self._index = 0
        self._offset = 0.0
        self._start = time.monotonic()

    def _list_folder(self) -> list[tuple[Path, float]]:
        meta = self.path / "frames.json"
        stamps = self.path / "timestamps.txt"
        if meta.is_file():
            try:
                d = json.loads(meta.read_text(encoding="utf-8"))
                entries = [(self.path / f["file"], float(f["t"])) for f in d["frames"]]
                self._truths = [f.get("truth") for f in d["frames"]]
            except RecursionError:
                raise FrameSourceError(f"replay: {meta} is nested too deeply to be a frames list") from None
            except (ValueError, KeyError, TypeError) as exc:   # UnicodeDecodeError and JSONDecodeError too
                raise FrameSourceError(f"replay: {meta} is not a frames list ({exc}); "
                                       'expected {"frames": [{"file": ..., "t": ...}, ...]}') from None
        else:
            files = sorted(p for p in self.path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file())
            if stamps.is_file():
                entries = self._read_timestamps(stamps, files)
            else:
                entries = [(p, n / self.fps) for n, p in enumerate(files)]
        if not entries:
            raise FrameSourceError(f"replay: no images in {self.path} (looked for {sorted(IMAGE_SUFFIXES)})")
        return entries

    def _read_timestamps(self, stamps: Path, files: list[Path]) -> list[tuple[Path, float]]:
        lines = [ln.split("#", 1)[0].strip() for ln in stamps.read_text(encoding="utf-8").splitlines()]
        lines = [ln for ln in lines if ln]
        by_name: dict[str, float] = {}
        plain: list[float] = []
        try:
            for ln in lines:
                parts = ln.split()
                if len(parts) == 2:
                    by_name[parts[0]] = float(parts[1])
                elif len(parts) == 1:
                    plain.append(float(parts[0]))
                else:
                    raise ValueError(ln)
        except ValueError as exc:
            raise FrameSourceError(f"replay: {stamps}: cannot read line {exc}; "
                                   "expected SECONDS or FILENAME SECONDS") from None
        if by_name:
            missing = [p.name for p in files if p.name not in by_name]
            if missing:
                raise FrameSourceError(f"replay: {stamps} has no time for {missing[:3]}")
            return [(p, by_name[p.name]) for p in files]
        if len(plain) != len(files):
            raise FrameSourceError(f"replay: {stamps} has {len(plain)} times for {len(files)} images")
        return list(zip(files, plain))

    # -- reading -------------------------------------------------------------

    def read(self) -> Frame | None:
        self.open()
        if self._video is not None:
            frame = self._video.read()
            if frame is None and self.loop and self._index > 0:
                self._offset += self._index / max(self._video._fps or self.fps, 1e-9)
                self._video.close()
                self._video.open()
                frame = self._video.read()
            if frame is None:
                return None
            frame = Frame(frame.image, frame.t + self._offset, self._index)
            self._index += 1
            self._pace(frame.t)
            return frame
        assert self._entries is not None
        wrapped = False
        while True:
            if self._pos >= len(self._entries):
                if not self.loop or wrapped:
                    return None
                self._offset += self._entries[-1][1] - self._entries[0][1] + 1.0 / self.fps
                self._pos = 0
                wrapped = True
            path, t = self._entries[self._pos]
            self._pos += 1
            try:
                image = read_image(path)             # refuses past MAX_PIXELS before decoding
            except (ImageError, OSError) as exc:
                self.errors += 1
                log.warning("replay: skipping %s: %s (%d skipped so far)", path, exc, self.errors)
                continue
            frame = Frame(image, t + self._offset, self._index)
            self._index += 1
            recorded = self._truths[self._pos - 1] if self._truths else None
            self.truth = Truth.from_json(recorded) if recorded is not None else None
            self._pace(frame.t)
            return frame

    def _pace(self, t: float) -> None:
        if self.realtime:
            delay = self._start + t - time.monotonic()
            if delay > 0:
                time.sleep(delay)

    def close(self) -> None:
        if self._video is not None:
            self._video.close()
        self._video = None
        self._entries = None


def record(source: FrameSource, directory: str | Path, n: int, *, ext: str = ".png",
           jpeg_quality: int = 95) -> int:
    """Write up to ``n`` frames of ``source`` into ``directory`` as ``000000.png``
    ... with a ``frames.json`` of their timestamps, so :class:`ReplaySource` can
    play them back. From a simulated table each frame's truth is stored too (the
    replay's ``truth``). Opens the source if needed (and leaves it open); stops
    early when the source ends. Returns the number of frames written. A
    source that cannot be opened leaves no folder behind."""
    out = Path(directory)
    ext = ext if ext.startswith(".") else "." + ext
    params = [cv2.IMWRITE_JPEG_QUALITY, int(jpeg_quality)] if ext.lower() in (".jpg", ".jpeg") else []
    source.open()
    out.mkdir(parents=True, exist_ok=True)
    frames: list[dict[str, Any]] = []
    for _ in range(n):
        frame = source.read()
        if frame is None:
            break
        name = f"{len(frames):06d}{ext}"
        if not cv2.imwrite(str(out / name), frame.image, params):
            raise FrameSourceError(f"record: cannot write {out / name}")
        entry = {"file": name, "t": frame.t, "index": frame.index}
        truth = getattr(source, "truth", None)
        if truth is not None and hasattr(truth, "to_json"):   # the simulated table knows where every tag is
            entry["truth"] = truth.to_json()
        frames.append(entry)
    (out / "frames.json").write_text(json.dumps({"source": getattr(source, "name", "source"), "frames": frames},
                                                indent=1), encoding="utf-8")
    return len(frames)
