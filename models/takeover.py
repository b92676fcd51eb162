"""Taking a game over as it lies: what a settled table cannot tell, asked once.

A game under way is read from its table directly (:meth:`models.engine.Game.from_table`):
everything the camera sees is exact, what no camera can see (hands, decks, face-down
piles) is held as counts the catalog allows, and what the table cannot tell at all
(whose turn it is, which round, points written down) is asked once, as the
:class:`Question` s of :meth:`models.engine.Game.takeover_questions`: one short form
on the console and the page, or the terminal's questions and ``--option`` s of
``companion run --from-table``.

Example::

    q = Question("turn", tr("Whose turn is it?"), (("RED", "RED"), ("BLUE", "BLUE")))
    q.parse("blue")          # -> "BLUE"
    q.parse("PINK")          # GameSetupError: turn: must be one of RED, BLUE, not 'PINK'
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import GameSetupError, IllegalAction
from .jsonio import cut, typed_yes_no
from .text import tr


@dataclass(frozen=True)
class Question:
    """One thing the table cannot tell, asked when a game is taken over.

    ``key`` names the answer (``turn``); ``text`` asks it in players' words;
    ``choices`` are ``(value, words)`` pairs, the likeliest first (empty: a whole
    number from ``low`` to ``high`` is typed in); ``default`` is the value the
    form shows first (never an answer nobody gave: a referee asks, it does not
    guess); ``when``, ``(key, value)``, asks it only when the question ``key``
    is answered ``value`` (Ghosts Love Candy: which kid a tied player drew,
    only while the tie is being broken)."""

    key: str
    text: str
    choices: tuple[tuple[Any, str], ...] = ()
    default: Any = None
    low: int = 0
    high: int = 999
    when: tuple[str, Any] | None = None

    def asked(self, answers: Mapping[str, Any]) -> bool:
        """Whether the question stands, given the (parsed) answers so far: always,
        unless it has a ``when`` that an answer given rules out."""
        return self.when is None or self.when[0] not in answers or answers[self.when[0]] == self.when[1]

    def parse(self, raw: Any) -> Any:
        """The answer as the game takes it, from typed text or a JSON value;
        GameSetupError says what would do."""
        if self.choices:
            for value, words in self.choices:
                typed = raw.strip().upper() if isinstance(raw, str) else None
                if raw == value or typed in (str(value).upper(), str(words).upper()) or \
                        (isinstance(value, bool) and isinstance(raw, str) and typed_yes_no(raw) is value):
                    return value
            raise GameSetupError(tr("{key}: must be one of {choices}, not {value!r}", key=self.key,
                                    choices=", ".join(str(v) for v, _ in self.choices), value=cut(raw)))
        try:
            number = int(raw) if not isinstance(raw, bool) else None
        except (TypeError, ValueError):
            number = None
        if number is None or not self.low <= number <= self.high:
            raise GameSetupError(tr("{key}: a whole number from {low} to {high}, not {value!r}", key=self.key,
                                    low=self.low, high=self.high, value=cut(raw)))
        return number

    def as_option(self) -> str:
        """How to give the answer on the command line, without a terminal to ask
        on: ``turn=RED|BLUE``, ``under_A1=yes|no``, ``deck=0..53``."""
        if not self.choices:
            return f"{self.key}={self.low}..{self.high}"
        values = ["yes" if v is True else "no" if v is False else str(v) for v, _ in self.choices]
        return f"{self.key}=" + "|".join(values[:8]) + ("|..." if len(values) > 8 else "")

    def to_json(self) -> dict[str, Any]:
        """The form's field: what the console and the page draw."""
        return {"key": self.key, "text": str(self.text), "default": self.default,
                "choices": [{"value": v, "text": str(w)} for v, w in self.choices],
                **({} if self.choices else {"low": self.low, "high": self.high}),
                **({"when": {"key": self.when[0], "value": self.when[1]}} if self.when else {})}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Question:
        """The question from :meth:`to_json` (what the terminal is handed)."""
        when = data.get("when")
        return cls(data["key"], data["text"], tuple((c["value"], c["text"]) for c in data.get("choices", ())),
                   data.get("default"), data.get("low", 0), data.get("high", 999),
                   (when["key"], when["value"]) if when else None)


class Unanswered(IllegalAction):
    """A take-over that needs answers first: ``questions`` are the ones still
    open (the form to show); nothing was changed."""

    def __init__(self, questions: Sequence[Question]):
        self.questions = list(questions)
        super().__init__(tr("to take the game over as it lies, answer what the table cannot show: {questions}",
                            questions=" ".join(f"{q.text} (--option {q.as_option()})" for q in self.questions)))


def answers_for(questions: Sequence[Question], given: Mapping[str, Any]) -> tuple[dict[str, Any], list[Question]]:
    """The given answers parsed, and the questions still unanswered (not one
    that an answer given rules out: :meth:`Question.asked`). GameSetupError
    names a bad answer, or a key no question has (a typo must not pass
    unnoticed)."""
    known = {q.key for q in questions}
    stray = sorted(set(given) - known)
    if stray:
        raise GameSetupError(tr("{keys}: not a question of this take-over (questions: {known})",
                                keys=", ".join(stray), known=", ".join(sorted(known)) or tr("none")))
    answers: dict[str, Any] = {}
    for q in questions:
        if q.key in given:
            answers[q.key] = q.parse(given[q.key])
    missing = [q for q in questions if q.key not in answers and q.asked(answers)]
    return answers, missing
