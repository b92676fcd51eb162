"""The buzzer calls the table's attention to what happened, whatever the game."""
import json
from pathlib import Path

from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.config import load_config
from companion.live.session import Session
from hardware.indicators import IndicatorPins, Indicators
from models.engine import IllegalAction

SCRIPT = Path(__file__).parents[2] / "docs" / "games" / "ghost-at-home.script.json"


def test_an_escape_attempt_sounds_the_escape_pattern(tmp_path):
    factory = MockFactory(pin_class=MockPWMPin)
    ind = Indicators(IndicatorPins(seats={"RED": 17, "BLUE": 27}), factory=factory)
    cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(tmp_path / "j.sqlite")})
    s = Session(cfg, indicators=ind)
    try:
        s.new_game("GAH", "red,blue", {})
        for action in json.loads(SCRIPT.read_text()):
            try:
                s.apply(action)
            except IllegalAction:
                continue                       # the script holds deliberate mistakes
            if any(e["type"] == "escape" for e in s.view()["events"]):
                break
        assert s.view()["events"][-1]["type"] == "escape"
        assert ind.state()["beep"] == "escape"
        assert "RED is escaping" in " ".join(p["text"] for p in s.view()["prompts"])
    finally:
        ind.close()
