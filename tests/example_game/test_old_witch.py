"""Old Witch, the hidden-information example of docs/adding-a-game.md: hands kept
as counts, a move no camera sees (the draw), and a referee that applies what the
table proves and asks what it cannot tell. The same template and contract
checks as Pumpkin Pairs, plus the rules' refusals, ``legal_actions`` against
``apply``, no hand's card in public, and the referee on perfect snapshots."""
from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any, cast

import pytest

from models.engine import Action, Game, IllegalAction
from models.table import seen_from_above
from tests.contract.drivers import random_game
from tests.example_game.old_witch import GAME
from tests.example_game.old_witch.actions import Draw, LayPair
from tests.example_game.old_witch.game import OldWitch
from tests.example_game.test_pumpkin_pairs import GUIDE, quoted_files
from tests.models.test_game_template import (
    test_dispatch_by_an_explicit_table_covering_every_action,
    test_the_same_modules_in_every_game,
)
from tests.support.contract import check_game
from tests.support.table import snapshot_of

BAT = ("OWT:CARD:BAT1", "OWT:CARD:BAT2")
CAT = ("OWT:CARD:CAT1", "OWT:CARD:CAT2")
MOON = ("OWT:CARD:MOON1", "OWT:CARD:MOON2")
SKULL = ("OWT:CARD:SKULL1", "OWT:CARD:SKULL2")
WITCH = "OWT:CARD:WITCH"


def new_game(game: Game, players: list[str]) -> dict[str, Any]:
    """A new game's state, as the engine's functions take it."""
    return cast(dict[str, Any], game.setup(players))


def random_states(game: Game, players: list[str], seeds: range) -> Iterator[dict[str, Any]]:
    for seed in seeds:
        yield new_game(game, players)
        for _, _, after in random_game(game, players, seed):
            yield after


def play(game: Game, state: dict[str, Any], *actions: Action) -> dict[str, Any]:
    state, _ = game.apply_all(state, actions)
    return state


def refusal(game: Game, state: dict[str, Any], action: Action) -> str:
    with pytest.raises(IllegalAction) as e:
        game.apply(state, action)
    return str(e.value)


def test_the_example_has_the_template_modules_and_an_explicit_dispatch_table():
    test_the_same_modules_in_every_game(GAME)
    test_dispatch_by_an_explicit_table_covering_every_action(GAME)
    assert set(GAME.phases["opening"]) == set(GAME.phases["play"]) == set(GAME.actions)
    assert GAME.phases["over"] == ()


@pytest.mark.parametrize("players", [["RED", "BLUE"], ["RED", "BLUE", "GREEN"], ["RED", "BLUE", "GREEN", "YELLOW"]])
def test_the_example_keeps_the_contract_over_random_games(players):
    game = GAME()
    for seed in range(60):
        report = check_game(game, players, seed, random_game, read_every=1)
        assert report.over


def test_the_deal_is_counts_and_the_hands_hold_every_card():
    game = GAME()
    assert new_game(game, ["RED", "BLUE"])["hands"] == {"RED": 9, "BLUE": 8}
    state = new_game(game, ["RED", "BLUE", "GREEN", "YELLOW"])
    assert state["hands"] == {"RED": 5, "BLUE": 4, "GREEN": 4, "YELLOW": 4}
    assert state["phase"] == "opening" and state["turn"] is None


def test_the_rules_and_their_reasons():
    game = GAME()
    start = new_game(game, ["RED", "BLUE", "GREEN"])
    assert refusal(game, start, Draw("BLUE")) == "draw: it is RED's turn to draw, not BLUE's"
    assert refusal(game, start, Draw("PINK")) == "draw: PINK is not playing"
    assert refusal(game, start, LayPair("RED", (BAT[0], CAT[0]))) == \
        "lay_pair: OWT:CARD:BAT1 and OWT:CARD:CAT1 are not a pair"
    assert refusal(game, start, LayPair("RED", (BAT[0], BAT[0]))) == "lay_pair: a pair is two different cards"
    assert refusal(game, start, LayPair("RED", (BAT[0], WITCH))) == "lay_pair: the Old Witch has no pair"
    assert refusal(game, start, LayPair("RED", (BAT[0], "OWT:CARD:BAT3"))) == \
        "lay_pair: OWT:CARD:BAT3 is not an Old Witch card"
    # the opening: anyone lays the pairs they were dealt
    opened = play(game, start, LayPair("BLUE", BAT), LayPair("GREEN", CAT))
    assert opened["hands"] == {"RED": 6, "BLUE": 4, "GREEN": 3}
    assert refusal(game, opened, LayPair("RED", BAT)) == "lay_pair: the bat pair is already laid"
    # RED draws from BLUE (to RED's left): now only RED may lay, BLUE draws next
    drawn = play(game, opened, Draw("RED"))
    assert drawn["hands"] == {"RED": 7, "BLUE": 3, "GREEN": 3} and drawn["phase"] == "play"
    assert refusal(game, drawn, LayPair("BLUE", MOON)) == "lay_pair: it is RED's turn: only RED may lay a pair now"
    assert refusal(game, drawn, Draw("RED")) == "draw: it is BLUE's turn to draw, not RED's"
    assert play(game, drawn, LayPair("RED", (MOON[1], MOON[0])))["laid"]["RED"] == list(MOON)
    # a hand of one card holds no pair; a player with none is out, skipped
    thin = {**drawn, "hands": {"RED": 1, "BLUE": 0, "GREEN": 10}}
    assert refusal(game, thin, LayPair("RED", MOON)) == "lay_pair: RED holds 1 card, not a pair"
    assert refusal(game, thin, Draw("BLUE")) == "draw: BLUE is out (no cards left)"
    alone = play(game, thin, Draw("GREEN"))
    assert alone["hands"] == {"RED": 0, "BLUE": 0, "GREEN": 11}
    # GREEN alone holds cards: no one to draw from, GREEN lays what is left
    assert refusal(game, alone, Draw("GREEN")) == "draw: only GREEN holds cards: there is no one to draw from"
    assert play(game, alone, LayPair("GREEN", SKULL))["hands"]["GREEN"] == 9


def test_the_last_pair_ends_the_game_and_whoever_holds_the_witch_loses():
    game = GAME()
    state = new_game(game, ["RED", "BLUE"])
    pairs = list(game.kit.pairs.values())
    state = {**state, "phase": "play", "turn": 1, "hands": {"RED": 1, "BLUE": 2},
             "laid": {"RED": sorted(c for p in pairs[:4] for c in p), "BLUE": sorted(c for p in pairs[4:7] for c in p)}}
    over, events = game.apply(state, LayPair("BLUE", pairs[7]))
    assert over["phase"] == "over" and over["loser"] == "RED" and events[-1].type == "game_over"
    board = game.score(over)
    assert board.final and board.winners == ["BLUE"]
    assert board.entries["RED"].total == 0 and board.entries["BLUE"].total == 4
    assert refusal(game, over, Draw("RED")) == "draw: the game is over"
    assert game.legal_actions(over) == []


def every_action(game: OldWitch, players: list[str]) -> list[Action]:
    """Every action worth trying: a draw and every two-card lay by every player
    (and a stranger), in both orders."""
    cards = sorted(game.kit.pair_of) + ["OWT:CARD:BAT3"]
    who = [*players, "PINK"]
    return [*(Draw(p) for p in who),
            *(LayPair(p, (a, b)) for p in who for a, b in itertools.permutations(cards, 2))]


@pytest.mark.parametrize("players", [["RED", "BLUE"], ["RED", "BLUE", "GREEN", "YELLOW"]])
def test_legal_actions_is_what_apply_accepts(players):
    game = GAME()
    universe = every_action(game, players)
    for state in itertools.islice(random_states(game, players, range(12)), 0, None, 7):
        legal = game.legal_actions(state)
        assert len(legal) == len(set(legal))
        accepted = []
        for a in universe:
            try:
                game.apply(state, a)
            except IllegalAction as e:
                assert str(e).startswith(f"{a.type}: ")
                continue
            accepted.append(a)
        assert set(accepted) == set(legal), json.dumps(state)


def test_the_public_view_never_shows_a_hand_s_card():
    game = GAME()
    players = ["RED", "BLUE", "GREEN"]
    for state in random_states(game, players, range(20)):
        laid = {c for cards in state["laid"].values() for c in cards}
        public = json.dumps(game.public_view(state)) + json.dumps([p.to_json() for p in game.prompts(state)])
        in_hands = set(game.kit.pair_of) - laid
        assert not [c for c in in_hands if c in public]
        assert game.public_view(state)["hands"] == state["hands"]
    # nor does the state itself: a hand is a count
    assert all(isinstance(n, int) for n in state["hands"].values())


# --------------------------------------------------------------------------- the referee


def snapshot(game: Game, state: dict[str, Any]) -> Any:
    return seen_from_above(game.arrange(state))


def in_play(game: Game) -> dict[str, Any]:
    """Three players after the opening: RED laid the bats, RED has drawn from BLUE."""
    state = new_game(game, ["RED", "BLUE", "GREEN"])
    return play(game, state, LayPair("RED", BAT), Draw("RED"))


def test_a_pair_laid_is_applied():
    game = GAME()
    state = in_play(game)
    laid = play(game, state, LayPair("RED", CAT))
    verdict = game.referee(state, snapshot(game, laid))
    assert verdict.status == "applied" and verdict.state == laid
    assert [a.to_json() for a in verdict.actions] == [{"type": "lay_pair", "player": "RED", "cards": list(CAT)}]
    # in the opening, pairs laid by players who do not draw first are laid, all at once
    start = new_game(game, ["RED", "BLUE", "GREEN"])
    opened = play(game, start, LayPair("BLUE", CAT), LayPair("GREEN", MOON))
    verdict = game.referee(start, snapshot(game, opened))
    assert verdict.status == "applied" and verdict.state == opened


def test_a_draw_alone_shows_nothing():
    game = GAME()
    state = in_play(game)
    drawn = play(game, state, Draw("BLUE"))
    verdict = game.referee(state, snapshot(game, drawn))
    assert verdict.status == "in_sync" and verdict.state == state and not verdict.actions
    assert any("BLUE: draw a card from GREEN's hand" in p.text for p in verdict.prompts)


def test_a_pair_after_an_untold_draw_is_applied_with_the_draw():
    game = GAME()
    state = in_play(game)
    after = play(game, state, Draw("BLUE"), LayPair("BLUE", CAT))
    verdict = game.referee(state, snapshot(game, after))
    assert verdict.status == "applied" and verdict.state == after
    assert [a.to_json() for a in verdict.actions] == [
        {"type": "draw", "player": "BLUE"}, {"type": "lay_pair", "player": "BLUE", "cards": list(CAT)}]
    # the draw was told: the pair alone
    told = play(game, state, Draw("BLUE"))
    verdict = game.referee(told, snapshot(game, after))
    assert verdict.status == "applied" and verdict.state == after and len(verdict.actions) == 1


def test_a_pair_that_could_be_dealt_or_drawn_is_asked():
    game = GAME()
    start = new_game(game, ["RED", "BLUE", "GREEN"])
    dealt = play(game, start, LayPair("RED", CAT))
    drawn = play(game, start, Draw("RED"), LayPair("RED", CAT))
    assert game.expected_table(dealt) == game.expected_table(drawn) and dealt != drawn
    verdict = game.referee(start, snapshot(game, dealt))
    assert verdict.status == "waiting" and verdict.state == start and not verdict.actions
    assert sorted(json.dumps(f.state, sort_keys=True) for f in verdict.choices) == \
        sorted(json.dumps(s, sort_keys=True) for s in (dealt, drawn))


def test_the_referee_never_records_a_wrong_move():
    game = GAME()
    state = in_play(game)                                   # RED drew; BLUE draws next
    # a pair in front of GREEN: GREEN could only lay it after BLUE's draw and GREEN's,
    # which nothing on the table proves (BLUE laid nothing): not applied
    green = {**state, "laid": {**state["laid"], "GREEN": list(CAT)}}
    verdict = game.referee(state, snapshot(game, green))
    assert verdict.status == "out_of_sync" and verdict.state == state
    assert "tell the console each draw" in verdict.prompts[0].text
    # half a pair, or a pair that was already laid gone: nothing applied
    half = {**state, "laid": {**state["laid"], "RED": sorted([*BAT, CAT[0]])}}
    assert game.referee(state, snapshot(game, half)).status == "out_of_sync"
    gone = {**state, "laid": {**state["laid"], "RED": []}}
    assert game.referee(state, snapshot(game, gone)).status == "out_of_sync"
    # over random games, whatever the referee applies from a snapshot is the truth
    players = ["RED", "BLUE", "GREEN"]
    for seed in range(20):
        for before, [action], after in random_game(game, players, seed):
            verdict = game.referee(before, snapshot(game, after))
            assert verdict.status != "applied" or verdict.state == after, (seed, action)
            if isinstance(action, Draw):
                assert verdict.status == "in_sync"


def test_the_guide_walks_through_old_witch_quoting_it_as_it_is():
    """The guide's section on hidden information quotes the Old Witch files (the
    Pumpkin Pairs guide test checks every quote, these included, is in its file)."""
    assert "## A game with hidden information: Old Witch" in GUIDE.read_text()
    quoted = {name for name, _ in quoted_files() if name.startswith("tests/example_game/old_witch/")}
    assert {f"tests/example_game/old_witch/{m}.py" for m in ("state", "actions", "rules", "whereabouts",
                                                              "game", "referee")} <= quoted


def test_an_untold_draw_is_inferred_from_real_frames():
    """The same through the simulated camera and the real reading pipeline."""
    game = GAME()
    state = in_play(game)
    after = play(game, state, Draw("BLUE"), LayPair("BLUE", CAT))
    verdict = game.referee(state, snapshot_of(game.arrange(after)))
    assert verdict.status == "applied" and verdict.state == after
    assert game.referee(state, snapshot_of(game.arrange(play(game, state, Draw("BLUE"))))).status == "in_sync"


def test_a_live_session_never_shows_a_card_in_a_hand_once_the_game_is_registered(tmp_path, monkeypatch):
    """Old Witch registered as a sixth game would be (a package under models/):
    the live session, its page, its API, its stream and its MQTT broadcast pass
    the secrets check every shipped game passes (tests/reliability/test_secrets.py),
    on a play derived from the game alone, with no entry written for it."""
    from companion.live.session import Session
    from models import registry
    from tests.reliability import test_secrets as secrets
    from tests.web.conftest import make_config

    shipped = registry.game_classes()
    monkeypatch.setattr(registry, "game_classes", lambda: (*shipped, OldWitch))
    monkeypatch.setattr(OldWitch, "example_players", ("RED", "BLUE", "GREEN"))
    play = secrets.play_of("OWT")
    assert play.secrets, "the derived play keeps cards in hands"
    session = Session(make_config(tmp_path), indicators=False)
    try:
        secrets.check_play(play, session, tmp_path, process=False)     # the CLI's process has no OWT
    finally:
        session.close()
