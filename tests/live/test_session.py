"""The live session on the simulated table: real frames, the real pipeline and
decoder, the Ghosts Love Candy referee, the SQLite journal, gpiozero's
MockFactory for the LEDs, buzzer and buttons."""
import json
import time

import numpy as np
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.config import load_config
from companion.live.session import Session
from hardware.frames import Frame, FrameSourceError
from hardware.indicators import IndicatorPins, Indicators
from hardware.simtable import SimulatedTable

from .tables import PLAYERS, short_game, source_for

PINS = IndicatorPins(seats={"RED": 17, "BLUE": 27, "GREEN": 22}, status_red=5, status_green=6, status_blue=13,
                     buzzer=19, confirm_button=20, undo_button=21)


@pytest.fixture(scope="module")
def game():
    return short_game()


def make_session(tmp_path, indicators=False, **kw):
    cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(tmp_path / "journal.sqlite"),
                                 "COMPANION_REFEREE_PIN": "4321"})
    return Session(cfg, indicators=indicators, backoff=(0.01, 0.05), **kw)


def record(session):
    views = []
    session.on_change(views.append)
    return views


def wait_for(cond, timeout=10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


def test_a_game_refereed_from_the_camera(tmp_path, game):
    factory = MockFactory(pin_class=MockPWMPin)
    ind = Indicators(PINS, factory=factory)
    s = make_session(tmp_path, indicators=ind)
    views = record(s)
    s.new_game("GLC", PLAYERS, {})
    factory.pin(19).clear_states()
    s.start(source_for(game.engine.arrange(game.start), game.beats))
    assert s.wait(120)
    s.stop()
    final = s.view()

    # every legal change was applied and journalled, in order, as the table showed it
    entries = s.journal.entries(s.game_id)
    assert [e.kind for e in entries] == ["action"] * 9
    assert [a for e in entries for a in e.actions] == game.actions()
    assert s.state == game.states[-1]
    assert final["score"] == game.engine.score(game.states[-1]).to_json()
    assert final["status"] == "applied"

    # the illegal haunt was refused with the rules' reason, and nothing changed
    bad = [v for v in views if v["status"] == "out_of_sync"]
    assert bad, "the illegal haunt was never reported"
    texts = " ".join(p["text"] for p in bad[0]["prompts"])
    assert "it is RED's turn, not BLUE's" in texts
    assert bad[0]["indicators"]["status"] == "red"
    # ...the buzzer sounded the three short beeps of an illegal move
    assert wait_for(lambda: sum(1 for st in factory.pin(19).states if st.state == 1) >= 3, 3.0)
    # ...and taking the ghost back put the table in sync again
    after = views[views.index(bad[-1]) + 1:]
    assert any(v["status"] == "in_sync" and v["indicators"]["status"] == "green" for v in after)

    # amber while a hand was over the table
    assert any(v["settling"] and v["indicators"]["status"] == "amber" for v in views)
    # whose turn: after the reveal RED's LED alone; at the end BLUE must haunt
    turn_red = [v for v in views if v["state"] and v["state"]["phase"] == "turns" and v["state"]["current"] == "RED"]
    assert turn_red and turn_red[0]["indicators"]["seats"]["RED"] and not turn_red[0]["indicators"]["seats"]["GREEN"]
    assert final["state"]["current"] == "BLUE"
    assert factory.pin(27).state == 1 and factory.pin(22).state == 0          # BLUE lit, GREEN dark
    assert tuple(factory.pin(n).state for n in (5, 6, 13)) == (0, 1, 0)       # green

    # seq rises by one per published view; the public view holds no hands
    seqs = [v["seq"] for v in views]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))
    text = json.dumps(final)
    in_hand = [g for hand in s.state["hands"].values() for g in hand]
    assert len(in_hand) == 24
    assert not [g for g in in_hand if f'"{g}"' in text or f"GHOST:{g}" in text]
    assert final["camera"]["frames"] > 50 and final["camera"]["calibrated"]
    assert s.latest_frame_jpeg()[:2] == b"\xff\xd8"
    s.close()


class FlakyTable(SimulatedTable):
    """A simulated camera that stops delivering frames for ``outage`` reads once
    frame ``at`` is reached (a pulled cable), then comes back."""

    def __init__(self, *a, at=15, outage=6, **kw):
        super().__init__(*a, **kw)
        self.at, self.outage, self.failed, self.opens = at, outage, 0, 0

    def open(self):
        self.opens += 1
        super().open()

    def read(self):
        if self.index >= self.at and self.failed < self.outage:
            self.failed += 1
            raise FrameSourceError("camera unplugged (simulated)")
        return super().read()


def test_a_camera_that_stops_and_comes_back(tmp_path, game):
    s = make_session(tmp_path)
    views = record(s)
    s.new_game("GLC", PLAYERS, {})
    src = source_for(game.engine.arrange(game.start), game.beats[:3], source_cls=FlakyTable, at=14, outage=6)
    s.start(src)
    assert s.wait(60)
    lost = [v for v in views if v["status"] == "camera_lost"]
    assert lost and lost[0]["camera"]["ok"] is False and lost[0]["indicators"]["status"] == "red"
    assert "camera unplugged" in lost[0]["camera"]["last_error"]
    assert s.view()["camera"]["errors"] == 6
    assert src.opens >= 6                                     # reopened after each failure
    assert any(e["type"] == "camera_back" for e in s.view()["events"])
    # the game went on once frames came back: all three kids were dealt
    assert [a for e in s.journal.entries(s.game_id) for a in e.actions] == game.actions(3)
    s.close()


class GarbledTable(SimulatedTable):
    """A simulated camera that delivers one frame of garbage (a corrupted buffer)."""

    def read(self):
        frame = super().read()
        if frame is not None and frame.index == 12:
            return Frame(np.zeros((7,), np.uint8), frame.t, frame.index)
        return frame


def test_a_frame_that_cannot_be_decoded_is_counted_and_skipped(tmp_path, game):
    s = make_session(tmp_path)
    s.new_game("GLC", PLAYERS, {})
    s.start(source_for(game.engine.arrange(game.start), game.beats[:2], source_cls=GarbledTable))
    assert s.wait(60)
    v = s.view()
    assert v["camera"]["bad_frames"] == 1
    assert "frame 12" in v["camera"]["last_error"]
    assert [a for e in s.journal.entries(s.game_id) for a in e.actions] == game.actions(2)
    s.close()


def test_buttons_undo_and_confirm_what_the_camera_saw(tmp_path, game):
    """RED haunts but leaves the candy on the kid: the referee waits. The undo
    button takes nothing back yet (nothing applied since the start) ... then the
    confirm button accepts the haunt as read; undo takes it back again."""
    g = game.engine
    factory = MockFactory(pin_class=MockPWMPin)
    ind = Indicators(PINS, factory=factory)
    s = make_session(tmp_path, indicators=ind)
    s.new_game("GLC", PLAYERS, {})
    s.apply(game.actions(8))                                  # up to everyone's reveal
    revealed = game.states[7]
    haunted, _ = g.apply(revealed, g.parse_action({"type": "haunt", "player": "RED", "slot": 2}))
    candy = "GLC:CANDY:" + revealed["slots"][1]["candy"][0]
    before = {p.payload: p for p in g.arrange(revealed)}
    left = [before[candy] if p.payload == candy else p for p in g.arrange(haunted)]   # candy not taken
    from companion.demo.timeline import Beat
    s.start(source_for(g.arrange(revealed), [Beat("RED haunts, leaves the candy", left, "waiting")]))
    assert s.wait(60)
    assert s.view()["status"] == "waiting"
    assert any(candy.split(":")[2] in p["text"] for p in s.view()["prompts"])
    assert s.state == revealed

    def press(pin):
        n = len(s.journal.entries(s.game_id))
        factory.pin(pin).drive_low()
        factory.pin(pin).drive_high()
        assert wait_for(lambda: len(s.journal.entries(s.game_id)) > n)

    press(20)                                                 # confirm
    e = s.journal.entries(s.game_id)[-1]
    assert e.kind == "confirm" and e.actions == [{"type": "haunt", "player": "RED", "slot": 2, "take_from": None}]
    assert s.state == haunted
    assert s.view()["status"] in ("waiting", "out_of_sync")  # the candy still has to move to RED's stash
    time.sleep(0.06)
    press(21)                                                 # undo
    assert s.journal.entries(s.game_id)[-1].kind == "undo"
    assert s.state == revealed
    assert ind.state()["presses"] == {"confirm": 1, "undo": 1}
    s.close()


def test_stray_codes_and_second_copies_are_reported_not_guessed(tmp_path, game):
    from models.table import Placement
    g = game.engine
    strays = [Placement("hello table", 60.0, 300.0), Placement("GLC:CANDY:CHOC8", 840.0, 250.0),
              Placement("GLC:CANDY:CHOC8", 840.0, 350.0)]
    from companion.demo.timeline import Beat
    start = g.arrange(game.start) + strays
    beats = [Beat(b.say, b.placements + strays, b.expect, b.actions) for b in game.beats[:2]]
    s = make_session(tmp_path)
    views = record(s)
    s.new_game("GLC", PLAYERS, {})
    s.start(source_for(start, beats))
    assert s.wait(60)
    faults = " | ".join(f for v in views for f in v["faults"])
    assert "GLC:CANDY:CHOC8 is seen twice at once" in faults
    assert "'hello table'" in faults
    assert s.view()["camera"]["rejected"] > 0
    # neither stray changed the game: the two kids were dealt as the table showed
    assert [a for e in s.journal.entries(s.game_id) for a in e.actions] == game.actions(2)
    s.close()
