"""A Ghost at Home light paid in view of the camera: the cards laid face up
beside the house as the floor card turns lit are read with it, and the
referee records the light with its payment at once (checked as the rules
check one), with nothing to tell on the console and the deck exact. Frames of
the simulated table read by the real pipeline; 2, 3 and 4 players, a house
on each edge."""
from __future__ import annotations

import pytest

from models.ghost_at_home import layout
from models.registry import get_game
from tests.support.table import snapshot_of

GAME = get_game("GAH")
KIT = GAME.kit
ROOMS = [c for c in KIT.cards if KIT.kind(c) == "room"]


def act(state, **action):
    return GAME.apply(state, GAME.parse_action(action))[0]


def laid_beside(state, player, cards):
    """The tidy table of ``state`` with ``cards`` face up beside ``player``'s
    house, where the game page says to lay a payment."""
    return GAME.arrange(state) + layout.laid_beside(state, player, cards)


def bright(n):
    """``n`` room cards that show 5 lightbulbs together, fewer without the last."""
    for i, a in enumerate(ROOMS):
        for b in ROOMS[i + 1:]:
            two = KIT.bulbs(a) + KIT.bulbs(b)
            if n == 2 and two >= 5:
                return [a, b]
            if n == 3 and two < 5:
                c = next((c for c in ROOMS if c not in (a, b) and two + KIT.bulbs(c) >= 5), None)
                if c is not None:
                    return [a, b, c]
    raise AssertionError(f"no payment of {n} rooms in the catalog")


@pytest.mark.parametrize("players", [["RED", "BLUE"], ["RED", "BLUE", "GREEN"], ["RED", "BLUE", "GREEN", "YELLOW"]])
def test_a_payment_laid_beside_the_house_is_read_with_the_light(players):
    for who, n in zip(players, (2, 3, 2, 3)):
        s = GAME.setup(players)
        s["turn"] = who
        played = act(s, type="light", player=who, floor=1, cards=bright(n))
        snap = snapshot_of(GAME.arrange_as_left(played))
        verdict = GAME.referee(s, snap)
        # the light and its very payment: the state a watched, named light makes, with nothing owed
        assert verdict.status == "applied" and [a.type for a in verdict.actions] == ["light"], verdict.prompts
        assert verdict.state == played and GAME.public_view(played)["deck_doubt"] == 0
        assert not [p for p in GAME.prompts(played) if str(p.text).startswith("Referee:")]
        # the page asks for the cards on the pile; once they are there the table is as expected
        assert any(str(p.text).startswith("Put ") and p.level == "todo" for p in GAME.prompts(played))
        assert GAME.referee(played, snapshot_of(GAME.arrange(played))).status == "in_sync"
        # the same light with its payment gone straight to the pile: recorded, its payment asked
        unseen = GAME.referee(s, snapshot_of(GAME.arrange(played)))
        assert [a.type for a in unseen.actions] == ["light_unseen"]


def test_the_light_bulb_laid_beside_the_house_is_the_special():
    s = act(GAME.setup(["RED", "BLUE"]), type="rooms", player="RED",
            rooms=[{"card": "ROOM:1A", "floor": 1, "side": "L"}, {"card": "ROOM:1B", "floor": 1, "side": "R"}])
    s = act(s, type="rooms", player="BLUE", rooms=[{"card": "ROOM:1C", "floor": 1, "side": "L"}])
    played = act(s, type="light_bulb", player="RED", floor=2)
    verdict = GAME.referee(s, snapshot_of(laid_beside(played, "RED", [KIT.specials["light_bulb"]])))
    assert verdict.status == "applied" and [a.type for a in verdict.actions] == ["light_bulb"]
    assert verdict.state == played


def test_a_payment_too_dim_is_refused_in_words_and_the_cards_go_back_to_the_hand():
    s = GAME.setup(["RED", "BLUE"])
    dim = [c for c in ROOMS if KIT.bulbs(c) == 1][:2]
    lit = act(s, type="light_unseen", player="RED", floor=1)          # the table as the camera sees it
    verdict = GAME.referee(s, snapshot_of(laid_beside(lit, "RED", dim)))
    assert verdict.status == "out_of_sync" and verdict.state == s
    text = str(verdict.prompts[0].text)
    assert "show 2 lightbulb icon(s); the light needs 5" in text
    assert "turn RED's floor 1 card to its dark face" in text
    assert all(f"take {KIT.said(c)} back into RED's hand" in text for c in dim), text


def test_a_payment_still_lying_there_holds_the_next_move_until_it_is_on_the_pile():
    s = GAME.setup(["RED", "BLUE"])
    paid = bright(2)
    played = act(s, type="light", player="RED", floor=1, cards=paid)
    room = next(c for c in ROOMS if c not in paid and KIT.floor_of(c) == 1)
    after = act(played, type="rooms", player="BLUE", rooms=[{"card": room, "floor": 1, "side": "L"}])
    waiting = GAME.referee(played, snapshot_of(laid_beside(after, "RED", paid)))
    assert waiting.status == "waiting" and waiting.state == played
    assert str(waiting.prompts[0].text).startswith("Put ") and "on the discard pile first" in waiting.prompts[0].text
    moved = GAME.referee(played, snapshot_of(GAME.arrange(after)))
    assert moved.status == "applied" and moved.state == after


def test_after_a_camera_gap_the_light_shown_last_is_read_with_its_payment():
    """RED's rooms and BLUE's light, the camera away: the search explains the
    table with BLUE's light paid by the cards lying beside BLUE's house."""
    s = GAME.setup(["RED", "BLUE"])
    s = act(s, type="rooms", player="RED", rooms=[{"card": "ROOM:1A", "floor": 1, "side": "L"}])
    paid = bright(2)
    played = act(s, type="light", player="BLUE", floor=1, cards=paid)
    start = GAME.setup(["RED", "BLUE"])
    verdict = GAME.referee(start, snapshot_of(GAME.arrange_as_left(played)), gap=True)
    states = [verdict.state] if verdict.status == "applied" else [c.state for c in verdict.choices]
    assert played in states, (verdict.status, [c.actions for c in verdict.choices])
    assert all(st["deck"] == played["deck"] for st in states)


def test_telling_an_earlier_payment_or_counting_the_deck_leaves_the_cards_to_clear_where_they_lie():
    """What the console says at any time (an earlier light's payment, the
    deck counted) is no move on the table: the payment still lying face up
    stays the table's to clear, not a stray called out of sync."""
    s = GAME.setup(["RED", "BLUE"])
    s = act(s, type="light_unseen", player="RED", floor=1)            # its payment went to the pile
    paid = bright(2)
    played = act(s, type="light", player="BLUE", floor=1, cards=paid)
    lying = snapshot_of(GAME.arrange_as_left(played))
    assert GAME.referee(s, lying).state == played
    told = act(played, type="light_told", player="RED", floor=1, cards=["SPECIAL:BULB"])
    counted = act(told, type="deck_counted", count=told["deck"], reshuffled=False)
    for state in (told, counted):
        assert sorted(state["clearing"]) == sorted(paid)
        assert GAME.referee(state, lying).status == "in_sync"
