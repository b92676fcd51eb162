"""The demo's scripted game of Ghosts Love Candy, for three players.

The first seven rounds are played in advance by a simple, deterministic policy
(:func:`prelude`), so the demo opens on a busy table at the start of the last
round. The camera then watches that round, change by change (:func:`live_beats`),
with two deliberate mistakes:

1. the dealer puts the last six candies on the kids;
2. everyone reveals their ghost (RED has the highest: RED goes first);
3. MISTAKE: BLUE haunts first -- an illegal haunt; the referee says why;
4. BLUE takes the ghost back (corrected on the table);
5. RED haunts a kid and scares it;
6. MISTAKE: a new kid is turned up, but the scared kid is left on the table;
7. the players move the scared kid to RED's stash;
8. the other two players haunt;
9. everyone reveals their Love card: the final scoreboard.

Every table the camera sees is the engine's own ``arrange(state)`` for a state
of the script, or that arrangement with the mistake made on it.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from models.engine import Game, IllegalAction
from models.table import Placement
from models.text import tr

from .timeline import Beat

PLAYERS = ["RED", "BLUE", "GREEN"]
# kids dealt in this order (the physical deck is the demo's randomness); the
# NINJA, ZOMBIE and ANGEL come last, so the script never needs their choices
KID_ORDER = [2, 3, 4, 5, 7, 8, 10, 11, 13, 14, 15, 16, 18, 19, 20, 21, 22, 24, 12, 17, 23, 1, 6, 9]
LOVES = {"RED": "L6", "BLUE": "L2", "GREEN": "L4"}


@dataclass
class Played:
    """The state after each scripted action, and the actions themselves."""

    start: dict[str, Any]
    actions: list[dict[str, Any]]
    state: dict[str, Any]


def act(game: Game, state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    new, _ = game.apply(state, game.parse_action(data))
    return new


def next_kid(state: dict[str, Any]) -> int:
    deck = state["kid_deck"] or state["discard"]["kids"]
    return next(k for k in KID_ORDER if k in deck)


def _cards(game: Game) -> Any:
    return game.cards  # type: ignore[attr-defined]


def total(game: Game, slot: dict[str, Any]) -> int:
    return sum(_cards(game).ghost_value(g) for g in slot["ghosts"])


def choose_haunt(game: Game, state: dict[str, Any], player: str, scare: bool | None = False) -> int:
    """A slot for ``player``'s revealed ghost: the most candy without scaring a
    kid (``scare=False``), or the kid it scares (``scare=True``)."""
    cards = _cards(game)
    value = cards.ghost_value(state["revealed"][player])
    best, best_key = None, None
    for i, s in enumerate(state["slots"], 1):
        if s["kid"] is None:
            continue
        kid = cards.kid(s["kid"])
        scares = total(game, s) + value >= kid.courage
        if scare is not None and scares != scare:
            continue
        if kid.ability in ("ninja", "zombie"):
            continue      # choices the policy does not make
        key = (len(s["candy"]), -i)
        if best_key is None or key > best_key:
            best, best_key = i, key
    if best is None:
        if scare is not None:
            return choose_haunt(game, state, player, None)
        raise IllegalAction(f"the demo finds no kid for {player} to haunt")
    return best


def policy(game: Game, state: dict[str, Any], round_values: dict[str, int]) -> dict[str, Any]:
    """The next action of the prelude's players."""
    p = state["pending"]
    if p is not None:
        if p["kind"] == "reveal_kid":
            return {"type": "reveal_kid", "slot": p["slot"], "kid": next_kid(state)}
        if p["kind"] in ("skeleton", "move_scared_kid", "black_cat"):
            return {"type": "skip", "player": p["player"]}
        if p["kind"] in ("werewolf", "vampire"):
            kind = "werewolf_pay" if p["kind"] == "werewolf" else "vampire_give"
            return {"type": kind, "player": p["player"], "candy": state["stashes"][p["player"]]["candy"][0]}
        raise IllegalAction(f"the demo's policy cannot resolve {p['kind']}")
    ph = state["phase"]
    if ph == "setup":
        slot = next(i for i, s in enumerate(state["slots"], 1) if s["kid"] is None)
        return {"type": "reveal_kid", "slot": slot, "kid": next_kid(state)}
    if ph == "candy":
        slot = next(i for i, s in enumerate(state["slots"], 1) if s["kid"] is not None and i not in state["candied"])
        return {"type": "place_candy", "slot": slot, "candy": state["candy_deck"][0]}
    if ph == "choose":
        player = next(q for q in state["players"] if q not in state["revealed"])
        return {"type": "reveal", "player": player, "ghost": round_values[player]}
    if ph == "turns":
        player = state["order"][state["turn"]]
        return {"type": "haunt", "player": player, "slot": choose_haunt(game, state, player)}
    raise IllegalAction(f"the demo's policy has nothing to do in the {ph} phase")


def values_for_round(r: int) -> dict[str, int]:
    """Distinct ghost values each round (no turn-order ties): rounds 1-7 use
    RED r, BLUE r+1, GREEN r+2; the last round RED 9, GREEN 2, BLUE 1."""
    if r >= 8:
        return {"RED": 9, "BLUE": 1, "GREEN": 2}
    return {"RED": r, "BLUE": r + 1, "GREEN": r + 2}


def prelude(game: Game, players: list[str] = PLAYERS, last_round: int = 8) -> Played:
    """Setup and every round before ``last_round``, played by :func:`policy`."""
    start = game.setup(players, {})
    state = start
    actions: list[dict[str, Any]] = []
    for _ in range(2000):
        if state["phase"] == "candy" and state["round"] >= last_round and not state["candied"] \
                and state["pending"] is None:
            break
        a = policy(game, state, values_for_round(state["round"]))
        state = act(game, state, a)
        actions.append(a)
    else:
        raise RuntimeError("the demo's prelude did not reach the last round")
    if state["manual"] is not None:      # the last by-hand ability: the table dealt with it
        a = {"type": "resolve", "player": state["manual"]["player"], "note": "nothing to move"}
        state = act(game, state, a)
        actions.append(a)
    return Played(start, actions, state)


# --------------------------------------------------------------------------- the live round


def moved(placements: list[Placement], payload: str, x: float, y: float) -> list[Placement]:
    """The same table with one component moved."""
    out = []
    for p in placements:
        if p.payload == payload:
            p = Placement(p.payload, x, y, p.angle_deg, p.face_up, p.back, p.size_mm, p.label)
        out.append(p)
    return out


def find(placements: list[Placement], payload: str) -> Placement:
    return next(p for p in placements if p.payload == payload)


@dataclass
class Script:
    """The whole demo: the state the camera first sees, and each beat with the
    actions it stands for (mistakes stand for none)."""

    played: Played
    opening: dict[str, Any]
    opening_table: list[Placement]
    beats: list[Beat]
    final: dict[str, Any]


def live_beats(game: Game, state: dict[str, Any],
               table_mm: tuple[float, float] = (900.0, 600.0)) -> tuple[list[Beat], dict[str, Any]]:
    """The last round as beats (see the module docstring); returns them and the final state."""
    cards = _cards(game)
    beats: list[Beat] = []
    arrange = lambda s: game.arrange(s, table_mm)  # noqa: E731

    def step(s: dict[str, Any], datas: list[dict[str, Any]]) -> dict[str, Any]:
        for d in datas:
            s = act(game, s, d)
        return s

    # 1. candy on every kid
    datas = []
    s = copy.deepcopy(state)
    while s["phase"] == "candy":
        d = policy(game, s, {})
        s = act(game, s, d)
        datas.append(d)
    beats.append(Beat(tr("Round {round}, the last: the dealer puts a candy on each kid", round=state["round"]),
                      arrange(s), "applied", datas))
    # 2. everyone reveals
    values = values_for_round(s["round"])
    datas = [{"type": "reveal", "player": p, "ghost": values[p]} for p in s["players"]]
    s = step(s, datas)
    order = s["order"]
    beats.append(Beat(tr("Everyone reveals a ghost: {values} - {player} goes first",
                         values=", ".join(f"{p} {values[p]}" for p in order), player=order[0]),
                      arrange(s), "applied", datas))
    revealed = arrange(s)
    # 3. MISTAKE: the last player haunts first
    cheat = order[-1]
    cheat_slot = choose_haunt(game, s, cheat)
    cheat_ghost = s["revealed"][cheat]
    try:
        act(game, s, {"type": "haunt", "player": cheat, "slot": cheat_slot})
        raise RuntimeError("the demo's illegal haunt turned out legal")
    except IllegalAction as e:
        why = e.reason
    pile = s["slots"][cheat_slot - 1]["ghosts"]
    kid_pl = find(revealed, cards.payload_of("kid", s["slots"][cheat_slot - 1]["kid"]))
    ghost_y = kid_pl.y_mm + 62.0 + 36.0 * len(pile)
    wrong = moved(revealed, cards.payload_of("ghost", cheat_ghost), kid_pl.x_mm, ghost_y)
    beats.append(Beat(tr("MISTAKE: {player} haunts slot {slot} first ({why})", player=cheat, slot=cheat_slot,
                         why=why), wrong, "out_of_sync"))
    # 4. corrected on the table
    beats.append(Beat(tr("{player} takes the ghost back", player=cheat), revealed, "in_sync"))
    # 5. the first player haunts and scares a kid
    first = order[0]
    slot = choose_haunt(game, s, first, scare=True)
    scared_kid = s["slots"][slot - 1]["kid"]
    # the table as the players leave it: the ghost on the pile, the candy taken...
    # and the scared kid (with its pile) still in its slot, a chore not yet done
    left_state = copy.deepcopy(s)
    pile_slot = left_state["slots"][slot - 1]
    pile_slot["ghosts"].append(left_state["revealed"].pop(first))
    left_state["stashes"][first]["candy"] += pile_slot["candy"]
    pile_slot["candy"] = []
    left = arrange(left_state)
    kid_payload = cards.payload_of("kid", scared_kid)
    s = step(s, [{"type": "haunt", "player": first, "slot": slot}])
    pending = s["pending"]
    if s["stashes"][first]["kids"][-1:] != [scared_kid]:
        raise RuntimeError(f"the demo's scare did not happen: {first}'s 9 does not scare the kid in slot {slot}")
    haunt = {"type": "haunt", "player": first, "slot": slot}
    beats.append(Beat(tr("{player} haunts the {kid} (slot {slot}) and scares it: the kid must go to {player}'s "
                         "stash", player=first, kid=cards.kid_name(scared_kid), slot=slot), left, "waiting"))
    # 6. MISTAKE: a new kid is revealed on top, the scared one pushed aside but left on the table
    datas = []
    if pending and pending["kind"] == "reveal_kid":
        datas = [{"type": "reveal_kid", "slot": pending["slot"], "kid": next_kid(s)}]
    s2 = step(s, datas)
    with_new = arrange(s2)
    old = find(revealed, kid_payload)
    aside = [p for p in with_new if p.payload != kid_payload] + \
        [Placement(kid_payload, old.x_mm, old.y_mm + 110.0, 0.0, True, None, old.size_mm, old.label)]  # pushed down
    beats.append(Beat(tr("MISTAKE: a new kid is turned up, but the scared {kid} is left on the table",
                         kid=cards.kid_name(scared_kid)), aside, "out_of_sync"))
    # 7. the scared kid goes to the stash
    beats.append(Beat(tr("The players move the {kid} to {player}'s stash", kid=cards.kid_name(scared_kid),
                         player=first), with_new, "applied", [haunt] + datas))
    s = s2
    # 8. the others haunt
    for p in order[1:]:
        if s["phase"] != "turns":
            break
        d = {"type": "haunt", "player": p, "slot": choose_haunt(game, s, p)}
        datas = [d]
        s = act(game, s, d)
        while s["pending"] is not None:
            d2 = policy(game, s, {})
            s = act(game, s, d2)
            datas.append(d2)
        beats.append(Beat(tr("{player} haunts slot {slot}", player=p, slot=d["slot"]), arrange(s), "applied", datas))
    # 9. Love cards
    if s["phase"] == "love":
        datas = [{"type": "reveal_love", "player": p, "love": LOVES[p]} for p in s["players"]]
        s = step(s, datas)
        beats.append(Beat(tr("Everyone reveals their Love card: the final scores"), arrange(s), "over", datas))
    return beats, s


def build_script(game: Game, table_mm: tuple[float, float] = (900.0, 600.0)) -> Script:
    played = prelude(game)
    beats, final = live_beats(game, played.state, table_mm)
    return Script(played, played.state, game.arrange(played.state, table_mm), beats, final)
