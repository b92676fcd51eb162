"""What the table should do next, addressed to a player or to everyone."""
from __future__ import annotations

from typing import Any

from ..engine import Prompt
from ..text import Text, concat, tr, trn
from .abilities import OPTIONAL, pending_text
from .kit import Cards
from .layout import LOVE_LABEL
from .scoring import scoreboard
from .state import State, current_player


def prompts(game: Any, state: State) -> list[Prompt]:
    cards: Cards = game.cards
    out: list[Prompt] = []
    ph = state["phase"]
    p = state["pending"]
    if p is not None:
        # a "may" the player declines shows nothing: the console records the skip
        return [Prompt(pending_text(state, cards, p), p.get("player"),
                       enter=("skip",) if p["kind"] in OPTIONAL else ())]
    m = state["manual"]
    if m is not None:
        kid = cards.kid(m["kid"])
        out.append(Prompt(tr("{player}: do what the {kid} card says: {text} Then the referee confirms it on the "
                             "console.", player=m["player"], kid=kid.name, text=kid.text), m["player"],
                          detail=tr("{player}: resolve the {kid}'s ability by hand: {text} If nothing moved, press "
                                    "Confirm reading; if something did, record it with a resolve action.",
                                    player=m["player"], kid=kid.name, text=kid.text), enter=("resolve",)))
    if ph == "setup":
        empty = [i for i, s in enumerate(state["slots"], 1) if s["kid"] is None]
        out.append(Prompt(tr("Deal kids from the Kid deck face up into the neighbourhood: slot {slot} next "
                             "({left} of {count} to deal)", slot=empty[0], left=len(empty),
                             count=state["slot_count"])))
    elif ph == "candy":
        todo = [str(i) for i, s in enumerate(state["slots"], 1)
                if s["kid"] is not None and i not in state["candied"]]
        out.append(Prompt(trn("Round {round}: place one candy from the Candy deck above each kid "
                              "(slot {slots} still needs one)",
                              "Round {round}: place one candy from the Candy deck above each kid "
                              "(slots {slots} still need one)", len(todo), round=state["round"],
                              slots=", ".join(todo))))
    elif ph == "choose":
        for pl in state["players"]:
            if pl not in state["revealed"]:
                text = (tr("{player}: reveal it; everyone reveals together", player=pl) if pl in state["chosen"]
                        else tr("{player}: choose a ghost and place it face down; everyone reveals together",
                                player=pl))
                out.append(Prompt(text, pl))
    elif ph == "tiebreak":
        for pl in [q for g in state["tie"]["groups"] for q in g]:
            if pl not in state["tie"]["draws"]:
                out.append(Prompt(tr("{player}: tied for turn order: draw a kid from the Kid deck and reveal it",
                                     player=pl), pl))
    elif ph == "turns":
        cur = current_player(state)
        value = cards.ghost_value(state["revealed"][cur])
        out.append(Prompt(tr("{player}: haunt a kid with your {value} (place it on top of the kid's pile, then take "
                             "its candy)", player=cur, value=value), cur))
    elif ph == "love":
        for pl in state["players"]:
            if pl not in state["love_shown"]:
                out.append(Prompt(tr("{player}: reveal your Love card", player=pl), pl))
    elif ph == "over":
        board = scoreboard(game, state)
        top = board.entries[board.winners[0]].total if board.winners else 0
        if board.tie:
            out.append(Prompt(trn("Game over: a tie between {players} with {n} point — shout BOO! and play again",
                                  "Game over: a tie between {players} with {n} points — shout BOO! and play again",
                                  top, players=", ".join(board.winners)), level="info"))
        else:
            out.append(Prompt(trn("Game over: {player} wins with {n} point", "Game over: {player} wins with {n} points",
                                  top, player=board.winners[0]), level="info"))
    return out


def hide_love(state: State, cards: Cards, prompts: list[Prompt]) -> list[Prompt]:
    """The prompts with every Love card still secret named only as "a Love card"
    (prompts are public); the full text stays in each prompt's ``detail``, for
    the referee. A Love card revealed at the end is named as it is."""
    shown = set(state.get("love_shown", {}).values())
    secret = {lid for lid in cards.love if lid not in shown}
    if not secret:
        return prompts
    out = []
    for p in prompts:
        text = _hidden(p.text, secret, True)
        if text is not p.text:
            p = Prompt(text, p.to, p.level, detail=p.detail or p.text)
        out.append(p)
    return out


def _hidden(text: Any, secret: set[str], first: bool) -> Any:
    """``text`` with every secret Love card's label (:func:`.layout.label`) put
    as "a Love card" ("A Love card" when it opens the sentence, ``first``);
    ``text`` itself when it names none."""
    if not isinstance(text, Text):
        return text
    if text.msgid == LOVE_LABEL and text.params.get("love") in secret:
        return tr("A Love card") if first else tr("a Love card")
    if text.msgid is None:          # parts put together: the first part opens the sentence
        parts = tuple(_hidden(q, secret, first and i == 0) for i, q in enumerate(text.parts))
        if all(a is b for a, b in zip(parts, text.parts)):
            return text
        return concat(*parts, sep=text.sep)
    params = {k: _hidden(v, secret, first and _opens(text.msgid, k)) for k, v in text.params.items()}
    if all(params[k] is v for k, v in text.params.items()):
        return text
    return text.with_params(**params)


def _opens(pattern: str, field: str) -> bool:
    """Whether the pattern begins with the field ``{field}`` (``{field!r}``, ``{field:02d}``)."""
    return pattern.startswith("{" + field) and pattern[len(field) + 1:len(field) + 2] in ("}", "!", ":")
