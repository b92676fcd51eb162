"""What a difference between the expected table and the reading can be. Only a
pair laid face up shows; a draw shows nothing. So:

* a pair in front of the player who drew last (or who alone holds cards) is
  that player's ``lay_pair``;
* a pair in front of the player who draws next is their untold ``draw``, then
  their ``lay_pair`` (the camera cannot see a draw; the pair proves it);
* in the opening, a pair in front of the player who draws first is either a
  pair they were dealt or one they drew: both are legal and end in different
  states, so no candidate is proposed; the search (``steps``) finds both and
  the referee is asked which happened. Never a guess on record."""
from __future__ import annotations

from typing import Any

from models.engine import Action, Prompt, VerdictStatus
from models.text import tr

from . import rules
from .actions import Draw, LayPair
from .kit import Kit
from .state import OldWitchState as State


def new_pairs(kit: Kit, state: State, reading: dict[str, Any]) -> dict[str, list[tuple[str, str]]] | None:
    """The whole pairs that appeared in each player's area, or None when the
    reading is anything else (a card gone, half a pair, a card nowhere)."""
    if reading["problems"] or set(reading["areas"]) != set(state["players"]):
        return None
    out: dict[str, list[tuple[str, str]]] = {}
    for p, cards in reading["areas"].items():
        if not set(state["laid"][p]) <= set(cards):
            return None
        new = sorted(set(cards) - set(state["laid"][p]))
        pairs = [pair for pair in kit.pairs.values() if pair[0] in new]
        if sorted(c for pair in pairs for c in pair) != new:
            return None
        if pairs:
            out[p] = pairs
    return out


def candidates(game: Any, state: State, reading: dict[str, Any]) -> list[list[Action]]:
    shown = new_pairs(game.kit, state, reading)
    if not shown:
        return []
    drawer = rules.next_drawer(state)
    lays = {p: [LayPair(p, pair) for pair in pairs] for p, pairs in shown.items()}
    if state["phase"] == "opening":
        if drawer in shown:
            return []            # dealt or drawn: the search finds both, the referee is asked
        return [[a for p in shown for a in lays[p]]]
    if set(shown) <= set(rules.may_lay(state)):
        return [[a for p in shown for a in lays[p]]]
    if drawer is not None and list(shown) == [drawer]:
        return [[Draw(drawer), *lays[drawer]]]     # the draw nobody told, proven by the pair
    return []


def steps(game: Any, state: State, reading: dict[str, Any]) -> list[list[Action]]:
    """The steps the referee's search may take toward the reading: a pair the
    table shows, laid by a player who may lay it now, or the next draw by a
    player the table shows a pair for. Never a draw without a pair to prove it."""
    shown = new_pairs(game.kit, state, reading) or {}
    out: list[list[Action]] = [[LayPair(p, pair)] for p in rules.may_lay(state) for pair in shown.get(p, [])]
    drawer = rules.next_drawer(state)
    if drawer in shown:
        out.append([Draw(drawer)])
    return out


def distance(game: Any, state: State, reading: dict[str, Any]) -> int | None:
    """A lower bound of the actions still needed: a lay per pair the table
    shows that is not laid yet; None when no play leads there (a laid pair
    gone, half a pair, a card where no seat says whose it is)."""
    shown = new_pairs(game.kit, state, reading)
    return None if shown is None else sum(len(pairs) for pairs in shown.values())


def explain(game: Any, state: State, expected: dict[str, Any],
            reading: dict[str, Any]) -> tuple[VerdictStatus, list[Prompt]]:
    if reading["problems"]:
        return "out_of_sync", [Prompt(tr("{problem}: put it in front of a seat, or back in a hand", problem=p),
                                      level="error")
                               for p in reading["problems"]]
    return "out_of_sync", [Prompt(tr("The pairs on the table do not match the game. If players drew cards the "
                                     "camera could not see, tell the console each draw; otherwise put the pairs "
                                     "back as shown."), level="error")]
