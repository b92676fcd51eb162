"""The lights, the buzzer and the two buttons at the table, behind one small interface.

* one LED per seat: lit while that player has something to do (whose turn);
* a status RGB LED: green in sync, amber waiting (the table is settling, or a
  chore is under way), red out of sync (or the camera is lost);
* a buzzer: short patterns for an illegal move and for a scare;
* a confirm and an undo button (to ground, internal pull-up), wired to callbacks;
  a long press of the undo button (:data:`HOLD_S`) may do something else (mute
  the voice): the undo then acts on the release of a short press, so a long
  press never also undoes.

On a Raspberry Pi gpiozero drives real pins; anywhere else (or with
``factory="mock"``) gpiozero's :class:`~gpiozero.pins.mock.MockFactory` keeps
each pin's state, so tests and the demo see exactly what the LEDs would show::

    ind = Indicators(IndicatorPins(seats={"RED": 17, "BLUE": 27}), factory="mock")
    ind.show_turn(["RED"]); ind.show_status("amber")
    ind.state()   # {"seats": {"RED": True, "BLUE": False}, "status": "amber", "buzzer": False, ...}
    ind.on_confirm(lambda: print("confirmed"))
    ind.on_undo(lambda: print("undone"), held=lambda: print("held: voice muted"))
"""
from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)

STATUS_COLOURS: dict[str, tuple[float, float, float]] = {
    "off": (0.0, 0.0, 0.0),
    "green": (0.0, 1.0, 0.0),
    "amber": (1.0, 0.5, 0.0),
    "red": (1.0, 0.0, 0.0),
}

# name -> (on seconds, off seconds, count)
BEEPS: dict[str, tuple[float, float, int]] = {
    "illegal": (0.08, 0.08, 3),   # three short: that was not allowed
    "scare": (0.4, 0.1, 1),       # one long: a kid got scared
    "escape": (0.3, 0.15, 2),     # two long: someone is escaping, the others may answer
    "button": (0.03, 0.0, 1),     # a click: the button was heard
    "muted": (0.05, 0.1, 2),      # two clicks: the voice is muted (a long press of undo)
}

#: how long the undo button is held for its long press (seconds)
HOLD_S = 1.5


@dataclass
class IndicatorPins:
    """GPIO (BCM) numbers. ``seats``: seat colour -> LED pin."""

    seats: dict[str, int] = field(default_factory=dict)
    status_red: int = 5
    status_green: int = 6
    status_blue: int = 13
    buzzer: int = 19
    confirm_button: int = 20
    undo_button: int = 21


def on_raspberry_pi() -> bool:
    try:
        with open("/proc/device-tree/model", "rb") as fh:
            return b"Raspberry Pi" in fh.read()
    except OSError:
        return False


def make_pin_factory(factory: str = "auto") -> Any:
    """The gpiozero pin factory for ``factory`` (``[pins] factory`` in the config).

    * ``auto``: on a Raspberry Pi, gpiozero's own choice (or what
      ``GPIOZERO_PIN_FACTORY`` names): None, which tells gpiozero to choose;
      anywhere else gpiozero's mock factory, so the demo and the tests run on
      any machine;
    * ``mock``: gpiozero's :class:`~gpiozero.pins.mock.MockFactory` with PWM pins
      (the status LED dims its colours);
    * any other name: one of gpiozero's own pin factories (``lgpio``,
      ``rpigpio``, ``pigpio``, ``native``), found as gpiozero finds them."""
    if factory == "auto":
        chosen = os.environ.get("GPIOZERO_PIN_FACTORY", "")
        if chosen.lower() == "mock" or not (chosen or on_raspberry_pi()):
            factory = "mock"
        else:
            return None     # gpiozero's default
    if factory == "mock":
        from gpiozero.pins.mock import MockFactory, MockPWMPin
        return MockFactory(pin_class=MockPWMPin)
    from importlib.metadata import entry_points
    found = {ep.name: ep for ep in entry_points(group="gpiozero_pin_factories")}
    if factory.lower() in found:
        return found[factory.lower()].load()()
    names = ", ".join(["auto", "mock", *sorted(n for n in found if n != "mock")])
    raise ValueError(f"unknown pin factory {factory!r} ({names})")


class Indicators:
    """The table's LEDs, buzzer and buttons. ``factory``: a name for
    :func:`make_pin_factory` or a gpiozero pin factory object; ``hold_s``: how
    long a long press of the undo button lasts."""

    def __init__(self, pins: IndicatorPins, factory: Any = "auto", hold_s: float = HOLD_S):
        from gpiozero import RGBLED, ButtonBoard, Buzzer, LEDBoard

        self.pins = pins
        self.pin_factory = make_pin_factory(factory) if isinstance(factory, str) else factory
        self.mock = type(self.pin_factory).__name__ == "MockFactory"
        kw = {"pin_factory": self.pin_factory}
        self._lock = threading.Lock()
        self._devices: list[Any] = []
        self._colours = [c.upper() for c in pins.seats]
        self._seat_board = self._add(LEDBoard(**{c: pin for c, pin in zip(self._colours, pins.seats.values())},
                                              **kw)) if pins.seats else None
        self._status_name = "off"
        self._rgb = self._add(RGBLED(pins.status_red, pins.status_green, pins.status_blue, **kw))
        self._buzzer = self._add(Buzzer(pins.buzzer, **kw))
        self._beep_until = 0.0
        self._beep_name = ""
        self._buttons = self._add(ButtonBoard(confirm=pins.confirm_button, undo=pins.undo_button,
                                              pull_up=True, bounce_time=0.05, **kw))
        self._buttons.undo.hold_time = hold_s
        self._presses = {"confirm": 0, "undo": 0}
        self._holds = 0
        self._undo_lock = threading.Lock()     # a press's state, between gpiozero's two threads
        self._undo_down = False                # the undo button is down ...
        self._undo_held = False                # ... and its long press has fired

    def _add(self, device: Any) -> Any:
        self._devices.append(device)
        return device

    # ---- outputs

    def show_turn(self, players: Iterable[str]) -> None:
        """Light the LEDs of these seats (whose turn / who must act), dark the others."""
        lit = {p.upper() for p in players}
        if self._seat_board is None:
            return
        with self._lock:
            for c in self._colours:           # the board's own order is by name: set each seat by name
                getattr(self._seat_board, c).value = 1 if c in lit else 0

    def show_status(self, status: str) -> None:
        """``green`` | ``amber`` | ``red`` | ``off``."""
        if status not in STATUS_COLOURS:
            raise ValueError(f"status LED colour must be one of {', '.join(STATUS_COLOURS)}, not {status!r}")
        with self._lock:
            if status != self._status_name:
                self._rgb.color = STATUS_COLOURS[status]
                self._status_name = status

    def beep(self, pattern: str) -> None:
        """Sound a short pattern in the background: one of :data:`BEEPS`
        (``illegal``, ``scare``, ``escape``, ``button``, ``muted``)."""
        if pattern not in BEEPS:
            raise ValueError(f"beep pattern must be one of {', '.join(BEEPS)}, not {pattern!r}")
        on, off, n = BEEPS[pattern]
        with self._lock:
            self._beep_name = pattern
            self._beep_until = time.monotonic() + n * (on + off)
            self._buzzer.beep(on_time=on, off_time=off, n=n, background=True)

    # ---- inputs

    def on_confirm(self, callback: Callable[[], None] | None) -> None:
        """Call ``callback`` (in gpiozero's thread) when the confirm button is pressed."""
        self._buttons.confirm.when_pressed = self._wrap("confirm", callback)

    def on_undo(self, callback: Callable[[], None] | None, held: Callable[[], None] | None = None) -> None:
        """Call ``callback`` (in gpiozero's thread) when the undo button is
        pressed. With ``held``: a press held :data:`HOLD_S` seconds calls
        ``held`` instead, once, and ``callback`` runs at the release of a short
        press only (gpiozero fires ``when_pressed`` before it can know how long
        the press will be, so a long press never also undoes)."""
        button = self._buttons.undo
        if held is None:
            button.when_pressed = self._wrap("undo", callback)
            for event in ("when_released", "when_held"):
                if getattr(button, event) is not None:      # (gpiozero warns of a None set for nothing)
                    setattr(button, event, None)
            return
        short, long = self._wrap("undo", callback), self._wrap("held", held)

        def down() -> None:
            with self._undo_lock:
                self._undo_down, self._undo_held = True, False

        def kept_down() -> None:                # gpiozero's hold thread, hold_s after the press
            with self._undo_lock:
                fire = self._undo_down and not self._undo_held
                self._undo_held = self._undo_held or fire
            if fire and long is not None:
                long()

        def up() -> None:
            with self._undo_lock:
                fire = self._undo_down and not self._undo_held
                self._undo_down = False
            if fire and short is not None:
                short()
        button.when_pressed, button.when_held, button.when_released = down, kept_down, up

    def _wrap(self, name: str, callback: Callable[[], None] | None) -> Callable[[], None] | None:
        if callback is None:
            return None

        def pressed() -> None:
            if name == "held":
                self._holds += 1
            else:
                self._presses[name] += 1
            try:
                callback()
            except Exception as e:  # a button press must never kill gpiozero's thread
                log.warning("%s button: %s", name, e)
        return pressed

    # ---- what the devices show

    def state(self) -> dict[str, Any]:
        """What the LEDs and buzzer show now, read back from the devices: for the
        page's virtual LEDs and for tests."""
        with self._lock:
            board = self._seat_board
            seats = {c: bool(getattr(board, c).value) for c in self._colours} if board is not None else {}
            rgb = tuple(round(float(v), 3) for v in self._rgb.value)
            status = next((n for n, c in STATUS_COLOURS.items() if c == rgb), "off")
            beeping = bool(self._buzzer.is_active) or time.monotonic() < self._beep_until
            return {"seats": seats, "status": status, "rgb": list(rgb), "buzzer": beeping,
                    "beep": self._beep_name if beeping else "", "presses": dict(self._presses),
                    "holds": self._holds, "mock": self.mock}

    def close(self) -> None:
        for d in self._devices:
            try:
                d.close()
            except Exception:  # closing twice, or a device already gone
                pass
        self._devices.clear()
