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

The referee turns it down or mutes it while it runs (:meth:`Voice.set_volume`,
:meth:`Voice.set_muted`: the console, a long press of the undo button; kept
for the session, not written to the config), and a phone hears the same
sentences in its page's language (:meth:`Voice.phone_wav`, :mod:`.phones`:
the last few sentences, each rendered once per language)::

    voice.set_muted(True); voice.set_volume(60)
    voice.state()          # {"muted": True, "volume": 60, "said": 12, "kind": "turn", ...}
    voice.phone_wav(12, "de")                          # b'RIFF....WAVE...', or None: not one of the last
"""
from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from models.text import tr

from .phones import PhoneCopies
from .queue import Said, SpeechQueue
from .sentences import PRIORITY, announcements
from .sinks import FileSink, Sink, SpeakerSink
from .synth import Synthesizer, VoiceUnavailable, synthesizer

log = logging.getLogger(__name__)

#: a tag's payload in a prompt (``GVG:TRICK:38``) is said as its last part (``38``)
PAYLOAD_RE = re.compile(r"\b[A-Z]{2,4}:[A-Z0-9]+:([A-Z0-9]+)\b")
#: how long :meth:`Voice.close` lets queued sentences finish (seconds)
DRAIN_S = 10.0
#: what the voice says when it is unmuted (muting is told by the buzzer: a voice cannot say it)
VOICE_ON = tr("Voice on")


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
    ``(kind, text)``; ``muted`` silences the speaker (files are still written,
    and phones still hear it); ``on_said(kind, text)`` is called on the voice's
    thread after each sentence. ``voices``: the folder of Piper voices (a
    phone's language may differ from the table's)."""

    def __init__(self, lang: str, synth: Synthesizer, sinks: list[Sink], *,
                 muted: bool = False, clock: Callable[[], float] = time.monotonic,
                 on_said: Callable[[str, str], None] | None = None, voices: str = ""):
        self.lang = lang
        self.on_said = on_said
        self.synth = synth
        self.sinks = list(sinks)
        self.muted = muted
        self.queue = SpeechQueue(clock=clock)
        self.said: list[tuple[str, str]] = []
        self._last: Mapping[str, Any] | None = None
        self._heard = threading.Lock()           # views come from several threads
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()            # muted and the volume, set from the web's threads
        self.phones = PhoneCopies(voices, say=self._localize)
        self._listeners: list[Callable[[], None]] = []

    # ---- hearing (the session's thread)

    def attach(self, session: Views) -> None:
        """Listen to ``session`` from its current view on (the table's
        catalog read now, not in the session's thread at the first change)."""
        from web.i18n import catalog
        catalog(self.lang)
        self._last = session.view()
        session.on_change(self.hear)
        attach = getattr(session, "attach_voice", None)
        if attach is not None:
            attach(self)                      # the pages show it, the console and the buttons reach it

    def hear(self, view: Mapping[str, Any]) -> None:
        """A new public view: queue what is worth saying about the change (a
        view older than the last one heard, come late from another thread, is
        passed over)."""
        with self._heard:
            before = self._last
            if before is not None and int(view.get("seq") or 0) < int(before.get("seq") or 0):
                return
            self._last = view
            for u in announcements(before, view):
                self.queue.put(Said(u.kind, self._localize(u.text, self.lang), u.priority, u.text))

    # ---- the referee's controls (any thread)

    def on_state(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when :meth:`state` changes: muted, volume, a
        new sentence begun (the session publishes a view, so the pages know)."""
        self._listeners.append(callback)

    def _changed(self) -> None:
        for cb in list(self._listeners):
            try:
                cb()
            except Exception as e:   # a listener's trouble must not stop the voice
                log.warning("voice: state listener: %s", e)

    def state(self) -> dict[str, Any]:
        """What the pages show of the voice (public: nothing here is secret):
        ``muted``, ``volume`` (0-100), ``speaker`` (a speaker is playing it),
        ``lang`` (the table's), ``said`` (the number of the latest sentence
        begun, for ``phone_wav``; 0: none yet) and its ``kind``."""
        said, kind = self.phones.latest
        with self._lock:
            return {"muted": self.muted, "volume": self.volume,
                    "speaker": any(hasattr(s, "play_stream") for s in self.sinks),
                    "lang": self.lang, "said": said, "kind": kind}

    @property
    def volume(self) -> int:
        """The loudness, per cent of the synthesizer's own (0-100)."""
        return int(getattr(self.synth, "volume", 100))

    def set_volume(self, volume: int) -> None:
        """Speak at ``volume`` per cent (a whole number 0-100) from the next
        sentence on. ValueError says what is wrong with it."""
        if isinstance(volume, bool) or not isinstance(volume, int) or not 0 <= volume <= 100:
            raise ValueError(f"volume is a whole number from 0 to 100 (per cent), not {volume!r}")
        with self._lock:
            if volume == self.volume:
                return
            self.synth.volume = volume       # Espeak and Piper read it at each sentence
        log.info("voice: volume %d", volume)
        self._changed()

    def set_muted(self, muted: bool) -> None:
        """Mute the speaker (at once: the sentence being spoken stops), or
        unmute it (then it says "Voice on"). Files and phones go on."""
        if not isinstance(muted, bool):
            raise ValueError(f"muted is true or false, not {muted!r}")
        with self._lock:
            if muted == self.muted:
                return
            self.muted = muted
        if muted:
            self.queue.hush()                # the sentence being spoken stops now, not to be said again
        else:
            self.queue.put(Said("voice", str(self._localize(VOICE_ON, self.lang)), PRIORITY["voice"], VOICE_ON))
        log.info("voice: %s", "muted" if muted else "unmuted")
        self._changed()

    @staticmethod
    def _localize(text: Any, lang: str) -> str:
        from web.i18n import localize
        return spoken(str(localize(text, lang)))

    # ---- a phone's copy (the web's threads)

    def phone_wav(self, n: int, lang: str) -> bytes | None:
        """The ``n``-th sentence said, in ``lang``, as WAV bytes for a phone
        (:meth:`.phones.PhoneCopies.wav`): None when it is not one of the last
        few, ValueError for a language the page does not speak."""
        return self.phones.wav(n, lang)

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
        fails, the whole voice. Phones are told of it as it begins."""
        self.phones.add(said)                 # numbered: the pages hear of it as it begins
        self._changed()
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
    voice = Voice(lang, synth, sinks, muted=vc.mute, on_said=on_said, voices=vc.voices)
    if vc.voices and synth.name.startswith("espeak"):
        log.info("voice: no Piper voice for %s in %s: espeak-ng speaks", lang, vc.voices)
    log.info("voice: %s to %s", synth.name, ", ".join(s.name for s in sinks))
    if session is not None:
        voice.attach(session)
    return voice
