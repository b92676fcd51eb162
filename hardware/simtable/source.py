"""The simulated table as a frame source: a scene (or a timeline of scenes) seen
by a simulated camera, frame after frame.

    >>> from hardware.simtable import Item, Scene, SimulatedTable
    >>> src = SimulatedTable([(0.0, Scene()), (1.0, Scene(items=[Item("GLC:KID:02", 450, 300)]))],
    ...                      fps=10.0, hold_s=0.5)
    >>> frames = list(src)
    >>> len(frames), frames[-1].t
    (16, 1.5)

Frame ``n`` has ``t = n / fps`` (no sleeping unless ``realtime=True``). A finite
timeline ends ``hold_s`` after its last step; a callable ``timeline(t) -> Scene``
never ends. ``truth`` holds the truth of the latest frame.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from ..frames import Frame, FrameSource
from .camera import CameraModel
from .render import Renderer, Truth
from .scene import Scene, scene_at

Timeline = Scene | Sequence[tuple[float, Scene]] | Callable[[float], Scene]


class SimulatedTable(FrameSource):
    """Frames of a simulated table (see the module docstring).

    ``timeline``: a :class:`Scene` (its own ``timeline`` is used when it has one,
    as :func:`load_scene` makes from JSON), a list of ``(t_seconds, Scene)``
    steps (each holds from its ``t``), or a callable ``t -> Scene``."""

    errors = 0          # a simulated table never drops a frame

    def __init__(self, timeline: Timeline, camera: CameraModel | None = None, fps: float = 10.0, *,
                 hold_s: float = 2.0, realtime: bool = False, name: str = "sim") -> None:
        if fps <= 0:
            raise ValueError(f"fps must be positive, not {fps}")
        self.camera = camera or (timeline.camera if isinstance(timeline, Scene) and timeline.camera else CameraModel())
        self.fps = float(fps)
        self.hold_s = float(hold_s)
        self.realtime = realtime
        self.name = name
        self._fn: Callable[[float], Scene] | None = None
        self._steps: list[tuple[float, Scene]] = []
        if isinstance(timeline, Scene):
            self._steps = list(timeline.timeline) or [(0.0, timeline)]
        elif callable(timeline):
            self._fn = timeline
        else:
            self._steps = sorted(((float(t), s) for t, s in timeline), key=lambda ts: ts[0])
            if not self._steps:
                raise ValueError("an empty timeline: give at least one (t, Scene)")
        self.index = 0
        self.truth: Truth | None = None
        self.scene: Scene | None = None
        self._renderers: dict[tuple[float, float], Renderer] = {}
        self._start: float | None = None

    @property
    def end_t(self) -> float | None:
        """The time after which a finite timeline has ended (None: never ends)."""
        return None if self._fn else self._steps[-1][0] + self.hold_s

    def scene_at(self, t: float) -> Scene:
        """The scene on the table at time ``t``."""
        return self._fn(t) if self._fn else scene_at(self._steps, t)

    def open(self) -> None:
        if self._start is None:
            self._start = time.monotonic()

    def read(self) -> Frame | None:
        self.open()
        t = self.index / self.fps
        end = self.end_t
        if end is not None and t > end + 1e-9:
            return None
        if self.realtime:
            assert self._start is not None          # set by open()
            delay = self._start + t - time.monotonic()
            if delay > 0:
                time.sleep(delay)
        scene = self.scene_at(t)
        renderer = self._renderers.get(scene.table_mm)
        if renderer is None:
            renderer = self._renderers[scene.table_mm] = Renderer(self.camera, scene.table_mm)
        image, self.truth = renderer.render(scene, self.index)
        self.scene = scene
        frame = Frame(image, t, self.index)
        self.index += 1
        return frame

    def close(self) -> None:
        self._start = None
