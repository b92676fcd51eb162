"""How Girls vs Ghouls lies on the table, in the game's own terms.

The table, as the companion sees it:

* the 8 **house tiles**, one tag on each face (``GVG:HOUSE:3G`` / ``GVG:HOUSE:3H``):
  the face that is up says who controls the house;
* a **Trick slot** tag stuck on the board in front of each house
  (``GVG:SLOT:3``): a face-down Trick (card backs carry no tag) or the VP card
  lying there hides it, so "covered" means the house has a Trick stack;
* the players' **standees** (``GVG:STANDEE:RED``), on the sidewalk space in front
  of a house;
* a **Treat** face up at a house while it is being played (then it is tucked
  under the tile and the engine remembers it); candy corn counts +1 upright and
  -1 upside down, relative to the house tile;
* at the end of a round the **Trick faces** (``GVG:TRICK:31``) turned up at each house,
  the **VP cards** (``GVG:VP:2``) in the Trick slot of the house that scored, the
  **First Player Token** (``GVG:TOKEN:FIRST``) in its holder's seat area and, at
  the end, the **identity cards** (``GVG:ID:GHOUL2``) turned up in front of each player.

Things belong to the house whose tile is nearest in angle around the centre of
the ring of tiles (so any cul-de-sac shape reads), and to the seat whose marker
is nearest (``TC:SEAT:RED``). The layout, expected and read alike::

    {"houses": {"1": {"face": "GIRLS", "slot": "open", "vp": null, "tricks_up": []}, ...},
     "standees": {"RED": 1, ...}, "new_treats": [], "first_player": "RED",
     "identities": {}, "allow": {"treats": [], "leftover": null, "first_player": null}}

``slot`` is null while Tricks are being turned up (the camera cannot tell what
covers the slot then); ``allow`` (copied from the state, never read from the
table) lists what the table may show beyond that: Treats already played, still
face up until tucked away, and, while the chores of the round just over are
done, the old tile faces, the Trick faces, no VP card yet, the token with its
old holder.
"""
from __future__ import annotations

import math
from typing import Any

from ..table import Placement, Snapshot
from ..tags import seat
from .kit import FIRST_TOKEN, Board, slot, standee

CENTRE = (450.0, 300.0)
R_TILE, R_SLOT, R_STANDEE = 235.0, 145.0, 95.0
CARD_MM = (44.0, 62.0)
# where the revealed Trick faces of a house lie: (radius, degrees off the house's direction);
# the canonical table keeps tags apart for up to 10 faces and 3 standees at a house (the last ones
# beyond the tile), all within 22.5 degrees of the house's direction, so they read as that house's
# (7 players can stack more than 6 Tricks on one house: the random-game contract test found it)
FACE_SPOTS = [(182.0, -9.5), (182.0, 9.5), (145.0, -14.0), (145.0, 14.0), (282.0, 10.0), (282.0, 0.0),
              (182.0, -19.0), (182.0, 19.0), (220.0, -17.0), (220.0, 17.0)]
# standees stand in a line from the house toward the centre of the cul-de-sac; a third one beyond the tile
STANDEE_SPOTS = [(97.0, 0.0), (55.0, 0.0), (282.0, -10.0), (10.0, 0.0), (97.0, 12.0), (55.0, 14.0)]
# where the Treat just played lies, face up until it is tucked under the tile: beside the house's Trick slot
TREAT_SPOT = (182.0, -12.0)
SEAT_SPOTS = [(50.0, 100.0), (50.0, 233.0), (50.0, 366.0), (50.0, 500.0),
              (850.0, 150.0), (850.0, 300.0), (850.0, 450.0)]
STRICT_PHASES = ("setup", "play", "identities", "over")


def house_angle(house: int, n: int = 8) -> float:
    """Direction (degrees) of a house from the centre of the canonical ring."""
    return 90.0 - (house - 1) * 360.0 / n


def house_rotation(house: int, n: int = 8) -> float:
    """How a house's tile and cards lie in the canonical table: upright as seen
    from corner 1's edge (turned tags at 45 degrees read less reliably at 1.5
    pixels per module; a real table may turn them any way)."""
    return 0.0


# --------------------------------------------------------------------------- expected


def expected_table(game: Any, state: dict[str, Any]) -> dict[str, Any]:
    phase = state["phase"]
    houses = {}
    for h in state["control"]:
        stack = state["tricks"][h]
        up = [t["card"] for t in stack if t["card"]] if phase in ("reveal", "tiebreak") else []
        closed = state["closed"].get(h)
        if phase in STRICT_PHASES:
            covered = bool(closed) or (bool(stack) and phase == "play")
            slot_state: str | None = "covered" if covered else "open"
        else:
            slot_state = None
        houses[h] = {"face": state["control"][h], "slot": slot_state,
                     "vp": closed["points"] if closed else None, "tricks_up": up}
    return {
        "houses": houses,
        "standees": dict(state["positions"]),
        "new_treats": [],
        "first_player": state["first"] if phase != "setup" else None,
        "identities": dict(state["identities"]),
        "allow": allowance(state),
    }


def allowance(state: dict[str, Any]) -> dict[str, Any]:
    """What the table may show beyond the expected table: Treats already played
    (they lie face up until someone tucks them under the tile) and, right after
    a round, what that round left (``leftover``: the old tile faces, the Trick
    faces, no VP card yet, the token with its old holder) and, during set-up,
    the First Player Token already in front of its holder (``first_player``:
    many groups lay it before the standees)."""
    treats = sorted(c for c in state["used"] if c.startswith("GVG:TREAT:"))
    left = state.get("leftover")
    leftover = None
    if left:
        leftover = {"faces": dict(left["faces"]), "first_player": left["first"],
                    "tricks_up": {h: list(cards) for h, cards in left["tricks"].items()}}
    early = state["first"] if state["phase"] == "setup" else None
    return {"treats": treats, "leftover": leftover, "first_player": early}


def same_table(expected: dict[str, Any], reading: dict[str, Any]) -> bool:
    """Equal, but for what the table may still show (see :func:`allowance`).
    The reading's own ``allow`` is ignored: the expected table's says what may be."""
    allow = expected.get("allow") or {}
    played = set(allow.get("treats", []))
    left = allow.get("leftover") or {}
    for key in ("standees", "identities"):
        if expected[key] != reading[key]:
            return False
    if [t for t in reading["new_treats"] if t["card"] not in played] != expected["new_treats"]:
        return False
    if reading["first_player"] != expected["first_player"] and not (
            left and reading["first_player"] == left["first_player"]) and not (
            allow.get("first_player") and reading["first_player"] == allow["first_player"]):
        return False
    if set(expected["houses"]) != set(reading["houses"]):
        return False
    for h, e in expected["houses"].items():
        r = reading["houses"][h]
        old_tricks = left.get("tricks_up", {}).get(h, []) if left else []
        if r["face"] != e["face"] and not (left and r["face"] == left["faces"].get(h)):
            return False
        if r["vp"] != e["vp"] and not (left and r["vp"] is None):
            return False
        if r["tricks_up"] != e["tricks_up"] and not (left and set(r["tricks_up"]) <= set(old_tricks)):
            return False
        # right after a round, old Trick cards may still cover a slot, or the VP card is still to come
        if None not in (e["slot"], r["slot"]) and r["slot"] != e["slot"] and \
                not (left and (old_tricks or (e["vp"] is not None and r["vp"] is None))):
            return False
    return True


# --------------------------------------------------------------------------- read


def _angle(x: float, y: float, centre: tuple[float, float]) -> float:
    return math.degrees(math.atan2(y - centre[1], x - centre[0]))


def _angle_diff(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


class HouseFinder:
    """Which house a sighting belongs to: the tile nearest in angle around the
    centroid of the tiles seen."""

    def __init__(self, tiles: dict[int, Any]):
        self.tiles = tiles
        self.centre: tuple[float, float] | None
        if len(tiles) >= 3:
            self.centre = (sum(s.x_mm for s in tiles.values()) / len(tiles),
                           sum(s.y_mm for s in tiles.values()) / len(tiles))
        elif tiles:
            self.centre = CENTRE
        else:
            self.centre = None
        self.angles = {h: _angle(s.x_mm, s.y_mm, self.centre) for h, s in tiles.items()} if self.centre else {}

    def house_of(self, s: Any) -> int | None:
        if not self.angles or self.centre is None:
            return None
        a = _angle(s.x_mm, s.y_mm, self.centre)
        return min(self.angles, key=lambda h: (_angle_diff(a, self.angles[h]), h))


def candy_corn_sign(card: Any, tile: Any | None) -> int | None:
    """+1 when the card is upright relative to its house tile, -1 upside down,
    None when it lies sideways (within 30 degrees of a quarter turn)."""
    rel = (card.angle_deg - (tile.angle_deg if tile is not None else 0.0)) % 360.0
    if rel <= 60.0 or rel >= 300.0:
        return 1
    if 120.0 <= rel <= 240.0:
        return -1
    return None


def read(game: Any, state: dict[str, Any], snapshot: Snapshot) -> dict[str, Any]:
    board: Board = game.board
    phase = state["phase"]
    tiles: dict[int, Any] = {}
    faces: dict[int, str | None] = {}
    for s in snapshot.of("GVG", "HOUSE"):
        if s.payload in board.face_of:
            h, team = board.face_of[s.payload]
            faces[h] = team if h not in faces else None     # both faces seen at once: unreadable
            tiles[h] = s
    finder = HouseFinder(tiles)
    seen = {s.payload for s in snapshot}
    houses: dict[str, dict[str, Any]] = {}
    for h in board.houses:
        if phase in STRICT_PHASES:
            slot_state: str | None = "open" if slot(h) in seen else "covered"
        else:
            slot_state = None
        houses[str(h)] = {"face": faces.get(h), "slot": slot_state, "vp": None, "tricks_up": []}
    points_of = {p: pts for pts, p in board.vp_cards.items()}
    new_treats = []
    ups: dict[str, list[str]] = {h: [] for h in houses}
    for s in snapshot.of("GVG"):
        if s.kind in ("VP", "TRICK", "TREAT"):
            at = finder.house_of(s)
            if at is None:
                continue
            if s.payload in points_of:
                houses[str(at)]["vp"] = points_of[s.payload]
            elif s.payload in board.tricks:
                ups[str(at)].append(s.payload)
            elif s.payload in board.treats and s.payload not in state["used"]:
                value, corn = board.treats[s.payload]
                new_treats.append({"house": at, "card": s.payload,
                                   "value": candy_corn_sign(s, tiles.get(at)) if corn else value})
    for key, cards in ups.items():
        known = [t["card"] for t in state["tricks"][key] if t["card"] in cards]
        houses[key]["tricks_up"] = known + sorted(c for c in cards if c not in known)
    standees = {}
    for p in state["players"]:
        piece = snapshot.find(standee(p))
        if piece is not None:
            at = finder.house_of(piece)
            if at is not None:
                standees[p] = at
    token = snapshot.find(FIRST_TOKEN)
    identities = {}
    for s in snapshot.of("GVG", "ID"):
        p = snapshot.seat_of(s)
        if p in state["players"] and s.payload in board.identities:
            identities[p] = s.payload
    return {
        "houses": houses,
        "standees": standees,
        "new_treats": sorted(new_treats, key=lambda t: t["card"]),
        "first_player": snapshot.seat_of(token) if token is not None else None,
        "identities": identities,
        "allow": allowance(state),
    }


# --------------------------------------------------------------------------- arrange


def _at(house: int, radius: float, off_deg: float, n: int) -> tuple[float, float]:
    a = math.radians(house_angle(house, n) + off_deg)
    return (round(CENTRE[0] + radius * math.cos(a), 1), round(CENTRE[1] + radius * math.sin(a), 1))


def seat_positions(players: list[str]) -> dict[str, tuple[float, float]]:
    return {p: SEAT_SPOTS[i] for i, p in enumerate(players)}


def arrange_as_left(game: Any, state: dict[str, Any],
                    table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Placement] | None:
    """The table right after a round's last Trick was turned up (or its tie
    broken), as the players leave it: :func:`arrange`'s table with the round's
    Trick faces still lying by their houses, which the referee then asks to
    clear (:func:`allowance`'s ``leftover``). None when no round has just
    ended, while the faces are part of the game (revealing, a tie to break),
    and once the next move was made (the first player's, or the first
    identity turned up): the table was tidied before it."""
    left = (state.get("leftover") or {}).get("tricks") or {}
    if not left or state["phase"] in ("reveal", "tiebreak") or state["identities"]:
        return None
    if state["phase"] == "play" and state["positions"].get(state["turn"]) != state["turn_start"]:
        return None
    n = len(game.board.houses)
    out = arrange(game, state, table_mm)
    for h, cards in sorted(left.items(), key=lambda kv: int(kv[0])):
        for i, card in enumerate(cards):
            r, off = FACE_SPOTS[i % len(FACE_SPOTS)]
            out.append(Placement(card, *_at(int(h), r, off, n), house_rotation(int(h), n), size_mm=(30.0, 30.0),
                                 label="Trick"))
    return out


def arrange(game: Any, state: dict[str, Any], table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Placement]:
    """The canonical table for ``state``: a ring of 8 houses in the middle, seats
    on the left and right edges (corners not included)."""
    board: Board = game.board
    n = len(board.houses)
    out: list[Placement] = []
    seats = seat_positions(state["players"])
    for p, (x, y) in seats.items():
        out.append(Placement(seat(p), x, y, label=p))
    phase = state["phase"]
    for h in board.houses:
        key = str(h)
        rot = house_rotation(h, n)
        x, y = _at(h, R_TILE, 0.0, n)
        out.append(Placement(board.face_payload(h, state["control"][key]), x, y, rot, size_mm=(50.0, 50.0),
                             label=f"House {h}"))
        sx, sy = _at(h, R_SLOT, 0.0, n)
        out.append(Placement(slot(h), sx, sy, rot, size_mm=(30.0, 30.0), label=f"slot {h}"))
        closed = state["closed"].get(key)
        stack = state["tricks"][key]
        hidden = [t for t in stack if t["card"] is None]
        if closed:
            out.append(Placement(board.vp_cards[closed["points"]], sx, sy, rot, size_mm=CARD_MM,
                                 label=f"{closed['points']} VP"))
        elif hidden and phase in ("play", "reveal"):
            out.append(Placement("GVG:TRICK:BACK", sx, sy, rot, face_up=False, size_mm=CARD_MM, label="Trick"))
        if phase in ("reveal", "tiebreak"):
            for i, t in enumerate(c for c in stack if c["card"]):
                r, off = FACE_SPOTS[i % len(FACE_SPOTS)]
                fx, fy = _at(h, r, off, n)
                out.append(Placement(t["card"], fx, fy, rot, size_mm=(30.0, 30.0), label="Trick"))
        here = [p for p in state["players"] if state["positions"].get(p) == h]
        for i, p in enumerate(here):
            r, off = STANDEE_SPOTS[i % len(STANDEE_SPOTS)]
            px, py = _at(h, r, off, n)
            out.append(Placement(standee(p), px, py, rot, size_mm=(30.0, 30.0), label=p))
    treat = state.get("face_up")
    if treat:                   # the Treat just played, face up in front of its house (candy corn turned by its sign)
        tx, ty = _at(treat["house"], TREAT_SPOT[0], TREAT_SPOT[1], n)
        upside_down = board.treats[treat["card"]][1] and treat["value"] == -1
        turned = house_rotation(treat["house"], n) + (180.0 if upside_down else 0.0)
        out.append(Placement(treat["card"], tx, ty, turned % 360.0, size_mm=(30.0, 30.0), label="Treat"))
    if phase != "setup":
        x, y = seats[state["first"]]
        out.append(Placement(FIRST_TOKEN, x + (45.0 if x < 450 else -45.0), y - 40.0, size_mm=(32.0, 32.0),
                             label="First"))
    for p, card in state["identities"].items():
        x, y = seats[p]
        out.append(Placement(card, x + (45.0 if x < 450 else -45.0), y + 22.0, size_mm=(30.0, 40.0), label="identity"))
    return out
