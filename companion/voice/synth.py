"""Speech synthesis: a sentence in the table's language to WAV bytes, offline.

:class:`Espeak` runs Debian's ``espeak-ng`` (``apt install espeak-ng``), which
speaks English, German and Spanish out of the box. :class:`Piper` runs the
``piper`` command (PyPI's ``piper-tts``) with a neural voice file
(``<lang>_<REGION>-<name>-<quality>.onnx`` and its ``.onnx.json``, from
https://huggingface.co/rhasspy/piper-voices) when the configured voice folder
holds one for the table's language. :func:`synthesizer` picks one; a missing
program is a :class:`VoiceUnavailable` whose message says what to install::

    synth = synthesizer("de", voices="/var/lib/companion/voices")
    wav = synth.render("RED: du bist dran")        # b'RIFF....WAVE...'
"""
from __future__ import annotations

import io
import logging
import shutil
import subprocess
import tempfile
import wave
from pathlib import Path
from typing import Protocol

from models.text import LANGUAGES

log = logging.getLogger(__name__)

#: the longest a synthesizer may take for one sentence (seconds)
RENDER_TIMEOUT_S = 20.0
#: espeak-ng's voice per table language
ESPEAK_VOICES = {"en": "en", "de": "de", "es": "es"}


class VoiceUnavailable(RuntimeError):
    """The voice cannot speak here (a program or a voice file is missing, or it
    failed); the message says why and what to install."""


def installed(program: str, missing: str) -> str:
    """The path of ``program``, or VoiceUnavailable with ``missing``: what cannot
    work without it and how to install it."""
    found = shutil.which(program)
    if found is None:
        raise VoiceUnavailable(missing)
    return found


class Synthesizer(Protocol):
    """Something that turns one sentence into a WAV file's bytes, at its
    volume; ``stream`` starts it writing the WAV to a pipe as it is made (the
    speaker starts on the first bytes), or is None when it cannot.
    ``volume``: per cent (0-100), read at each sentence."""

    name: str
    volume: int

    def render(self, text: str) -> bytes: ...

    def stream(self, text: str) -> subprocess.Popen[bytes] | None: ...


def _check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise VoiceUnavailable(f"no voice for language {lang!r} (the table speaks {', '.join(LANGUAGES)})")
    return lang


def _run(args: list[str], text: str, out: Path, program: str) -> bytes:
    try:
        done = subprocess.run(args, input=text.encode(), capture_output=True, timeout=RENDER_TIMEOUT_S, check=False)
    except FileNotFoundError:
        raise VoiceUnavailable(f"{program} is not installed") from None
    except subprocess.TimeoutExpired:
        raise VoiceUnavailable(f"{program} took more than {RENDER_TIMEOUT_S:.0f} s for one sentence") from None
    if done.returncode != 0:
        why = done.stderr.decode(errors="replace").strip().splitlines()
        raise VoiceUnavailable(f"{program} failed ({done.returncode}): {why[-1] if why else 'no message'}")
    try:
        return out.read_bytes()
    except OSError as e:
        raise VoiceUnavailable(f"{program} wrote no sound: {e.strerror or e}") from None


class Espeak:
    """Debian's espeak-ng, in one of the table's languages. ``speed``: words
    per minute (espeak-ng's default is 175; a table hears 160 better);
    ``volume``: per cent of espeak-ng's own loudness (its amplitude)."""

    def __init__(self, lang: str, *, program: str = "espeak-ng", speed: int = 160, volume: int = 100):
        self.lang = _check_language(lang)
        self.program = installed(program, f"{program} is not installed (Debian and Raspberry Pi OS: "
                                          "sudo apt install espeak-ng)")
        self.speed = speed
        self.volume = max(0, min(100, volume))
        self.name = f"espeak-ng ({ESPEAK_VOICES[lang]})"

    def _args(self) -> list[str]:
        # the sentence goes in on stdin, so that no sentence is ever read as an option
        return [self.program, "-v", ESPEAK_VOICES[self.lang], "-s", str(self.speed), "-a", str(self.volume),
                "--stdin"]

    def render(self, text: str) -> bytes:
        with tempfile.TemporaryDirectory(prefix="companion-voice-") as tmp:
            out = Path(tmp) / "said.wav"
            return _run([*self._args(), "-w", str(out)], text, out, "espeak-ng")

    def stream(self, text: str) -> subprocess.Popen[bytes]:
        """espeak-ng writing the sentence's WAV to its stdout as it speaks it
        (the header's length is left open, as a stream's is)."""
        try:
            proc = subprocess.Popen([*self._args(), "--stdout"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL)
        except OSError as e:
            raise VoiceUnavailable(f"espeak-ng cannot start: {e.strerror or e}") from None
        assert proc.stdin is not None
        try:
            proc.stdin.write(text.encode())
            proc.stdin.close()
        except BrokenPipeError:
            pass                                   # it failed at once: its exit code says so
        return proc


def piper_voice(folder: str | Path, lang: str) -> Path | None:
    """The Piper voice for ``lang`` in ``folder``: the first ``<lang>_*.onnx``
    (by name) that has its ``.onnx.json`` beside it, or None."""
    root = Path(folder)
    if not root.is_dir():
        return None
    for model in sorted(root.glob(f"{lang}_*.onnx")):
        if model.with_name(model.name + ".json").is_file():
            return model
    return None


class Piper:
    """A Piper neural voice (``piper --model VOICE.onnx``) at ``volume`` per cent."""

    def __init__(self, model: Path, *, program: str = "piper", volume: int = 100):
        self.program = installed(program, f"{program} is not installed, so the voice {model.name} cannot speak "
                                          "(pip install piper-tts into the companion's environment)")
        self.model = model
        self.volume = volume
        self.name = f"piper ({model.stem})"

    def render(self, text: str) -> bytes:
        with tempfile.TemporaryDirectory(prefix="companion-voice-") as tmp:
            out = Path(tmp) / "said.wav"
            wav = _run([self.program, "--model", str(self.model), "--output_file", str(out)], text, out, "piper")
        return scaled(wav, self.volume)

    def stream(self, text: str) -> None:
        """Piper's whole sentence is rendered first (its raw stream's rate is the voice's own)."""
        return None


def synthesizer(lang: str, *, voices: str = "", espeak: str = "espeak-ng", piper: str = "piper",
                volume: int = 100) -> Synthesizer:
    """The voice for ``lang``: a Piper voice from the folder ``voices`` when it
    holds one for the language (and ``piper`` is installed), else espeak-ng. VoiceUnavailable says why
    neither can speak."""
    _check_language(lang)
    if voices:
        model = piper_voice(voices, lang)
        if model is not None:
            try:
                return Piper(model, program=piper, volume=volume)
            except VoiceUnavailable as e:
                log.warning("voice: %s; espeak-ng speaks instead", e)
    return Espeak(lang, program=espeak, volume=volume)


def scaled(wav: bytes, volume: int) -> bytes:
    """A 16-bit PCM WAV at ``volume`` per cent (0-100) of its loudness."""
    if volume >= 100:
        return wav
    with wave.open(io.BytesIO(wav)) as r:
        params = r.getparams()
        frames = r.readframes(r.getnframes())
    if params.sampwidth != 2:
        return wav
    import numpy as np
    samples = (np.frombuffer(frames, dtype="<i2").astype(np.int32) * max(0, volume) // 100).astype("<i2")
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setparams(params)
        w.writeframes(samples.tobytes())
    return out.getvalue()
