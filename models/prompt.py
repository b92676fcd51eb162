"""What the engine tells the table: what happened (:class:`Event`), what to do
next (:class:`Prompt`), and the status of the referee's answer to a settled
table (:data:`VerdictStatus`). Re-exported by :mod:`models.engine`."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal


@dataclass(frozen=True)
class Event:
    """Something that happened when an action was applied, in plain words."""

    type: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "text": self.text, **({"data": self.data} if self.data else {})}


PromptLevel = Literal["info", "todo", "warning", "error"]


@dataclass(frozen=True)
class Prompt:
    """What the table should do next. ``to`` is a player id, or None for everyone.

    ``level``: ``info`` (news), ``todo`` (the table has a chore or a choice to
    make), ``warning`` (cannot tell, please check), ``error`` (out of sync).

    Prompts are public. ``text`` never names a secret ("Take a Love card away");
    where the referee needs it, ``detail`` says it in full ("Take Love card L3
    away"): only :meth:`to_referee_json` carries it, never :meth:`to_json`.

    ``enter``: the actions (their types, the likeliest first) the prompt asks
    the referee to enter on the console, whose forms the console offers beside
    it: ``Prompt("Referee: say how RED paid for the light ...", enter=("light_told",))``.
    Also the referee's form only."""

    text: str
    to: str | None = None
    level: PromptLevel = "todo"
    detail: str | None = None
    enter: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The public form: never the detail."""
        return {"text": self.text, "to": self.to, "level": self.level}

    def to_referee_json(self) -> dict[str, Any]:
        """The referee's form: the public one plus ``detail`` (the text again when
        there is none) and the actions to ``enter``, if any."""
        return {**self.to_json(), "detail": self.detail or self.text,
                **({"enter": list(self.enter)} if self.enter else {})}


VerdictStatus = Literal["in_sync", "applied", "waiting", "out_of_sync"]
