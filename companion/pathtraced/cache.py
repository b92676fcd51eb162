"""The cache of path-traced frames: one JPEG and one JSON sidecar per frame in
``tests/data/pathtraced/`` (:data:`FOLDER`), read without Blender::

    for f in load():
        f.name, f.lighting, f.finish          # 'GLC-mid-beside-sleeved', 'beside', 'sleeved'
        f.visible()                           # payload -> its sidecar entry (px, corners_px, highlight, ...)
        f.image()                             # the picture, BGR
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .setup import frames

FOLDER = Path(__file__).resolve().parents[2] / "tests" / "data" / "pathtraced"


class CacheError(ValueError):
    """A cache that cannot be read: the message names the file and what is wrong."""


@dataclass(frozen=True)
class CachedFrame:
    """One rendered frame: its sidecar's data and where its picture is."""

    path: Path
    data: dict[str, Any]

    @property
    def name(self) -> str:
        return str(self.data["frame"])

    @property
    def game(self) -> str:
        return str(self.data["game"])

    @property
    def lighting(self) -> str:
        return str(self.data["lighting"])

    @property
    def finish(self) -> str:
        return str(self.data["finish"])

    def visible(self) -> dict[str, dict[str, Any]]:
        """The tags a camera could read in it, payload -> sidecar entry (the topmost copy)."""
        return {t["payload"]: t for t in self.data["tags"] if t["visible"]}

    def shown(self) -> set[str]:
        """Every payload printed anywhere in the picture, readable or not."""
        return {t["payload"] for t in self.data["tags"]}

    def image(self) -> np.ndarray:
        import cv2
        img = cv2.imread(str(self.path), cv2.IMREAD_COLOR)
        if img is None:
            raise CacheError(f"{self.path}: not a readable image")
        return np.asarray(img)


def load(folder: Path = FOLDER) -> list[CachedFrame]:
    """Every frame in ``folder`` with a sidecar, by name."""
    out = []
    for side in sorted(folder.glob("*.json")):
        try:
            data = json.loads(side.read_text(encoding="utf-8"))
            image = folder / data["image"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise CacheError(f"{side}: not a path-traced frame's sidecar ({e})") from None
        out.append(CachedFrame(image, data))
    return out


def missing(folder: Path = FOLDER) -> list[str]:
    """The frames the cache should hold (:func:`~.setup.frames`) that it does not
    (no sidecar, or a sidecar without its picture)."""
    have = {f.name for f in load(folder) if f.path.is_file()}
    return [f.name for f in frames() if f.name not in have]
