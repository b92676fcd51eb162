"""The console's action forms (models/action_form.py): one description of each
action's fields serves every game; the form offers what the game's
``legal_actions`` lists now, so every move of every game's example can be made
from it, and its guess is always legal."""
from __future__ import annotations

import json

import pytest

from companion.examples import ROOT, example_states
from models.action_form import action_form
from models.engine import IllegalAction, MalformedAction
from models.registry import game_classes, get_game
from models.table import seen_from_above
from tests.contract.drivers import PLAYERS, random_game

CODES = [c.code for c in game_classes()]


def same_play(game, state, type_name, values, after) -> bool:
    """Whether the action of the form's select ``values`` leaves the state ``after``."""
    try:
        played, _ = game.apply(state, game.parse_action({"type": type_name, **values}))
    except (IllegalAction, MalformedAction):
        return False
    return bool(played == after)


@pytest.mark.parametrize("code", CODES)
def test_every_move_of_the_example_is_on_its_form_and_every_guess_is_legal(code):
    game, players, _ = example_states(code)
    state = game.setup(list(players), {})
    script = json.loads((ROOT / "docs" / "games" / f"{game.slug}.script.json").read_text())
    offered = played = 0
    for data in script:
        try:
            after, _ = game.apply(state, game.parse_action(data))
        except IllegalAction:
            continue
        played += 1
        form = action_form(game, state, data["type"])
        fields = {f["name"]: f for f in form["fields"]}
        given = {k: v for k, v in data.items() if k != "type"}
        if all(fields[k]["control"] == "select" for k in given):
            offered += 1
            # the same play is on the form (spelled as the game lists it: Ghost at Home's ``GHOST:1`` is
            # ``GAH:GHOST:1``), and its every value is among the legal choices of its field
            same = [c for c in form["combinations"] if same_play(game, state, data["type"], c, after)]
            assert same, (data, form["combinations"][:5])
            for k, v in same[0].items():
                assert v is None or v in fields[k]["legal"], (data, fields[k]["legal"])
        if form["guess"] is not None:
            game.apply(state, game.parse_action(form["guess"]))        # never a refused move
        for f in form["fields"]:
            if f["control"] == "select" and f["legal"] is not None:
                assert {json.dumps(v) for v in f["legal"]} <= {json.dumps(c["value"]) for c in f["choices"]}
        state = after
    assert offered > min(20, played // 2)       # most of a short example (Pumpkin Pairs: 16 moves)


@pytest.mark.parametrize("code", CODES)
def test_every_legal_action_is_on_the_form(code):
    """The form's choices and ``legal_actions`` spell values alike (Ghost at
    Home's cards by full payload on both sides): on states of a random game,
    each listed action's select values are one of the form's combinations and
    its list items are legal choices; an action spelled with a value the game
    gives no choice for (Girls vs Ghouls' ordinary Treat with its value written
    out) is offered as the same play."""
    game = get_game(code)
    checked = 0
    states = [state for state, _, _ in random_game(game, PLAYERS[code][0], 0)]
    every = 5 if len(states) > 5 * 20 else 1        # every state of a short game (Pumpkin Pairs: 16)
    for state in states[::every]:
        by_type: dict[str, list] = {}
        for a in game.legal_actions(state):
            by_type.setdefault(a.type, []).append(a)
        for type_name, actions in by_type.items():
            form = action_form(game, state, type_name)
            fields = {f["name"]: f for f in form["fields"]}
            combos = {json.dumps(c, sort_keys=True) for c in form["combinations"]}
            for a in actions[:40]:
                data = a.to_json()
                said = {k: data.get(k) for k, f in fields.items() if f["control"] == "select"}
                items = [x for k, f in fields.items() if f["control"] == "multi" for x in data.get(k) or ()]
                multi_legal = [v for f in fields.values() if f["control"] == "multi" for v in f["legal"]]
                checked += 1
                if json.dumps(said, sort_keys=True) in combos and all(x in multi_legal for x in items):
                    continue
                after, _ = game.apply(state, a)
                assert any(same_play(game, state, type_name, c, after) for c in form["combinations"]), \
                    f"{code}: {a} is legal and not on its form"
    assert checked > 20


def test_the_guess_follows_what_the_camera_reads():
    """Kids were turned into the neighbourhood: the form's guess for reveal_kid
    is a kid the camera sees, in the slot where it lies."""
    game, _, states = example_states("GLC")
    seen = seen_from_above(game.arrange(states[6]))          # six kids revealed on the table
    form = action_form(game, states[0], "reveal_kid", seen)
    slot, kid = form["guess"]["slot"], form["guess"]["kid"]
    assert states[6]["slots"][slot - 1]["kid"] == kid


def test_an_action_the_rules_refuse_now_offers_nothing_and_says_so():
    game, _, states = example_states("GLC")
    form = action_form(game, states[0], "haunt")              # nobody haunts before the kids are dealt
    assert form["guess"] is None and form["complete"]
    assert all(f["legal"] == [] for f in form["fields"] if f["control"] == "select" and f["required"])
    with pytest.raises(MalformedAction, match="no action 'fly'"):
        action_form(game, states[0], "fly")


@pytest.mark.parametrize("code", CODES)
def test_every_field_of_every_action_is_chosen_not_typed(code):
    """The promise of the console: every action of every game can be made by
    choosing; the only thing typed is a free note."""
    from models.action_form import describe
    game, _, states = example_states(code)
    for state in (states[0], states[len(states) // 2]):
        for cls in game.actions:
            _, fields = describe(game, state, cls.type)
            for f in fields:
                where = f"{code} {cls.type}.{f['name']}"
                if f["control"] == "text":
                    assert f["name"] == "note", f"{where} must be typed"
                elif f["control"] == "rows":
                    assert f["columns"] and all(c["choices"] for c in f["columns"]), f"{where} has no row form"
                elif f["required"]:         # nothing to choose only where nothing can be made now
                    assert f["choices"] or not any(a.type == cls.type for a in game.legal_actions(state)), \
                        f"{where} offers nothing to choose"


@pytest.mark.parametrize("code", CODES)
def test_no_two_choices_of_a_field_read_the_same(code):
    """The referee picks from labels: two cards of one name (Girls vs Ghouls'
    15 Tricks called "Flip House") carry their number, printed under their tag
    in the card's id (GVG:TRICK:02), so the
    card picked is the very card in hand, never any of its kind."""
    game, players, _ = example_states(code)
    state = game.setup(list(players), {})
    for cls in game.actions:
        for f in action_form(game, state, cls.type)["fields"]:
            for choices in [f["choices"], *(c["choices"] for c in f.get("columns", []))]:
                labels = [c["label"] for c in choices]
                assert len(labels) == len(set(labels)), (cls.type, f["name"], labels)
    if code == "GVG":
        reveal = {f["name"]: f for f in action_form(game, state, "reveal")["fields"]}
        assert {"value": "GVG:TRICK:02", "label": "Flip House #02"} in reveal["card"]["choices"]
