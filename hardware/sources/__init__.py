"""Frame sources by name: ``open_source(spec)`` gives an opened
:class:`~hardware.frames.FrameSource`.

=========================  ==================================================
spec                       source
=========================  ==================================================
``picamera2``              the Pi camera (``picamera2:2304x1296`` sets the size)
``opencv:0``               OpenCV camera device 0
``opencv:PATH``            a video file through OpenCV
``replay:DIR_OR_VIDEO``    recorded frames (a folder of images, or a video)
``sim:SCENE.json``         the simulated table drawing a scene file
``browser``                a phone's camera, through the page /camera/phone
=========================  ==================================================

Keyword arguments go to the source (``resolution=(2304, 1296)``, ``fps=5``,
``loop=True``, ``camera=CameraModel(...)``, ...)::

    >>> with open_source("sim:scene.json", fps=5) as src:     # doctest: +SKIP
    ...     frame = src.read()

A spec that names no source, or arguments the source does not take, raise
:class:`SourceSpecError` (a :class:`FrameSourceError` and a ``ValueError``).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ..frames import Frame, FrameSource, FrameSourceError
from .browser import BrowserSource, PictureError
from .opencv import OpenCVSource
from .picamera2 import Picamera2Source
from .replay import ReplaySource, record

SPECS = "picamera2[:WxH], opencv:INDEX, opencv:VIDEO_FILE, replay:DIR_OR_VIDEO, sim:SCENE.json, browser"


class SourceSpecError(FrameSourceError, ValueError):
    """A source spec or argument that names nothing we can open."""


def _sim(path: str, **kw: Any) -> FrameSource:
    from ..simtable import CameraModel, SceneError, SimulatedTable, load_scene
    try:
        scene = load_scene(path)
    except SceneError as exc:
        raise SourceSpecError(f"sim: {exc}") from None
    camera = kw.pop("camera", None)
    if isinstance(camera, dict):
        camera = CameraModel.from_json(camera)
    camera = camera or scene.camera or CameraModel()
    if "resolution" in kw:
        camera = replace(camera, resolution=tuple(kw.pop("resolution")))
    return SimulatedTable(scene, camera, name=f"sim:{path}", **kw)


def open_source(spec: str, **kw: Any) -> FrameSource:
    """Open the frame source ``spec`` names (see the module docstring)."""
    source = make_source(spec, **kw)
    source.open()
    return source


def make_source(spec: str, **kw: Any) -> FrameSource:
    """The frame source ``spec`` names, not opened yet: a spec that names
    nothing raises SourceSpecError here, a device that is missing only when
    the source opens (so a caller can keep retrying it)."""
    if not isinstance(spec, str) or not spec.strip():
        raise SourceSpecError(f"no frame source given: use one of {SPECS}")
    kind, _, arg = spec.strip().partition(":")
    kind = kind.lower()
    try:
        if kind == "picamera2":
            if arg:
                m = re.fullmatch(r"(\d+)x(\d+)", arg)
                if not m:
                    raise SourceSpecError(f"picamera2 size {arg!r} is not WIDTHxHEIGHT (e.g. picamera2:2304x1296)")
                kw.setdefault("resolution", (int(m[1]), int(m[2])))
            source: FrameSource = Picamera2Source(**kw)
        elif kind == "opencv":
            if not arg:
                raise SourceSpecError("opencv needs a device index or a video file: opencv:0 or opencv:game.mp4")
            source = OpenCVSource(int(arg) if arg.isdigit() else arg, **kw)
        elif kind == "replay":
            if not arg:
                raise SourceSpecError("replay needs a folder of images or a video file: replay:recordings/game1")
            source = ReplaySource(arg, **kw)
        elif kind == "sim":
            if not arg:
                raise SourceSpecError("sim needs a scene file: sim:scene.json")
            source = _sim(arg, **kw)
        elif kind == "browser":
            if arg:
                raise SourceSpecError("browser takes no argument: the phone's page sends the pictures")
            source = BrowserSource(**kw)
        else:
            raise SourceSpecError(f"unknown frame source {spec!r}: use one of {SPECS}")
    except TypeError as exc:
        raise SourceSpecError(f"frame source {spec!r}: {exc}") from None
    return source


__all__ = ["BrowserSource", "Frame", "FrameSource", "FrameSourceError", "OpenCVSource", "PictureError",
           "Picamera2Source", "ReplaySource", "SourceSpecError", "make_source", "open_source", "record"]
