"""A game's story: every journalled change in order, with its time, what caused
it (the camera, the console, a button) and what happened, and the table as it
stood after it, for the story page's replay and ``companion export --html``::

    story = game_story(engine, record, entries)
    story["steps"][3]["texts"]      # ["RED haunts NINJA (slot 2) with R7 ..."]
    story["steps"][3]["view"]       # the public view after that change: board, scores

Only public things go in: each step's view is the game's public view (a card
face down or in a hand stays hidden until the game itself reveals it) and the
events' words, never the actions themselves (an action may name a secret card).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from models.engine import Game

from .journal import APPLYING, Entry

#: how each entry came to be, from its kind and note (the note says when a button did it)
CAUSES = {"action": "camera", "correction": "console", "confirm": "console", "undo": "console",
          "end": "console", "reopen": "console"}


def cause_of(entry: Entry) -> str:
    """``camera``, ``console`` or ``button``."""
    if entry.note.startswith("button"):
        return "button"
    if entry.kind == "action" and entry.note:          # applied from the console (note "referee")
        return "console"
    return CAUSES.get(entry.kind, "console")


def _view(engine: Game, state: dict[str, Any], players: Sequence[str], names: dict[str, str]) -> dict[str, Any]:
    return {"game": {"code": engine.code, "title": engine.title, "slug": engine.slug}, "players": list(players),
            "names": dict(names), "state": engine.public_view(state), "layout": engine.expected_table(state),
            "score": engine.score(state).to_json(), "over": engine.is_over(state)}


def game_story(engine: Game, record: Any, entries: Sequence[Entry]) -> dict[str, Any]:
    """The story of one journalled game (see the module docstring). Step 0 is the
    setup; an undo's step shows the table as it stood before the change undone."""
    players, names = list(record.players), dict(record.names or {})
    stack = [record.start_state]
    steps = [{"seq": 0, "kind": "start", "time": record.started, "cause": "console",
              "texts": [f"{engine.title} for {', '.join(players)}"], "view": _view(engine, stack[-1], players, names)}]
    for e in entries:
        if e.kind in APPLYING and e.actions:
            state, _ = engine.apply_all(stack[-1], [engine.parse_action(a) for a in e.actions])
            stack.append(state)
        elif e.kind == "undo" and len(stack) > 1:
            stack.pop()
        texts = [str(ev.get("text", "")) for ev in e.events if ev.get("text")] or [_plain(e)]
        steps.append({"seq": e.seq, "kind": e.kind, "time": e.time, "cause": cause_of(e), "texts": texts,
                      "view": _view(engine, stack[-1], players, names)})
    return {"format": "table-companion-story/1", "game_id": record.id, "game": steps[0]["view"]["game"],
            "players": players, "names": names, "steps": steps}


PLAIN = {"end": "The game was ended", "reopen": "The game was reopened",
         "confirm": "The referee confirmed the table", "undo": "The last change was undone"}


def _plain(e: Entry) -> str:
    return PLAIN.get(e.kind, "A change was recorded")
