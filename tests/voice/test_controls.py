"""The voice turned down or muted while it runs (the console, a long press of
the table's undo button), and a phone's copy of what it says: a real session,
the real espeak-ng, gpiozero's mock pins."""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.config import load_config
from companion.live.session import Session
from companion.voice import Voice
from companion.voice.sinks import FileSink, SpeakerSink
from companion.voice.synth import Espeak
from hardware.indicators import IndicatorPins, Indicators
from tests.voice.conftest import sox_stat

PLAYERS = ["RED", "BLUE", "GREEN"]
PINS = IndicatorPins(seats={"RED": 17, "BLUE": 27, "GREEN": 22}, confirm_button=20, undo_button=21)


def wait_for(cond: Callable[[], Any], timeout: float = 20.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return bool(cond())


class Table:
    """A session with a game of Ghosts Love Candy, the table's buttons on mock
    pins (a long press of 0.3 s) and a voice speaking English to the null
    speaker and to WAV files."""

    def __init__(self, tmp_path: Path):
        self.factory = MockFactory(pin_class=MockPWMPin)
        self.indicators = Indicators(PINS, factory=self.factory, hold_s=0.3)
        cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(tmp_path / "journal.sqlite"),
                                     "COMPANION_REFEREE_PIN": "4321"})
        self.session = Session(cfg, indicators=self.indicators)
        self.files = FileSink(tmp_path / "said")
        self.voice = Voice("en", Espeak("en"), [SpeakerSink("null"), self.files], voices="")
        self.voice.attach(self.session)
        self.voice.start()
        self.session.new_game("GLC", PLAYERS, {})

    def press_undo(self, hold: bool = False) -> None:
        pin = self.factory.pin(21)
        holds = self.indicators.state()["holds"]
        pin.drive_low()
        if hold:
            assert wait_for(lambda: self.indicators.state()["holds"] > holds)
        pin.drive_high()
        time.sleep(0.06)                           # past the buttons' debounce

    def close(self) -> None:
        self.voice.close()
        self.session.close()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = Table(tmp_path)
    yield t
    t.close()


def deal(s: Session) -> None:
    """The kids dealt and the first round's candy placed: everyone's turn to choose a ghost."""
    deck = list(s.state["kid_deck"])
    s.apply([{"type": "reveal_kid", "slot": i, "kid": deck[i - 1]} for i in range(1, s.state["slot_count"] + 1)])
    candy = list(s.state["candy_deck"])
    s.apply([{"type": "place_candy", "slot": i, "candy": candy[i - 1]} for i in range(1, s.state["slot_count"] + 1)])


def test_the_public_view_says_whether_the_voice_is_muted_and_how_loud(table: Table) -> None:
    v = table.session.view()["voice"]
    assert v == {"muted": False, "volume": 100, "speaker": True, "lang": "en", "said": v["said"], "kind": v["kind"]}
    state = table.session.set_voice(muted=True, volume=40)
    assert state["muted"] is True and state["volume"] == 40
    assert table.session.view()["voice"]["muted"] is True and table.session.view()["voice"]["volume"] == 40
    assert table.voice.synth.volume == 40                 # espeak-ng's amplitude from the next sentence on


def test_bad_values_are_refused_in_words(table: Table) -> None:
    for bad in (101, -1, 50.5, True, "60"):
        with pytest.raises(ValueError, match="whole number from 0 to 100"):
            table.session.set_voice(volume=bad)              # type: ignore[arg-type]
    with pytest.raises(ValueError, match="true or false"):
        table.session.set_voice(muted="yes")                 # type: ignore[arg-type]
    assert table.session.view()["voice"]["volume"] == 100


def test_a_table_without_a_voice_says_so(tmp_path: Path) -> None:
    cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(tmp_path / "j.sqlite")})
    s = Session(cfg, indicators=False)
    try:
        assert s.view()["voice"] is None and s.voice_wav(1, "en") is None
        with pytest.raises(LookupError, match="no voice"):
            s.set_voice(muted=True)
    finally:
        s.close()


def test_unmuted_it_says_voice_on_and_muted_it_still_writes_its_files(table: Table) -> None:
    table.session.set_voice(muted=True)
    deal(table.session)                                      # everyone's turn: said to the files only
    assert wait_for(lambda: any(k == "turn" for k, _ in table.voice.said))
    table.session.set_voice(muted=False)
    assert wait_for(lambda: table.voice.said[-1] == ("voice", "Voice on"))
    names = [p.name.split("-", 1)[1] for p in table.files.written]
    assert names[-2:] == ["turn.wav", "voice.wav"]
    assert sox_stat(table.files.written[-1])["RMS     amplitude"] > 0.01


def test_a_long_press_of_undo_mutes_the_voice_and_undoes_nothing(table: Table) -> None:
    s = table.session
    deal(s)
    entries = len(s.journal.entries(s.game_id))
    table.press_undo(hold=True)
    assert wait_for(lambda: s.view()["voice"]["muted"] is True)
    assert table.indicators.state()["beep"] == "muted"       # two clicks: a voice cannot say it is muted
    assert len(s.journal.entries(s.game_id)) == entries      # nothing undone
    table.press_undo(hold=True)                               # again: unmuted, and it says so
    assert wait_for(lambda: table.voice.said and table.voice.said[-1] == ("voice", "Voice on"))
    assert len(s.journal.entries(s.game_id)) == entries
    assert table.indicators.state()["presses"]["undo"] == 0 and table.indicators.state()["holds"] == 2


def test_a_short_press_of_undo_still_undoes_exactly_once(table: Table) -> None:
    s = table.session
    deal(s)
    entries = len(s.journal.entries(s.game_id))
    table.press_undo()
    assert wait_for(lambda: s.journal.entries(s.game_id)[-1].kind == "undo")
    time.sleep(0.5)                                           # past the long press: nothing more happens
    assert len(s.journal.entries(s.game_id)) == entries + 1
    assert s.view()["voice"]["muted"] is False


def test_a_long_press_at_a_table_without_a_voice_is_told_on_the_page(tmp_path: Path) -> None:
    factory = MockFactory(pin_class=MockPWMPin)
    ind = Indicators(PINS, factory=factory, hold_s=0.3)
    s = Session(load_config(None, env={"COMPANION_JOURNAL_PATH": str(tmp_path / "j.sqlite")}), indicators=ind)
    try:
        s.new_game("GLC", PLAYERS, {})
        factory.pin(21).drive_low()
        assert wait_for(lambda: ind.state()["holds"] == 1)
        factory.pin(21).drive_high()
        assert wait_for(lambda: "no voice to mute" in str(s.view()["events"][-1]["text"]))
        assert [e.kind for e in s.journal.entries(s.game_id)] == []
    finally:
        s.close()


def test_a_phone_hears_the_same_sentences_in_its_own_language(table: Table) -> None:
    deal(table.session)
    assert wait_for(lambda: table.session.view()["voice"]["kind"] == "turn")
    n = table.session.view()["voice"]["said"]
    en, de = table.session.voice_wav(n, "en"), table.session.voice_wav(n, "de")
    assert en is not None and de is not None
    assert en[:4] == b"RIFF" and en[8:12] == b"WAVE" and de[:4] == b"RIFF"
    assert en != de                                           # "RED: your turn" / "RED: du bist dran"
    assert table.session.voice_wav(n, "de") is de             # rendered once, kept
    assert table.session.voice_wav(n + 1, "en") is None       # not said (yet)
    assert table.session.voice_wav(0, "en") is None
    with pytest.raises(ValueError, match="no voice for language 'fr'"):
        table.session.voice_wav(n, "fr")


def test_only_the_last_few_sentences_are_kept_for_phones(table: Table) -> None:
    from companion.voice.phones import KEEP as PHONE_KEEP
    for _ in range(PHONE_KEEP + 1):                          # "Voice on" after each unmute: one sentence each
        said = table.session.view()["voice"]["said"]
        table.session.set_voice(muted=True)
        table.session.set_voice(muted=False)
        assert wait_for(lambda before=said: table.session.view()["voice"]["said"] > before)
    n = table.session.view()["voice"]["said"]
    assert table.session.voice_wav(n, "es") is not None
    assert table.session.voice_wav(n - PHONE_KEEP, "es") is None      # dropped, and so is its sound
    assert {k[0] for k in table.voice.phones.kept()} <= set(range(n - PHONE_KEEP + 1, n + 1))
