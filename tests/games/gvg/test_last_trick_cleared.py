"""The round's last Trick turned up and the round cleared away before the
camera read it: the table then shows the round scored (a VP card in a slot,
tiles flipped) and no Trick face up. Which Trick it was decides the round and
no later table shows it, so the referee is asked, not told the table is wrong;
the Trick entered on the console makes the very game the players played."""
from models.registry import get_game
from tests.contract.drivers import DRIVERS, PLAYERS
from tests.support.table import snapshot_of

GAME = get_game("GVG")


def last_reveals():
    """(before, the reveal, after) for each round's last Trick turned up, in random games."""
    out = []
    for seed in range(6):
        for before, actions, after in DRIVERS["GVG"](GAME, list(PLAYERS["GVG"][0]), seed):
            if [a.type for a in actions] == ["reveal"] and before["phase"] == "reveal" != after["phase"]:
                out.append((before, actions[0], after))
    return out


def test_the_last_trick_cleared_before_the_camera_read_it_is_asked():
    cases = [c for c in last_reveals()
             if any(h["vp"] is not None for h in GAME.expected_table(c[2])["houses"].values())]
    assert len(cases) >= 3
    for before, reveal, after in cases[:3]:
        verdict = GAME.referee(before, snapshot_of(GAME.arrange(after)))
        assert verdict.status == "waiting" and verdict.state == before, [p.text for p in verdict.prompts]
        text = str(verdict.prompts[0].text)
        assert text.startswith(f"The last Trick (House {reveal.house}) was turned up and the round cleared away "
                               "before the camera read it. Referee: enter which Trick it was"), text
        assert GAME.apply(before, reveal)[0] == after                # entered on the console: the game as played


def test_a_revealed_trick_taken_away_mid_reveal_is_still_put_right():
    """Tricks still to turn up and none scored: a revealed Trick gone from its
    house is put back, as before (the question is only for a round cleared)."""
    mid = [(b, up) for b, _, _ in last_reveals()
           if (up := [c for r in GAME.expected_table(b)["houses"].values() for c in r["tricks_up"]])]
    assert mid, "a round with Tricks already face up before its last"
    state, up = mid[0]
    verdict = GAME.referee(state, snapshot_of([p for p in GAME.arrange(state) if p.payload != up[0]]))
    assert verdict.status == "out_of_sync"
    assert any("back face up" in str(p.text) for p in verdict.prompts), [p.text for p in verdict.prompts]
