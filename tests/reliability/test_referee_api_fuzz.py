"""Random hostile requests to the referee's API, in every game: never an
internal error, always a reason in words, and a refused request loses nothing.

For each of the five games a real session (its journal in real SQLite) behind
the real Flask app takes requests drawn from a seeded random generator, to
every referee operation: JSON of every shape (numbers too large, strings too
long, NUL, markup, nesting), one of the state's own legal actions with one
field broken, bodies that are not JSON or not UTF-8, wrong content types;
between them, legal moves, so the requests meet states all through a game.

Every answer is below 500. Every refusal (4xx) is JSON with its reason in
words, not Python's (an action whose ``type`` was a list was refused as
"unhashable type: 'list'"; a ``null`` body as "not NoneType"), and leaves the
game, its state and its journal as they were. A failure
names the game, the seed and the request.
"""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from companion.examples import PLAYERS
from companion.live.session import Session
from models.registry import get_game
from tests.support.referee import REFEREE
from tests.web.conftest import make_config
from web import create_app

OPS = ("new", "takeover", "apply", "correct", "confirm", "undo", "end", "reopen", "fill_in", "takeover_answers",
       "voice")
#: the fields the operations' bodies and the games' actions use
KEYS = ("type", "player", "card", "cards", "target", "floor", "side", "choice", "game", "players", "options",
        "names", "answers", "actions", "action", "n", "count", "house", "to", "from", "lang", "on", "note")
ODD = (None, True, False, 0, -1, 10**30, -(10**30), 2.5, 1e308, "", " ", "x" * 5000, "RED", "red", "NOBODY",
       "GLC", "GAH:CAT:1", "GVG:TRICK:1", "TCG:GHOST:1", "\u0000", "<script>alert(1)</script>", "../../etc/passwd",
       "1e9", "☃", "%s%n", [], {})
REQUESTS = 250
#: Python's own words: a reason with one of them is an error that slipped through unexplained
PYTHONS_WORDS = ("unhashable type", "NoneType", "object is not", "has no attribute", "not supported between",
                 "positional argument", "object of type", "indices must be", "invalid literal", "Traceback")


def _junk(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value: mostly odd scalars, some lists and objects of them."""
    r = rng.random()
    if depth >= 3 or r < 0.5:
        return rng.choice(ODD)
    if r < 0.7:
        return [_junk(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(KEYS): _junk(rng, depth + 1) for _ in range(rng.randint(0, 5))}


def _broken_action(rng: random.Random, game: Any, state: Any) -> Any:
    """One of ``state``'s legal actions with one field replaced by junk (junk itself when there is none)."""
    actions = game.legal_actions(state) if state is not None and not game.is_over(state) else []
    if not actions:
        return _junk(rng)
    action = rng.choice(actions).to_json()
    action[rng.choice(list(action))] = _junk(rng, 2)
    return action


def _shaped(rng: random.Random, op: str, code: str, game: Any, state: Any) -> dict[str, Any]:
    """A body of the operation's own shape, its values junk (or nearly right)."""
    if op in ("apply", "correct"):
        return {"action": _broken_action(rng, game, state)}
    if op == "confirm":
        return {"choice": _junk(rng)}
    if op in ("new", "takeover"):
        players = rng.choice([list(PLAYERS[code]), [rng.choice(ODD)], _junk(rng)])
        body = {"game": rng.choice([code, _junk(rng)]), "players": players, "options": _junk(rng),
                "names": _junk(rng)}
        return {**body, "answers": _junk(rng)} if op == "takeover" else body
    if op == "takeover_answers":
        return {"answers": {rng.choice(KEYS): _junk(rng) for _ in range(rng.randint(0, 3))}}
    if op == "fill_in":
        return {"payload": rng.choice(ODD), "field": rng.choice(ODD), "value": _junk(rng)}
    if op == "voice":
        return {"muted": _junk(rng), "volume": _junk(rng)}
    return _junk(rng)


def _request(rng: random.Random, code: str, game: Any, state: Any) -> tuple[str, dict[str, Any]]:
    """A random hostile request: the operation, and the test client's keyword arguments."""
    op = rng.choice(OPS)
    r = rng.random()
    if r < 0.5:
        return op, {"json": _shaped(rng, op, code, game, state)}
    if r < 0.8:
        return op, {"json": _junk(rng)}
    data = rng.choice([b"{", b"\xff\xfe{}", b"[]", b"null", b"1" * 400, b'{"action": "\xff"}', b"", b"{}" * 50])
    kind = rng.choice(["application/json", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data"])
    return op, {"data": data, "content_type": kind}


def _kept(s: Session) -> tuple[Any, str, int]:
    """What a refusal must leave as it was: the game, its state, its journal's length."""
    entries = len(s.journal.entries(s.game_id)) if s.game_id is not None else 0
    return s.game_id, json.dumps(s.state, sort_keys=True, default=str), entries


@pytest.mark.parametrize("code", list(PLAYERS))
def test_hostile_referee_requests_are_refused_in_words_and_lose_nothing(tmp_path, code):
    game = get_game(code)
    seed = list(PLAYERS).index(code)
    rng = random.Random(seed)
    s = Session(make_config(tmp_path), indicators=False)
    client = create_app(s).test_client()
    new = {"game": code, "players": list(PLAYERS[code])}
    refused = 0
    try:
        assert client.post("/api/referee/new", json=new, headers=REFEREE).status_code == 200
        for i in range(REQUESTS):
            op, kw = _request(rng, code, game, s.state)
            before = _kept(s)
            r = client.post(f"/api/referee/{op}", headers=REFEREE, **kw)
            said = f"{code} seed {seed} request {i}: POST /api/referee/{op} {kw!r:.300} -> {r.status_code} " \
                   f"{r.get_data(as_text=True)[:300]}"
            assert r.status_code < 500, said
            if r.status_code >= 400:
                refused += 1
                error = (r.get_json(silent=True) or {}).get("error")
                assert isinstance(error, str) and len(error.split()) >= 2, said
                assert not [w for w in PYTHONS_WORDS if w in error], said
                assert _kept(s) == before, said
            if not s.game_open or s.state is None or game.is_over(s.state):
                assert client.post("/api/referee/new", json=new, headers=REFEREE).status_code == 200
            elif rng.random() < 0.3 and (legal := game.legal_actions(s.state)):
                s.apply([rng.choice(legal).to_json()])
    finally:
        s.close()
    assert refused > REQUESTS // 2          # the requests are hostile: most are refused
