"""Helpers for the Girls vs Ghouls tests: the engine, a quick way to apply
actions, a table that knows the hidden truth (hands, Trick stacks, identities)
and plays legal random games, and snapshots of the canonical table.

``quick_snapshot`` turns placements into sightings directly (a face-down card or
any card lying over a tag hides it), for the many-step scenario tests;
``tests.support.table.snapshot_of`` renders them and runs the real pipeline, for
the few tests that must go through the camera."""
from __future__ import annotations

import json
import random
from pathlib import Path

from models.engine import IllegalAction
from models.registry import get_game
from models.table import Sighting, Snapshot

GAME = get_game("GVG")
BOARD = GAME.board
ROOT = Path(__file__).resolve().parents[3]
DOC_SCRIPT = ROOT / "docs" / "games" / "girls-vs-ghouls.script.json"
FOUR_SCRIPT = Path(__file__).with_name("four_players.script.json")
FIVE = ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"]
FOUR = ["RED", "BLUE", "GREEN", "YELLOW"]


def act(state: dict, **action) -> tuple[dict, list]:
    """Apply one action given as keyword fields: ``act(s, type="move", player="RED", house=2)``."""
    return GAME.apply(state, GAME.parse_action(action))


def run(state: dict, actions: list[dict]) -> tuple[dict, list]:
    events = []
    for a in actions:
        state, ev = GAME.apply(state, GAME.parse_action(a))
        events.extend(ev)
    return state, events


def tells_from(before: dict, actions: list[dict]) -> dict[tuple[str, int], dict]:
    """What the players would tell the console of each card played in
    ``actions`` from ``before``, keyed by (player, card turn): ``tell`` actions
    as they would be entered for a card the camera did not see."""
    out, state = {}, before
    for a in actions:
        state, _ = run(state, [a])
        if a["type"] in ("trick", "peek", "treat"):
            tell = {"type": "tell", "player": a["player"], "turn": state["turn_no"], "was": a["type"]}
            if a["type"] == "treat":
                tell.update(card=a["card"], value=a.get("value"))
            if a["type"] == "peek" and a.get("discard"):
                tell["discard"] = a["discard"]
            out[(a["player"], state["turn_no"])] = {k: v for k, v in tell.items() if v is not None}
    return out


def tell_unseen(state: dict, told: dict[tuple[str, int], dict]) -> tuple[dict, int]:
    """``state`` with the cards it holds as played unseen told from ``told``
    (:func:`tells_from`; those it does not know stay untold, as in the truth),
    and how many were told."""
    n = 0
    for u in list(state.get("unseen", [])):
        if (u["player"], u["turn"]) in told:
            state, _ = run(state, [told[(u["player"], u["turn"])]])
            n += 1
    return state, n


def started(players=FIVE, houses=None, **options) -> dict:
    """A game past setup: standees on ``houses`` (default 1, 3, 5, 7, 2, ...)."""
    state = GAME.setup(players, options)
    houses = houses or [1, 3, 5, 7, 2, 4, 6][:len(players)]
    for p, h in zip(players, houses):
        state, _ = act(state, type="place", player=p, house=h)
    return state


def treats_of(value: int) -> list[str]:
    """Treat cards of a printed value (candy corn excluded), in catalog order."""
    return [p for p, (v, corn) in BOARD.treats.items() if v == value and not corn]


CANDY_CORN = [p for p, (v, corn) in BOARD.treats.items() if corn]


def tricks_of(kind: str) -> list[str]:
    return [p for p, k in BOARD.tricks.items() if k == kind]


def load_script(path: Path) -> list[dict]:
    return json.loads(path.read_text())


def play_script(players: list[str], actions: list[dict], **options) -> tuple[dict, list]:
    state = GAME.setup(players, options)
    return run(state, actions)


def round_one_of_four() -> tuple[list[dict], list[dict]]:
    """The four-player example (:data:`FOUR_SCRIPT`) to round 1's end: its
    actions, and the states from the setup on (``states[n]`` after ``n``
    actions); the last action is the reveal that ends the round."""
    actions = load_script(FOUR_SCRIPT)
    states = [GAME.setup(FOUR)]
    for n, action in enumerate(actions):
        states.append(run(states[-1], [action])[0])
        if action["type"] == "reveal" and states[-1]["phase"] != "reveal":
            return actions[:n + 1], states
    raise AssertionError("the script has no round end")


# --------------------------------------------------------------------------- snapshots


def quick_snapshot(placements, table_mm=(900.0, 600.0)) -> Snapshot:
    """Sightings of every tag a camera would see: face-up placements whose tag
    centre no later card body covers (corners added)."""
    placements = list(placements)
    out = [Sighting(f"TC:CORNER:{i}", x, y) for i, (x, y) in
           enumerate([(0, 0), (table_mm[0], 0), table_mm, (0, table_mm[1])], start=1)]
    for i, p in enumerate(placements):
        if not p.face_up:
            continue
        covered = False
        for q in placements[i + 1:]:
            if q.size_mm and abs(q.x_mm - p.x_mm) < q.size_mm[0] / 2 and abs(q.y_mm - p.y_mm) < q.size_mm[1] / 2:
                covered = True
        if not covered:
            out.append(Sighting(p.payload, p.x_mm, p.y_mm, p.angle_deg))
    return Snapshot(0.0, tuple(out), True, tuple(table_mm))


def table_snapshot(state: dict) -> Snapshot:
    return quick_snapshot(GAME.arrange(state))


# --------------------------------------------------------------------------- a table that knows the truth


class TrueTable:
    """The physical game: shuffled decks, real hands, the real Trick under every
    back, the identity cards. It chooses legal random turns (a bot for each
    seat) and tells the engine only what the table would show."""

    def __init__(self, players: list[str], seed: int = 0, peek_rate: float = 0.12):
        self.rng = random.Random(seed)
        self.players = players
        self.peek_rate = peek_rate
        self.treat_deck = list(BOARD.treats)
        self.trick_deck = list(BOARD.tricks)
        self.rng.shuffle(self.treat_deck)
        self.rng.shuffle(self.trick_deck)
        girls, ghouls, reporter = {4: (2, 2, 0), 5: (2, 2, 1), 6: (3, 3, 0), 7: (3, 3, 1)}[len(players)]
        ids = ([f"GVG:ID:GIRL{i + 1}" for i in range(girls)] + [f"GVG:ID:GHOUL{i + 1}" for i in range(ghouls)]
               + ["GVG:ID:REPORTER"] * reporter)
        self.rng.shuffle(ids)
        self.identity = dict(zip(players, ids))
        self.hands: dict[str, list[str]] = {}
        self.stacks: dict[int, list[str]] = {}
        self.round = 0

    def deal(self) -> None:
        self.hands = {p: [self.treat_deck.pop() for _ in range(3)] + [self.trick_deck.pop() for _ in range(2)]
                      for p in self.players}
        self.stacks = {}

    def next_actions(self, state: dict) -> list[dict]:
        """The actions of the next step of the game (a whole turn, one reveal, a
        choice, an identity), as the table plays it."""
        phase = state["phase"]
        if phase == "setup":
            return [{"type": "place", "player": p, "house": self.rng.randint(1, 8)} for p in self.players]
        if phase == "play":
            if state["round"] != self.round:
                self.round = state["round"]
                self.deal()
            return self._turn(state)
        if phase == "reveal":
            for h in sorted(state["tricks"], key=int):
                stack = state["tricks"][h]
                done = sum(1 for t in stack if t["card"])
                if done < len(stack):
                    return [{"type": "reveal", "house": int(h), "card": self.stacks[int(h)][done]}]
        if phase == "tiebreak":
            return [{"type": "choose", "player": state["first"], "house": self.rng.choice(state["pending"]["houses"])}]
        if phase == "identities":
            p = next(p for p in self.players if p not in state["identities"])
            return [{"type": "identity", "player": p, "card": self.identity[p]}]
        return []

    def _turn(self, state: dict) -> list[dict]:
        p = state["turn"]
        start = state["positions"][p]
        reachable = [h for h in BOARD.houses if BOARD.distance(start, h) <= 2 and str(h) not in state["closed"]]
        out = []
        here = start
        if str(start) in state["closed"] or self.rng.random() < 0.5:
            here = self.rng.choice(reachable)
            if here != start:
                out.append({"type": "move", "player": p, "house": here})
        hand = self.hands[p]
        card = self.rng.choice(hand)
        hand.remove(card)
        if self.rng.random() < self.peek_rate:
            out.append({"type": "peek", "player": p, "house": here})
        elif card in BOARD.treats:
            a = {"type": "treat", "player": p, "house": here, "card": card}
            if BOARD.treats[card][1]:
                a["value"] = self.rng.choice([1, -1])
            out.append(a)
        else:
            self.stacks.setdefault(here, []).append(card)
            out.append({"type": "trick", "player": p, "house": here})
        return out


def play_true_game(players: list[str], seed: int) -> tuple[dict, list[list[dict]]]:
    """A whole random legal game; returns the final state and its steps."""
    table = TrueTable(players, seed)
    state = GAME.setup(players, {})
    steps = []
    while state["phase"] != "over":
        step = table.next_actions(state)
        state, _ = run(state, step)
        steps.append(step)
        assert len(steps) < 500
    return state, steps


def table_steps(game, players: list[str], seed: int, limit: int = 3000):
    """A whole random game played by :class:`TrueTable` (which keeps the hidden
    cards), step by step as ``(state before, actions, state after)``: moves chosen
    from the rules, not from ``legal_actions`` (what test_legal_actions.py holds
    the list against)."""
    table = TrueTable(players, seed)
    state = game.setup(players, {})
    for _ in range(limit):
        if game.is_over(state):
            return
        step = [game.parse_action(a) for a in table.next_actions(state)]
        after, _ = game.apply_all(state, step)
        yield state, step, after
        state = after


def try_apply(state: dict, action: dict) -> tuple[dict, str | None]:
    """Apply, or return the state unchanged and the reason."""
    try:
        new, _ = GAME.apply(state, GAME.parse_action(action))
        return new, None
    except IllegalAction as e:
        return state, e.reason


def crafted(players=FOUR, cubes=None, treat_counts=None, stacks=None, control=None, closed=None,
            last="trick", positions=None, round_no=1) -> dict:
    """A state at the last card of a round: everyone has played all their cards
    but RED (the First Player Token holder, to play), who holds one ``last`` card
    and stands at House 1. ``stacks``: {house: number of face-down Tricks}."""
    state = started(players, houses=positions)
    state["round"] = round_no
    state["options"]["vp_order"] = [1, 2, 3]
    for p in players:
        state["hands"][p] = {"treat": 0, "trick": 0, "unknown": 0}
    state["hands"]["RED"][last] = 1
    for h, v in (cubes or {}).items():
        state["cubes"][str(h)] = v
    for h, n in (treat_counts or {}).items():
        state["treats"][str(h)] = [{"card": f"GVG:TREAT:{70 - i:02d}", "value": 0, "by": "BLUE", "turn": i}
                                   for i in range(n)]
    for h, n in (stacks or {}).items():
        state["tricks"][str(h)] = [{"by": "BLUE", "turn": i, "card": None} for i in range(n)]
    for h, team in (control or {}).items():
        state["control"][str(h)] = team
    for h, pts in (closed or {}).items():
        state["closed"][str(h)] = {"points": pts, "round": 0}
    return state
