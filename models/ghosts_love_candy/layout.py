"""How Ghosts Love Candy lies on the table, in the game's own terms.

The neighbourhood is a row of kid slots. Three markers fix it:

* ``TC:ZONE:KIDDECK`` on the Kid deck;
* ``TC:ZONE:KIDDISCARD`` on the kid-and-ghost discard, one card further along
  the row on the other side of the deck (the rulebook's diagram): the distance
  between the two is the slot pitch, and slot 1 lies one pitch past the deck,
  slot 2 two pitches, and so on;
* ``TC:ZONE:CANDYDECK`` on the Candy deck, "immediately above the Kid deck":
  that direction is "above" for every kid. ``TC:ZONE:CANDYDISCARD`` (beside the
  Candy deck) is a second discard area.

Candy lies above its kid; the kid's ghosts lie below it in a pile in play order,
overlapping so that each number (and tag) stays visible: the ghost nearest the
kid is the first (bottom) one. A kid nobody can scare (next to the CHEERLEADER)
collects up to one ghost per player a round (36 with 6 players), more than a
column of the row holds above the stashes, so a **tall pile** (more than
:data:`SHOWN` ghosts) may square its oldest ghosts into one stack at the first
place, under the kid: the newest :data:`SHOWN` stay spread, and only they must
show (:func:`same_table`). A pile laid on past its band before it is squared is
still read, ghost by ghost, while each next ghost lies within a pitch of the one
before and nearer to it than to any seat marker.

A card outside the neighbourhood belongs to the nearest seat
(``TC:SEAT:<COLOUR>``: the player's stash, their revealed ghost, a kid drawn for
a tie-break, their Love card) or zone marker.

The terms (both ``expected_table`` and ``read`` return them; kids by card number,
other cards by id)::

    {"slots": [{"slot": 1, "kid": 2, "candy": ["CHOC3"], "ghosts": ["R7", "B5"]}, ...],
     "seats": {"RED": {"kids": [17], "candy": ["CORN1"], "ghosts": ["R3"], "love": []}, ...},
     "discard": {"kids": [], "ghosts": ["G2"], "candy": []},
     "problems": []}                    # things the reading cannot place, in plain words

A real discard pile hides all but its top card, so :func:`same_table` only asks
that every card seen in a discard area is a discarded card; a tall pile may hide
its oldest ghosts, so only its newest :data:`SHOWN` must be seen, in order.
"""
from __future__ import annotations

import math
from typing import Any

from ..table import Placement, Snapshot
from ..tags import seat as seat_tag, zone as zone_tag
from ..text import Text, tr
from .kit import Cards
from .state import State

KIDDECK, KIDDISCARD, CANDYDECK, CANDYDISCARD = "KIDDECK", "KIDDISCARD", "CANDYDECK", "CANDYDISCARD"
DISCARD_ZONES = (KIDDISCARD, CANDYDISCARD)

# the reading's bands, in units of the marker distances (pitch along the row, UP across it)
CANDY_BAND = (0.5, 2.3)      # above the kid
KID_BAND = 0.5               # |v| below this: the kid's own place
GHOST_BAND = (-2.8, -0.5)    # below the kid

#: the newest ghosts of a pile that must show: ten places below a kid (the first one a
#: squared stack of the oldest) end above the stashes on every table the page asks for
SHOWN = 9

# the canonical arrangement, millimetres
PITCH, UP, STEP = 70.0, 85.0, 36.0
KID_SIZE, SMALL_SIZE = (56.0, 80.0), (34.5, 34.5)   # small: just the tag and its quiet zone
SEAT_BAND = 220.0

#: a Love card's label (:func:`label`): the prompts name a secret one "a Love card" (``prompts.hide_love``)
LOVE_LABEL = "Love card {love}"


# --------------------------------------------------------------------------- expected


def empty_seat() -> dict[str, list[Any]]:
    return {"kids": [], "candy": [], "ghosts": [], "love": []}


def expected_table(game: Any, state: State) -> dict[str, Any]:
    """What the table should show for ``state`` (the ``layout`` hook)."""
    seats = {p: empty_seat() for p in state["players"]}
    for p, st in state["stashes"].items():
        seats[p]["kids"] += st["kids"]
        seats[p]["candy"] += st["candy"]
    for p, g in state["revealed"].items():
        seats[p]["ghosts"].append(g)
    if state["tie"]:
        for p, k in state["tie"]["draws"].items():
            seats[p]["kids"].append(k)
    for p, l in state["love_shown"].items():
        seats[p]["love"].append(l)
    return {
        "slots": [{"slot": i, "kid": s["kid"], "candy": sorted(s["candy"]), "ghosts": list(s["ghosts"])}
                  for i, s in enumerate(state["slots"], 1)],
        "seats": {p: _sorted_seat(v) for p, v in seats.items()},
        "discard": {k: sorted(v) for k, v in state["discard"].items()},
        "problems": [],
    }


def _sorted_seat(seat: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return {k: sorted(v) for k, v in seat.items()}


def same_table(expected: dict[str, Any], reading: dict[str, Any]) -> bool:
    """Equal, except that a discard area may hide cards (a pile shows its top card)."""
    if expected.keys() != reading.keys():
        return False
    for k in expected:
        if k == "discard":
            for kind, cards_seen in reading["discard"].items():
                if not set(cards_seen) <= set(expected["discard"].get(kind, [])):
                    return False
        elif k == "slots":
            if len(expected[k]) != len(reading[k]) or \
                    not all(_same_slot(e, r) for e, r in zip(expected[k], reading[k], strict=True)):
                return False
        elif expected[k] != reading[k]:
            return False
    return True


def _same_slot(expected: dict[str, Any], reading: dict[str, Any]) -> bool:
    """A slot as expected, its pile perhaps without some of its oldest ghosts (squared
    under the first one that shows) as long as the newest :data:`SHOWN` are seen."""
    if {k: v for k, v in expected.items() if k != "ghosts"} != {k: v for k, v in reading.items() if k != "ghosts"}:
        return False
    want, seen = expected["ghosts"], reading["ghosts"]
    return len(seen) >= min(len(want), SHOWN) and want[len(want) - len(seen):] == seen


def squarable(table: dict[str, Any]) -> set[tuple[str, str]]:
    """The ghosts of a table (in the terms of :func:`expected_table`) that may lie
    hidden in a tall pile's squared stack: all but the newest :data:`SHOWN` of each pile."""
    return {("ghost", g) for sl in table["slots"] for g in sl["ghosts"][:max(0, len(sl["ghosts"]) - SHOWN)]}


def pile_places(n: int) -> list[int]:
    """The place of each of a pile's ``n`` ghosts, first (oldest) first: place 0 is
    nearest the kid. Up to :data:`SHOWN` ghosts, one place each; beyond, the oldest
    are squared into one stack at place 0 (the last of them on top) and the newest
    ``SHOWN - 1`` follow it, so the pile never reaches further than ``SHOWN`` places."""
    squared = max(0, n - SHOWN)
    return [max(0, j - squared) for j in range(n)]


# --------------------------------------------------------------------------- read


class Row:
    """The neighbourhood's frame, from the three markers: (u, v) = (slots along the
    row from the Kid deck, card-distances above the kid row)."""

    def __init__(self, deck: tuple[float, float], discard: tuple[float, float], candy: tuple[float, float]):
        self.ox, self.oy = deck
        ax, ay = deck[0] - discard[0], deck[1] - discard[1]
        self.pitch = math.hypot(ax, ay)
        self.ax, self.ay = ax / self.pitch, ay / self.pitch
        ux, uy = candy[0] - deck[0], candy[1] - deck[1]
        self.up = math.hypot(ux, uy)
        self.ux, self.uy = ux / self.up, uy / self.up

    def uv(self, x: float, y: float) -> tuple[float, float]:
        dx, dy = x - self.ox, y - self.oy
        return (dx * self.ax + dy * self.ay) / self.pitch, (dx * self.ux + dy * self.uy) / self.up


def read(game: Any, state: State, snapshot: Snapshot) -> dict[str, Any]:
    """The game's reading of a settled snapshot, in the terms of :func:`expected_table`."""
    cards: Cards = game.cards
    n_slots = state["slot_count"]
    slots: list[dict[str, Any]] = [{"slot": i, "kid": None, "candy": [], "ghosts": []} for i in range(1, n_slots + 1)]
    seats = {p: empty_seat() for p in state["players"]}
    discard: dict[str, list[Any]] = {"kids": [], "ghosts": [], "candy": []}
    problems: list[Text] = []
    zones = snapshot.zones()
    present = snapshot.seats()
    for p in state["players"]:
        if p not in present:
            problems.append(tr("the seat marker {marker} is not on the table", marker=seat_tag(p)))
    row = None
    missing = [z for z in (KIDDECK, KIDDISCARD, CANDYDECK) if z not in zones]
    if missing:
        problems.append(tr("cannot find the neighbourhood: {markers} not on the table",
                           markers=", ".join(zone_tag(z) for z in missing)))
    else:
        z = {k: (zones[k].x_mm, zones[k].y_mm) for k in (KIDDECK, KIDDISCARD, CANDYDECK)}
        if math.hypot(z[KIDDECK][0] - z[KIDDISCARD][0], z[KIDDECK][1] - z[KIDDISCARD][1]) < 1 or \
                math.hypot(z[KIDDECK][0] - z[CANDYDECK][0], z[KIDDECK][1] - z[CANDYDECK][1]) < 1:
            problems.append(tr("the Kid deck, kid discard and Candy deck markers lie on top of each other"))
        else:
            row = Row(z[KIDDECK], z[KIDDISCARD], z[CANDYDECK])
    piles: dict[int, list[tuple[float, str, Any]]] = {}
    beyond: dict[int, list[tuple[float, str, Any]]] = {}      # ghosts further down a slot's column
    for s in snapshot.of("GLC") if row is not None else []:
        assert row is not None          # (the loop runs only with a row)
        found = cards.by_payload.get(s.payload)
        if found is None:
            problems.append(tr("{payload} is not a card of this game's catalog", payload=s.payload))
            continue
        kind, ref = found
        label = _label(cards, kind, ref)
        u, v = row.uv(s.x_mm, s.y_mm)
        k = int(math.floor(u + 0.5))
        if 1 <= k <= n_slots and v < GHOST_BAND[0] and kind == "ghost":
            beyond.setdefault(k, []).append((v, ref, s))
            continue
        if 1 <= k <= n_slots and GHOST_BAND[0] <= v <= CANDY_BAND[1]:
            slot = slots[k - 1]
            if abs(v) < KID_BAND and kind == "kid":
                if slot["kid"] is not None:
                    problems.append(tr("two kids lie in slot {slot}: {kid} and {other}", slot=k,
                                       kid=_label(cards, "kid", slot["kid"]), other=label))
                else:
                    slot["kid"] = ref
            elif v >= CANDY_BAND[0] and kind == "candy":
                slot["candy"].append(ref)
            elif v <= GHOST_BAND[1] and kind == "ghost":
                piles.setdefault(k, []).append((v, ref, s))
            else:
                seat = _nearer_seat(snapshot, s, row, k)
                if seat is not None and seat in seats:   # a stash reaching into the band: the seat's
                    seats[seat][_plural(kind)].append(ref)
                    continue
                place = "above" if v >= CANDY_BAND[0] else "below" if v <= GHOST_BAND[1] else "at"
                problems.append(_misplaced(place, kind, label, k))
            continue
        _by_area(snapshot, s, kind, ref, label, seats, discard, problems)
    for k, further in beyond.items():
        pile = piles.setdefault(k, [])
        for n, (v, ref, s) in enumerate(sorted(further, key=lambda t: -t[0])):
            if not _continues(snapshot, min(pile, key=lambda t: t[0])[2] if pile else None, s, row.pitch if row else 0):
                for _, rest, seen in sorted(further, key=lambda t: -t[0])[n:]:
                    _by_area(snapshot, seen, "ghost", rest, _label(cards, "ghost", rest), seats, discard, problems)
                break
            pile.append((v, ref, s))
    for k, pile in piles.items():
        slots[k - 1]["ghosts"] = [g for _, g, _ in sorted(pile, key=lambda t: -t[0])]
    for sl in slots:
        sl["candy"].sort()
    return {"slots": slots, "seats": {p: _sorted_seat(v) for p, v in seats.items()},
            "discard": {k: sorted(v) for k, v in discard.items()}, "problems": problems}


def _continues(snapshot: Snapshot, last: Any, s: Any, link: float) -> bool:
    """True when ghost ``s``, further down a slot's column than its band, goes on the
    pile whose lowest ghost is ``last``: within ``link`` of it (a slot pitch) and
    nearer to it than to any seat marker (a pile laid on before it was squared)."""
    if last is None:
        return False
    gap = math.hypot(s.x_mm - last.x_mm, s.y_mm - last.y_mm)
    seats = [m.distance_to(s.x_mm, s.y_mm) for m in snapshot.sightings if m.game == "TC" and m.kind == "SEAT"]
    return gap <= link and all(gap < d for d in seats)


def _by_area(snapshot: Snapshot, s: Any, kind: str, ref: Any, label: Text, seats: dict[str, dict[str, list[Any]]],
             discard: dict[str, list[Any]], problems: list[Text]) -> None:
    """A card outside the neighbourhood: to the nearest seat's or discard zone's
    cards, or a problem in plain words."""
    area = snapshot.area_of(s)
    if area is None:
        problems.append(tr("{card} lies where no marker says whose it is", card=label))
    elif area[0] == "SEAT":
        if area[1] in seats:
            seats[area[1]][_plural(kind)].append(ref)
        else:
            problems.append(tr("{card} lies at the {seat} seat, and {seat} is not playing", card=label,
                               seat=area[1]))
    elif area[1] in DISCARD_ZONES and kind != "love":
        discard[_plural(kind)].append(ref)
    elif area[1] == KIDDECK:
        problems.append(tr("{card} lies face up on the Kid deck", card=label))
    elif area[1] == CANDYDECK:
        problems.append(tr("{card} lies face up on the Candy deck", card=label))
    else:
        problems.append(tr("{card} lies face up at the {zone} zone", card=label, zone=area[1]))


def _nearer_seat(snapshot: Snapshot, s: Any, row: Row, slot: int) -> str | None:
    """The seat whose marker lies nearer to a card than the kid place of the slot
    whose band the card is in, or None. A card of a kind that has no place there
    (a stash candy in front of its owner, below the row) is one local question:
    whose is it? Never a reason to refuse the whole table."""
    kx = row.ox + slot * row.pitch * row.ax
    ky = row.oy + slot * row.pitch * row.ay
    to_kid = math.hypot(s.x_mm - kx, s.y_mm - ky)
    near = [(m.distance_to(s.x_mm, s.y_mm), m.id) for m in snapshot.sightings
            if m.game == "TC" and m.kind == "SEAT"]
    if not near:
        return None
    d, seat = min(near)
    return seat if d < to_kid else None


def _misplaced(place: str, kind: str, card: Text, slot: int) -> Text:
    """A card in a slot's band where its kind has no place: above the kid (candy's
    place), at it (the kid's) or below it (the ghosts')."""
    said = {
        ("above", "kid"): lambda: tr("{card} lies above the kid in slot {slot}, where no kid belongs",
                                     card=card, slot=slot),
        ("above", "ghost"): lambda: tr("{card} lies above the kid in slot {slot}, where no ghost belongs",
                                       card=card, slot=slot),
        ("above", "love"): lambda: tr("{card} lies above the kid in slot {slot}, where no love belongs",
                                      card=card, slot=slot),
        ("at", "candy"): lambda: tr("{card} lies at the kid in slot {slot}, where no candy belongs",
                                    card=card, slot=slot),
        ("at", "ghost"): lambda: tr("{card} lies at the kid in slot {slot}, where no ghost belongs",
                                    card=card, slot=slot),
        ("at", "love"): lambda: tr("{card} lies at the kid in slot {slot}, where no love belongs",
                                   card=card, slot=slot),
        ("below", "kid"): lambda: tr("{card} lies below the kid in slot {slot}, where no kid belongs",
                                     card=card, slot=slot),
        ("below", "candy"): lambda: tr("{card} lies below the kid in slot {slot}, where no candy belongs",
                                       card=card, slot=slot),
        ("below", "love"): lambda: tr("{card} lies below the kid in slot {slot}, where no love belongs",
                                      card=card, slot=slot),
    }
    return said[place, kind]()


def _plural(kind: str) -> str:
    return {"kid": "kids", "ghost": "ghosts", "candy": "candy", "love": "love"}[kind]


def _label(cards: Cards, kind: str, ref: Any, start: bool = False) -> Text:
    if kind == "kid":
        if start:
            return tr("The {kid} (kid {number})", kid=cards.kid_name(ref), number=ref)
        return tr("the {kid} (kid {number})", kid=cards.kid_name(ref), number=ref)
    if kind == "ghost":
        return tr("Ghost {ghost}", ghost=ref) if start else tr("ghost {ghost}", ghost=ref)
    if kind == "candy":
        return tr("Candy {candy}", candy=ref) if start else tr("candy {candy}", candy=ref)
    return tr("Love card {love}", love=ref)      # (LOVE_LABEL, written out for the catalogs)


def label(cards: Cards, kind: str, ref: Any, start: bool = False) -> Text:
    """Plain words for a card: ``the WEREWOLF (kid 2)``, ``ghost R7``, ``candy CHOC3``
    (``start``: as a sentence opens with it, ``The WEREWOLF (kid 2)``)."""
    return _label(cards, kind, ref, start)


# --------------------------------------------------------------------------- arrange


def seat_positions(players: list[str], table_mm: tuple[float, float]) -> dict[str, tuple[float, float, bool]]:
    """Each seat marker's (x, y, at_top). Up to 4 seats along the bottom edge (y =
    height); with 5-6 players the rest sit along the top edge."""
    w, h = table_mm
    n = len(players)
    bottom = players if n <= 4 else players[: (n + 1) // 2]
    top = [] if n <= 4 else players[(n + 1) // 2:]
    out = {}
    for group, y, at_top in ((bottom, h - 35.0, False), (top, 35.0, True)):
        for i, p in enumerate(group):
            out[p] = (w * (i + 0.5) / len(group), y, at_top)
    return out


def row_origin(state: State, table_mm: tuple[float, float]) -> tuple[float, float]:
    """Where the kid discard marker goes: the row is centred in the width, and sits
    below the top seats' band when there is one."""
    w, h = table_mm
    top = SEAT_BAND if len(state["players"]) > 4 else 0.0
    span = (state["slot_count"] + 1) * PITCH
    x0 = max(STEP * 6 + 20.0, (w - span) / 2.0)
    return x0, top + 170.0


def arrange(game: Any, state: State, table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Placement]:
    """A tidy table for this state: markers, the neighbourhood, stashes, discards.
    Sized for 900x600 mm with 3-4 players; 5-6 players need about 900x850."""
    cards: Cards = game.cards
    out: list[Placement] = []
    x0, yk = row_origin(state, table_mm)
    out += [Placement(zone_tag(KIDDISCARD), x0, yk, label=tr("kid and ghost discard")),
            Placement(zone_tag(KIDDECK), x0 + PITCH, yk, label=tr("Kid deck")),
            Placement(zone_tag(CANDYDECK), x0 + PITCH, yk - UP, label=tr("Candy deck")),
            Placement(zone_tag(CANDYDISCARD), x0, yk - UP, label=tr("candy discard"))]
    for i, s in enumerate(state["slots"], 1):
        x = x0 + (i + 1) * PITCH
        if s["kid"] is not None:
            out.append(_card(cards, "kid", s["kid"], x, yk, KID_SIZE))
        for j, c in enumerate(sorted(s["candy"])):
            out.append(_card(cards, "candy", c, x - STEP / 2 + STEP * (j % 2), yk - UP - STEP * (j // 2)))
        for g, j in zip(s["ghosts"], pile_places(len(s["ghosts"])), strict=True):   # zig-zag, each lower
            out.append(_card(cards, "ghost", g, x + (STEP / 2) * (1 if j % 2 else -1), yk + 62.0 + STEP / 2 * j))
    # discards: fanned out to the left of the kid discard marker (a tidy player's table)
    disc = [("kid", k) for k in sorted(state["discard"]["kids"])] + \
           [("ghost", g) for g in sorted(state["discard"]["ghosts"])] + \
           [("candy", c) for c in sorted(state["discard"]["candy"])]
    for j, (kind, ref) in enumerate(disc):
        col, r = j % 6, j // 6
        out.append(_card(cards, kind, ref, x0 - 40.0 - STEP * col, yk - 72.0 + STEP * r))
    expected = expected_table(game, state)
    for p, (sx, sy, at_top) in seat_positions(state["players"], table_mm).items():
        sign = 1.0 if at_top else -1.0
        out.append(Placement(seat_tag(p), sx, sy, label=tr("{player}'s seat", player=p)))
        seat = expected["seats"][p]
        front = [("ghost", g) for g in seat["ghosts"]] + [("love", l) for l in seat["love"]]
        stash = [("candy", c) for c in seat["candy"]] + [("kid", k) for k in seat["kids"]]
        width = table_mm[0] / max(1, len([q for q in seat_positions(state["players"], table_mm).values()
                                          if q[2] == at_top]))
        cols = max(1, int((width - 24.0) // STEP))
        # the row beside the marker: revealed ghost and Love card first, then stash overflow
        beside = [STEP * k * side for k in range(1, cols // 2 + 1) for side in (1, -1)]
        grid = [(STEP * (c - (cols - 1) / 2.0), 43.0 + 35.0 * r) for r in range(4) for c in range(cols)]
        spare = beside[len(front):]
        spots = [(dx, 0.0) for dx in beside[:len(front)]] + grid + [(dx, 0.0) for dx in spare]
        for j, (kind, ref) in enumerate(front + stash):
            dx, dy = spots[j] if j < len(spots) else (STEP * (j % cols - (cols - 1) / 2.0),
                                                      43.0 + 35.0 * (4 + (j - len(spots)) // cols))
            out.append(_card(cards, kind, ref, sx + dx, sy + sign * dy))
    return out


def _card(cards: Cards, kind: str, ref: Any, x: float, y: float,
          size: tuple[float, float] = SMALL_SIZE) -> Placement:
    return Placement(cards.payload_of(kind, ref), round(x, 1), round(y, 1), size_mm=size,
                     label=_label(cards, kind, ref))
