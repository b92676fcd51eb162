"""Drawing what the pipeline sees over a frame (for the camera page and debugging).

Every tag is outlined; only those that need a look are named (a table's markers,
tags held under a hand, appearing, duplicated or breaking the grammar): on a
full table the names of every card ran together into one unreadable band.
Green: tags on the table (tracked); orange: held under a hand or by glare;
yellow: seen but not yet appeared; white boxes ringed in black: a lamp's
reflection burnt out over a known tag (:mod:`.glare`: the tag is kept where
it was, orange); red:
payloads that break the grammar; magenta: duplicates; blue: the table's outline
and a 100 mm grid from the calibration; thin cyan boxes: the regions decoded in
the last frame. A light in the top left corner: green when the table has settled,
yellow while it moves, ringed in red until the corners are found (the camera page
says the same in words, in the page's language).
"""
from __future__ import annotations

import cv2
import numpy as np

GREEN, YELLOW, RED = (60, 200, 60), (0, 210, 230), (40, 40, 230)
MAGENTA, BLUE, CYAN = (200, 60, 200), (220, 120, 30), (200, 200, 0)
ORANGE = (0, 140, 255)
WHITE, BLACK = (255, 255, 255), (0, 0, 0)


def draw(image: np.ndarray, pipe) -> np.ndarray:
    """A copy of ``image`` with the pipeline's latest knowledge drawn on it."""
    out = image.copy() if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    h, w = out.shape[:2]
    lw = max(1, round(w / 800))
    font = 0.35 * lw
    cal = pipe.calibration
    if cal is not None:
        W, H = cal.table_mm
        for x in range(0, int(W) + 1, 100):
            p = cal.to_px([(x, 0), (x, H)]).astype(int)
            cv2.line(out, tuple(p[0]), tuple(p[1]), BLUE, 1, cv2.LINE_AA)
        for y in range(0, int(H) + 1, 100):
            p = cal.to_px([(0, y), (W, y)]).astype(int)
            cv2.line(out, tuple(p[0]), tuple(p[1]), BLUE, 1, cv2.LINE_AA)
        quad = np.array(cal.corners_px, np.int32)
        cv2.polylines(out, [quad], True, BLUE, 2 * lw, cv2.LINE_AA)
    last = pipe.last
    if last is not None:
        for x0, y0, x1, y1 in last.regions:
            if (x1 - x0) < w or (y1 - y0) < h:
                cv2.rectangle(out, (x0, y0), (x1, y1), CYAN, 1)
        # each reflection hiding a tag: its box, white ringed in black (it shows on the highlight's white too)
        for g in last.glare:
            x0, y0, x1, y1 = g.box
            cv2.rectangle(out, (x0 - lw, y0 - lw), (x1 + lw, y1 + lw), BLACK, 4 * lw, cv2.LINE_AA)
            cv2.rectangle(out, (x0 - lw, y0 - lw), (x1 + lw, y1 + lw), WHITE, 2 * lw, cv2.LINE_AA)
    dups = set(last.duplicates) if last else set()
    for p, tr in pipe.tracker.tracks.items():
        det = pipe.detections.get(p)
        colour = MAGENTA if p in dups else ORANGE if tr.held else GREEN if tr.present else YELLOW
        if det is not None:
            cv2.polylines(out, [np.array(det.corners, np.int32)], True, colour, 2 * lw, cv2.LINE_AA)
            # the tag's top edge, thicker: which way is up
            a, b = (tuple(int(v) for v in det.corners[0]), tuple(int(v) for v in det.corners[1]))
            cv2.line(out, a, b, colour, 4 * lw, cv2.LINE_AA)
        if colour == GREEN and not p.startswith("TC:"):
            continue        # a settled card needs no name: on a full table the names ran into one band
        x, y = (int(v) for v in tr.sighting.px)
        label = p.split(":", 1)[1]            # KIND:ID; the game is the same for all
        at = (x + 6 * lw, y - 6 * lw)
        cv2.putText(out, label, at, cv2.FONT_HERSHEY_SIMPLEX, font, (0, 0, 0), 3 * lw, cv2.LINE_AA)
        cv2.putText(out, label, at, cv2.FONT_HERSHEY_SIMPLEX, font, colour, lw, cv2.LINE_AA)
    if last is not None:
        for r in last.rejected:
            x, y = (int(v) for v in r["px"])
            cv2.drawMarker(out, (x, y), RED, cv2.MARKER_TILTED_CROSS, 20 * lw, 2 * lw)
            cv2.putText(out, r["payload"][:24], (x + 6, y), cv2.FONT_HERSHEY_SIMPLEX, font, RED, lw, cv2.LINE_AA)
    # the table's state as a light in the corner, no words (the image speaks no language; the
    # camera page says it in the page's): green settled, yellow moving, a red ring uncalibrated
    settled = bool(last and last.settled)
    centre, radius = (16 * lw, 16 * lw), 9 * lw
    cv2.circle(out, centre, radius + 2 * lw, (0, 0, 0), -1, cv2.LINE_AA)
    cv2.circle(out, centre, radius, GREEN if settled else YELLOW, -1, cv2.LINE_AA)
    if cal is None:
        cv2.circle(out, centre, radius + 2 * lw, RED, 2 * lw, cv2.LINE_AA)
    return out
