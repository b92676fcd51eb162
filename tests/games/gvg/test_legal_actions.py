"""``GirlsVsGhouls.legal_actions`` (models/girls_vs_ghouls/moves.py) against
``apply``, over the states of random driver games of every player count:

(a) every listed action is accepted; (b) every action the driver plays is
listed; (c) random actions built from the console's field choices
(``field_choices``, as :mod:`models.action_form` builds them) that ``apply``
accepts are all listed; (d) nothing is listed twice."""
from __future__ import annotations

import dataclasses
import json
import random
import typing
from typing import Any

import pytest

from models.action_form import _kind
from models.engine import Action, IllegalAction
from tests.contract.drivers import PLAYERS
from tests.games.gvg.gvg_support import GAME, table_steps

SEEDS = (0, 1)


def _key(action: Action) -> str:
    return json.dumps(action.to_json(), sort_keys=True)


def _states(players: list[str], seed: int) -> list[tuple[dict[str, Any], Action]]:
    """Every state of a driver game, with the action the driver played in it."""
    out = []
    for before, step, _ in table_steps(GAME, players, seed):
        state = before
        for a in step:
            out.append((state, a))
            state, _ = GAME.apply(state, a)
    return out


GAMES = {(len(p), seed): _states(p, seed) for p in PLAYERS["GVG"] for seed in SEEDS}
CASES = sorted(GAMES)


def _accepted(state: dict[str, Any], action: Action) -> bool:
    try:
        GAME.apply(state, action)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("case", CASES)
def test_the_driver_plays_only_listed_actions_and_nothing_is_listed_twice(case):
    for state, played in GAMES[case]:
        listed = [_key(a) for a in GAME.legal_actions(state)]
        assert len(listed) == len(set(listed)), f"{case}: a duplicate in {state['phase']}"
        assert _key(played) in listed, f"{case}: {played} is not listed in phase {state['phase']}"


@pytest.mark.parametrize("case", CASES)
def test_every_listed_action_is_accepted(case):
    rng = random.Random(hash(case))
    for i, (state, _) in enumerate(GAMES[case]):
        listed = GAME.legal_actions(state)
        # the whole list on every 10th state, a sample of the rest otherwise
        sample = listed if i % 10 == 0 else rng.sample(listed, min(4, len(listed)))
        for a in sample:
            assert _accepted(state, a), f"{case}: {a} is listed but refused in phase {state['phase']}"


def _random_action(state: dict[str, Any], rng: random.Random) -> Action:
    """One action as the console's form could build it: a type the phase allows,
    each field a random choice of ``field_choices`` (an optional one may be left out)."""
    choices = GAME.field_choices(state)
    while True:
        cls = rng.choice(GAME.phases[state["phase"]])
        hints = typing.get_type_hints(cls)
        data: dict[str, Any] = {"type": cls.type}
        for f in dataclasses.fields(cls):
            _, elem, optional = _kind(hints[f.name])
            pool = [v for v, _ in choices.get(f"{cls.type}.{f.name}", choices.get(f.name, []))]
            if not pool and isinstance(elem, list):
                pool = list(elem)
            if optional or f.default is not dataclasses.MISSING:
                pool.append(None)
            if not pool:            # nothing to offer (no card played unseen to tell): not this action
                break
            value = rng.choice(pool)
            if value is not None:
                data[f.name] = value
        else:
            return GAME.parse_action(data)


@pytest.mark.parametrize("case", CASES)
def test_random_actions_from_the_consoles_choices_that_apply_accepts_are_listed(case):
    rng = random.Random(7 + hash(case))
    found = 0
    for state, _ in GAMES[case]:
        listed = {_key(a) for a in GAME.legal_actions(state)}
        for _ in range(6):
            a = _random_action(state, rng)
            if _accepted(state, a):
                found += 1
                assert _key(a) in listed, f"{case}: {a} is accepted but not listed in phase {state['phase']}"
    assert found > 20        # the probe did find legal actions


def test_a_play_turn_lists_treats_tricks_peeks_cards_played_unseen_and_moves():
    state = next(s for s, _ in GAMES[(4, 0)] if s["phase"] == "play")
    kinds = {a.type for a in GAME.legal_actions(state)}
    assert kinds == {"treat", "trick", "peek", "unseen", "move"}
