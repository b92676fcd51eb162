"""``companion demo --voice-out DIR``: the demo's illegal haunt and its winner
are said, in English, German and Spanish, as numbered WAV files that sox hears;
and no sentence the voice says in any game's demo names a hidden card."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from models.registry import game_classes
from tests.support.demo_run import demo_run, group
from tests.voice.conftest import sox_stat

ROOT = Path(__file__).resolve().parents[2]

#: what the demo's illegal haunt and its winner sound like in each language (the page's catalogs)
HEARD = {"en": ("Not allowed: haunt: it is RED's turn, not BLUE's.", "Game over: GREEN wins with 43 points."),
         "de": ("Nicht erlaubt: haunt: RED ist am Zug, nicht BLUE.", "Spielende: GREEN gewinnt mit 43 Punkten."),
         "es": ("No permitido: haunt: es el turno de RED, no de BLUE.", "Fin de la partida: GREEN gana con 43 puntos.")}


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_the_demo_says_its_illegal_haunt_and_its_winner(lang: str, tmp_path: Path) -> None:
    out = tmp_path / "said"
    run = subprocess.run([sys.executable, "-m", "companion", "demo", "--no-web", "--fast", "--lang", lang,
                          "--voice-out", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    said = [line.removeprefix("voice: ").split(": ", 1) for line in run.stdout.splitlines()
            if line.startswith("voice: ")]
    files = sorted(out.glob("*.wav"))
    assert [f.name.split("-", 1)[1].removesuffix(".wav") for f in files] == [kind for kind, _ in said]
    assert [f.name[:4] for f in files] == [f"{n:04d}" for n in range(1, len(files) + 1)]
    illegal, winner = HEARD[lang]
    i = next(n for n, (kind, text) in enumerate(said) if kind == "illegal" and text.startswith(illegal))
    assert said[-1] == ["over", winner]
    for f in (files[i], files[-1]):
        figures = sox_stat(f)
        assert figures["RMS     amplitude"] > 0.01 and figures["Length (seconds)"] > 1.5, (f, figures)


def test_a_folder_that_cannot_be_made_is_said(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    run = subprocess.run([sys.executable, "-m", "companion", "demo", "--no-web", "--fast",
                          "--voice-out", str(tmp_path / "file" / "said")], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 2 and "--voice-out" in run.stderr and "cannot make the folder" in run.stderr


@pytest.mark.parametrize("game", [pytest.param(c.code, marks=pytest.mark.xdist_group(group(c.code)))
                                  for c in game_classes()])
def test_no_spoken_sentence_names_a_hidden_card(game: str) -> None:
    """Every sentence the voice queues, in every language, against the cards
    hidden at that moment (the referee's own state, which the voice never sees)."""
    run = demo_run(game)
    assert run.finished
    told = [s for s in run.spoken if s.named]
    assert not told, [(s.lang, s.text, sorted(s.named)) for s in told]
    for lang in ("en", "de", "es"):                # at least a turn and the end, in each language
        assert sum(s.lang == lang for s in run.spoken) >= 2, (lang, run.spoken)
    # not vacuous: a game with secret kinds (Ghosts Love Candy's Love cards) had some hidden while it spoke
    assert bool(run.hidden_seen) == run.secret_kinds
