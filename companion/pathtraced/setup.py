"""What the path-traced table shows: the camera, the lights, the card finishes,
the curl of each card, and the frames rendered.

Coordinates are table millimetres as everywhere (:mod:`hardware.simtable.scene`):
x toward corner 2, y toward corner 4, z up from the table top. The camera looks
straight down from :data:`CAMERA_HEIGHT_MM` above the table's centre (the
install page's stand, 80-100 cm), table x along image x and table +y toward the
top of the image, like the simulated camera with no tilt::

    >>> cam = Camera()
    >>> [round(v) for v in cam.project((450.0, 300.0, 0.0))]      # the table's centre
    [800, 450]
    >>> [f.name for f in frames()][:2]
    ['GLC-mid-ceiling-matte', 'GLC-mid-ceiling-coated']
"""
from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from typing import Any

from hardware.simtable.scene import Item, Scene

TABLE_MM = (900.0, 600.0)
#: the camera's height above the table (docs/install-pi.md: a stand 80-100 cm above it)
CAMERA_HEIGHT_MM = 900.0
#: the live camera mode the demo runs (and the simulated table's default)
RESOLUTION = (1600, 900)
#: Blender's default 36 mm sensor width; the focal length makes the table plus
#: :data:`MARGIN_MM` all round fill the frame's height
SENSOR_MM = 36.0
MARGIN_MM = 70.0
CARD_MM = 0.35          # a card's thickness
SLEEVE_GAP_MM = 0.12    # a sleeve's film above the card's face
SLEEVE_EXTRA_MM = 2.0   # a sleeve is this much wider than its card on each side
#: the games whose frames the committed cache holds (rendering takes Blender and
#: 40-60 s a frame, so a new game joins by ``make render-frames`` with its
#: ``--game``, then its code here and its read figures in
#: ``tests/vision/test_pathtraced_frames.py``, which checks they match)
GAMES = ("GLC", "TCG", "GVG", "GAH", "CCR")
STATES = ("setup", "mid")
#: the states the committed cache holds (rendering on 2 busy cores took 40-60 s
#: a frame; ``python -m companion.pathtraced --state setup`` adds the others)
CACHED_STATES = ("mid",)


@dataclass(frozen=True)
class Camera:
    """A pinhole camera straight above the table's centre (Blender's camera with
    no rotation looks down -z with image up = +y)."""

    height_mm: float = CAMERA_HEIGHT_MM
    resolution: tuple[int, int] = RESOLUTION
    table_mm: tuple[float, float] = TABLE_MM

    @property
    def position(self) -> tuple[float, float, float]:
        return (self.table_mm[0] / 2.0, self.table_mm[1] / 2.0, self.height_mm)

    @property
    def lens_mm(self) -> float:
        """The focal length: the table's height plus the margins fills the frame's height."""
        w, h = self.resolution
        seen_w = (self.table_mm[1] + 2.0 * MARGIN_MM) * w / h
        return SENSOR_MM * self.height_mm / seen_w

    @property
    def focal_px(self) -> float:
        return self.lens_mm / SENSOR_MM * self.resolution[0]

    def project(self, p: tuple[float, float, float]) -> tuple[float, float]:
        """A table point (mm, z up) to pixel coordinates (OpenCV's: pixel centres at integers)."""
        cx, cy, cz = self.position
        depth = cz - p[2]
        f = self.focal_px
        w, h = self.resolution
        return (w / 2.0 + f * (p[0] - cx) / depth - 0.5, h / 2.0 - f * (p[1] - cy) / depth - 0.5)

    def ray_to_table(self, u: Any, v: Any, z: float = 0.0) -> tuple[Any, Any]:
        """Pixel coordinates (scalars or numpy arrays) back to the table plane at height z."""
        cx, cy, cz = self.position
        f = self.focal_px
        w, h = self.resolution
        depth = cz - z
        return (cx + (u + 0.5 - w / 2.0) * depth / f, cy - (v + 0.5 - h / 2.0) * depth / f)


@dataclass(frozen=True)
class Light:
    """A lamp or window: a flat emitter (``disk`` of diameter ``size_mm[0]``, or a
    ``rect``) at ``position`` facing toward ``aim`` (a table point), as bright as
    gives ``irradiance`` at the table's centre, in units where 1.0 (all lights
    together) renders white paper at the picture's white level (a small-source
    estimate: the window, large and near, gives its middle more than this)."""

    name: str
    shape: str
    size_mm: tuple[float, float]
    position: tuple[float, float, float]
    aim: tuple[float, float, float]
    irradiance: float           # at the table's centre, in the renderer's units (sums over the lights)

    @property
    def area_mm2(self) -> float:
        a, b = self.size_mm
        return math.pi * a * a / 4.0 if self.shape == "disk" else a * b

    @property
    def normal(self) -> tuple[float, float, float]:
        d = [t - p for t, p in zip(self.aim, self.position)]
        n = math.sqrt(sum(c * c for c in d))
        return (d[0] / n, d[1] / n, d[2] / n)

    def solid_angle(self, p: tuple[float, float, float]) -> tuple[float, float]:
        """The emitter's solid angle seen from table point p and the cosine of
        its light's arrival there (small-source approximation)."""
        d = [q - r for q, r in zip(self.position, p)]
        dist2 = sum(c * c for c in d)
        dist = math.sqrt(dist2)
        cos_emit = max(0.0, -sum(n * c / dist for n, c in zip(self.normal, d)))
        return self.area_mm2 * cos_emit / dist2, max(0.0, d[2] / dist)

    @property
    def radiance(self) -> float:
        """The emitter's radiance that gives :attr:`irradiance` at the table's centre."""
        omega, cos_in = self.solid_angle((TABLE_MM[0] / 2.0, TABLE_MM[1] / 2.0, 0.0))
        return self.irradiance / (omega * cos_in)


#: the lightings: a ceiling lamp, a lamp beside the camera (the worst case: its
#: reflection on a glossy card lies in the middle of the picture), a window
#: (large, low, to one side: soft shadows and no reflection toward the camera).
#: Each also gets a dim room (Blender's world) so that nothing is black.
LIGHTINGS: dict[str, tuple[Light, ...]] = {
    "ceiling": (Light("ceiling lamp", "disk", (350.0, 350.0), (330.0, 420.0, 1500.0), (450.0, 300.0, 0.0), 1.0),),
    "beside": (Light("lamp beside the camera", "disk", (250.0, 250.0), (650.0, 100.0, 950.0),
                     (450.0, 300.0, 0.0), 1.0),),
    "window": (Light("window", "rect", (1000.0, 1200.0), (-1100.0, 250.0, 700.0), (450.0, 300.0, 0.0), 0.5),
               Light("ceiling lamp", "disk", (350.0, 350.0), (330.0, 420.0, 1500.0), (450.0, 300.0, 0.0), 0.15)),
}
#: the room's light (Blender's world colour), as a fraction of the white level
AMBIENT = 0.08


@dataclass(frozen=True)
class Finish:
    """How the cards' faces are printed and covered: ``roughness`` of the paper's
    surface (Blender's Principled roughness), and a glossy layer over it (a coat
    on the card, or a sleeve: a separate transparent film) with its roughness and
    Fresnel reflectance at normal incidence."""

    name: str
    paper_roughness: float
    layer: str                   # "" (bare paper), "coat" or "sleeve"
    layer_roughness: float = 0.0
    f0: float = 0.04             # glass-like, IOR 1.5


FINISHES: dict[str, Finish] = {
    "matte": Finish("matte paper", 0.9, ""),
    "coated": Finish("coated card", 0.5, "coat", 0.12),
    "sleeved": Finish("card in a glossy sleeve", 0.9, "sleeve", 0.03),
}


@dataclass(frozen=True)
class Card:
    """One item of the scene as the path tracer builds it: the simulated
    table's :class:`~hardware.simtable.scene.Item` (the same sprite is its face),
    the height its underside lies at (cards on cards are stacked), its curl (the
    lift of its ends along its longer side, mm), and whether it takes the
    finish (the cards do; the markers, corners and round tokens are matte prints)."""

    item: Item
    base_mm: float
    lift_mm: float
    finished: bool

    @property
    def curl_along_v(self) -> bool:
        """True when the card bends along its height (the tag's up), False along its width."""
        w, h = self.item.body_mm
        return h >= w

    @property
    def radius_mm(self) -> float:
        """The bend's radius: ends lifted by ``lift_mm`` at half the longer side."""
        half = max(self.item.body_mm) / 2.0
        return half * half / (2.0 * self.lift_mm) if self.lift_mm > 0 else math.inf

    def surface(self, u: float, v: float) -> tuple[float, float, float]:
        """A point of the card's face in its own frame (u right, v up, mm from its
        centre, flat) to table mm after the curl, the turn and the stacking."""
        d = v if self.curl_along_v else u
        r = self.radius_mm
        if math.isfinite(r):
            d2, z = r * math.sin(d / r), r * (1.0 - math.cos(d / r))
        else:
            d2, z = d, 0.0
        u2, v2 = (u, d2) if self.curl_along_v else (d2, v)
        a = math.radians(self.item.angle_deg)
        x = self.item.x_mm + u2 * math.cos(a) - v2 * math.sin(a)
        y = self.item.y_mm + u2 * math.sin(a) + v2 * math.cos(a)
        return (x, y, self.base_mm + CARD_MM + z)

    def normal(self, u: float, v: float) -> tuple[float, float, float]:
        """The face's normal at (u, v) in table coordinates."""
        d = v if self.curl_along_v else u
        r = self.radius_mm
        s = math.sin(d / r) if math.isfinite(r) else 0.0
        c = math.sqrt(1.0 - s * s)
        nu, nv = (0.0, -s) if self.curl_along_v else (-s, 0.0)
        a = math.radians(self.item.angle_deg)
        return (nu * math.cos(a) - nv * math.sin(a), nu * math.sin(a) + nv * math.cos(a), c)


def cards(scene: Scene, seed: int) -> list[Card]:
    """The scene's items, bottom first, stacked and curled: an item lies on top of
    the earlier items it overlaps; an item with a body of its own and nothing on
    top of it curls by 0.8-3 mm (drawn from ``seed`` and its payload). Only the
    cards (rectangular items with a body size, not the ``TC:`` markers) curl and
    take the finish."""
    items = scene.all_items()
    out: list[Card] = []
    for i, it in enumerate(items):
        base = 0.0
        for below in out:
            if _overlap(below.item, it):
                base = max(base, below.base_mm + CARD_MM + SLEEVE_GAP_MM + 0.15)
        covered = any(_overlap(it, later) for later in items[i + 1:])
        card_like = it.size_mm is not None and it.shape == "rect" and not (it.payload or "").startswith("TC:")
        lift = 0.0
        if card_like and not covered:
            h = zlib.crc32(f"{seed}|{it.payload}|{i}".encode())
            lift = 0.8 + 2.2 * (h % 1000) / 999.0
        out.append(Card(it, base, lift, card_like))
    return out


def _overlap(a: Item, b: Item) -> bool:
    """True when two items' bodies may touch (their bounding circles meet)."""
    ra = math.hypot(*a.body_mm) / 2.0 + SLEEVE_EXTRA_MM
    rb = math.hypot(*b.body_mm) / 2.0 + SLEEVE_EXTRA_MM
    return math.hypot(a.x_mm - b.x_mm, a.y_mm - b.y_mm) < ra + rb


@dataclass(frozen=True)
class Frame:
    """One cached frame: a game's example table at one state, under one lighting, in one finish."""

    game: str
    state: str
    lighting: str
    finish: str

    @property
    def name(self) -> str:
        return f"{self.game}-{self.state}-{self.lighting}-{self.finish}"

    @property
    def seed(self) -> int:
        return zlib.crc32(f"{self.game}-{self.state}".encode()) % 10_000


def frames(games: tuple[str, ...] = GAMES, states: tuple[str, ...] = CACHED_STATES) -> list[Frame]:
    """Every frame of the cache (of ``states``), in render order."""
    return [Frame(g, s, li, f) for g in games for s in states for li in LIGHTINGS for f in FINISHES]


def example_scene(game: str, state: str) -> Scene:
    """A game's example table at its ``setup`` or in mid-game (half way through
    its example game), from the game's own ``arrange()``, as a simulated-table scene."""
    from companion.examples import example_states
    g, _players, states = example_states(game)
    if state not in STATES:
        raise ValueError(f"state must be one of {STATES}, not {state!r}")
    s = states[0] if state == "setup" else states[len(states) // 2]
    return Scene(table_mm=TABLE_MM, items=[Item.from_placement(p) for p in g.arrange(s, TABLE_MM)])
