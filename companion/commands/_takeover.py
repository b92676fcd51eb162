"""``companion run --from-table`` on a terminal: the take-over's questions asked there.

The take-over reads the game from its table; what the table cannot show (whose
turn it is, which round) is asked once. With the answers given as ``--option``\\ s
nothing is asked; otherwise, on a terminal, this asks each open question as soon
as the first settled table raises it (the console's form asks the same)::

    Whose turn is it? [RED, BLUE, GREEN]: blue
"""
from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TextIO

from models.engine import GameSetupError, IllegalAction
from models.takeover import Question


def ask(question: dict[str, Any], read: Callable[[str], str], out: TextIO) -> Any:
    """One question (its JSON form) asked until the answer is one it takes
    (the choice's value or its words, any case; a number in range)."""
    q = Question.from_json(question)
    hint = ", ".join(str(w) for _, w in q.choices) if q.choices else f"{q.low}-{q.high}"
    while True:
        raw = read(f"{q.text} [{hint}]: ").strip()
        try:
            return q.parse(raw)
        except GameSetupError as e:
            print(str(e), file=out, flush=True)


def ask_when_needed(session: Any, read: Callable[[str], str] = input, out: TextIO = sys.stderr,
                    poll: float = 0.5) -> threading.Thread:
    """A daemon thread that waits for the take-over's questions and asks them on
    the terminal, then hands the answers to the session (asking again while
    an answer is refused); it ends once the game is taken over."""
    def loop() -> None:
        while session.waiting_take_over:
            questions = session.takeover_questions
            if not questions:
                time.sleep(poll)
                continue
            print("To take the game over as it lies, answer what the table cannot show:", file=out, flush=True)
            answers: dict[str, Any] = {}
            for q in questions:         # in the form's order: one that an earlier answer rules out is not asked
                if Question.from_json(q).asked(answers):
                    answers[q["key"]] = ask(q, read, out)
            try:
                session.answer_take_over(answers)
            except (IllegalAction, GameSetupError) as e:
                print(getattr(e, "reason", str(e)), file=out, flush=True)

    thread = threading.Thread(target=loop, name="ask-takeover", daemon=True)
    thread.start()
    return thread
