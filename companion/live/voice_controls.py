"""The referee's voice at one table, as the session's parts reach it: the voice
attached (:class:`companion.voice.Voice` calls :meth:`VoiceControls.attach`),
its public state in the view, the console's mute and volume, the phones' copies
of its sentences, and a long press of the undo button that mutes or unmutes it.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from models.text import tr

from .broadcast import Broadcast
from .state import TableState

if TYPE_CHECKING:
    from ..voice import Voice

log = logging.getLogger(__name__)

_NO_VOICE = tr("Undo button held: this table has no voice to mute")


class VoiceControls:
    """The voice speaking for one table (None until one is attached) and its controls."""

    def __init__(self, table: TableState, broadcast: Broadcast):
        self.table = table
        self.broadcast = broadcast
        self.voice: Voice | None = None

    def attach(self, voice: Voice) -> None:
        """The voice speaking for this table: its state goes into the public view,
        and a view is published whenever it changes (a sentence begun, muted, a
        new volume)."""
        self.voice = voice
        self.broadcast.voice_state = voice.state
        voice.on_state(self.broadcast.publish)
        self.broadcast.publish()

    def state(self) -> dict[str, Any] | None:
        """The voice's public state (:meth:`Voice.state`), or None: no voice."""
        return self.voice.state() if self.voice is not None else None

    def set(self, muted: bool | None = None, volume: int | None = None) -> dict[str, Any]:
        """The referee's voice control: mute or unmute, a volume 0-100, applied
        at once and kept for the session (not written to the config).
        ValueError says what is wrong; LookupError: this table has no voice."""
        if self.voice is None:
            raise LookupError("this table has no voice ([voice] enabled is off, or espeak-ng or the "
                              "speaker is missing: the log says which)")
        if volume is not None:
            self.voice.set_volume(volume)
        if muted is not None:
            self.voice.set_muted(muted)
        return self.voice.state()

    def wav(self, n: int, lang: str) -> bytes | None:
        """The ``n``-th sentence the voice said, in ``lang``, as WAV bytes
        (:meth:`Voice.phone_wav`); None when there is no voice or it is not one
        of the last few. ValueError: not a language of the page."""
        return self.voice.phone_wav(n, lang) if self.voice is not None else None

    def button(self) -> None:
        """A long press of the undo button (never also an undo): the voice muted
        (the buzzer's ``muted`` cue: a voice cannot say it) or unmuted (it says
        "Voice on"); at a table with no voice the page says so."""
        t = self.table
        if self.voice is None:
            log.info("undo button held: no voice to mute")
            t.add_event({"type": "button", "text": _NO_VOICE})
            if t.indicators is not None:
                t.indicators.beep("illegal")
            self.broadcast.publish()
            return
        muted = not self.voice.muted
        self.voice.set_muted(muted)
        if muted and t.indicators is not None:
            t.indicators.beep("muted")
