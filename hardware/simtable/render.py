"""Draw a scene as the camera sees it, and say exactly where every tag went.

``render_scene(scene, camera)`` returns the BGR picture and the truth: for every
readable tag, its pixel centre, its four symbol corners, its table position and
angle, whether a camera could see it, and how many pixels a QR module spans::

    >>> image, truth = render_scene(Scene(items=[Item("GLC:KID:02", 450, 300)]))
    >>> image.shape, truth["GLC:KID:02"].visible
    ((900, 1600, 3), True)

Each item is drawn flat and sharp at a few times the camera's resolution
(:mod:`.sprites`), warped into its own bounding box at ``k`` times the output
resolution and box-filtered down (anti-aliased, exact to the pixel), then laid
over the table. Hands come last; then light, glare, blur, noise and JPEG
(:class:`~hardware.simtable.camera.CameraModel`).
"""
from __future__ import annotations

import math
import threading
import zlib
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import asdict, dataclass

import cv2
import numpy as np

from .camera import CameraModel, _apply, _area
from .scene import Hand, Item, Scene
from .sprites import QR_MODULES, Sprite, draw_item

SKIN = (120, 160, 215)          # BGR
TABLE = (62, 98, 134)           # BGR, a mid brown wood
SUPERSAMPLE = 3
NOISE_PAD = 64                          # noise field margin: 64 x 64 offsets x 2 flips
SPRITE_CACHE_BYTES = 160 * 2**20     # per renderer: drawn items kept for the next frames


@dataclass(frozen=True)
class TruthTag:
    """Where one tag was drawn.

    ``px`` is the image point of the symbol's centre (OpenCV pixel coordinates:
    pixel centres at integers); ``corners_px`` its four corners in the symbol's
    own order: top-left, top-right, bottom-right, bottom-left (as printed, so
    they turn with the tag). ``visible`` is False when the symbol is not wholly
    inside the frame or its centre is covered (``occluded_by`` is then ``frame``,
    ``hand`` or ``item``). ``face_up`` False means the tag is a face-down item's
    ``back`` payload."""

    payload: str
    px: tuple[float, float]
    corners_px: list[tuple[float, float]]
    x_mm: float
    y_mm: float
    angle_deg: float
    visible: bool
    px_per_module: float
    occluded_by: str = ""
    face_up: bool = True

    def to_json(self) -> dict:
        d = asdict(self)
        d["px"] = list(self.px)
        d["corners_px"] = [list(c) for c in self.corners_px]
        return d

    @classmethod
    def from_json(cls, d: dict) -> TruthTag:
        d = dict(d)
        d["px"] = tuple(d["px"])
        d["corners_px"] = [tuple(c) for c in d["corners_px"]]
        return cls(**d)


class Truth(dict):
    """``payload -> TruthTag`` for every tag drawn (a payload drawn twice, like a
    shared ``back``, keeps its topmost visible copy); ``all`` lists every copy,
    bottom first."""

    def __init__(self, tags: Iterable[TruthTag] = ()) -> None:
        super().__init__()
        self.all: list[TruthTag] = []
        for tag in tags:
            self.add(tag)

    def add(self, tag: TruthTag) -> None:
        self.all.append(tag)
        old = self.get(tag.payload)
        if old is None or tag.visible or not old.visible:
            self[tag.payload] = tag

    def copy(self) -> Truth:
        return Truth(self.all)

    def to_json(self) -> list[dict]:
        """Every copy, bottom first (what :func:`~hardware.sources.record` stores)."""
        return [t.to_json() for t in self.all]

    @classmethod
    def from_json(cls, tags: list[dict]) -> Truth:
        return cls([TruthTag.from_json(t) for t in tags])

    def visible(self) -> dict[str, TruthTag]:
        """Only the tags a camera could read."""
        return {p: t for p, t in self.items() if t.visible}


def _local_to_table(item: Item) -> np.ndarray:
    a = math.radians(item.angle_deg)
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, item.x_mm], [s, c, item.y_mm], [0.0, 0.0, 1.0]])


class Renderer:
    """Draws scenes for one camera over one table size; keeps what it can reuse
    (item sprites, the table surface, the light, the last scene drawn)."""

    def __init__(self, camera: CameraModel, table_mm: tuple[float, float]) -> None:
        self.camera = camera.for_table(table_mm)
        self.H = self.camera.homography
        self.size = self.camera.resolution
        self._sprites: OrderedDict[tuple, Sprite] = OrderedDict()
        self._sprite_bytes = 0
        self._background: np.ndarray | None = None
        self._noise: np.ndarray | None = None
        self._last: tuple[tuple, np.ndarray, Truth] | None = None

    # -- public ------------------------------------------------------------

    def render(self, scene: Scene, frame_index: int = 0) -> tuple[np.ndarray, Truth]:
        """The frame (HxWx3 BGR uint8, a fresh array) and the truth for ``scene``;
        ``frame_index`` varies the sensor noise from frame to frame."""
        key = scene.key()
        if self._last is not None and self._last[0] == key:
            clean, truth = self._last[1], self._last[2]
        else:
            clean, truth = self._compose(scene)
            self._last = (key, clean, truth)
        return self._sensor(clean, frame_index), truth.copy()

    # -- drawing -----------------------------------------------------------

    def background(self) -> np.ndarray:
        """The bare table surface filling the frame (wood grain, seeded)."""
        if self._background is None:
            W, H = self.size
            rng = np.random.default_rng([self.camera.seed, 7])
            low = rng.normal(0.0, 1.0, (max(2, H // 48), max(2, W // 48))).astype(np.float32)
            low = cv2.resize(low, (W, H), interpolation=cv2.INTER_CUBIC)
            grain = rng.normal(0.0, 1.0, (H // 2 + 1, 8)).astype(np.float32)
            grain = cv2.resize(grain, (W, H), interpolation=cv2.INTER_LINEAR)
            shade = cv2.addWeighted(low, 4.0, grain, 5.0, 0.0)
            # base + shade per channel (redder grain), saturated to uint8; all values stay positive
            self._background = cv2.merge([cv2.convertScaleAbs(shade, alpha=1.0 + 0.3 * ch, beta=base)
                                          for ch, base in enumerate(TABLE)])
        return self._background

    def _compose(self, scene: Scene) -> tuple[np.ndarray, Truth]:
        img = self.background().copy()
        items = scene.all_items()
        for item in items:
            self._draw_item(img, item)
        for hand in scene.hands:
            self._draw_hand(img, hand, scene.table_mm)
        truth = self._truth(items, scene)
        return self._optics(img), truth

    def _sprite(self, item: Item, module_px: int) -> Sprite:
        shown = item.shown_payload
        key = (item.payload if item.face_up else None, item.face_up, shown, item.label if item.face_up else "",
               item.tag_mm, item.body_mm, item.shape, module_px)
        sprite = self._sprites.get(key)
        if sprite is None:
            sprite = draw_item(item.payload if item.face_up else None, item.face_up, item.back,
                               item.label, item.tag_mm, item.body_mm, item.shape, module_px)
            self._sprites[key] = sprite
            self._sprite_bytes += sprite.image.nbytes
            while self._sprite_bytes > SPRITE_CACHE_BYTES and len(self._sprites) > 1:
                self._sprite_bytes -= self._sprites.popitem(last=False)[1].image.nbytes
        else:
            self._sprites.move_to_end(key)
        return sprite

    def _draw_item(self, img: np.ndarray, item: Item) -> None:
        W, H = self.size
        to_table = _local_to_table(item)
        w, h = item.body_mm
        q = item.tag_mm * 29.0 / 21.0 / 2.0 if item.shown_payload else 0.0
        ex, ey = max(w / 2.0, q), max(h / 2.0, q)
        local = np.array([[-ex, -ey], [ex, -ey], [ex, ey], [-ex, ey]])
        table_pts = _apply(to_table, local)
        img_pts = _apply(self.H, table_pts)
        x0, y0 = np.floor(img_pts.min(axis=0)).astype(int) - 2
        x1, y1 = np.ceil(img_pts.max(axis=0)).astype(int) + 3
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
        if x1 <= x0 or y1 <= y0:
            return
        # scale: the largest local px/mm over the item, times the supersampling
        scale = max(math.sqrt(abs(_area(_apply(self.H, np.array([p, p + (1, 0), p + (1, 1), p + (0, 1)])))))
                    for p in table_pts)
        # supersample 3x where modules are small, 2x where they are big enough not to need
        # more, less for very large bodies (a board) so the sprite stays small
        longest = max(w, h, 2 * q) * scale
        top = SUPERSAMPLE if scale * item.tag_mm / QR_MODULES < 3.5 else 2
        k = next((k for k in (top, 2) if longest * k <= 3000), 1)
        module_px = max(2, int(math.ceil(k * scale * item.tag_mm / QR_MODULES)))
        sprite = self._sprite(item, module_px)
        s = sprite.px_per_mm
        local_from_sprite = np.array([[1.0 / s, 0.0, -sprite.cx / s], [0.0, -1.0 / s, sprite.cy / s], [0.0, 0.0, 1.0]])
        ss = np.array([[k, 0.0, (k - 1) / 2.0 - k * x0], [0.0, k, (k - 1) / 2.0 - k * y0], [0.0, 0.0, 1.0]])
        M = ss @ self.H @ to_table @ local_from_sprite
        bw, bh = x1 - x0, y1 - y0
        warped = cv2.warpPerspective(sprite.image, M, (k * bw, k * bh), flags=cv2.INTER_LINEAR,
                                     borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
        small = cv2.resize(warped, (bw, bh), interpolation=cv2.INTER_AREA)
        region = img[y0:y1, x0:x1]
        colour, alpha = small[..., :3], small[..., 3]
        inv = cv2.merge([255 - alpha] * 3)
        # premultiplied "over": region * (1 - alpha) + colour, saturating in uint8
        region[...] = cv2.add(cv2.multiply(region, inv, scale=1.0 / 255.0), np.ascontiguousarray(colour))

    def _hand_polygons(self, hand: Hand, table_mm: tuple[float, float]) -> list[np.ndarray]:
        n = 72
        ang = np.linspace(0.0, 2.0 * math.pi, n, endpoint=False)
        disc = np.column_stack([hand.x_mm + hand.radius_mm * np.cos(ang), hand.y_mm + hand.radius_mm * np.sin(ang)])
        (sx, sy), (dx, dy), half = hand.arm(table_mm)
        reach = self.camera.margin_mm + 0.8 * max(table_mm) + hand.radius_mm
        # shorten the arm until its far end is in front of the camera
        while reach > 10:
            end = (sx + dx * reach, sy + dy * reach)
            w = self.H[2] @ np.array([end[0], end[1], 1.0])
            if w > 1e-3:
                break
            reach *= 0.7
        nx, ny = -dy, dx
        arm = np.array([[sx + nx * half, sy + ny * half], [sx - nx * half, sy - ny * half],
                        [end[0] - nx * half, end[1] - ny * half], [end[0] + nx * half, end[1] + ny * half]])
        return [disc, arm]

    def _draw_hand(self, img: np.ndarray, hand: Hand, table_mm: tuple[float, float]) -> None:
        polys = [np.round(_apply(self.H, p) * 16).astype(np.int32) for p in self._hand_polygons(hand, table_mm)]
        edge = tuple(int(c * 0.75) for c in SKIN)
        for p in polys:
            cv2.polylines(img, [p], True, edge, 3, cv2.LINE_AA, 4)
        for p in polys:                       # one at a time: the union, not an even-odd fill
            cv2.fillPoly(img, [p], SKIN, cv2.LINE_AA, 4)

    # -- truth -------------------------------------------------------------

    def _truth(self, items: list[Item], scene: Scene) -> Truth:
        W, H = self.size
        truth = Truth()
        for n, item in enumerate(items):
            shown = item.shown_payload
            if not shown:
                continue
            t = item.tag_mm / 2.0
            corners_local = np.array([[-t, t], [t, t], [t, -t], [-t, -t]])
            corners = _apply(self.H, _apply(_local_to_table(item), corners_local))
            centre = _apply(self.H, [(item.x_mm, item.y_mm)])[0]
            inside = bool(np.all((corners[:, 0] >= -0.5) & (corners[:, 0] <= W - 0.5)
                                 & (corners[:, 1] >= -0.5) & (corners[:, 1] <= H - 0.5)))
            reason = ""
            if not inside:
                reason = "frame"
            elif any(h.covers(item.x_mm, item.y_mm, scene.table_mm) for h in scene.hands):
                reason = "hand"
            elif any(other.contains(item.x_mm, item.y_mm) for other in items[n + 1:]):
                reason = "item"
            tag = TruthTag(payload=shown, px=(float(centre[0]), float(centre[1])),
                           corners_px=[(float(x), float(y)) for x, y in corners],
                           x_mm=float(item.x_mm), y_mm=float(item.y_mm), angle_deg=float(item.angle_deg) % 360.0,
                           visible=not reason, px_per_module=math.sqrt(abs(_area(corners))) / QR_MODULES,
                           occluded_by=reason, face_up=item.face_up)
            truth.add(tag)
        return truth

    # -- the camera's faults -------------------------------------------------

    def _optics(self, img: np.ndarray) -> np.ndarray:
        """Print, light, glare, shadow and lens blur: the same for every frame of this camera."""
        cam = self.camera
        W, H = self.size
        if cam.dot_gain > 0:
            # dark ink spreads: each pixel moves toward the darkest of its 2x2 neighbourhood
            spread = cv2.erode(img, np.ones((2, 2), np.uint8))
            img = cv2.addWeighted(img, 1.0 - cam.dot_gain, spread, cam.dot_gain, 0)
        if cam.light_colour != (1.0, 1.0, 1.0):
            img = cv2.multiply(img, np.array([*cam.light_colour, 0.0]))
        if cam.light_gradient > 0 or cam.glare > 0 or cam.shadow > 0:
            rng = np.random.default_rng([cam.seed, 11])
            lw, lh = max(2, W // 8), max(2, H // 8)
            yy, xx = np.mgrid[0:lh, 0:lw].astype(np.float32)
            xx = xx / (lw - 1) * 2 - 1
            yy = yy / (lh - 1) * 2 - 1
            gain = np.ones((lh, lw), np.float32)
            add = np.zeros((lh, lw), np.float32)
            if cam.light_gradient > 0:
                theta = rng.uniform(0, 2 * math.pi)
                ramp = (xx * math.cos(theta) + yy * math.sin(theta) + 1.414) / 2.828
                vignette = (xx ** 2 + yy ** 2) / 2.0
                gain -= cam.light_gradient * (0.55 * ramp + 0.45 * vignette)
            if cam.glare > 0:
                gx, gy = rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5)
                sx = rng.uniform(0.07, 0.12)
                sy = sx * W / H * rng.uniform(0.6, 1.0)
                d2 = ((xx - gx) / sx) ** 2 + ((yy - gy) / sy) ** 2
                add += 255.0 * cam.glare * np.exp(-0.5 * d2)
            if cam.shadow > 0:
                # a straight, soft-edged band across the table at a random angle
                theta, off = rng.uniform(0, math.pi), rng.uniform(-0.4, 0.4)
                d = xx * math.cos(theta) + yy * math.sin(theta) - off
                gain *= 1.0 - cam.shadow / (1.0 + np.exp(-d / 0.05)) * (1.0 / (1.0 + np.exp((d - 0.5) / 0.05)))
            # uint8 maps, 3 channels, at full size: two saturating OpenCV passes over the frame
            gain8 = np.clip(gain * 255.0, 0, 255).astype(np.uint8)
            add8 = np.clip(add, 0, 255).astype(np.uint8)
            gain8 = cv2.resize(cv2.merge([gain8] * 3), (W, H), interpolation=cv2.INTER_LINEAR)
            add8 = cv2.resize(cv2.merge([add8] * 3), (W, H), interpolation=cv2.INTER_LINEAR)
            img = cv2.add(cv2.multiply(img, gain8, scale=1.0 / 255.0), add8)
        if cam.blur_sigma > 0:
            img = cv2.GaussianBlur(img, (0, 0), cam.blur_sigma)
        if cam.defocus_px > 0:
            r = cam.defocus_px
            n = 2 * math.ceil(r) + 1
            yy, xx = np.mgrid[0:n, 0:n].astype(np.float32) - n // 2
            disk = np.clip(r + 0.5 - np.sqrt(xx ** 2 + yy ** 2), 0.0, 1.0)   # anti-aliased edge
            img = cv2.filter2D(img, -1, disk / disk.sum())
        if cam.motion_px > 0:
            # a row of motion_px ones (the ends weighted by the fraction), turned to motion_deg
            n = 2 * math.ceil(cam.motion_px / 2) + 1
            c, half = n // 2, cam.motion_px / 2
            row = np.clip(half + 0.5 - np.abs(np.arange(n, dtype=np.float32) - c), 0.0, 1.0)
            line = np.zeros((n, n), np.float32)
            line[c] = row
            turn = cv2.getRotationMatrix2D((float(c), float(c)), cam.motion_deg, 1.0)
            line = cv2.warpAffine(line, turn, (n, n), flags=cv2.INTER_LINEAR)
            img = cv2.filter2D(img, -1, line / line.sum())
        return img

    def _noise_bank(self) -> np.ndarray:
        if self._noise is None:
            W, H = self.size
            cv2.setRNGSeed(zlib.crc32(f"noise:{self.camera.seed}".encode()) & 0x7FFFFFFF)
            bank = np.empty((H + NOISE_PAD, W + NOISE_PAD, 3), np.int8)
            # one channel: all of B, G, R
            cv2.randn(bank.reshape(H + NOISE_PAD, -1), 0, float(self.camera.noise_sigma))
            self._noise = bank
        return self._noise

    def _sensor(self, clean: np.ndarray, frame_index: int) -> np.ndarray:
        """Sensor noise and JPEG: fresh for every frame."""
        cam = self.camera
        img = clean
        if cam.noise_sigma > 0:
            # a window of a seeded noise field, at an offset drawn from the frame index:
            # every frame gets its own noise without drawing 3 x W x H normals each time
            bank = self._noise_bank()
            rng = np.random.default_rng([cam.seed, frame_index, 13])
            dy, dx = (int(v) for v in rng.integers(0, NOISE_PAD, 2))
            noise = bank[dy:dy + clean.shape[0], dx:dx + clean.shape[1]]
            if frame_index % 2:
                noise = noise[::-1, ::-1]
            img = cv2.add(clean, np.ascontiguousarray(noise), dtype=cv2.CV_8U)   # saturates at 0 and 255
        if cam.jpeg_quality is not None:
            ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(cam.jpeg_quality)])
            img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
        return img.copy() if img is clean else img


_cache: OrderedDict[tuple, Renderer] = OrderedDict()
_cache_lock = threading.Lock()


def render_scene(scene: Scene, camera: CameraModel | None = None, *,
                 frame_index: int = 0) -> tuple[np.ndarray, Truth]:
    """Draw ``scene`` as ``camera`` (default: 1600x900, straight down) sees it.
    Returns ``(image, truth)``: an HxWx3 BGR uint8 array and a :class:`Truth`."""
    camera = camera or CameraModel()
    key = (camera, scene.table_mm)
    with _cache_lock:
        renderer = _cache.get(key)
        if renderer is None:
            renderer = Renderer(camera, scene.table_mm)
            _cache[key] = renderer
            while len(_cache) > 2:
                _cache.popitem(last=False)
        _cache.move_to_end(key)
        return renderer.render(scene, frame_index)
