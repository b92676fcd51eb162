"""Every kind of sentence is heard in every language: rendered to WAV by the
real espeak-ng and measured by sox (not silent, as long as such a sentence
takes to say). A voice that cannot speak is off with one log line, and the
rest goes on."""
from __future__ import annotations

import copy
import logging
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from companion.config import ConfigError, load_config
from companion.voice import from_config
from companion.voice.sentences import KINDS, announcements
from companion.voice.synth import Espeak, Piper, VoiceUnavailable, scaled, synthesizer
from companion.voice.voice import VOICE_ON, spoken
from tests.support.demo_run import group
from tests.voice.conftest import demo_views, sox_stat
from web.i18n import localize


def one_of_each_kind() -> dict[str, object]:
    """A real sentence of each kind from the demos' views (the camera's from a
    demo view whose camera stopped; the voice's own "Voice on", said when it is unmuted)."""
    found: dict[str, object] = {}
    for game in ("GLC", "GAH", "GVG"):            # Ghosts Love Candy's has every kind but on a loaded machine
        before = None
        for v in demo_views(game):
            for u in announcements(before, v):
                found.setdefault(u.kind, u.text)
            before = v
        if len(found) == len(KINDS) - 4:          # all but the camera, the offer, a reflection and the voice's own
            break
    view = copy.deepcopy(demo_views("GLC")[20])
    [u] = announcements(view, {**view, "status": "camera_lost"})
    found[u.kind] = u.text
    found["offer"] = offered_game().text         # no game open: a table laid out for Candy Crave
    found["glare"] = reflection_said().text       # a lamp's reflection over a card
    found["voice"] = VOICE_ON
    return found


def reflection_said() -> Any:
    """What the voice says when a lamp's reflection newly hides a card (not again while it stays)."""
    from models.engine import Prompt
    from models.text import tr
    view = copy.deepcopy(demo_views("GLC")[20])
    text = Prompt(tr("A reflection hides {card} {place}: tilt the lamp or the card", card="VAMPIRE",
                     place="in slot 3")).text
    glare = {**view, "reflections": [{"x_mm": 300.0, "y_mm": 200.0, "text": text}]}
    [u] = [u for u in announcements(view, glare) if u.kind == "glare"]
    assert not [u for u in announcements(glare, glare) if u.kind == "glare"]
    return u


def offered_game() -> Any:
    """What the voice says of a table laid out for Candy Crave with no game open."""
    from models.game_from_tags import recognise
    from models.registry import get_game
    from models.table import seen_from_above
    ccr = get_game("CCR")
    offer = recognise(seen_from_above(ccr.arrange(ccr.setup(["RED", "BLUE", "GREEN"], {}))))
    assert offer is not None
    before = {"status": "no_game", "game": None, "offer": None}
    [u] = announcements(before, {**before, "offer": offer.to_json()})
    assert announcements({**before, "offer": offer.to_json()}, {**before, "offer": offer.to_json()}) == []
    return u


@pytest.mark.xdist_group(group("GLC"))
@pytest.mark.parametrize("lang", ["en", "de", "es"])
@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_of_sentence_is_heard_in_each_language(kind: str, lang: str, tmp_path: Path) -> None:
    text = spoken(str(localize(one_of_each_kind()[kind], lang)))
    wav = tmp_path / f"{kind}-{lang}.wav"
    wav.write_bytes(Espeak(lang).render(text))
    figures = sox_stat(wav)
    words = len(text.split())
    assert figures["RMS     amplitude"] > 0.01, (text, figures)
    # espeak-ng at 160 words a minute: about 0.375 s a word, give or take pauses and long words
    assert 0.15 * words < figures["Length (seconds)"] < 1.2 * words + 1.0, (text, figures)


@pytest.mark.xdist_group(group("GLC"))
def test_the_sentences_differ_by_language() -> None:
    said = {lang: spoken(str(localize(one_of_each_kind()["illegal"], lang))) for lang in ("en", "de", "es")}
    assert len(set(said.values())) == 3
    assert said["de"].startswith("Nicht erlaubt") and said["es"].startswith("No permitido")


def test_volume_scales_the_sound(tmp_path: Path) -> None:
    loud, soft, piper_soft = tmp_path / "loud.wav", tmp_path / "soft.wav", tmp_path / "piper.wav"
    loud.write_bytes(Espeak("en").render("RED: your turn"))
    soft.write_bytes(Espeak("en", volume=25).render("RED: your turn"))
    piper_soft.write_bytes(scaled(loud.read_bytes(), 25))          # a Piper voice's sound is scaled so
    a, b, c = (sox_stat(f)["RMS     amplitude"] for f in (loud, soft, piper_soft))
    assert b == pytest.approx(a / 4, rel=0.2) and c == pytest.approx(a / 4, rel=0.05)


def test_a_missing_espeak_is_said_with_what_to_install(tmp_path: Path) -> None:
    with pytest.raises(VoiceUnavailable, match="sudo apt install espeak-ng"):
        synthesizer("de", espeak=str(tmp_path / "espeak-ng"))
    with pytest.raises(VoiceUnavailable, match="no voice for language 'fr'"):
        synthesizer("fr")


def test_no_espeak_turns_the_voice_off_with_one_log_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    caplog.set_level(logging.INFO, logger="companion.voice")
    assert from_config(None, load_config(None, env={}), out_dir=tmp_path / "said") is None
    assert [r.getMessage() for r in caplog.records] == [
        "voice: off: espeak-ng is not installed (Debian and Raspberry Pi OS: sudo apt install espeak-ng)"]


def test_no_aplay_leaves_the_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  caplog: pytest.LogCaptureFixture) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    os.symlink("/usr/bin/espeak-ng", bin_dir / "espeak-ng")
    monkeypatch.setenv("PATH", str(bin_dir))
    voice = from_config(None, load_config(None, env={}), out_dir=tmp_path / "said", speaker=True)
    assert voice is not None and [s.name for s in voice.sinks] == [f"files ({tmp_path / 'said'})"]
    assert any("aplay is not installed" in r.getMessage() for r in caplog.records)


def fake_piper(folder: Path) -> Path:
    """A ``piper`` command that answers as the real one does (``--model M
    --output_file F``, the sentence on stdin), its voice being espeak-ng's."""
    script = folder / "piper"
    script.write_text('#!/bin/sh\nwhile [ $# -gt 0 ]; do case "$1" in --model) m="$2";; --output_file) o="$2";; '
                      'esac; shift; done\n[ -f "$m" ] || exit 3\nexec espeak-ng -v de -w "$o" --stdin\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script


def test_a_piper_voice_in_the_folder_speaks_instead(tmp_path: Path) -> None:
    voices = tmp_path / "voices"
    voices.mkdir()
    (voices / "de_DE-thorsten-medium.onnx").write_bytes(b"onnx")
    (voices / "de_DE-thorsten-medium.onnx.json").write_text("{}")
    (voices / "es_ES-lonely.onnx").write_bytes(b"no .json beside it: not a voice")
    piper = fake_piper(tmp_path)
    synth = synthesizer("de", voices=str(voices), piper=str(piper))
    assert isinstance(synth, Piper) and synth.name == "piper (de_DE-thorsten-medium)"
    wav = tmp_path / "said.wav"
    wav.write_bytes(synth.render("RED: du bist dran"))
    assert sox_stat(wav)["RMS     amplitude"] > 0.01
    assert isinstance(synthesizer("es", voices=str(voices), piper=str(piper)), Espeak)
    assert isinstance(synthesizer("de", voices=str(voices), piper=str(tmp_path / "none")), Espeak)


def test_the_voice_config_is_checked(tmp_path: Path) -> None:
    cfg = load_config(None, env={})
    assert (cfg.voice.enabled, cfg.voice.volume, cfg.voice.mute, cfg.voice.device) == (False, 100, False, "")
    bad = tmp_path / "bad.toml"
    bad.write_text("[voice]\nvolume = 150\n")
    with pytest.raises(ConfigError, match=r"\[voice\] volume is 0-100"):
        load_config(bad, env={})
    bad.write_text('[voice]\ndevice = "hw:1; rm -rf /"\n')
    with pytest.raises(ConfigError, match=r"\[voice\] device must be an ALSA device name"):
        load_config(bad, env={})
