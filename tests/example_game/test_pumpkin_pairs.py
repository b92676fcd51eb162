"""The example game of docs/adding-a-game.md, written only from the template,
passes what every shipped game passes: the template checks, the contract over
random legal games, refereeing from real frames of the simulated table; and the
guide quotes its files as they are."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from models.engine import IllegalAction
from tests.contract.drivers import random_game
from tests.example_game.pumpkin_pairs import GAME
from tests.example_game.pumpkin_pairs.actions import Reveal, Take
from tests.models.test_game_template import (
    test_dispatch_by_an_explicit_table_covering_every_action,
    test_the_same_modules_in_every_game,
)
from tests.support.contract import check_game
from tests.support.table import snapshot_of

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "adding-a-game.md"


def test_the_example_has_the_template_modules_and_an_explicit_dispatch_table():
    test_the_same_modules_in_every_game(GAME)
    test_dispatch_by_an_explicit_table_covering_every_action(GAME)
    assert set(GAME.phases["reveal"] + GAME.phases["take"]) == set(GAME.actions) and GAME.phases["over"] == ()


@pytest.mark.parametrize("players", [["RED", "BLUE"], ["RED", "BLUE", "GREEN", "YELLOW"]])
def test_the_example_keeps_the_contract_over_random_games(players):
    game = GAME()
    for seed in range(150):
        report = check_game(game, players, seed, random_game, read_every=1)
        assert report.over and report.steps == 16


@pytest.mark.parametrize("players", [["RED", "BLUE"], ["RED", "BLUE", "GREEN", "YELLOW"]])
def test_legal_actions_is_what_apply_accepts(players):
    """On every state of random games, ``legal_actions`` lists exactly the
    actions ``apply`` accepts of every reveal and every take (by every player
    and a stranger, of every card and one that does not exist)."""
    game = GAME()
    cards = [*sorted(game.kit.value), "PUP:PUMPKIN:9Z"]
    universe = [*(Reveal(c) for c in cards), *(Take(p, c) for p in [*players, "PINK"] for c in cards)]
    for seed in range(4):
        for state, _, _ in random_game(game, players, seed):
            legal = game.legal_actions(state)
            assert len(legal) == len(set(legal))
            accepted = []
            for a in universe:
                try:
                    game.apply(state, a)
                except IllegalAction:
                    continue
                accepted.append(a)
            assert set(accepted) == set(legal), state


def test_the_example_is_refereed_from_real_frames():
    game = GAME()
    state = game.setup(["RED", "BLUE"])
    turned, _ = game.apply(state, game.parse_action({"type": "reveal", "card": "PUP:PUMPKIN:3A"}))
    verdict = game.referee(state, snapshot_of(game.arrange(turned)))
    assert verdict.status == "applied" and [a.to_json() for a in verdict.actions] == \
        [{"type": "reveal", "card": "PUP:PUMPKIN:3A"}]
    taken, _ = game.apply(turned, game.parse_action({"type": "take", "player": "RED", "card": "PUP:PUMPKIN:3A"}))
    assert game.referee(turned, snapshot_of(game.arrange(taken))).status == "applied"
    # next, BLUE's turn: a card turned up and taken by RED is refused, and nothing changes
    up, _ = game.apply(taken, game.parse_action({"type": "reveal", "card": "PUP:PUMPKIN:1A"}))
    red_took = {**up, "middle": None, "areas": {"RED": ["PUP:PUMPKIN:1A", "PUP:PUMPKIN:3A"], "BLUE": []}}
    verdict = game.referee(up, snapshot_of(game.arrange(red_took)))
    assert verdict.status == "out_of_sync" and verdict.state == up

def quoted_files() -> list[tuple[str, str]]:
    """(file, code) of every ```python block of the guide whose first line names a file."""
    text = GUIDE.read_text()
    out = []
    for block in re.findall(r"```python\n(.*?)```", text, re.S):
        first, _, body = block.partition("\n")
        m = re.fullmatch(r"# (tests/example_game/\S+\.py)", first.strip())
        if m:
            out.append((m.group(1), body))
    return out


def test_the_guide_quotes_the_example_as_it_is():
    quotes = quoted_files()
    assert len(quotes) >= 8
    for name, body in quotes:
        source = (ROOT / name).read_text()
        for chunk in body.split("\n# ...\n"):
            assert chunk.strip() in source, f"the guide's quote of {name} is not in the file:\n{chunk}"
