"""The voice: listens to the session's public views and says what changed.

A :class:`Voice` is attached to a session the way the page's live stream and
the event publisher are (``session.on_change``): the session's thread only
works out what to say (:func:`~companion.voice.sentences.announcements`),
translates it into the table's language and queues it
(:class:`~companion.voice.queue.SpeechQueue`); the voice's own thread
synthesizes each sentence (:mod:`~companion.voice.synth`) and hands it to its
sinks (:mod:`~companion.voice.sinks`), one sentence at a time, so a slow
speaker never slows refereeing.

:func:`from_config` makes the voice from ``[voice]`` of the config; anything
missing (espeak-ng, aplay, a folder) turns the voice (or that sink) off with
one log line::

    voice = from_config(session, cfg, out_dir="said/")     # None when it cannot speak
    voice.start()
    ...
    voice.close()          # says what is still queued (a few seconds at most), then stops
"""
from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from .queue import Said, SpeechQueue
from .sentences import announcements
from .sinks import FileSink, Sink, SpeakerSink
from .synth import Synthesizer, VoiceUnavailable, synthesizer

log = logging.getLogger(__name__)

#: a tag's payload in a prompt (``GVG:TRICK:38``) is said as its last part (``38``)
PAYLOAD_RE = re.compile(r"\b[A-Z]{2,4}:[A-Z0-9]+:([A-Z0-9]+)\b")
#: how long :meth:`Voice.close` lets queued sentences finish (seconds)
DRAIN_S = 10.0


class Views(Protocol):
    """What the voice listens to: the session's public views."""

    def on_change(self, callback: Callable[[dict[str, Any]], None]) -> None: ...

    def view(self) -> dict[str, Any]: ...


def spoken(text: str) -> str:
    """A page sentence as it is said: a tag's payload by its last part, one line."""
    return " ".join(PAYLOAD_RE.sub(r"\1", text).split())


class Voice:
    """Says the table's changes aloud in ``lang`` through ``synth`` to ``sinks``
    (see the module docstring). ``said`` lists every sentence said, as
    ``(kind, text)``; ``muted`` silences the speaker (files are still written);
    ``on_said(kind, text)`` is called on the voice's thread after each sentence."""

    def __init__(self, lang: str, synth: Synthesizer, sinks: list[Sink], *,
                 muted: bool = False, clock: Callable[[], float] = time.monotonic,
                 on_said: Callable[[str, str], None] | None = None):
        self.lang = lang
        self.on_said = on_said
        self.synth = synth
        self.sinks = list(sinks)
        self.muted = muted
        self.queue = SpeechQueue(clock=clock)
        self.said: list[tuple[str, str]] = []
        self._last: Mapping[str, Any] | None = None
        self._thread: threading.Thread | None = None

    # ---- hearing (the session's thread)

    def attach(self, session: Views) -> None:
        """Listen to ``session`` from its current view on (the table's
        catalog read now, not in the session's thread at the first change)."""
        from web.i18n import catalog
        catalog(self.lang)
        self._last = session.view()
        session.on_change(self.hear)

    def hear(self, view: Mapping[str, Any]) -> None:
        """A new public view: queue what is worth saying about the change."""
        from web.i18n import localize
        before, self._last = self._last, view
        for u in announcements(before, view):
            self.queue.put(Said(u.kind, spoken(str(localize(u.text, self.lang))), u.priority))

    # ---- speaking (the voice's thread)

    def start(self) -> None:
        """Start speaking on a thread of its own."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._speak, name="voice", daemon=True)
            self._thread.start()

    def _speak(self) -> None:
        while True:
            said = self.queue.wait_take()
            if said is None:
                return
            try:
                self.say(said)
            finally:
                self.queue.done(said)

    def say(self, said: Said) -> None:
        """Say ``said`` on every sink: a speaker as the synthesizer makes the
        sound (it starts on the first bytes), the files once it is whole. A
        sink that fails is turned off with one log line; a synthesizer that
        fails, the whole voice."""
        speakers = [s for s in self.sinks if hasattr(s, "play_stream") and not self.muted]
        rest = [s for s in self.sinks if not hasattr(s, "play_stream")]
        try:
            for sink in speakers:
                self._stream(sink, said)
            wav = self.synth.render(said.text) if rest else b""
        except VoiceUnavailable as e:
            log.warning("voice: off: %s", e)
            self.sinks = []
            return
        for sink in rest:
            self._play(sink, sink.play, wav, said.kind, self.queue.cut)
        self.said.append((said.kind, said.text))
        if self.on_said is not None:
            self.on_said(said.kind, said.text)

    def _stream(self, sink: Any, said: Said) -> None:
        proc = self.synth.stream(said.text)
        if proc is None:                      # this synthesizer renders the whole sentence first
            wav = self.synth.render(said.text)
            self._play(sink, sink.play, wav, said.kind, self.queue.cut)
            return
        assert proc.stdout is not None
        try:
            self._play(sink, sink.play_stream, proc.stdout, said.kind, self.queue.cut)
        finally:
            proc.stdout.close()
            if proc.poll() is None:
                proc.kill()                   # cut short, or the speaker failed
            code = proc.wait()
        if code > 0:
            raise VoiceUnavailable(f"{self.synth.name} failed ({code})")

    def _play(self, sink: Any, play: Callable[..., None], *args: Any) -> None:
        """``play(*args)``; a sink that fails is turned off with one log line."""
        try:
            play(*args)
        except VoiceUnavailable as e:
            log.warning("voice: %s off: %s", sink.name, e)
            if sink in self.sinks:
                self.sinks.remove(sink)

    def close(self, drain_s: float = DRAIN_S) -> None:
        """Say what is still queued (at most ``drain_s`` seconds), then stop."""
        end = time.monotonic() + drain_s
        while self._thread is not None and self.sinks and not self.queue.idle and time.monotonic() < end:
            time.sleep(0.02)
        self.queue.close()
        self.queue.cut.set()
        if self._thread is not None:
            self._thread.join(timeout=5.0)


def from_config(session: Views | None, config: Any, *, out_dir: str | Path | None = None,
                speaker: bool | None = None, lang: str | None = None,
                on_said: Callable[[str, str], None] | None = None) -> Voice | None:
    """The voice ``[voice]`` of ``config`` asks for, attached to ``session``
    (when given): the speaker unless ``[voice] enabled`` is false (or
    ``speaker`` says otherwise), numbered WAV files in ``out_dir`` when given.
    Speaks the table's language (``lang``, else ``[web] language``, else
    English). None, with one log line, when it cannot speak at all; a folder
    ``out_dir`` that cannot be made is a VoiceUnavailable (the command line's
    mistake, to be said as one)."""
    vc = config.voice
    lang = lang or config.web.language or "en"
    use_speaker = vc.enabled if speaker is None else speaker
    if not use_speaker and out_dir is None:
        return None
    try:
        synth = synthesizer(lang, voices=vc.voices, volume=vc.volume)
    except VoiceUnavailable as e:
        log.warning("voice: off: %s", e)
        return None
    sinks: list[Sink] = []
    if out_dir is not None:
        sinks.append(FileSink(out_dir))        # the command line asked for it: a bad folder is an error
    if use_speaker:
        try:
            sinks.append(SpeakerSink(vc.device))
        except VoiceUnavailable as e:
            log.warning("voice: speaker off: %s", e)
    if not sinks:
        return None
    voice = Voice(lang, synth, sinks, muted=vc.mute, on_said=on_said)
    if vc.voices and synth.name.startswith("espeak"):
        log.info("voice: no Piper voice for %s in %s: espeak-ng speaks", lang, vc.voices)
    log.info("voice: %s to %s", synth.name, ", ".join(s.name for s in sinks))
    if session is not None:
        voice.attach(session)
    return voice
