"""What the page, the API and the LEDs show, built from the session's plain
inputs with no side effects: :func:`lights` says what the LEDs should show for
a status; :func:`public_view` is the whole public view (``GET /api/state``).

The session switches the LEDs and publishes; nothing here touches a device, a
lock or the journal, so a view can be built (and tested) from any inputs::

    lights("out_of_sync", [Prompt("Put it back", "RED", "error")], settling=False)
    # {"seats": ["RED"], "status": "red"}
"""
from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from models.engine import Game, Prompt
from models.referee import state_key
from models.text import plain_copy

#: every status a view can carry (docs/refereeing.md: "Every status the page can show")
STATUSES = ("starting", "no_game", "in_sync", "applied", "waiting", "out_of_sync", "camera_lost", "over")


def lights(status: str, prompts: Iterable[Prompt], settling: bool, warn: bool = False,
           offered: Sequence[str] = ()) -> dict[str, Any]:
    """What the seat and status LEDs should show: the seats with something to do
    (none once the game is over) and the status colour (``warn``: something the
    players should see to, a lamp's reflection hiding a card: amber, the warning
    colour, where it would be green). ``offered``: with no game open, the seats
    a table's offer read (:mod:`companion.live.offer`): lit, amber until the press."""
    if offered:
        return {"seats": list(offered), "status": "amber"}
    todo = sorted({p.to for p in prompts if p.to and p.level in ("todo", "error", "warning")})
    if status in ("camera_lost", "out_of_sync"):
        colour = "red"
    elif status in ("waiting", "starting") or settling or warn:
        colour = "amber"
    else:
        colour = "green"
    return {"seats": todo if status != "over" else [], "status": colour}


def public_view(*, seq: int, engine: Game | None, state: dict[str, Any] | None, game_id: int | None,
                players: Sequence[str], names: Mapping[str, str], status: str, settling: bool,
                table: dict[str, Any] | None,
                prompts: Sequence[Prompt], events: Iterable[dict[str, Any]], score: dict[str, Any] | None,
                ended: bool, camera: Mapping[str, Any], faults: list[str],
                indicators: dict[str, Any], reflections: Sequence[dict[str, Any]] = (),
                offer: dict[str, Any] | None = None) -> dict[str, Any]:
    """The public view: plain JSON, nothing secret (the engine's public view, the
    prompts' public text, a secret card's sighting without its payload).
    ``reflections``: where a lamp's reflection hides a card (``x_mm``, ``y_mm``
    and the prompt's public ``text``), for the page's map. ``offer``: with no
    game open, the game the table's tags offer to start
    (:class:`models.game_from_tags.TableOffer`: code, seats, whether it is
    fresh or under way, ready to start, and its sentence), else None."""
    playing = engine is not None and state is not None
    view: dict[str, Any] = {
        "seq": seq,
        "time": round(time.time(), 3),
        "game": {"code": engine.code, "title": engine.title, "slug": engine.slug} if engine else None,
        "game_id": game_id,
        "players": list(players),
        "names": dict(names),
        "status": status,
        "settling": settling,
        "state": engine.public_view(state) if playing and engine and state is not None else None,
        "layout": engine.expected_table(state) if playing and engine and state is not None else None,
        "table": table,
        "prompts": [p.to_json() for p in prompts],
        "events": list(events),
        "score": score,
        "over": status == "over",
        "ended": ended,
        "camera": dict(camera),
        "faults": faults,
        "indicators": indicators,
        "reflections": list(reflections),
        "offer": dict(offer) if offer else None,
    }
    copied: dict[str, Any] = plain_copy(view)
    copied["revision"] = revision(copied)
    return copied


def revision(view: Mapping[str, Any]) -> str:
    """What the game is now, in 12 hex digits: the game, whether it is ended,
    and its public state. The console sends it with an operation, and the
    server refuses one decided on another revision (web.api's GUARDED): a new
    frame, a hand over the table or a prompt changes the view's ``seq``, not
    this."""
    key = state_key({"game_id": view.get("game_id"), "ended": view.get("ended"), "state": view.get("state")})
    return hashlib.sha1(key.encode()).hexdigest()[:12]
