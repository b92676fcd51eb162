"""Where spoken sentences go: the speaker (``aplay``, ALSA: HDMI, a USB speaker
or the headphone jack, no desktop sound server) and a folder of numbered WAV
files (``--voice-out DIR``: ``0001-turn.wav``, ``0002-illegal.wav``...), the
second for checking from outside what the voice said.

A sink's :meth:`play` returns when the sentence is over, or as soon as ``cut``
is set (something more urgent came): the speaker stops mid-word::

    FileSink("said/").play(wav, "turn", threading.Event())
"""
from __future__ import annotations

import re
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import IO, Protocol

from .synth import VoiceUnavailable, installed

#: how often a playing sentence looks whether it must stop (seconds)
POLL_S = 0.02
#: the longest one sentence may play (seconds)
PLAY_TIMEOUT_S = 60.0
#: an ALSA device name as aplay -L lists it (``default``, ``plughw:CARD=vc4hdmi0,DEV=0``, ``hw:1,0``)
DEVICE_RE = re.compile(r"[A-Za-z0-9_:,=.-]{1,100}")


class Sink(Protocol):
    """Where a sentence's sound goes."""

    name: str

    def play(self, wav: bytes, kind: str, cut: threading.Event) -> None: ...


class StreamSink(Sink, Protocol):
    """A sink that can start on a sentence's first bytes, as they are made."""

    def play_stream(self, pipe: IO[bytes], kind: str, cut: threading.Event) -> None: ...


class SpeakerSink:
    """The speaker, through ``aplay -D DEVICE`` (``""``: ALSA's default)."""

    def __init__(self, device: str = "", *, program: str = "aplay"):
        if device and not DEVICE_RE.fullmatch(device):
            raise VoiceUnavailable(f"[voice] device {device!r} is not an ALSA device name "
                                   "(aplay -L lists them: default, plughw:CARD=Headphones,DEV=0, hw:1,0)")
        self.program = installed(program, f"{program} is not installed, so the speaker cannot play "
                                          "(Debian and Raspberry Pi OS: sudo apt install alsa-utils)")
        self.device = device
        self.name = f"speaker ({device or 'default'})"

    def play(self, wav: bytes, kind: str, cut: threading.Event) -> None:
        with tempfile.NamedTemporaryFile(prefix="companion-voice-", suffix=".wav") as f:
            f.write(wav)
            f.flush()
            self._wait(self._aplay(f.name, subprocess.DEVNULL), cut)

    def play_stream(self, pipe: IO[bytes], kind: str, cut: threading.Event) -> None:
        """Play a WAV as it arrives on ``pipe`` (a synthesizer's stdout)."""
        self._wait(self._aplay("-", pipe), cut)

    def _aplay(self, what: str, stdin: int | IO[bytes]) -> subprocess.Popen[bytes]:
        args = [self.program, "-q", *(["-D", self.device] if self.device else []), what]
        try:
            return subprocess.Popen(args, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        except OSError as e:
            raise VoiceUnavailable(f"aplay cannot start: {e.strerror or e}") from None

    @staticmethod
    def _wait(proc: subprocess.Popen[bytes], cut: threading.Event) -> None:
        """Until aplay ends, or ``cut`` is set (then it is stopped mid-word)."""
        waited = 0.0
        while proc.poll() is None:
            if cut.wait(POLL_S) or waited > PLAY_TIMEOUT_S:
                proc.kill()
                proc.wait()
                return
            waited += POLL_S
        if proc.returncode != 0:
            why = (proc.stderr.read() if proc.stderr else b"").decode(errors="replace").strip().splitlines()
            raise VoiceUnavailable(f"aplay failed ({proc.returncode}): {why[-1] if why else 'no message'}")


class FileSink:
    """Every sentence as a numbered WAV file in ``folder`` (made if missing):
    ``0001-turn.wav``, ``0002-illegal.wav``... numbered on from the files
    already there."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise VoiceUnavailable(f"--voice-out {folder}: cannot make the folder: {e.strerror or e}") from None
        if not self.folder.is_dir():
            raise VoiceUnavailable(f"--voice-out {folder}: not a folder")
        numbers = [int(m.group(1)) for p in self.folder.glob("*.wav") if (m := re.match(r"(\d{4,})-", p.name))]
        self.count = max(numbers, default=0)
        self.name = f"files ({self.folder})"
        self.written: list[Path] = []

    def play(self, wav: bytes, kind: str, cut: threading.Event) -> None:
        self.count += 1
        path = self.folder / f"{self.count:04d}-{kind}.wav"
        try:
            path.write_bytes(wav)
        except OSError as e:
            raise VoiceUnavailable(f"cannot write {path}: {e.strerror or e}") from None
        self.written.append(path)
