"""What a path-traced frame shows, computed from the scene (never by decoding):
where each tag lands in the picture, and where a lamp's reflection lies.

The reflection is the specular lobe of each lamp on the cards' glossy layer
(a coat or a sleeve; bare paper barely shines): at every picture point, the
topmost card's face normal (its curl included), the directions to the camera and
to the lamp give the half vector; GGX's distribution, widened by the lamp's
own angular size, times Fresnel's reflectance gives the reflection's
radiance. :func:`glare_map` is that radiance over the radiance white paper has
there (all lamps and the room), so 1.0 is a reflection as bright as white paper:
black modules under it turn as light as the paper and the tag is burnt out. A
point belongs to a highlight from :data:`HIGHLIGHT_RATIO` on.
"""
from __future__ import annotations

import math
from collections import deque
from typing import Any

import numpy as np

from .setup import AMBIENT, FINISHES, LIGHTINGS, SLEEVE_EXTRA_MM, Camera, Card, Finish, Light

#: a reflection half as bright as white paper from here on: a tag under it
#: loses half its contrast, and it clips where it is brighter
HIGHLIGHT_RATIO = 0.5
#: white paper's reflectance
PAPER = 0.85
#: the glare map's pixel step (1600 x 900 is mapped at 400 x 225)
STEP = 4
QR_MODULES = 21


def tags(cards: list[Card], camera: Camera) -> list[dict[str, Any]]:
    """Every tag the scene shows (face-up tags and printed backs), bottom first:
    payload, centre and corners in pixels (top-left, top-right, bottom-right,
    bottom-left as printed), px per module, and whether a camera could read it
    (``visible``: wholly in the frame and its centre not under a later item)."""
    out = []
    w, h = camera.resolution
    for i, card in enumerate(cards):
        it = card.item
        shown = it.shown_payload
        if not shown:
            continue
        t = it.tag_mm / 2.0
        corners = [camera.project(card.surface(u, v)) for u, v in ((-t, t), (t, t), (t, -t), (-t, -t))]
        centre = camera.project(card.surface(0.0, 0.0))
        side = sum(math.dist(corners[k], corners[(k + 1) % 4]) for k in range(4)) / 4.0
        occluded = ""
        if not all(0.0 <= x <= w - 1 and 0.0 <= y <= h - 1 for x, y in corners):
            occluded = "frame"
        elif any(later.item.contains(it.x_mm, it.y_mm) for later in cards[i + 1:]):
            occluded = "item"
        out.append({"payload": shown, "px": _r(centre), "corners_px": [_r(c) for c in corners],
                    "visible": not occluded, "occluded_by": occluded, "face_up": it.face_up,
                    "px_per_module": round(side / QR_MODULES, 2)})
    return out


def _r(p: tuple[float, float]) -> list[float]:
    return [round(p[0], 2), round(p[1], 2)]


def glare_map(cards: list[Card], camera: Camera, lighting: str, finish: str,
              step: int = STEP) -> np.ndarray:
    """The reflection's radiance over white paper's, at every ``step``-th pixel
    (rows, cols of the picture's grid); 0 off the finished cards."""
    fin = FINISHES[finish]
    lights = LIGHTINGS[lighting]
    w, h = camera.resolution
    us, vs = np.meshgrid(np.arange(step / 2.0, w, step), np.arange(step / 2.0, h, step))
    x, y = camera.ray_to_table(us, vs)
    top = np.full(x.shape, -1, int)
    lu, lv = np.zeros(x.shape), np.zeros(x.shape)
    for k, card in enumerate(cards):
        it = card.item
        a = math.radians(it.angle_deg)
        du, dv = x - it.x_mm, y - it.y_mm
        u = du * math.cos(a) + dv * math.sin(a)
        v = -du * math.sin(a) + dv * math.cos(a)
        bw, bh = it.body_mm
        extra = SLEEVE_EXTRA_MM if fin.layer == "sleeve" and card.finished else 0.0
        if it.shape == "round":
            inside = np.hypot(u, v) <= min(bw, bh) / 2.0 + extra
        else:
            inside = (np.abs(u) <= bw / 2.0 + extra) & (np.abs(v) <= bh / 2.0 + extra)
        top[inside], lu[inside], lv[inside] = k, u[inside], v[inside]
    ratio = np.zeros(x.shape)
    for k in np.unique(top[top >= 0]):
        card = cards[int(k)]
        if not card.finished or not fin.layer:
            continue
        sel = top == k
        ratio[sel] = _ratio(card, fin, lights, camera, lu[sel], lv[sel])
    return ratio


def _ratio(card: Card, fin: Finish, lights: tuple[Light, ...], camera: Camera,
           u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """The reflection over white paper's radiance at the card's face points (u, v)."""
    d = v if card.curl_along_v else u
    r = card.radius_mm
    bent = math.isfinite(r)
    s = np.sin(d / r) if bent else np.zeros_like(d)
    along, lift = (r * s, r * (1.0 - np.cos(d / r))) if bent else (d, np.zeros_like(d))
    uu, vv = (u, along) if card.curl_along_v else (along, v)
    nu, nv = (np.zeros_like(s), -s) if card.curl_along_v else (-s, np.zeros_like(s))
    a = math.radians(card.item.angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    p = np.stack([card.item.x_mm + uu * ca - vv * sa, card.item.y_mm + uu * sa + vv * ca,
                  card.base_mm + 0.35 + lift], axis=-1)
    n = np.stack([nu * ca - nv * sa, nu * sa + nv * ca, np.sqrt(1.0 - s * s)], axis=-1)
    view = _unit(np.asarray(camera.position) - p)
    n_v = np.clip((n * view).sum(-1), 1e-3, 1.0)
    alpha = fin.layer_roughness ** 2
    spec = np.zeros(len(u))
    diffuse = np.full(len(u), AMBIENT)
    for light in lights:
        to = np.asarray(light.position) - p
        dist2 = (to * to).sum(-1)
        ldir = to / np.sqrt(dist2)[:, None]
        cos_emit = np.clip(-(ldir * np.asarray(light.normal)).sum(-1), 0.0, 1.0)
        omega = light.area_mm2 * cos_emit / dist2
        n_l = np.clip((n * ldir).sum(-1), 0.0, 1.0)
        diffuse += light.radiance * omega * n_l
        half = _unit(view + ldir)
        cos_h = np.clip((n * half).sum(-1), 0.0, 1.0)
        spread = np.sqrt(omega / math.pi) / 2.0           # the lamp's angular radius, in half vectors
        a2 = alpha * alpha + spread * spread
        ggx = a2 / (math.pi * (cos_h * cos_h * (a2 - 1.0) + 1.0) ** 2)
        fresnel = fin.f0 + (1.0 - fin.f0) * (1.0 - np.clip((view * half).sum(-1), 0.0, 1.0)) ** 5
        spec += fresnel * ggx * light.radiance * omega * np.where(n_l > 0, 1.0, 0.0) / (4.0 * n_v)
    return np.asarray(spec / (PAPER * diffuse / math.pi))


def _unit(a: np.ndarray) -> np.ndarray:
    return np.asarray(a / np.linalg.norm(a, axis=-1, keepdims=True))


def highlights(ratio: np.ndarray, step: int = STEP, least_px: int = 64) -> list[dict[str, Any]]:
    """The highlights of a glare map: each connected region from
    :data:`HIGHLIGHT_RATIO` on with its centre, box (x0, y0, x1, y1 in pixels),
    area in pixels and peak ratio; regions under ``least_px`` pixels are left out."""
    mask = ratio >= HIGHLIGHT_RATIO
    seen = np.zeros(mask.shape, bool)
    out = []
    rows, cols = mask.shape
    for r0, c0 in zip(*np.nonzero(mask)):
        if seen[r0, c0]:
            continue
        seen[r0, c0] = True
        queue, cells = deque([(int(r0), int(c0))]), []
        while queue:
            r, c = queue.popleft()
            cells.append((r, c))
            for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= rr < rows and 0 <= cc < cols and mask[rr, cc] and not seen[rr, cc]:
                    seen[rr, cc] = True
                    queue.append((rr, cc))
        if len(cells) * step * step < least_px:
            continue
        rs = np.array([c[0] for c in cells])
        cs = np.array([c[1] for c in cells])
        out.append({"centre_px": [round(float(cs.mean() + 0.5) * step, 1), round(float(rs.mean() + 0.5) * step, 1)],
                    "box_px": [int(cs.min() * step), int(rs.min() * step), int((cs.max() + 1) * step),
                               int((rs.max() + 1) * step)],
                    "area_px": len(cells) * step * step,
                    "peak": round(float(ratio[rs, cs].max()), 2)})
    return sorted(out, key=lambda d: -d["area_px"])


def covered(ratio: np.ndarray, corners: list[list[float]], step: int = STEP) -> tuple[float, float]:
    """How much of a tag's quadrilateral lies in a highlight (0-1) and the
    strongest reflection over it (ratio to white paper)."""
    rows, cols = ratio.shape
    xs = [c[0] for c in corners]
    ys = [c[1] for c in corners]
    c0, c1 = max(0, int(min(xs) // step)), min(cols - 1, int(max(xs) // step))
    r0, r1 = max(0, int(min(ys) // step)), min(rows - 1, int(max(ys) // step))
    if c1 < c0 or r1 < r0:
        return 0.0, 0.0
    cc, rr = np.meshgrid(np.arange(c0, c1 + 1), np.arange(r0, r1 + 1))
    px, py = (cc + 0.5) * step, (rr + 0.5) * step
    inside = np.ones(px.shape, bool)
    sign = 0.0
    for k in range(4):
        (ax, ay), (bx, by) = corners[k], corners[(k + 1) % 4]
        cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
        if sign == 0.0:
            sign = 1.0 if cross[cross.shape[0] // 2, cross.shape[1] // 2] >= 0 else -1.0
        inside &= cross * sign >= 0
    if not inside.any():
        return 0.0, 0.0
    vals = ratio[rr[inside], cc[inside]]
    return float((vals >= HIGHLIGHT_RATIO).mean()), float(vals.max())


def saturated(image_grey: np.ndarray, corners: list[list[float]], level: int = 250) -> float:
    """The share of a tag's bounding box whose pixels are clipped white in the
    rendered picture (a measure of the render, beside the geometry's)."""
    xs = [c[0] for c in corners]
    ys = [c[1] for c in corners]
    h, w = image_grey.shape
    x0, x1 = max(0, int(min(xs))), min(w, int(math.ceil(max(xs))) + 1)
    y0, y1 = max(0, int(min(ys))), min(h, int(math.ceil(max(ys))) + 1)
    box = image_grey[y0:y1, x0:x1]
    return float((box >= level).mean()) if box.size else 0.0


def sidecar(cards: list[Card], camera: Camera, lighting: str, finish: str) -> dict[str, Any]:
    """The frame's truth: its tags (with ``highlight``: the share of the tag a
    highlight covers and the peak reflection over it, and ``under_highlight``
    when at least a tenth of it is covered) and its highlights."""
    ratio = glare_map(cards, camera, lighting, finish)
    out = tags(cards, camera)
    for t in out:
        share, peak = covered(ratio, t["corners_px"])
        t["highlight"] = {"covered": round(share, 3), "peak": round(peak, 2)}
        t["under_highlight"] = share >= 0.1
    return {"tags": out, "highlights": highlights(ratio), "highlight_ratio": HIGHLIGHT_RATIO}
