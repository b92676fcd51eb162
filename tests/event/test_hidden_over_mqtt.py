"""Nothing secret is ever published over MQTT.

Every game's example is played at a table publishing to a real broker, and
every view and event message the broker delivers is searched for the cards
that are secret at that moment (the contract's own rule, tests/support/
contract.py). Only Ghosts Love Candy's engine ever holds a secret (the Love
cards the referee tells it, a ghost chosen face down): the other games never
learn a hidden card until it is shown. So the last test deals those secrets
and checks that they stay out of every message until a ghost is revealed,
which then shows (the search is not blind)."""
from __future__ import annotations

import json

import pytest

from companion.examples import PLAYERS, example_script
from models.engine import IllegalAction
from models.registry import game_classes, get_game
from tests.support.contract import secret_names, words

from .conftest import EVENT, Listener, wait

EVERY = 3          # moves between two checks


@pytest.mark.parametrize("code", [cls.code for cls in game_classes()])
def test_no_published_message_names_a_secret_card(code, setup, broker, tables):
    game = get_game(code)
    s, pub = tables.table("t1", interval=0.01)
    spy = Listener(setup, "hub", f"tc/{EVENT}/tables/t1/#")
    try:
        s.new_game(code, list(PLAYERS[game.code]), {})
        script = example_script(code)
        checked = secrets_seen = 0
        for n, data in enumerate(script):
            try:
                s.apply(data)
            except IllegalAction:
                continue
            if n % EVERY and n != len(script) - 1:
                continue
            seq = s.view()["seq"]
            wait(lambda seq=seq: any(t.endswith("/view") and json.loads(p)["view"]["seq"] == seq
                                     for t, p, _ in spy.messages), 10, f"the view of move {n}")
            secrets = secret_names(game, s.state)
            secrets_seen += bool(secrets)
            messages, spy.messages = spy.messages, []
            for topic_name, payload, _ in messages:
                if topic_name.endswith(("/view", "/events")):
                    leaked = secrets & words(payload.decode())
                    assert not leaked, f"{code} move {n}: {topic_name} names secret {sorted(leaked)}"
                    checked += 1
        assert checked > 10
        assert secrets_seen > 0 or not game.secret_kinds      # the check had secrets to look for
    finally:
        spy.close()


def test_love_cards_and_a_ghost_chosen_face_down_are_never_published(setup, broker, tables):
    """Ghosts Love Candy: the referee tells the companion RED's and BLUE's Love
    cards, and RED chooses a ghost face down; the hands hold ghosts. None of
    them may appear in any message, until RED reveals the ghost (which then
    does: the search is not blind)."""
    s, pub = tables.table("t1", interval=0.01)
    spy = Listener(setup, "viewer", f"tc/{EVENT}/tables/t1/#")
    try:
        s.new_game("GLC", ["RED", "BLUE", "GREEN"], {})
        deck = list(s.state["kid_deck"])
        s.apply([{"type": "reveal_kid", "slot": i, "kid": deck[i - 1]} for i in range(1, s.state["slot_count"] + 1)])
        candy = list(s.state["candy_deck"])
        s.apply([{"type": "place_candy", "slot": i, "candy": candy[k]}
                 for k, i in enumerate(i for i, sl in enumerate(s.state["slots"], 1) if sl["kid"] is not None)])
        s.apply([{"type": "deal_love", "player": "RED", "love": "L3"},
                 {"type": "deal_love", "player": "BLUE", "love": "L5"},
                 {"type": "choose", "player": "RED", "ghost": 7},
                 {"type": "choose", "player": "BLUE"}])
        hands = {g for hand in s.state["hands"].values() for g in hand}
        secret = {"L3", "L5", "GLC:LOVE:L3", "GLC:LOVE:L5"} | hands | {f"GLC:GHOST:{g}" for g in hands}
        assert "R7" in hands or s.state["chosen"]["RED"] == "R7"
        secret |= {"R7", "GLC:GHOST:R7"}

        def seen(seq):
            return any(t.endswith("/view") and json.loads(p)["view"]["seq"] >= seq for t, p, _ in spy.messages)
        wait(lambda: seen(s.view()["seq"]), 10, "the view")
        assert spy.messages
        for topic_name, payload, _ in spy.messages:
            leaked = secret & words(payload.decode())
            assert not leaked, f"{topic_name} names {sorted(leaked)}"
        s.apply({"type": "reveal", "player": "RED", "ghost": 7})
        wait(lambda: any("R7" in words(p.decode()) for t, p, _ in spy.messages if t.endswith("/view")), 10,
             "the revealed ghost in a view")
    finally:
        spy.close()
