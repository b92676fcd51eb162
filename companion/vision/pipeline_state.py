"""What the vision pipeline keeps from one frame to the next
(:class:`PipelineState`: the tracker, the change detector, the calibration,
the patches left for later frames, the lens, what is kept per tag), and what
is left of a frame's time budget (:meth:`PipelineState._time_left`).

The pipeline's parts (:mod:`.tag_holding`, :mod:`.later_patches`,
:mod:`.lens_learning`) each work on this state; :class:`.pipeline.Pipeline`
joins them and runs the frame."""
from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

import numpy as np

from models.table import Snapshot

from . import lens
from .calibration import Calibration
from .changes import ChangeDetector
from .crop_ladder import Job
from .decoders import Decoder, Detection, get_decoder, whole_frame
from .frame_report import Clock, Update
from .glare import Glare
from .pipeline_config import PipelineConfig
from .tracker import Tracker

#: before a frame has measured its later stages (calibrate, place, track), they are
#: taken to cost this much of a whole-frame decode (a first frame of 64 tags: 1.5 ms
#: of a 24 ms decode at 4608x2592, 0.5 ms of a 5 ms one at 2304x1296)
LATER_GUESS = 0.1

#: what a frame leaves of its budget, as a fraction of a whole-frame decode, for
#: its own noise: the crops end within 0.2 ms of their deadline either way, and
#: the stages after them vary by half a millisecond from the last frame's; a
#: frame that aimed at the bound itself ended past it half the time (first
#: frames at 1.8 px/module: 1.47-1.58 decodes, 1.50 on average)
HEADROOM = 0.08


class PipelineState:
    """What the pipeline keeps between frames (see the module doc), made from
    its config and decoder (the config's ``decoder`` when none is given)."""

    def __init__(self, config: PipelineConfig | None = None, decoder: Decoder | None = None) -> None:
        self.config = cfg = config or PipelineConfig()
        if decoder is None:
            decoder = get_decoder(cfg.decoder)
        self.decoder = decoder
        self.whole = whole_frame(decoder)          # zxing-cpp's defaults: never less than a raw decode
        fixed = tuple(cfg.fixed_markers)
        self.tracker = Tracker(cfg.appear_frames, cfg.vanish_s, cfg.settle_s, cfg.move_mm, cfg.turn_deg,
                               fixed=lambda payload: payload.startswith(fixed))
        self.changes = ChangeDetector(cfg.change_width, cfg.change_threshold)
        self.calibration: Calibration | None = None
        self.snapshot: Snapshot | None = None
        self.last_full_t: float | None = None
        self.later: list[Job] = []             # patches left for the next frames
        self._full_decodes: list[float] = []       # the last full passes' whole-frame decodes (ms)
        self._corners_seen: dict[str, Detection] = {}   # corner markers read before the calibration
        # the candidate filter beside the last full pass's decode: its jobs, and whether that frame took them
        self._filtering: Future[tuple[list[Job], bool]] | None = None
        self._filter_here: Callable[[], list[Job]] | None = None   # a small frame's filter, to run here if not begun
        self._filtered_codes: list[Detection] = []     # what that pass's decode read
        self.after_recover_ms: float | None = None   # the last frame's calibrate, place and track
        self.detections: dict[str, Detection] = {}   # latest detection of each tracked payload
        self.last: Update | None = None
        self.frames = 0
        self._held_still: dict[str, float] = {}     # payload -> since when a still patch covers it
        self.glare: dict[str, Glare] = {}            # the tags a reflection hides now (:mod:`.glare`)
        self._image: np.ndarray | None = None       # this frame's picture, while it is processed
        self._crop_read: set[str] = set()          # tags last read from a crop, not by the whole-frame decode
        self._checked_t: dict[str, float] = {}      # when a crop last looked for each tracked tag
        self._read_t: dict[str, float] = {}         # when each tracked tag was last read (not carried)
        self.lens: lens.Lens | None = None          # the camera's blur, learned from codes read (:mod:`.lens`)
        self._lens_t: float | None = None           # when it was last learned (tried)
        self._lens_pending: Future[lens.Lens | None] | None = None   # being learned, beside the frames
        self._lens_module: float | None = None      # the finest code (px per module) it was last learned from
        # whether frames come at their own pace (a camera) or wait to be read (a replay as fast as it is
        # read: FrameSource.realtime); then the work that outlasts a frame is waited for
        self.paced = True

    @property
    def full_decode_ms(self) -> float | None:
        """What a whole-frame decode costs (ms), the frame budget's unit: the
        fastest of the last five full passes' (noise only ever slows one)."""
        return min(self._full_decodes) if self._full_decodes else None

    def _time_left(self, clock: Clock) -> float | None:
        """What is left of this frame's budget (ms) for the recover stage's
        work, less what the stages after it took last frame and the
        :data:`HEADROOM`; None: no time budget. Time the frame waited for an
        earlier frame's work (``Clock.waited_ms``) is not the frame's own.
        Frames that wait to be read (not :attr:`paced`: a replay) have no time
        budget, only the crops' pixel budget: how far a frame's crops get
        does not hang on the machine's load, so a replay reads the same
        tags at the same frames on a busy machine as on an idle one."""
        cfg = self.config
        if cfg.frame_budget is None or self.full_decode_ms is None or not self.paced:
            return None
        after = self.after_recover_ms if self.after_recover_ms is not None else LATER_GUESS * self.full_decode_ms
        return (cfg.frame_budget - HEADROOM) * self.full_decode_ms - (clock.total_ms - clock.waited_ms) - after
