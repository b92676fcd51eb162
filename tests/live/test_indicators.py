"""LEDs, buzzer and buttons on gpiozero's MockFactory: the pins carry what the table should see."""
import time

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware.indicators import IndicatorPins, Indicators

PINS = IndicatorPins(seats={"RED": 17, "BLUE": 27, "GREEN": 22}, status_red=5, status_green=6,
                     status_blue=13, buzzer=19, confirm_button=20, undo_button=21)


@pytest.fixture
def board():
    factory = MockFactory(pin_class=MockPWMPin)
    ind = Indicators(PINS, factory=factory)
    yield ind, factory
    ind.close()


def wait_for(cond, timeout=3.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.01)
    return cond()


def test_seat_leds_show_whose_turn(board):
    ind, f = board
    ind.show_turn(["blue"])
    assert [f.pin(n).state for n in (17, 27, 22)] == [0, 1, 0]
    ind.show_turn(["RED", "GREEN"])
    assert [f.pin(n).state for n in (17, 27, 22)] == [1, 0, 1]
    assert ind.state()["seats"] == {"RED": True, "BLUE": False, "GREEN": True}


@pytest.mark.parametrize("status, rgb",
                         [("green", (0, 1, 0)), ("amber", (1, 0.5, 0)), ("red", (1, 0, 0)), ("off", (0, 0, 0))])
def test_status_led_colours_on_the_pins(board, status, rgb):
    ind, f = board
    ind.show_status(status)
    assert tuple(f.pin(n).state for n in (5, 6, 13)) == pytest.approx(rgb)
    assert ind.state()["status"] == status


def test_unknown_status_is_refused(board):
    ind, _ = board
    with pytest.raises(ValueError, match="green, amber, red"):
        ind.show_status("blue")


def test_buzzer_beeps_the_illegal_pattern_and_stops(board):
    ind, f = board
    buzzer = f.pin(19)
    buzzer.clear_states()
    ind.beep("illegal")
    assert ind.state()["buzzer"] is True
    assert ind.state()["beep"] == "illegal"
    assert wait_for(lambda: not ind.state()["buzzer"])
    highs = sum(1 for s in buzzer.states if s.state == 1)
    assert highs == 3                        # three short beeps
    assert buzzer.state == 0


def test_buttons_call_back(board):
    ind, f = board
    hits = []
    ind.on_confirm(lambda: hits.append("confirm"))
    ind.on_undo(lambda: hits.append("undo"))
    f.pin(20).drive_low()
    f.pin(20).drive_high()
    time.sleep(0.06)                         # past the 50 ms debounce
    f.pin(21).drive_low()
    f.pin(21).drive_high()
    assert wait_for(lambda: hits == ["confirm", "undo"])
    assert ind.state()["presses"] == {"confirm": 1, "undo": 1}


def test_a_failing_callback_does_not_kill_the_button(board):
    ind, f = board
    calls = []

    def boom():
        calls.append(1)
        raise ValueError("nothing to confirm")
    ind.on_confirm(boom)
    for _ in range(2):
        f.pin(20).drive_low()
        f.pin(20).drive_high()
        time.sleep(0.06)
    assert wait_for(lambda: len(calls) == 2)


def test_auto_factory_is_mock_off_a_pi():
    from hardware.indicators import on_raspberry_pi
    ind = Indicators(IndicatorPins(seats={"RED": 17}), factory="auto")
    try:
        assert ind.mock is (not on_raspberry_pi())
    finally:
        ind.close()


@pytest.fixture
def quick_hold():
    """A board whose long press is 0.3 s (the table's is 1.5 s), with an undo
    button that also has a long press."""
    factory = MockFactory(pin_class=MockPWMPin)
    ind = Indicators(PINS, factory=factory, hold_s=0.3)
    hits = []
    ind.on_undo(lambda: hits.append("undo"), held=lambda: hits.append("held"))
    yield ind, factory, hits
    ind.close()


def test_a_short_press_of_undo_undoes_once_and_does_not_mute(quick_hold):
    ind, f, hits = quick_hold
    f.pin(21).drive_low()
    f.pin(21).drive_high()
    assert wait_for(lambda: hits == ["undo"])
    time.sleep(0.5)                          # past the long press's time: nothing more comes
    assert hits == ["undo"]
    assert ind.state()["presses"]["undo"] == 1 and ind.state()["holds"] == 0


def test_a_long_press_of_undo_mutes_and_never_undoes(quick_hold):
    ind, f, hits = quick_hold
    f.pin(21).drive_low()
    assert wait_for(lambda: hits == ["held"])      # while still held down
    time.sleep(0.5)                                 # held on: it does not fire again
    f.pin(21).drive_high()
    time.sleep(0.1)
    assert hits == ["held"]
    assert ind.state()["presses"]["undo"] == 0 and ind.state()["holds"] == 1
    time.sleep(0.06)                                # past the debounce: a short press after still undoes
    f.pin(21).drive_low()
    f.pin(21).drive_high()
    assert wait_for(lambda: hits == ["held", "undo"])


def test_the_muted_cue_is_two_clicks(board):
    ind, f = board
    buzzer = f.pin(19)
    buzzer.clear_states()
    ind.beep("muted")
    assert ind.state()["beep"] == "muted"
    assert wait_for(lambda: not ind.state()["buzzer"])
    assert sum(1 for s in buzzer.states if s.state == 1) == 2
