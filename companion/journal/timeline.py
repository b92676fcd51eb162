"""A game's story: every journalled change in order, with its time, what caused
it (the camera, the console, a button) and what happened, and the table as it
stood after it, for the story page's replay and ``companion export --html``.
A change of several moves at once (missed moves caught up, a game taken over as
it lies) is told move by move, a step each (``part`` of ``parts``)::

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
from models.text import concat, tr, trn

from .store import APPLYING, Entry

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
    said: list[tuple[int, list[str]]] = [(0, [])]      # each state's entry: its seq and its events' words
    steps = [{"seq": 0, "kind": "start", "time": record.started, "cause": "console",
              "texts": [tr("{game} for {players}", game=engine.title,
                           players=", ".join(f"{names[p]} ({p})" if names.get(p) else p for p in players))],
              "view": _view(engine, stack[-1], players, names)}]
    for e in entries:
        kept = [str(ev.get("text", "")) for ev in e.events if ev.get("text")]
        texts = kept
        if e.kind in APPLYING and e.actions:
            moves = _moves(engine, stack[-1], e.actions)
            stack.append(moves[-1][0])
            again = [t for _, said_ in moves for t in said_]
            if again == kept:          # the replay's words are the journal's, and they can be translated
                texts = again
            said.append((e.seq, texts))
            if again == kept and len(moves) > 1:
                # several moves in one change (missed moves caught up, a game taken over as it lies):
                # one step each, as a reader follows the game, every one with the table after it
                for part, (state, words) in enumerate(moves, 1):
                    steps.append({"seq": e.seq, "part": part, "parts": len(moves), "kind": e.kind, "time": e.time,
                                  "cause": cause_of(e), "texts": words or [_plain(e)],
                                  "view": _view(engine, state, players, names)})
                continue
        elif e.kind == "undo" and len(stack) > 1:
            stack.pop()
            seq, undone = said.pop()
            again = [undone_text(seq, undone)]
            if again == kept:
                texts = again
        texts = texts or [_plain(e)]
        steps.append({"seq": e.seq, "kind": e.kind, "time": e.time, "cause": cause_of(e), "texts": texts,
                      "view": _view(engine, stack[-1], players, names)})
    return {"format": "table-companion-story/1", "game_id": record.id, "game": steps[0]["view"]["game"],
            "players": players, "names": names, "steps": steps}


def _moves(engine: Game, state: dict[str, Any], actions: Sequence[Any]) -> list[tuple[dict[str, Any], list[str]]]:
    """Each of one entry's actions applied in turn: the state after it and its events' words."""
    out = []
    for a in actions:
        state, events = engine.apply(state, engine.parse_action(a))
        out.append((state, [ev.text for ev in events if ev.text]))
    return out


def undone_text(seq: int, texts: Sequence[str]) -> str:
    """The public words for undoing journal entry ``seq`` whose events said
    ``texts``: its own (public) words, never its actions."""
    if not texts:
        return tr("Undone: the last change (entry {entry})", entry=seq)
    if len(texts) > 3:
        return trn("Undone: {changes}; and {n} more", "Undone: {changes}; and {n} more", len(texts) - 3,
                   changes=concat(*texts[:3], sep="; "))
    return tr("Undone: {changes}", changes=concat(*texts, sep="; "))


PLAIN = {"end": tr("The game was ended"), "reopen": tr("The game was reopened"),
         "confirm": tr("The referee confirmed the table"), "undo": tr("The last change was undone")}


def _plain(e: Entry) -> str:
    return PLAIN.get(e.kind, tr("A change was recorded"))
