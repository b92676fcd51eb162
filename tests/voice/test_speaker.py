"""The speaker: real aplay on ALSA's null device plays a sentence to the end;
one that must stop (something more urgent came) is stopped mid-word; a device
that cannot open turns the speaker off with one log line and the files go on."""
from __future__ import annotations

import logging
import threading
from pathlib import Path

import pytest

from companion.voice import Voice
from companion.voice.queue import Said
from companion.voice.sinks import FileSink, SpeakerSink
from companion.voice.synth import Espeak, VoiceUnavailable


def test_aplay_plays_a_sentence_on_an_alsa_device() -> None:
    wav = Espeak("en").render("RED: your turn")
    SpeakerSink("null").play(wav, "turn", threading.Event())      # returns when aplay is done, rc 0


def test_aplay_plays_espeak_ngs_sound_as_it_is_made() -> None:
    espeak = Espeak("de").stream("Nicht erlaubt: RED ist am Zug, nicht BLUE.")
    assert espeak.stdout is not None
    SpeakerSink("null").play_stream(espeak.stdout, "illegal", threading.Event())
    espeak.stdout.close()
    assert espeak.wait() == 0


def test_the_voice_speaks_through_the_speaker_and_writes_the_same_sentence(tmp_path: Path) -> None:
    files = FileSink(tmp_path / "said")
    voice = Voice("en", Espeak("en"), [SpeakerSink("null"), files])
    voice.say(Said("illegal", "Not allowed: it is RED's turn, not BLUE's.", 4))
    assert len(voice.sinks) == 2 and voice.said == [("illegal", "Not allowed: it is RED's turn, not BLUE's.")]
    assert [p.name for p in files.written] == ["0001-illegal.wav"]


def test_a_sentence_cut_short_stops_aplay(tmp_path: Path) -> None:
    slow = tmp_path / "aplay"
    pid_file = tmp_path / "pid"
    slow.write_text(f"#!/bin/sh\necho $$ > {pid_file}\nexec sleep 60\n")
    slow.chmod(0o755)
    cut = threading.Event()
    sink = SpeakerSink("", program=str(slow))
    player = threading.Thread(target=sink.play, args=(b"RIFF", "turn", cut))
    player.start()
    while not pid_file.exists() or not pid_file.read_text().strip():
        player.join(0.01)
    cut.set()
    player.join(10.0)
    assert not player.is_alive()
    pid = int(pid_file.read_text())
    assert not Path(f"/proc/{pid}").exists()          # killed and reaped


def test_a_device_name_that_is_not_one_is_refused() -> None:
    with pytest.raises(VoiceUnavailable, match="not an ALSA device name"):
        SpeakerSink("hw:0; reboot")


def test_a_speaker_that_cannot_open_is_turned_off_and_the_files_go_on(tmp_path: Path,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    files = FileSink(tmp_path / "said")
    voice = Voice("de", Espeak("de"), [files, SpeakerSink("hw:CARD=NoSuchCard,DEV=0")])
    with caplog.at_level(logging.WARNING, logger="companion.voice"):
        voice.say(Said("turn", "RED: du bist dran", 1))
        voice.say(Said("over", "Spielende: GREEN gewinnt mit 43 Punkten.", 3))
    assert [p.name for p in files.written] == ["0001-turn.wav", "0002-over.wav"]
    assert [s.name for s in voice.sinks] == [files.name]
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 and lines[0].startswith("voice: speaker (hw:CARD=NoSuchCard,DEV=0) off: aplay failed")


def test_muted_the_speaker_is_silent_and_the_files_are_still_written(tmp_path: Path) -> None:
    files = FileSink(tmp_path / "said")
    voice = Voice("es", Espeak("es"), [files, SpeakerSink("hw:CARD=NoSuchCard,DEV=0")], muted=True)
    voice.say(Said("turn", "RED: es tu turno", 1))
    assert len(voice.sinks) == 2 and [p.name for p in files.written] == ["0001-turn.wav"]


def test_the_files_are_numbered_on_from_what_the_folder_holds(tmp_path: Path) -> None:
    (tmp_path / "0007-over.wav").write_bytes(b"")
    sink = FileSink(tmp_path)
    sink.play(b"RIFF", "turn", threading.Event())
    assert sink.written == [tmp_path / "0008-turn.wav"]
