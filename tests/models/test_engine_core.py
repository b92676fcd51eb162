"""The shared engine mechanisms: typed actions from JSON, atomic apply, options."""
from dataclasses import dataclass
from typing import ClassVar

import pytest

from models.engine import (
    Action,
    Event,
    Game,
    GameSetupError,
    IllegalAction,
    MalformedAction,
    Option,
    Prompt,
    Scoreboard,
    ScoreEntry,
    ScoreLine,
)


@dataclass(frozen=True)
class Add(Action):
    """Add ``n`` to a player's counter."""
    type: ClassVar[str] = "add"
    player: str
    n: int
    note: str | None = None


class Counter(Game):
    """A toy game: each player's counter may never pass ``limit``."""
    code, slug, title = "CNT", "counter", "Counter"
    min_players, max_players = 2, 4
    actions = (Add,)
    options = {"limit": Option(10, "highest allowed counter")}

    def __init__(self):
        super().__init__(catalog={})

    def setup(self, players, options=None):
        opts = self.resolve_options(options or {})
        return {"limit": opts["limit"], "counters": {p: 0 for p in self.check_players(players)}, "log": []}

    def _apply(self, state, action):
        state["log"].append(str(action))          # changed before the check: must not leak
        c = state["counters"]
        if action.player not in c:
            raise IllegalAction(f"{action}: no player {action.player}")
        if c[action.player] + action.n > state["limit"]:
            raise IllegalAction(f"{action}: {action.player} is at {c[action.player]}, limit {state['limit']}")
        c[action.player] += action.n
        return [Event("added", f"{action.player} +{action.n}")]


def test_parse_action_builds_typed_actions_and_names_what_is_wrong():
    g = Counter()
    assert g.parse_action({"type": "add", "player": "RED", "n": 2}) == Add("RED", 2)
    assert g.parse_action({"type": "add", "player": "RED", "n": 2}).to_json() == \
        {"type": "add", "player": "RED", "n": 2, "note": None}
    with pytest.raises(MalformedAction, match="unknown action type 'jump'"):
        g.parse_action({"type": "jump"})
    with pytest.raises(MalformedAction, match="missing field 'n'"):
        g.parse_action({"type": "add", "player": "RED"})
    with pytest.raises(MalformedAction, match="add.n: must be a whole number"):
        g.parse_action({"type": "add", "player": "RED", "n": "2"})
    with pytest.raises(MalformedAction, match="add.n: must be a whole number"):
        g.parse_action({"type": "add", "player": "RED", "n": True})
    with pytest.raises(MalformedAction, match="unknown field"):
        g.parse_action({"type": "add", "player": "RED", "n": 1, "extra": 1})
    with pytest.raises(MalformedAction, match="JSON object"):
        g.parse_action(["add"])


def test_illegal_action_leaves_the_state_untouched():
    g = Counter()
    s0 = g.setup(["red", "blue"], {"limit": "3"})
    s1, events = g.apply(s0, Add("RED", 2))
    assert s1["counters"] == {"RED": 2, "BLUE": 0} and events[0].text == "RED +2"
    assert s0["counters"] == {"RED": 0, "BLUE": 0} and s0["log"] == []
    with pytest.raises(IllegalAction, match="RED is at 2, limit 3"):
        g.apply(s1, Add("RED", 2))
    assert s1["log"] == ["add(player='RED', n=2, note=None)"]
    with pytest.raises(IllegalAction):
        g.apply_all(s1, [Add("BLUE", 1), Add("GREEN", 1)])
    assert s1["counters"] == {"RED": 2, "BLUE": 0}


def test_setup_checks_players_and_options():
    g = Counter()
    with pytest.raises(GameSetupError, match="2-4 players, not 1"):
        g.setup(["RED"])
    with pytest.raises(GameSetupError, match="must differ"):
        g.setup(["RED", "red"])
    with pytest.raises(GameSetupError, match="no option 'speed'"):
        g.setup(["RED", "BLUE"], {"speed": "1"})
    with pytest.raises(GameSetupError, match="expected a whole number"):
        g.setup(["RED", "BLUE"], {"limit": "lots"})


def test_scoreboard_explains_points_and_reports_ties():
    a = ScoreEntry.of([ScoreLine("Chocolate x2 at 5", 10), ScoreLine("1 kid in stash", -2)])
    b = ScoreEntry.of([ScoreLine("Licorice x2 at 4", 8)])
    board = Scoreboard.by_highest({"RED": a, "BLUE": b})
    assert board.to_json()["entries"]["RED"] == {"total": 8, "breakdown": [
        {"what": "Chocolate x2 at 5", "points": 10}, {"what": "1 kid in stash", "points": -2}]}
    assert board.winners == ["RED", "BLUE"] and board.tie
    assert Prompt("Move the kid").to_json() == {"text": "Move the kid", "to": None, "level": "todo"}
