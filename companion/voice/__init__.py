"""The referee's voice: spoken prompts from the Pi's own audio output.

The voice listens to the session's public views and says, in the table's
language, whose turn it is when it changes, an illegal move and how to put it
right, what the players must finish before the game goes on, a camera that
stopped, and the end of the game with the winner. Its sentences are the page's
own (its prompts and status words, from the same catalogs); it reads only the
public view, so it never names a hidden card.

* :mod:`.sentences`: what to say about a change (pure);
* :mod:`.queue`: in which order, cut short, summarised, never twice in a row;
* :mod:`.synth`: espeak-ng, or a Piper neural voice from the configured folder;
* :mod:`.sinks`: the speaker (``aplay``) and numbered WAV files (``--voice-out``);
* :mod:`.phones`: the last few sentences for phones, in each page's language;
* :mod:`.voice`: :class:`Voice`, which wires them to a session (its mute and
  volume set while it runs), and :func:`from_config`.
"""
from __future__ import annotations

from .synth import VoiceUnavailable
from .voice import Voice, from_config

__all__ = ["Voice", "VoiceUnavailable", "from_config"]
