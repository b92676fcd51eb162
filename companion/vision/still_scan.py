"""One still image or photo read once, not frame after frame:
:func:`scan_image` runs a frame's stages 2-5 (search, recover, calibrate,
place) on it; :func:`scan_photo` (``companion scan``, ``companion score``)
adds upscaled decodes and :mod:`.stills`' ladder."""
from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from . import crop_ladder, lens, recovery, stills
from .calibration import Calibration, calibrate
from .crop_ladder import Job
from .decoders import Decoder, Detection, ZxingDecoder, merge, whole_frame
from .frame_report import Clock, recovery_budget
from .reading import Reading, build
from .search import grey_of, search, tag_side_px


def scan_image(image: np.ndarray, decoder: Decoder, table_mm: tuple[float, float] = (900.0, 600.0),
               calibration: Calibration | None = None, small_tags: bool = True,
               tag_mm: tuple[float, float] = (15.0, 45.0), budget: float = 1.5,
               frame_budget: float | None = None, workers: int = 2) -> Reading:
    """Read one still image (``companion scan``): stages 2-5 of a frame, every
    tag placed on the table when the four corner markers are in it (or with
    the ``calibration`` given). A still has no later frames: the patches get
    the recovery ladder's first steps, then the others while the budget lasts
    (``budget``: upscaled crop pixels as a fraction of the image's, the
    pipeline's default: a fifth of it left a blurred, tilted table's corner
    marker unread, 1.0 a quarter of the tags at 2.1 px per module; ``frame_budget``:
    also stop when the read has taken that many times the whole-image decode's
    time, as the pipeline does; none by default: a still is read once, as well
    as the pixel budget allows). The crops are restored first with the blur
    learned from the codes the whole-image decode read (:mod:`.lens`), on
    ``workers`` threads; when they read codes finer than those, the lens is
    learned again from them and each patch left gets its two restored crops
    again (:data:`.crop_ladder.RESTORE`, then :data:`.crop_ladder.RESTORE_PLAIN`),
    restored with it (with a pixel budget of its own)."""
    clock = Clock()
    h, w = image.shape[:2]
    side = tag_side_px(calibration, [], (h, w), tag_mm) if calibration else None
    found = search(image, whole_frame(decoder), None, side, table_mm, tag_mm, small_tags)
    clock.lap("search")
    budget_px = int(budget * w * h)
    jobs = [Job(c.box, "new", c.score) for c in found.candidates]
    grey = found.grey if found.grey is not None else grey_of(image)
    learned = lens.learn(grey, found.detections) if small_tags and found.detections else None
    ms = None if frame_budget is None else frame_budget * found.decode_ms - clock.total_ms
    n_steps = len(crop_ladder.LADDER) + 2 * (learned is not None)      # RESTORE and RESTORE_PLAIN
    rec = recovery.recover(grey, jobs, decoder, budget_px, retry_frames=n_steps, budget_ms=ms, lens=learned,
                            workers=workers, rounds=n_steps, known=found.detections)
    found_all = merge(found.detections, rec.detections)
    # the crops read codes finer than the lens was learned from (a blurred
    # picture's decode may read only its big corner tags): learned again from
    # them, the patches left get a crop restored with it (within the budgets again)
    finest = lens.finest(rec.detections) if small_tags and rec.later else None
    if finest is not None and lens.finer(finest, learned.module_px if learned is not None else None):
        learned = lens.learn(grey, found_all)
        ms = None if frame_budget is None else frame_budget * found.decode_ms - clock.total_ms
        if learned is not None and (ms is None or ms > 0):
            left = [replace(j, plain=False) for j in rec.later]        # both restored crops, with the new lens
            again = recovery.recover(grey, left, decoder, budget_px, steps={"retry": 2}, budget_ms=ms,
                                      lens=learned, workers=workers, known=found_all)
            found_all = merge(found_all, again.detections)
            rec.detections += again.detections
            rec.later, rec.tried = again.later, rec.tried + again.tried
            rec.px, rec.used_px = rec.px + again.px, rec.used_px + again.used_px
    clock.lap("recover")
    cal, _ = calibrate(calibration, found_all, table_mm, float("inf"))
    clock.lap("calibrate")
    r = build(found_all, cal, w, h)
    clock.lap("place")
    r.candidates = rec.failed
    r.stages, r.budget = clock.laps, recovery_budget(rec, found)
    r.decode_ms = clock.total_ms
    return r


#: the most pixels an upscaled copy of a photo may have (a 12 MP photo gets 1.5x, 27 MP)
PHOTO_UPSCALED_MAX_PX = 32_000_000


def scan_photo(image: np.ndarray, decoder: Decoder, table_mm: tuple[float, float] = (900.0, 600.0),
               harder: bool = True) -> Reading:
    """Read one photo (``companion score``, ``companion scan``): :func:`scan_image`, then
    the whole image decoded again upscaled (1.5x and 2x, as far as
    :data:`PHOTO_UPSCALED_MAX_PX` allows), then, with ``harder`` and zxing-cpp,
    :mod:`.stills`' ladder of other binarizations and scales while a tag-like
    patch is left unread (or nothing was read), everything found merged. A photo has
    no later frames to find a small tag in, and is read once, not 15 times a
    second: a phone photo downscaled to 2560 px (2.1 px per module at its far
    edge) lost 4 of 109 tags to the still pass and none with the 1.5x one."""
    clock = Clock()
    r = scan_image(image, decoder, table_mm=table_mm)
    clock.lap("still")
    grey = grey_of(image)
    h, w = grey.shape[:2]
    extra: list[Detection] = []
    for scale in (1.5, 2.0):
        if w * h * scale * scale > PHOTO_UPSCALED_MAX_PX:
            break
        up = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
        extra = merge(extra, [d.shifted(0.0, 0.0, scale) for d in decoder.decode(up)])
        del up
    clock.lap("upscaled")
    found = merge(r.detections, extra)
    if harder and isinstance(decoder, ZxingDecoder):
        found += stills.read_harder(grey, known=found, unread=r.candidates)
        clock.lap("harder")
    cal, _ = calibrate(None, found, table_mm, float("inf"))
    out = build(found, cal, w, h)
    seen = {x["payload"] for x in out.rejected}
    out.rejected += [x for x in r.rejected if x["payload"] not in seen]
    clock.lap("place")
    out.candidates, out.budget = r.candidates, r.budget
    # the stages in the order they ran: the still pass's, the upscaled decodes, the ladder, placing
    out.stages = {**{k: v for k, v in r.stages.items() if k != "place"},
                  **{k: v for k, v in clock.laps.items() if k != "still"}}
    out.stages["place"] = round(out.stages["place"] + r.stages.get("place", 0.0), 2)
    out.decode_ms = clock.total_ms
    return out
