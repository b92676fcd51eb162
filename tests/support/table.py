"""The real vision pipeline over the simulated table, for tests of each game's ``read``.

    >>> from tests.support.table import snapshot_of
    >>> snap = snapshot_of(game.arrange(state))              # doctest: +SKIP
    >>> game.read(state, snap) == game.expected_table(state)  # doctest: +SKIP
    True

:func:`snapshot_of` draws the placements (or simulated-table ``Item`` s) on the
simulated table, with the four corner markers, and runs the real pipeline
(real QR codes, the real decoder, calibration and tracker) frame after frame
until the table settles; it returns that settled snapshot.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.vision import Pipeline, PipelineConfig
from hardware.simtable import CameraModel, Item, Scene, SimulatedTable
from models.table import Snapshot


class NeverSettled(AssertionError):
    """The pipeline did not settle within the time allowed."""


def scene_of(placements_or_items: Iterable[Any], table_mm: tuple[float, float] = (900.0, 600.0)) -> Scene:
    """A simulated-table scene holding the placements (or items) and the corners."""
    items = [p if isinstance(p, Item) else Item.from_placement(p) for p in placements_or_items]
    return Scene(table_mm=(float(table_mm[0]), float(table_mm[1])), items=items)


def snapshot_of(placements_or_items: Iterable[Any], table_mm: tuple[float, float] = (900.0, 600.0),
                camera: CameraModel | None = None, *, config: PipelineConfig | None = None,
                max_s: float = 8.0) -> Snapshot:
    """The settled snapshot the pipeline reads from a simulated table holding
    ``placements_or_items`` (``models.table.Placement`` or ``Item``); corners
    are added. ``camera`` defaults to a 1600x900 camera over the table.
    Raises :class:`NeverSettled` if the table does not settle within ``max_s``."""
    scene = scene_of(placements_or_items, table_mm)
    cfg = config or PipelineConfig(table_mm=scene.table_mm)
    src = SimulatedTable(scene, camera or CameraModel(resolution=(1600, 900)), fps=10.0, hold_s=max_s)
    pipe = Pipeline(cfg)
    last = None
    for frame in src:
        last = pipe.process(frame)
        if last.settled and last.snapshot is not None:
            return last.snapshot
    raise NeverSettled(f"the simulated table did not settle in {max_s} s "
                       f"(calibrated: {last.calibrated if last else False}, "
                       f"tags held: {[s.payload for s in last.present] if last else []})")


def run_timeline(timeline: Any, camera: CameraModel | None = None, *, config: PipelineConfig | None = None,
                 fps: float = 10.0, hold_s: float = 2.0, table_mm: tuple[float, float] = (900.0, 600.0)):
    """Feed a simulated-table timeline (a Scene or ``[(t, Scene), ...]``) through
    a fresh pipeline; returns ``(pipeline, [(frame, update), ...])``."""
    src = SimulatedTable(timeline, camera or CameraModel(resolution=(1600, 900)), fps=fps, hold_s=hold_s)
    pipe = Pipeline(config or PipelineConfig(table_mm=table_mm))
    return pipe, [(frame, pipe.process(frame)) for frame in src]
