"""The console's action form in Chromium: a misread put right by choosing from
lists filled from the game (no JSON typed), only what the rules allow offered."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import by_hand, deal_kids, open_console, play_example

pytestmark = pytest.mark.browser


def test_a_move_is_recorded_from_the_form_without_typing_json(glc, server, page):
    open_console(page, server)
    page.select_option("#action-type", "reveal_kid")
    slot = page.locator('#action-fields select[data-field="slot"]')
    expect(slot.locator("option")).to_have_count(6)                   # the six empty slots
    expect(slot.locator("option").first).to_have_text("slot 1 (empty)")
    kid = page.locator('#action-fields select[data-field="kid"]')
    expect(kid.locator("option", has_text="WEREWOLF")).to_have_count(1)
    slot.select_option(label="slot 3 (empty)")
    kid.select_option(label="2 WEREWOLF")
    assert not page.locator("#action-advanced").evaluate("d => d.open")   # the JSON stays folded away
    page.click("#btn-apply")
    expect(page.locator("#result")).to_contain_text("Done: apply")
    assert glc.state["slots"][2]["kid"] == 2
    # the form follows the game: slot 3 is no longer empty, so it is no longer offered
    expect(slot.locator("option", has_text="slot 3")).to_have_count(0)


def test_a_misread_is_corrected_by_choosing_and_only_legal_choices_are_offered(glc, server, page):
    deal_kids(glc)
    open_console(page, server)
    page.select_option("#action-type", "place_candy")
    slot = page.locator('#action-fields select[data-field="slot"]')
    expect(slot.locator("option")).to_have_count(6)
    candy = page.locator('#action-fields select[data-field="candy"]')
    expect(candy.locator("option").first).to_be_attached()
    chosen = candy.input_value()
    page.click("#btn-correct")
    expect(page.locator("#result")).to_contain_text("Done: correct")
    placed = [c for s in glc.state["slots"] for c in s["candy"]]
    assert placed and placed[0] in chosen
    # haunting is not allowed before the candy is on every kid: the form says so and offers nobody
    page.select_option("#action-type", "haunt")
    expect(page.locator("#action-legal")).to_contain_text("The rules do not allow “Haunt a kid” now")


def test_a_hand_resolution_that_moved_a_card_is_recorded_from_rows(glc, server, page):
    """A kid's ability resolved by hand moved a candy: the referee adds a row
    (which card, where to) and applies; still no JSON."""
    import json

    play_example(glc, until=by_hand)
    who = glc.state["manual"]["player"]
    other = next(p for p in glc.players if p != who)
    candy = glc.state["stashes"][who]["candy"][0]
    open_console(page, server)
    page.select_option("#action-type", "resolve")
    rows = page.locator('#action-fields [data-field="moves"]')
    expect(rows.locator(".row")).to_have_count(0)                       # nothing moved unless said
    rows.locator("button").click()
    as_js = json.dumps({"candy": candy}, separators=(",", ":"))           # the option's value, as the page wrote it
    rows.locator('.row select[data-key="card"]').select_option(value=as_js)
    rows.locator('.row select[data-key="to"]').select_option(value=json.dumps(other))
    page.click("#btn-apply")
    expect(page.locator("#result")).to_contain_text("Done: apply")
    assert glc.state["manual"] is None
    assert candy in glc.state["stashes"][other]["candy"] and candy not in glc.state["stashes"][who]["candy"]


def test_a_field_offers_only_what_goes_with_the_fields_chosen_before_it(glc, server, page):
    """Each player chooses a ghost face down: the ghost field offers the values
    the chosen player still holds (from the game's legal actions), and follows
    when another player is chosen."""
    def held_by(state):      # by each player who is still to choose
        held: dict[str, list[int]] = {}
        for a in glc.engine.legal_actions(state):
            if a.type == "choose" and a.ghost is not None:
                held.setdefault(a.player, []).append(a.ghost)
        return {p: sorted(values) for p, values in held.items()}

    # a later round: the players no longer hold the same ghosts
    play_example(glc, until=lambda st: st["phase"] == "choose" and len({str(h) for h in held_by(st).values()}) > 1)
    held = held_by(glc.state)
    first, other = next((p, q) for p in held for q in held if held[p] != held[q])
    open_console(page, server)
    page.select_option("#action-type", "choose")
    player = page.locator('#action-fields select[data-field="player"]')
    ghost = page.locator('#action-fields select[data-field="ghost"]')
    for who in (first, other, first):
        player.select_option(value=f'"{who}"')
        expect(ghost.locator("option")).to_have_count(len(held[who]) + 1)      # and "(none)": told face down
        values = ghost.locator("option").evaluate_all("os => os.map(o => o.value)")
        assert values == ["null"] + [str(v) for v in held[who]]
        expect(page.locator("#action-json")).to_have_value(f'{{"type":"choose","player":"{who}"}}')


def test_what_a_girls_vs_ghouls_card_played_unseen_was_is_told_by_choosing(session, server, page):
    """RED's card went unseen (a Trick on a stack, a Peek or a tucked Treat look
    alike): the page asks what it was, and the console's form says it in three
    choices, a Treat by its value, with nothing typed; the cubes then count."""
    players = ["RED", "BLUE", "GREEN", "YELLOW"]
    session.new_game("GVG", players, {})
    for n, p in enumerate(players):
        session.apply({"type": "place", "player": p, "house": 2 * n + 1})
    session.apply({"type": "unseen", "player": "RED", "house": 1})
    session.apply({"type": "move", "player": "BLUE", "house": 4})
    open_console(page, server)
    expect(page.locator("body")).to_contain_text("Referee: say what RED played at House 1 on card turn 1")
    page.select_option("#action-type", "tell")
    turn = page.locator('#action-fields select[data-field="turn"]')
    expect(turn.locator("option")).to_have_count(1)
    expect(turn.locator("option").first).to_have_text("card turn 1: RED at House 1")
    was = page.locator('#action-fields select[data-field="was"]')
    expect(was.locator("option", has_text="a Trick")).to_have_count(0)     # House 1 had no stack: it would show
    was.select_option(label="a Treat")
    page.locator('#action-fields select[data-field="value"]').select_option(label="+2")
    page.click("#btn-apply")
    expect(page.locator("#result")).to_contain_text("Done: apply")
    assert session.state["cubes"]["1"] == 2 and "unseen" not in session.state
    expect(page.locator("body")).not_to_contain_text("Referee: say what RED played")


@pytest.mark.parametrize("code", ["GLC", "TCG", "GVG", "GAH", "CCR"])
def test_the_console_opened_mid_game_offers_an_action_the_rules_allow_now(session, server, page, code):
    """Opened half-way through each game's example, the action list stands at
    a move the rules allow now (not the set-up's first, refused); once the
    referee chooses an action, the list stays on it as the game goes on."""
    from companion.examples import PLAYERS, example_script
    from models.engine import IllegalAction
    session.new_game(code, list(PLAYERS[code]), {})
    script = example_script(code)
    for data in script[:len(script) // 2]:
        try:
            session.apply(data)
        except IllegalAction:
            continue
    allowed = {a.type for a in session.engine.legal_actions(session.state)}
    open_console(page, server)
    refused = [a.type for a in session.engine.actions if a.type not in allowed]
    assert refused and refused[0] == session.engine.actions[0].type      # the set-up's first is refused now
    kind = page.locator("#action-type")
    expect(kind).not_to_have_value(refused[0])
    assert kind.input_value() in allowed
    expect(page.locator("#action-doc")).not_to_be_empty()
    expect(page.locator("#action-legal")).not_to_contain_text("do not allow")
    # the referee chooses an action the rules refuse now: the console says so, and does not move off it
    page.select_option("#action-type", refused[0])
    expect(page.locator("#action-legal")).to_contain_text("do not allow")
    seq = page.locator("body").get_attribute("data-seq")
    for data in script[len(script) // 2:]:
        try:
            session.apply(data)
            break
        except IllegalAction:
            continue
    expect(page.locator("body")).not_to_have_attribute("data-seq", seq or "")
    page.wait_for_timeout(1500)              # the referee's own view, fetched after the change, has come
    expect(kind).to_have_value(refused[0])


@pytest.mark.parametrize("code, players, moves, asked, action", [
    ("GAH", ["RED", "BLUE"], [{"type": "light_unseen", "player": "RED", "floor": 1}],
     "Referee: say how RED paid for the light of floor 1", "light_told"),
    ("GVG", ["RED", "BLUE", "GREEN", "YELLOW"],
     [{"type": "place", "player": p, "house": 2 * n + 1} for n, p in enumerate(["RED", "BLUE", "GREEN", "YELLOW"])]
     + [{"type": "unseen", "player": "RED", "house": 1}],
     "Referee: say what RED played at House 1", "tell"),
])
def test_a_prompt_asking_for_an_entry_opens_that_actions_form(session, server, page, code, players, moves, asked,
                                                              action):
    """"Referee: say how RED paid for the light ...": beside the prompt, a
    button opens the form of the action it asks for, whatever action the list
    stood at. The public view carries no such buttons."""
    session.new_game(code, players, {})
    for data in moves:
        session.apply(data)
    open_console(page, server)
    prompt = page.locator("#prompts li", has_text=asked)
    expect(prompt).to_have_count(1)
    button = prompt.locator(f'button.prompt-enter[data-enter="{action}"]')
    expect(button).to_be_visible()
    expect(button).to_contain_text("Enter: ")
    if page.locator("#action-type").input_value() == action:
        page.select_option("#action-type", session.engine.actions[0].type)
    button.click()
    expect(page.locator("#action-type")).to_have_value(action)
    expect(page.locator("#action-json")).to_have_value(re.compile(f'"type":"{action}"'))
    assert all("enter" not in p for p in session.view()["prompts"])
    assert any(p.get("enter") == [action] for p in session.referee_view()["prompts"])
