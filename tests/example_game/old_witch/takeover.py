"""Old Witch taken over as it lies (``companion run --from-table``, the console's
take-over): the pairs laid are read from the table; what no camera sees is
asked once: who drew last (nobody yet: the opening) and how many cards each
hand holds. Which cards a hand holds is never asked: nobody but its holder
knows it."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from models.errors import GameSetupError
from models.takeover import Question
from models.text import tr

from . import rules
from .state import OldWitchState as State

#: the answer "nobody has drawn yet": the opening, pairs still being laid
NOBODY = "NOBODY"


def questions(game: Any, players: list[str], options: dict[str, Any], reading: dict[str, Any]) -> list[Question]:
    cards = len(game.kit.pair_of)
    return [Question("drew_last", tr("Who drew last?"), ((NOBODY, tr("nobody yet")), *((p, p) for p in players))),
            *(Question(f"hand_{p}", tr("How many cards does {player} hold?", player=p), low=0, high=cards)
              for p in players)]


def from_table(game: Any, players: list[str], options: dict[str, Any], reading: dict[str, Any],
               answers: Mapping[str, Any]) -> dict[str, Any]:
    """The state the table and the answers show; GameSetupError when the hands
    and the pairs laid do not add up to the deck."""
    laid = {p: sorted(reading["areas"].get(p, [])) for p in players}
    hands = {p: int(answers[f"hand_{p}"]) for p in players}
    cards = len(game.kit.pair_of)
    if sum(hands.values()) + sum(map(len, laid.values())) != cards:
        raise GameSetupError(tr("the hands ({held} cards) and the pairs laid ({laid} cards) are not the deck's "
                                "{cards} cards", held=sum(hands.values()), laid=sum(map(len, laid.values())),
                                cards=cards))
    drew = answers["drew_last"]
    state: dict[str, Any] = {"players": list(players), "phase": "opening" if drew == NOBODY else "play",
                             "turn": None if drew == NOBODY else players.index(drew), "hands": hands,
                             "laid": laid, "loser": None}
    if not rules.unlaid_pairs(game.kit, cast(State, state)):         # every pair laid: the Witch's holder lost
        state["phase"], state["loser"] = "over", next(p for p, n in hands.items() if n > 0)
    return state


def answers(game: Any, state: dict[str, Any]) -> dict[str, Any]:
    turn = state["turn"]
    return {"drew_last": NOBODY if turn is None else state["players"][turn],
            **{f"hand_{p}": n for p, n in state["hands"].items()}}
