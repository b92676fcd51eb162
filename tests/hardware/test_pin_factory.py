"""The pin factory: gpiozero's own choice on a Pi, its mock factory anywhere else
(so the demo and the tests run on any machine), and gpiozero's own factories by
name."""
from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware import indicators
from hardware.indicators import IndicatorPins, Indicators, make_pin_factory


def test_off_a_pi_auto_is_the_mock_factory_with_pwm_pins(monkeypatch):
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(indicators, "on_raspberry_pi", lambda: False)
    f = make_pin_factory("auto")
    assert isinstance(f, MockFactory) and f.pin_class is MockPWMPin


def test_on_a_pi_auto_leaves_the_choice_to_gpiozero(monkeypatch):
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(indicators, "on_raspberry_pi", lambda: True)
    assert make_pin_factory("auto") is None


def test_gpiozero_pin_factory_is_honoured(monkeypatch):
    monkeypatch.setattr(indicators, "on_raspberry_pi", lambda: False)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    assert isinstance(make_pin_factory("auto"), MockFactory)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "lgpio")
    assert make_pin_factory("auto") is None          # gpiozero loads what it names


def test_an_unknown_factory_is_refused_with_the_names_gpiozero_knows():
    with pytest.raises(ValueError, match=r"unknown pin factory 'gpio9' \(auto, mock, .*lgpio.*native"):
        make_pin_factory("gpio9")


def test_seat_leds_and_buttons_on_gpiozero_boards():
    factory = MockFactory(pin_class=MockPWMPin)
    ind = Indicators(IndicatorPins(seats={"red": 17, "BLUE": 27}), factory=factory)
    try:
        ind.show_turn(["BLUE"])
        assert ind.state()["seats"] == {"RED": False, "BLUE": True}
        assert factory.pin(27).state and not factory.pin(17).state
        pressed = []
        ind.on_undo(lambda: pressed.append("undo"))
        factory.pin(21).drive_low()
        assert pressed == ["undo"] and ind.state()["presses"]["undo"] == 1
    finally:
        ind.close()
