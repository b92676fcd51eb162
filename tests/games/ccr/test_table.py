"""How Candy Crave lies on the table: reading snapshots, turning what the camera
sees into actions, and precise prompts when the table is out of sync.

These tests build snapshots from the game's own arrangement (tags at their
positions, as the tracker would report them) and move tags the way hands do;
test_camera.py runs the real pipeline on the simulated table."""
import math

from models.table import Sighting, Snapshot
from tests.games.ccr.driver import ready, run
from tests.games.ccr.test_scoring import _withdrawn_round, rows_for

P3 = ["RED", "BLUE", "GREEN"]


def snap(game, state, moves=None, drop=(), extra=()):
    """The snapshot of the canonical table, with tags moved (payload -> (x, y)),
    dropped or added."""
    out = []
    moves = dict(moves or {})
    for p in game.arrange(state):
        if p.payload in drop:
            continue
        x, y = moves.pop(p.payload, (p.x_mm, p.y_mm))
        out.append(Sighting(p.payload, x, y, p.angle_deg))
    out += [Sighting(payload, x, y) for payload, (x, y) in moves.items()]     # taken from the bowls
    return Snapshot(1.0, tuple(out) + tuple(extra))


def pos(game, state, payload):
    return next((p.x_mm, p.y_mm) for p in game.arrange(state) if p.payload == payload)


def side_spot(game, state, area, side, k=0):
    """A free spot in an area's play or locked side (next to its divider)."""
    d = next(p for p in game.arrange(state) if p.payload == f"CCR:DIVIDER:{area}")
    a = math.radians(d.angle_deg)
    ux = -math.sin(a)
    sign = 1 if side == "play" else -1
    return d.x_mm + sign * ux * (40 + 38 * (k % 3)), d.y_mm - 60 - 38 * (k // 3)


def test_read_equals_expected_through_a_whole_game_and_every_change_is_applied():
    from tests.games.ccr.driver import Table
    game, _ = ready(P3)
    for players in (["RED", "BLUE"], P3, ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"]):
        s = game.setup(players)
        table = Table(game, s, seed=3, withdraw_rate=0.1)
        steps = 0
        while not game.is_over(s):
            a = table.next_action(s)
            new, _ = game.apply(s, a)
            assert game.read(s, snap(game, s)) == game.expected_table(s)
            v = game.referee(s, snap(game, new))
            if a.type in ("withdraw", "choose_start"):       # said on the console: the table shows nothing
                assert v.status == "in_sync"
            else:
                assert (v.status, v.actions) == ("applied", [a]), (a, [p.text for p in v.prompts])
            s = new
            steps += 1
        assert steps > 80


def test_lock_and_take_seen_together_are_both_applied():
    game, s = ready(P3)
    s = run(game, s, [{"type": "take", "player": "RED", "sweets": ["K01"]},
                      {"type": "take", "player": "BLUE", "sweets": ["L01", "L02"]},
                      {"type": "take", "player": "GREEN", "sweets": ["C01"]}])
    moves = {"CCR:SWEET:K01": side_spot(game, s, "RED", "locked"),
             "CCR:SWEET:H01": side_spot(game, s, "RED", "play", 0),
             "CCR:SWEET:H02": side_spot(game, s, "RED", "play", 1)}
    v = game.referee(s, snap(game, s, moves))
    assert v.status == "applied" and [a.type for a in v.actions] == ["lock", "take"]
    assert v.state["areas"]["RED"] == {"play": ["H01", "H02"], "locked": ["K01"], "withdrawn": False}
    assert v.prompts[0].to == "BLUE"


def test_a_sweet_in_the_bowl_column_is_in_the_bowls():
    game, s = ready(P3)
    bowl = pos(game, s, "CCR:BOWL:L")
    reading = game.read(s, snap(game, s, extra=[Sighting("CCR:SWEET:L01", bowl[0] + 5, bowl[1] + 10)]))
    assert reading == game.expected_table(s)


def test_a_take_of_the_wrong_size_is_out_of_sync_with_the_reason():
    game, s = ready(P3)
    s = run(game, s, [{"type": "take", "player": "RED", "sweets": ["K01"]},
                      {"type": "take", "player": "BLUE", "sweets": ["L01", "L02"]}])
    moves = {f"CCR:SWEET:C0{i}": side_spot(game, s, "GREEN", "play", i - 1) for i in (1, 2, 3, 4)}
    v = game.referee(s, snap(game, s, moves))
    assert v.status == "out_of_sync" and v.state == s
    text = v.prompts[0].text
    assert "GREEN must take exactly 1 or 3 sweet(s) (BLUE's play area holds 2), not 4" in text
    assert "put C01 back in the bowls" in text and v.prompts[0].to == "GREEN" and v.prompts[0].level == "error"


def test_a_steal_from_a_play_area_of_one_is_out_of_sync_with_the_reason():
    game, s = ready(P3)
    s = run(game, s, [{"type": "take", "player": "RED", "sweets": ["K01"]},
                      {"type": "take", "player": "BLUE", "sweets": ["L01", "L02"]},
                      {"type": "take", "player": "GREEN", "sweets": ["C01"]},
                      {"type": "lock", "player": "RED"}])
    v = game.referee(s, snap(game, s, {"CCR:SWEET:C01": side_spot(game, s, "RED", "play")}))
    assert v.status == "out_of_sync"
    assert "GREEN's play area holds only 1 sweet(s); a steal needs 2 or more" in v.prompts[0].text
    assert "put C01 back in GREEN's play area" in v.prompts[0].text


def test_a_steal_is_seen_with_the_victims_pocketed_sweet():
    game, s = ready(P3)
    s = run(game, s, [{"type": "take", "player": "RED", "sweets": ["K01"]},
                      {"type": "take", "player": "BLUE", "sweets": ["L01", "L02"]},
                      {"type": "take", "player": "GREEN", "sweets": ["C01", "C02", "C03"]}])
    moves = {"CCR:SWEET:K01": side_spot(game, s, "RED", "locked"),
             "CCR:SWEET:C02": side_spot(game, s, "GREEN", "locked"),
             "CCR:SWEET:C01": side_spot(game, s, "RED", "play", 0),
             "CCR:SWEET:C03": side_spot(game, s, "RED", "play", 1)}
    v = game.referee(s, snap(game, s, moves))
    assert v.status == "applied" and [str(a) for a in v.actions][1] == \
        "steal(player='RED', victim='GREEN', pocket='C02', party=None)"


def test_locking_someone_elses_sweet_is_out_of_sync_with_the_reason():
    game, s = ready(P3)
    s = run(game, s, [{"type": "take", "player": "RED", "sweets": ["K01"]},
                      {"type": "take", "player": "BLUE", "sweets": ["L01", "L02"]},
                      {"type": "take", "player": "GREEN", "sweets": ["C01", "C02", "C03"]}])
    # BLUE's sweet moved behind BLUE's divider during RED's turn
    v = game.referee(s, snap(game, s, {"CCR:SWEET:L01": side_spot(game, s, "BLUE", "locked")}))
    assert v.status == "out_of_sync"
    assert v.prompts[0].text.startswith("It is RED's turn, yet L01 was moved behind BLUE's divider")
    assert "put L01 back in BLUE's play area" in v.prompts[0].text
    # RED pockets BLUE's sweet behind RED's own divider
    v = game.referee(s, snap(game, s, {"CCR:SWEET:K01": side_spot(game, s, "RED", "locked", 0),
                                       "CCR:SWEET:L02": side_spot(game, s, "RED", "locked", 1)}))
    assert v.status == "out_of_sync"
    assert "L02 from BLUE's play area was moved behind RED's divider: nobody locks someone else's sweet" \
        in v.prompts[0].text


def test_a_half_done_lock_is_waiting():
    game, s = ready(P3)
    s = run(game, s, [{"type": "take", "player": "RED", "sweets": ["K01"]},
                      {"type": "take", "player": "BLUE", "sweets": ["L01", "L02"]},
                      {"type": "take", "player": "GREEN", "sweets": ["C01"]},
                      {"type": "lock", "player": "RED"}, {"type": "take", "player": "RED", "sweets": ["H01", "H02"]},
                      ])
    v = game.referee(s, snap(game, s, {"CCR:SWEET:L01": side_spot(game, s, "BLUE", "locked")}))
    assert v.status == "waiting" and "L02 still to move behind your divider" in v.prompts[0].text


def test_end_phase_pocket_from_another_play_area_is_seen():
    from tests.games.ccr.test_distribution import _to_endphase
    game, s = _to_endphase()
    while s["areas"][s["turn"]]["play"]:
        x = s["turn"]
        s = run(game, s, [{"type": "pocket", "player": x, "sweet": s["areas"][x]["play"][0]}])
    x = s["turn"]
    donor = next(a for a in s["order"] if s["areas"][a]["play"])
    sweet = s["areas"][donor]["play"][0]
    v = game.referee(s, snap(game, s, {f"CCR:SWEET:{sweet}": side_spot(game, s, x, "locked", 5)}))
    assert v.status == "applied" and str(v.actions[0]) == f"pocket(player='{x}', sweet='{sweet}', party=None)"
    assert sweet in v.state["areas"][x]["locked"]


def test_two_player_double_turn_seen_at_once():
    game, s = ready(["RED", "BLUE"])
    s = run(game, s, [{"type": "take", "player": "RED", "sweets": ["K01"]}])
    moves = {"CCR:SWEET:L01": side_spot(game, s, "B", "play", 0), "CCR:SWEET:L02": side_spot(game, s, "B", "play", 1),
             "CCR:SWEET:H01": side_spot(game, s, "C", "play", 0), "CCR:SWEET:H02": side_spot(game, s, "C", "play", 1),
             "CCR:SWEET:H03": side_spot(game, s, "C", "play", 2)}
    v = game.referee(s, snap(game, s, moves))
    assert v.status == "applied" and [(a.type, a.party) for a in v.actions] == [("take", "B"), ("take", "C")]


def test_missing_divider_and_stray_tiles_are_named():
    game, s = ready(P3)
    v = game.referee(s, snap(game, s, drop={"CCR:DIVIDER:BLUE"}))
    assert v.status == "out_of_sync" and "Cannot see CCR:DIVIDER:BLUE" in v.prompts[0].text
    v = game.referee(s, snap(game, s, extra=[Sighting("CCR:FAV:2P3", 60, 300)]))
    assert v.status == "out_of_sync" and "CCR:FAV:2P3 lies outside the rows of the bowls" in v.prompts[0].text


def test_base_tiles_and_face_up_tiles_are_read_per_bowl():
    game = ready(P3)[0]
    s = game.setup(P3)
    after = run(game, s, [{"type": "base", "sweet": "L", "tile": "7"}, {"type": "base", "sweet": "C", "tile": "2"}])
    v = game.referee(s, snap(game, after))
    assert v.status == "applied" and [str(a) for a in v.actions] == [
        "base(sweet='L', tile='7')", "base(sweet='C', tile='2')"]
    # a base tile beside the wrong bowl
    s = run(game, s, [{"type": "base", "sweet": t, "tile": x} for t, x in zip("LHKBC", ["1", "2", "3", "6", "7"])])
    wrong = {"CCR:BASE:1": pos(game, s, "CCR:BASE:2"), "CCR:BASE:2": pos(game, s, "CCR:BASE:1")}
    v = game.referee(s, snap(game, s, wrong))
    assert v.status == "out_of_sync" and "lollipops: base value tile should be 1, the table shows 2" in \
        v.prompts[0].text


def test_scoring_rows_are_read_left_to_right_and_waiting_while_laid():
    game, s = _withdrawn_round(P3, takes=[("RED", ["K01"])])
    rows = rows_for(game, s)
    done = run(game, s, [{"type": "reveal", "sweet": "L", "tiles": rows["L"]}])
    half = [p for p in game.arrange(done) if p.payload != f"CCR:FAV:{rows['L'][-1]}"]
    v = game.referee(s, Snapshot(1.0, tuple(Sighting(p.payload, p.x_mm, p.y_mm, p.angle_deg) for p in half)))
    assert v.status == "waiting" and "lollipops (3 of 4)" in v.prompts[0].text
    v = game.referee(s, snap(game, done))
    assert v.status == "applied" and list(v.actions[0].tiles) == rows["L"]
    # the same tiles laid in another order are another row
    x = [pos(game, done, f"CCR:FAV:{t}") for t in rows["L"]]
    swapped = {f"CCR:FAV:{rows['L'][0]}": x[1], f"CCR:FAV:{rows['L'][1]}": x[0]}
    v = game.referee(s, snap(game, done, swapped))
    assert v.status == "applied" and list(v.actions[0].tiles) == [rows["L"][1], rows["L"][0]] + rows["L"][2:]


def test_removals_and_the_return_of_the_sweets_are_seen():
    game, s = _withdrawn_round(P3, takes=[("RED", ["K01"]), ("BLUE", ["L01", "L02"])])
    for t, row in rows_for(game, s).items():
        s = run(game, s, [{"type": "reveal", "sweet": t, "tiles": row}])
    v = game.referee(s, snap(game, s, drop={"CCR:SWEET:K01", "CCR:SWEET:L02"}))
    assert v.status == "applied" and sorted(str(a) for a in v.actions) == [
        "remove(player='BLUE', sweet='L02')", "remove(player='RED', sweet='K01')"]
    s = v.state
    assert s["phase"] == "return"
    v = game.referee(s, snap(game, s))
    assert v.status == "in_sync" and "Put every sweet back in its bowl" in v.prompts[0].text
    tiles_only = [p.payload for p in game.arrange(s) if ":SWEET:" not in p.payload and ":BOWL:" not in p.payload
                  and ":DIVIDER:" not in p.payload and not p.payload.startswith("TC:")]
    v = game.referee(s, snap(game, s, drop={"CCR:SWEET:L01"}))
    assert v.status == "waiting"
    v = game.referee(s, snap(game, s, drop={"CCR:SWEET:L01", *tiles_only}))
    assert v.status == "applied" and v.actions[0].type == "next_round" and v.state["round"] == 2


def test_reading_does_not_depend_on_where_the_table_is_turned():
    """The whole layout turned half round (bowls running the other way, dividers
    flipped): rows still read left to right along the bowl line, sides by divider."""
    game, s = _withdrawn_round(P3, takes=[("RED", ["K01"]), ("BLUE", ["L01", "L02"])])
    for t, row in list(rows_for(game, s).items())[:3]:
        s = run(game, s, [{"type": "reveal", "sweet": t, "tiles": row}])
    turned = tuple(Sighting(p.payload, 900 - p.x_mm, 600 - p.y_mm, (p.angle_deg + 180) % 360)
                   for p in game.arrange(s))
    assert game.read(s, Snapshot(1.0, turned)) == game.expected_table(s)
