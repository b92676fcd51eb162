"""What lies on the simulated table: items (tagged components), hands, and scenes.

A :class:`Scene` is the table at one moment: its size, the items on it (each a
card, tile, token or marker carrying a QR tag), and hands covering parts of it.
With ``corners=True`` (the default) the scene also holds the four corner markers
``TC:CORNER:1..4`` whose tag centres are the rectangle's corners::

    >>> scene = Scene(items=[Item("GLC:KID:02", 200, 150, angle_deg=90, size_mm=(63, 88))])
    >>> [i.payload for i in scene.all_items()][:2]
    ['TC:CORNER:1', 'TC:CORNER:2']

Coordinates are table millimetres from corner 1 (x toward corner 2, y toward
corner 4). ``angle_deg`` is the direction of the tag's "up": 0 = upright for a
person on the y=0 edge looking toward +y, counter-clockwise positive seen from
above.

Scene JSON (:func:`load_scene`, ``sim:FILE.json``)
--------------------------------------------------
::

    {
      "table_mm": [900, 600],            # optional, default [900, 600]
      "corners": true,                   # optional: draw TC:CORNER:1..4
      "corner_tag_mm": 30,               # optional
      "items": [                         # on the table the whole time
        {"payload": "TC:SEAT:RED", "x_mm": 150, "y_mm": 40},
        {"payload": "GLC:KID:02", "x_mm": 300, "y_mm": 200, "angle_deg": 90,
         "tag_mm": 25, "size_mm": [63, 88], "label": "Kid 2", "shape": "rect"},
        {"payload": "GLC:LOVE:07", "x_mm": 450, "y_mm": 300, "face_up": false,
         "back": "GLC:BACK:LOVE"}
      ],
      "hands": [{"x_mm": 400, "y_mm": 250, "radius_mm": 70}],
      "timeline": [                      # optional: the table changing over time
        {"t": 0,   "items": [...], "hands": [...]},
        {"t": 2.5, "items": [...]}
      ],
      "camera": {"resolution": [1600, 900], "tilt_deg": 10}   # optional CameraModel fields
    }

Each timeline step holds from its ``t`` (seconds) until the next step; a step's
scene is the top-level ``items`` plus the step's own ``items`` and ``hands``
(top-level ``hands`` are not repeated in steps). Unknown keys and wrong types are
rejected with a :class:`SceneError` naming the place (``items[3].x_mm``).
Item keys: ``payload`` (null for an untagged component), ``x_mm``, ``y_mm``,
``angle_deg``, ``tag_mm``, ``size_mm``, ``face_up``, ``back``, ``label``,
``shape`` (``rect`` or ``round``).
"""
from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from .camera import CameraModel
from .errors import SceneError

SHAPES = ("rect", "round")
#: The largest scene file read (a whole game's timeline is well under 1 MiB).
MAX_SCENE_BYTES = 16 * 2**20


@dataclass(frozen=True)
class Item:
    """A tagged component on the table: its tag's centre, angle and size, and the
    body (card, tile, token) drawn under it.

    ``tag_mm`` is the side of the printed QR symbol (21 modules); the white quiet
    zone (4 modules each side) comes on top. ``size_mm`` is the body (width along
    the tag's right, height along its up); None gives a small card just big
    enough for the tag and its label. ``face_up=False`` draws the body's back: no
    tag, or the ``back`` payload's tag when the game prints one.
    """

    payload: str | None
    x_mm: float
    y_mm: float
    angle_deg: float = 0.0
    tag_mm: float = 25.0
    size_mm: tuple[float, float] | None = None
    face_up: bool = True
    back: str | None = None
    label: str = ""
    shape: str = "rect"

    def __post_init__(self) -> None:
        if self.size_mm is not None:
            object.__setattr__(self, "size_mm", (float(self.size_mm[0]), float(self.size_mm[1])))
        if self.shape not in SHAPES:
            raise SceneError(f"item {self.payload!r}: shape must be one of {SHAPES}, not {self.shape!r}")
        if not self.tag_mm > 0:
            raise SceneError(f"item {self.payload!r}: tag_mm must be positive, not {self.tag_mm!r}")

    @property
    def shown_payload(self) -> str | None:
        """The payload a camera can read on this item: the tag when face up, the
        back's tag (or nothing) when face down."""
        return self.payload if self.face_up else self.back

    @property
    def body_mm(self) -> tuple[float, float]:
        """The body's size (width, height) in mm, the default card if none was given."""
        if self.size_mm is not None:
            return self.size_mm
        quiet = self.tag_mm * 29.0 / 21.0
        side = quiet + 2.0 * max(0.22 * quiet, 5.0)
        return (side, side)

    def contains(self, x_mm: float, y_mm: float) -> bool:
        """True when the table point lies on this item's body (or its tag's quiet zone)."""
        a = math.radians(self.angle_deg)
        dx, dy = x_mm - self.x_mm, y_mm - self.y_mm
        u = dx * math.cos(a) + dy * math.sin(a)
        v = -dx * math.sin(a) + dy * math.cos(a)
        w, h = self.body_mm
        q = self.tag_mm * 29.0 / 21.0 / 2.0 if self.shown_payload else 0.0
        if abs(u) <= q and abs(v) <= q:
            return True
        if self.shape == "round":
            return math.hypot(u, v) <= min(w, h) / 2.0
        return abs(u) <= w / 2.0 and abs(v) <= h / 2.0

    @classmethod
    def from_placement(cls, p: Any) -> Item:
        """An item from a ``models.table.Placement`` (or anything with its attributes)."""
        return cls(payload=p.payload, x_mm=float(p.x_mm), y_mm=float(p.y_mm),
                   angle_deg=float(getattr(p, "angle_deg", 0.0)),
                   tag_mm=float(getattr(p, "tag_mm", 25.0)),
                   size_mm=getattr(p, "size_mm", None), face_up=bool(getattr(p, "face_up", True)),
                   back=getattr(p, "back", None), label=getattr(p, "label", "") or "",
                   shape=getattr(p, "shape", "rect") or "rect")


@dataclass(frozen=True)
class Hand:
    """A hand (a disc of ``radius_mm`` at its centre) with its arm reaching in
    from the nearest edge of the table; it hides whatever lies under it."""

    x_mm: float
    y_mm: float
    radius_mm: float = 70.0

    def arm(self, table_mm: tuple[float, float]) -> tuple[tuple[float, float], tuple[float, float], float]:
        """The arm as a band: (start, direction (unit), half width) in table mm.
        It runs from the hand's centre out over the nearest table edge."""
        w, h = table_mm
        dists = {(-1.0, 0.0): self.x_mm, (1.0, 0.0): w - self.x_mm,
                 (0.0, -1.0): self.y_mm, (0.0, 1.0): h - self.y_mm}
        direction = min(dists, key=lambda d: dists[d])
        return (self.x_mm, self.y_mm), direction, 0.45 * self.radius_mm

    def covers(self, x_mm: float, y_mm: float, table_mm: tuple[float, float]) -> bool:
        """True when the table point lies under the hand or its arm."""
        if math.hypot(x_mm - self.x_mm, y_mm - self.y_mm) <= self.radius_mm:
            return True
        (sx, sy), (dx, dy), half = self.arm(table_mm)
        along = (x_mm - sx) * dx + (y_mm - sy) * dy
        across = -(x_mm - sx) * dy + (y_mm - sy) * dx
        return along >= 0 and abs(across) <= half


@dataclass
class Scene:
    """The table at one moment: its size, the items on it and the hands over it.

    ``timeline`` (filled by :func:`load_scene` from a JSON ``timeline``) holds
    ``(t_seconds, Scene)`` steps for :class:`~hardware.simtable.SimulatedTable`;
    ``camera`` holds the JSON's camera section, if any.
    """

    table_mm: tuple[float, float] = (900.0, 600.0)
    items: list[Item] = field(default_factory=list)
    hands: list[Hand] = field(default_factory=list)
    corners: bool = True
    corner_tag_mm: float = 30.0
    timeline: list[tuple[float, Scene]] = field(default_factory=list)
    camera: CameraModel | None = None

    def __post_init__(self) -> None:
        self.table_mm = (float(self.table_mm[0]), float(self.table_mm[1]))
        self.items = [i if isinstance(i, Item) else Item.from_placement(i) for i in self.items]

    def corner_items(self) -> list[Item]:
        """The four corner markers, tag centres on the rectangle's corners."""
        if not self.corners:
            return []
        w, h = self.table_mm
        t = self.corner_tag_mm
        return [Item(f"TC:CORNER:{n}", x, y, tag_mm=t, label=f"CORNER {n}")
                for n, (x, y) in enumerate(((0.0, 0.0), (w, 0.0), (w, h), (0.0, h)), start=1)]

    def all_items(self) -> list[Item]:
        """Every item drawn, bottom first: the corner markers, then ``items``."""
        return self.corner_items() + list(self.items)

    def key(self) -> tuple:
        """A hashable description of what is drawn (for caching renders)."""
        return (self.table_mm, self.corners, self.corner_tag_mm, tuple(self.items), tuple(self.hands))

    @classmethod
    def from_placements(cls, placements: Iterable[Any], table_mm: tuple[float, float] = (900.0, 600.0),
                        **kw: Any) -> Scene:
        """A scene from a game's ``arrange()`` (``models.table.Placement`` objects)."""
        return cls(table_mm=table_mm, items=[Item.from_placement(p) for p in placements], **kw)


# -- JSON ------------------------------------------------------------------

_ITEM_KEYS = {f.name for f in fields(Item)}
_SCENE_KEYS = {"table_mm", "corners", "corner_tag_mm", "items", "hands", "timeline", "camera"}
_STEP_KEYS = {"t", "items", "hands"}
_HAND_KEYS = {f.name for f in fields(Hand)}


def _number(v: Any, where: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise SceneError(f"{where}: expected a number, got {v!r}")
    return float(v)


def _pair(v: Any, where: str) -> tuple[float, float]:
    if not isinstance(v, (list, tuple)) or len(v) != 2:
        raise SceneError(f"{where}: expected [width, height], got {v!r}")
    return (_number(v[0], f"{where}[0]"), _number(v[1], f"{where}[1]"))


def _check_keys(d: Any, allowed: set[str], where: str) -> None:
    if not isinstance(d, dict):
        raise SceneError(f"{where}: expected an object, got {type(d).__name__}")
    unknown = sorted(set(d) - allowed)
    if unknown:
        raise SceneError(f"{where}: unknown key(s) {unknown}; allowed: {sorted(allowed)}")


def _item(d: Any, where: str) -> Item:
    _check_keys(d, _ITEM_KEYS, where)
    for req in ("x_mm", "y_mm"):
        if req not in d:
            raise SceneError(f"{where}: missing {req!r}")
    if "payload" not in d:
        raise SceneError(f"{where}: missing 'payload' (use null for an untagged component)")
    kw: dict[str, Any] = {}
    for key in ("payload", "back"):
        if d.get(key) is not None and not isinstance(d[key], str):
            raise SceneError(f"{where}.{key}: expected text or null, got {d[key]!r}")
        if key in d:
            kw[key] = d[key]
    for key in ("x_mm", "y_mm", "angle_deg", "tag_mm"):
        if key in d:
            kw[key] = _number(d[key], f"{where}.{key}")
    if d.get("size_mm") is not None:
        kw["size_mm"] = _pair(d["size_mm"], f"{where}.size_mm")
    if "face_up" in d:
        if not isinstance(d["face_up"], bool):
            raise SceneError(f"{where}.face_up: expected true or false, got {d['face_up']!r}")
        kw["face_up"] = d["face_up"]
    for key in ("label", "shape"):
        if key in d:
            if not isinstance(d[key], str):
                raise SceneError(f"{where}.{key}: expected text, got {d[key]!r}")
            kw[key] = d[key]
    try:
        return Item(**kw)
    except SceneError as exc:
        raise SceneError(f"{where}: {exc}") from None


def _hand(d: Any, where: str) -> Hand:
    _check_keys(d, _HAND_KEYS, where)
    for req in ("x_mm", "y_mm"):
        if req not in d:
            raise SceneError(f"{where}: missing {req!r}")
    return Hand(**{k: _number(v, f"{where}.{k}") for k, v in d.items()})


def _list(d: dict, key: str, where: str) -> list:
    v = d.get(key, [])
    if not isinstance(v, list):
        raise SceneError(f"{where}{key}: expected a list, got {type(v).__name__}")
    return v


def load_scene(source: str | Path | dict) -> Scene:
    """A :class:`Scene` from a JSON file path or an already-parsed dict (format in
    this module's docstring). Raises :class:`SceneError` with the place at fault."""
    if isinstance(source, dict):
        d = source
    else:
        path = Path(source)
        try:
            if path.stat().st_size > MAX_SCENE_BYTES:
                raise SceneError(f"scene file {path} is over {MAX_SCENE_BYTES // 2**20} MiB: not a scene")
            d = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise SceneError(f"scene file {path} does not exist") from None
        except UnicodeDecodeError as exc:
            raise SceneError(f"scene file {path} is not UTF-8 text (byte {exc.start})") from None
        except json.JSONDecodeError as exc:
            raise SceneError(f"scene file {path} is not valid JSON: {exc}") from None
        except RecursionError:
            raise SceneError(f"scene file {path} is nested too deeply to be a scene") from None
    _check_keys(d, _SCENE_KEYS, "scene")
    table_mm = _pair(d.get("table_mm", (900.0, 600.0)), "table_mm")
    corners = d.get("corners", True)
    if not isinstance(corners, bool):
        raise SceneError(f"corners: expected true or false, got {corners!r}")
    corner_tag_mm = _number(d.get("corner_tag_mm", 30.0), "corner_tag_mm")
    base = [_item(x, f"items[{i}]") for i, x in enumerate(_list(d, "items", ""))]
    hands = [_hand(x, f"hands[{i}]") for i, x in enumerate(_list(d, "hands", ""))]
    camera = None
    if d.get("camera") is not None:
        camera = CameraModel.from_json(d["camera"])
    common: dict[str, Any] = dict(table_mm=table_mm, corners=corners, corner_tag_mm=corner_tag_mm)
    timeline: list[tuple[float, Scene]] = []
    last_t = -math.inf
    for n, step in enumerate(_list(d, "timeline", "")):
        where = f"timeline[{n}]"
        _check_keys(step, _STEP_KEYS, where)
        if "t" not in step:
            raise SceneError(f"{where}: missing 't' (seconds)")
        t = _number(step["t"], f"{where}.t")
        if t < last_t:
            raise SceneError(f"{where}.t: steps must be in time order ({t} after {last_t})")
        last_t = t
        items = base + [_item(x, f"{where}.items[{i}]") for i, x in enumerate(_list(step, "items", f"{where}."))]
        step_hands = [_hand(x, f"{where}.hands[{i}]") for i, x in enumerate(_list(step, "hands", f"{where}."))]
        timeline.append((t, Scene(items=items, hands=step_hands, **common)))
    if timeline:
        first = timeline[0][1]
        return Scene(items=list(first.items), hands=list(first.hands), timeline=timeline, camera=camera, **common)
    return Scene(items=base, hands=hands, camera=camera, **common)


def scene_at(timeline: list[tuple[float, Scene]], t: float) -> Scene:
    """The step of a time-ordered timeline that holds at ``t`` (the first before it starts)."""
    current = timeline[0][1]
    for start, scene in timeline:
        if start <= t:
            current = scene
        else:
            break
    return current
