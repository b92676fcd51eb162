"""How the vision pipeline reads the table: :class:`PipelineConfig`, and the
payload prefixes of the markers fixed to the table (seats, zones, each game's
own), which the tracker remembers where they were last seen while covered."""
from __future__ import annotations

from dataclasses import dataclass, field

#: the table's own markers that never move during a game
TABLE_FIXED_MARKERS = ("TC:SEAT:", "TC:ZONE:")


def fixed_marker_prefixes() -> tuple[str, ...]:
    """The seat and zone markers plus every registered game's fixed markers."""
    from models.registry import game_classes
    return TABLE_FIXED_MARKERS + tuple(p for cls in game_classes() for p in cls.fixed_markers)


@dataclass
class PipelineConfig:
    """How the pipeline reads the table.

    ``table_mm``: the corner markers' rectangle; ``decoder``: ``zxing`` or
    ``zbar``; ``appear_frames``, ``vanish_s``, ``settle_s``, ``move_mm``,
    ``turn_deg``: the tracker's rules; ``tag_mm``: the smallest and largest
    printed symbol to expect; ``full_every_s``: a full pass at least this often
    (0: every frame); ``hold_area_mm2``: a still change this big over a missing
    tag is a hand, and the tag is held (for at most ``hold_still_s`` while that
    patch is still: then it is something laid over the tag); ``recalibrate_px``: how far the corners
    must move to recalibrate (None: 0.3 % of the frame's diagonal, at least 3 px);
    ``retry_frames``: on how many frames in all a tag-like patch that did not
    read is tried (on each after the first, a restored crop once the lens is
    learned, and the next step of the recovery ladder: each frame's noise is
    new, so a crop that failed may read on a later frame; under 4 px of
    camera shake at 2.5 px/module every tag within 8 frames instead of 61 of
    64, and retries come last, so they use only what a frame left);
    ``budget``: upscaled crop pixels the small-tag recovery may decode per
    frame, as a fraction of the frame's pixels (what does not fit waits for
    later frames); ``frame_budget``:
    a frame's bound, in whole-frame decodes: the recovery stops when the
    frame has taken ``frame_budget`` less :data:`.pipeline_state.HEADROOM` times what a
    whole-frame decode costs (the fastest of the last five full passes'
    decodes, this frame's included), and what is left waits for the next frames. A ratio of the decode measured
    on the same frame, so it holds on a Pi as on a laptop, and on a picture
    zxing-cpp gives up on quickly as on one it reads slowly (None: the pixel
    budget only);
    ``uncalibrated_full_every_s``: before the corners are found, a full pass
    at least this often, and on every frame where the picture moves (the frames
    between decode the patches the last full pass left);
    ``fixed_markers``: payload prefixes of the markers fixed to the table (seats,
    zones, and each game's :attr:`~models.engine.Game.fixed_markers`): remembered
    where they were last seen while something covers them (see the tracker);
    ``lens_every_s``: how often a full pass learns the camera's blur again from
    the codes it read (:mod:`.lens`; 0: never learn, the recovery ladder
    without a restoration filter);
    ``workers``: how many threads decode the small tags' crops side by side
    (:class:`.recovery.Recovery`; 1: this thread alone, after the decode;
    the candidate filter still runs beside the decode);
    ``zxing_downscale``: unused, kept for old configs (the whole-frame
    decode is zxing-cpp with its own defaults, so that nothing a raw decode
    reads is lost)."""

    table_mm: tuple[float, float] = (900.0, 600.0)
    decoder: str = "zxing"
    appear_frames: int = 2
    vanish_s: float = 1.5
    settle_s: float = 0.6
    move_mm: float = 4.0
    turn_deg: float = 12.0
    small_tags: bool = True
    tag_mm: tuple[float, float] = (15.0, 45.0)
    full_every_s: float = 5.0
    hold_area_mm2: float = 9000.0
    full_fraction: float = 0.4
    recalibrate_px: float | None = None
    retry_frames: int = 10
    zxing_downscale: bool = True
    budget: float = 1.5
    frame_budget: float | None = 1.5
    uncalibrated_full_every_s: float = 0.5
    hold_still_s: float = 10.0
    change_width: int = 480
    change_threshold: int = 22
    lens_every_s: float = 10.0
    workers: int = 2
    fixed_markers: tuple[str, ...] = field(default_factory=lambda: fixed_marker_prefixes())
