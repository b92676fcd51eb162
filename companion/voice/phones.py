"""The voice's sentences for phones: a page whose voice switch is on plays
what the table's voice says, in the page's own language, as WAV made by the
same synthesizer on the table's computer (``GET /api/voice/<n>.wav?lang=de``).

Only the voice's own sentences are ever rendered, never a request's text, and
only the last :data:`KEEP` of them; each (sentence, language) is rendered once
and kept while it is one of the last, so however often phones ask, the work is
at most one rendering per sentence and language, one at a time::

    copies = PhoneCopies(voices="")
    n = copies.add(Said("turn", "RED: your turn", 1, source=page_text))
    copies.wav(n, "de")          # b'RIFF....WAVE...' ("RED: du bist dran"), or None: not one of the last
"""
from __future__ import annotations

import collections
import threading
from collections.abc import Callable
from typing import Any

from models.text import LANGUAGES

from .queue import Said
from .synth import Synthesizer, synthesizer

#: how many of the latest sentences a phone may still ask for
KEEP = 4


class PhoneCopies:
    """The last :data:`KEEP` sentences said, numbered from 1, and their WAVs
    by language, made on demand (``voices``: the folder of Piper voices, as the
    table's voice has; ``say(text, lang)``: a sentence as it is spoken in
    ``lang``). Thread-safe: the voice's thread adds, the web's threads ask."""

    def __init__(self, voices: str = "", say: Callable[[Any, str], str] | None = None):
        self.voices = voices
        self._say = say or (lambda text, lang: str(text))
        self._lock = threading.Lock()
        self._count = 0
        self._kind = ""
        self._recent: collections.deque[tuple[int, Any]] = collections.deque(maxlen=KEEP)
        self._wavs: dict[tuple[int, str], bytes] = {}
        self._render = threading.Lock()          # one rendering at a time
        self._synths: dict[str, Synthesizer] = {}

    @property
    def latest(self) -> tuple[int, str]:
        """The number and kind of the latest sentence (0 and "": none yet)."""
        with self._lock:
            return self._count, self._kind

    def add(self, said: Said) -> int:
        """A sentence begins: its number (the WAVs of one no longer kept go)."""
        with self._lock:
            self._count += 1
            self._kind = said.kind
            self._recent.append((self._count, said.source if said.source is not None else said.text))
            kept = {m for m, _text in self._recent}
            self._wavs = {k: w for k, w in self._wavs.items() if k[0] in kept}
            return self._count

    def wav(self, n: int, lang: str) -> bytes | None:
        """The ``n``-th sentence in ``lang`` (one of the page's languages;
        ValueError otherwise) as WAV bytes at full loudness (a phone has its
        own volume), or None when it is not one of the last :data:`KEEP`.
        VoiceUnavailable when the synthesizer fails."""
        if lang not in LANGUAGES:
            raise ValueError(f"no voice for language {lang!r} (the page speaks {', '.join(LANGUAGES)})")
        with self._render:
            with self._lock:
                source = next((text for m, text in self._recent if m == n), None)
                kept = self._wavs.get((n, lang))
            if source is None or kept is not None:
                return kept
            if lang not in self._synths:
                self._synths[lang] = synthesizer(lang, voices=self.voices, volume=100)
            wav = self._synths[lang].render(self._say(source, lang))
            with self._lock:
                if any(m == n for m, _text in self._recent):
                    self._wavs[(n, lang)] = wav
            return wav

    def kept(self) -> set[tuple[int, str]]:
        """The (sentence, language) pairs whose WAV is kept now (for tests)."""
        with self._lock:
            return set(self._wavs)
