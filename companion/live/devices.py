"""The table's devices a session makes from its config: the LEDs, buzzer and
buttons (:mod:`hardware.indicators`), and the vision pipeline."""
from __future__ import annotations

import logging
from typing import Any

from ..config import Config

log = logging.getLogger(__name__)


def make_indicators(config: Config) -> Any:
    """The table's LEDs, buzzer and buttons on the config's pins, or None (with
    one log line) when the GPIO cannot be had (not in group gpio, pins busy)."""
    from hardware.indicators import IndicatorPins, Indicators
    p = config.pins
    pins = IndicatorPins(seats=dict(config.seat_leds.as_dict()), status_red=p.status_red,
                         status_green=p.status_green, status_blue=p.status_blue, buzzer=p.buzzer,
                         confirm_button=p.confirm_button, undo_button=p.undo_button)
    try:
        return Indicators(pins, factory=p.factory)
    except Exception as e:  # no GPIO access (not in group gpio), pins busy
        log.warning("LEDs, buzzer and buttons are off: %s", e)
        return None


def make_pipeline(config: Config) -> Any:
    """The vision pipeline the config's [vision] and [table] sections describe."""
    from companion.vision import Pipeline, PipelineConfig
    v = config.vision
    decoder = "zbar" if v.decoder == "pyzbar" else v.decoder
    return Pipeline(PipelineConfig(table_mm=config.table_mm, decoder=decoder, appear_frames=v.appear_frames,
                                   vanish_s=v.vanish_s, settle_s=v.settle_s))
