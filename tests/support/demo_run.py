"""The fast demo of one game (``companion demo --fast --game CODE``) through the
real pipeline, referee and voice, played once per test process and read by
every test about it.

The demo's tests (``tests/live/test_demo.py``), the voice's (what it says of a
hidden card, ``tests/voice/test_demo_voice.py``) and the sentences' tests
(``tests/voice/test_sentences.py``, ``test_speech.py``) all need a game's demo
played to its end: 6-12 s of simulated frames read by the real decoder, once
for each. Played once, each of them reads the same run:

* every public view the session published, in order, copied as handed over;
* every sentence the voice queued in English, German and Spanish, with the
  secret cards it named at that moment (the referee's own state, which the
  voice never sees: there should be none);
* the session's last state and view, its journal, the camera's health and the
  verdicts of the narrated beats.

A test that reads a game's run is marked ``pytest.mark.xdist_group(group(code))``
so that ``make test`` (``--dist loadgroup``) keeps those tests in one worker and
the demo is played once there; without the option each worker plays it once.

Example::

    run = demo_run("GVG")
    run.finished, run.state == run.last, len(run.views)
"""
from __future__ import annotations

import copy
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

#: how long a fast demo may take on a loaded two-core machine
WAIT_S = 180


def group(code: str) -> str:
    """The xdist group of the tests that read ``code``'s demo run."""
    return f"demo-{code}"


@dataclass(frozen=True)
class Spoken:
    """A sentence one voice queued: its language, its text, and the secret cards
    not lying face up that it named (by payload, id or printed name)."""

    lang: str
    text: str
    named: frozenset[str]


@dataclass(frozen=True)
class DemoRun:
    """What one fast demo of a game did, start to end (see the module doc)."""

    code: str
    finished: bool                       # the session ended within WAIT_S
    last: Any                            # the example's last state (GLC: the narrated script's final)
    state: Any                           # the state the session ended in
    view: dict[str, Any]                 # the session's last public view
    views: tuple[dict[str, Any], ...]    # every public view published, in order
    spoken: tuple[Spoken, ...]           # every sentence the three voices queued
    hidden_seen: frozenset[str]          # secret cards hidden at some moment a sentence was queued
    secret_kinds: bool                   # the game has secret kinds (Love cards, hands)
    journal: tuple[Any, ...]             # the journal's entries for the game
    health: dict[str, Any]               # the camera's health at the end
    beat_times: tuple[dict[str, Any], ...]
    script: Any                          # the demo's script (beats and their expected verdicts)
    console: Any                         # the example's console moves (None for GLC)


@cache
def demo_run(code: str) -> DemoRun:
    """Play ``code``'s fast demo once in this process, with a voice in each language attached."""
    from companion.demo import Demo
    from companion.voice import from_config
    from companion.voice.queue import Said
    from tests.support.contract import secret_names, words

    folder = tempfile.TemporaryDirectory(prefix="demo-run-")
    demo = Demo(fast=True, journal_dir=str(Path(folder.name) / "journal"), game=code)
    views: list[dict[str, Any]] = []
    spoken: list[Spoken] = []
    hidden_seen: set[str] = set()
    demo.session.on_change(lambda v: views.append(copy.deepcopy(v)))
    voices = {lang: from_config(demo.session, demo.config, out_dir=Path(folder.name) / lang, lang=lang)
              for lang in ("en", "de", "es")}
    for lang, voice in voices.items():
        assert voice is not None, f"no voice for {lang}"
        put = voice.queue.put

        def checking(said: Said, put: Any = put, lang: str = lang) -> None:
            engine, state = demo.session.engine, demo.session.state
            hidden = secret_names(engine, state) if engine is not None and state is not None else set()
            names = {c.name for c in engine.catalog if c.payload in hidden} if engine is not None else set()
            named = (hidden & words(said.text)) | {n for n in names if n in said.text}
            spoken.append(Spoken(lang, said.text, frozenset(named)))
            hidden_seen.update(hidden)
            put(said)
        voice.queue.put = checking          # type: ignore[method-assign]
        voice.start()
    try:
        demo.start()
        finished = demo.wait(WAIT_S)
        session = demo.session
        return DemoRun(
            code=code, finished=finished,
            last=demo.script.final if code == "GLC" else demo.script.states[-1],
            state=copy.deepcopy(session.state), view=copy.deepcopy(session.view()), views=tuple(views),
            spoken=tuple(spoken), hidden_seen=frozenset(hidden_seen), secret_kinds=bool(demo.game.secret_kinds),
            journal=tuple(session.journal.entries(session.game_id)), health=copy.deepcopy(session.camera.health),
            beat_times=tuple(demo.beat_times), script=demo.script, console=getattr(demo.example, "console", None))
    finally:
        for voice in voices.values():
            voice.close()                   # type: ignore[union-attr]
        demo.close()
        folder.cleanup()
