"""The JSON API: the public view, the scores, live updates, and the referee's operations.

Public (never hidden information):

* ``GET /api/state``: ``session.view()``, the whole public view;
* ``GET /api/score``: the game, its status and the scoreboard;
* ``GET /api/games``: the games the companion knows, their options and actions;
* ``GET /api/events``: Server-Sent Events; one ``message`` per change, carrying
  the full public view as JSON with ``id: <seq>``; ``retry:`` for reconnection
  and a keep-alive comment every ~15 s.
* ``GET /api/voice/<n>.wav?lang=de``: the n-th sentence the referee's voice
  said (the view's ``voice.said`` is the latest), in the page's language, as
  WAV: one of the voice's last few sentences only (404 otherwise), each
  rendered once per language, never a request's own text.

Referee only (see :mod:`web.auth`), each answering ``{"ok": true, "view": ...}``
or a 4xx with a reason (409 when the rules refuse, 400 when the request is wrong):

* ``POST /api/referee/new``      ``{"game": "GLC", "players": ["RED", "BLUE", "GREEN"], "options": {},
  "names": {"RED": "Ana"}}`` (names are optional and public)
* ``POST /api/referee/takeover`` the same body (``"answers"`` optional): a game already under way,
  taken over as it lies; what the table cannot show is asked in the referee view's
  ``takeover_questions`` and answered with
* ``POST /api/referee/takeover_answers`` ``{"answers": {"turn": "RED"}}``
* ``POST /api/referee/apply``    ``{"action": {"type": "...", ...}}``: apply an action the table did
* ``POST /api/referee/correct``  ``{"action": {...}}``: replace the companion's last reading
* ``POST /api/referee/confirm``  accept what the companion read when it was unsure
  (``{"choice": n}``: the n-th explanation of moves the camera missed)
* ``POST /api/referee/undo``     take back the last applied action
* ``POST /api/referee/end``      end the game now and score it
* ``POST /api/referee/voice``    ``{"muted": true}`` and/or ``{"volume": 60}`` (0-100): the referee's voice,
  at once, for this session (the config file is not changed); 409 when the table has no voice
* ``GET  /api/referee/view``     the referee's view: the public one plus what it hides
  (prompt details, secret cards seen on the table by name)

``apply``, ``correct``, ``confirm``, ``undo``, ``end`` and ``reopen`` may carry the
``"revision"`` of the view they were decided on: refused (409) once the game
has changed since (:data:`GUARDED`).

The journal (``companion export``) holds every action, secrets included: it is
never served here, only read on the Pi by the referee.

Example::

    curl -H 'X-Referee-Pin: 2468' -X POST http://pi.local:8000/api/referee/undo
"""
from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, current_app, g, jsonify, request

from models import jsonio
from models.engine import IllegalAction
from models.takeover import Unanswered
from models.text import LANGUAGES, tr

from .auth import referee_required
from .errors import ApiError
from .games import games_catalog
from .i18n import current_language
from .session_api import TableSession

log = logging.getLogger(__name__)

bp = Blueprint("api", __name__, url_prefix="/api")


def the_session() -> TableSession:
    return current_app.extensions["companion_session"]


# --------------------------------------------------------------------------- public


@bp.get("")
@bp.get("/")
def index():
    """What the API offers, for a person exploring it with curl."""
    return jsonify({
        "public": ["GET /api/state", "GET /api/score", "GET /api/games", "GET /api/events (text/event-stream)"],
        "referee": [f"POST /api/referee/{op}" for op in OPERATIONS],
        "auth": "X-Referee-Pin: <PIN> or Authorization: Bearer <PIN>",
    })


@bp.get("/state")
def state():
    return _json_view(the_session().view())


@bp.get("/score")
def score():
    view = the_session().view()
    return jsonify({"seq": view.get("seq"), "game": view.get("game"), "status": view.get("status"),
                    "players": view.get("players", []), "score": view.get("score")})


@bp.get("/results")
def results():
    """The current game's results: the scoreboard with every line and the names (public)."""
    return jsonify(the_session().results())


@bp.get("/results.csv")
def results_csv():
    """The same as CSV, a line per scored item then the totals, for a spreadsheet."""
    body = the_session().results(as_csv=True)
    return Response(body, mimetype="text/csv", headers={
        "Content-Disposition": 'attachment; filename="results.csv"', "Cache-Control": "no-store"})


@bp.get("/story")
def story():
    """The current game's story: every change with its time and cause, and the
    public table after each (public: nothing secret is in a public view)."""
    data = the_session().story()
    if data is None:
        raise ApiError(404, "no game yet: its story begins when a game starts")
    return jsonify(data)


@bp.get("/past-games")
def past_games():
    """The journal's games, newest first: who played, when, how each ended (public)."""
    return jsonify({"games": the_session().past_games()})


@bp.get("/games")
def games():
    return jsonify({"games": games_catalog()})


@bp.get("/voice/<int:n>.wav")
def voice_wav(n: int) -> Response:
    """The ``n``-th sentence the referee's voice said, in ``?lang=`` (else the
    page's language), as WAV, for a phone whose voice switch is on. Only the
    voice's last few sentences, never a request's own text: 404 for any other
    number, 400 for a language the page does not speak."""
    asked = request.args.get("lang")
    if asked is not None and asked not in LANGUAGES:
        raise ApiError(400, f"lang must be one of {', '.join(LANGUAGES)}, not {asked[:20]!r}")
    try:
        wav = the_session().voice_wav(n, asked or current_language())
    except ValueError as e:
        raise ApiError(400, str(e)) from None
    except RuntimeError as e:                       # the synthesizer failed (companion.voice.VoiceUnavailable)
        raise ApiError(503, f"the voice cannot speak now: {e}") from None
    if wav is None:
        raise ApiError(404, f"no sentence {n}: the voice keeps only its last few (the view's voice.said is "
                            "the latest), and only when the table has a voice")
    return Response(wav, mimetype="audio/wav", headers={"Cache-Control": "no-store"})


def _json_view(view: dict) -> Response:
    resp = jsonify(view)
    resp.headers["Cache-Control"] = "no-store"
    return resp


# --------------------------------------------------------------------------- live updates


class StreamCounter:
    """The live-update streams open now: refuses past ``limit`` (so the server
    keeps threads for ordinary requests) and can end them all at shutdown."""

    def __init__(self, limit: int):
        self.limit = limit
        self.open = 0
        self.closing = False
        self._subs: set[Any] = set()
        self._lock = threading.Lock()

    def acquire(self) -> bool:
        with self._lock:
            if self.open >= self.limit or self.closing:
                return False
            self.open += 1
            return True

    def release(self) -> None:
        with self._lock:
            self.open -= 1

    def track(self, sub: Any) -> None:
        with self._lock:
            self._subs.add(sub)
        if self.closing:
            sub.close()

    def untrack(self, sub: Any) -> None:
        with self._lock:
            self._subs.discard(sub)

    def close_all(self) -> None:
        """End every open stream now (their threads return to the server)."""
        with self._lock:
            self.closing = True
            subs = list(self._subs)
        for sub in subs:
            sub.close()


def sse_message(view: dict) -> str:
    """One Server-Sent Events message carrying a view (``id`` is its seq)."""
    data = json.dumps(view, separators=(",", ":"), ensure_ascii=False)
    return f"id: {view.get('seq', 0)}\ndata: {data}\n\n"


def view_stream(session: TableSession, counter: StreamCounter, keepalive_s: float, retry_ms: int) -> Iterator[str]:
    """The stream one viewer reads: the current view, then every change.

    Subscribes before reading the current view, so no change falls between the
    two; a view whose seq was already sent is skipped. Ends (and unsubscribes)
    when the viewer goes away: the server raises at the next write, at the latest
    at the next keep-alive."""
    sub = session.subscribe()
    counter.track(sub)
    try:
        yield f"retry: {int(retry_ms)}\n: connected\n\n"
        view = session.view()
        last = view.get("seq", 0)
        yield sse_message(view)
        while True:
            update = sub.get(keepalive_s)
            if update is None:
                if getattr(sub, "closed", False):
                    return                       # the server is shutting down
                yield ": keep-alive\n\n"
                continue
            seq = update.get("seq", 0)
            if seq <= last:
                continue
            last = seq
            yield sse_message(update)
    finally:
        counter.untrack(sub)
        try:
            sub.close()
        finally:
            counter.release()


@bp.get("/events")
def events():
    counter: StreamCounter = current_app.extensions["companion_streams"]
    if not counter.acquire():
        raise ApiError(503, f"too many live viewers (at most {counter.limit}); the page will retry",
                       headers={"Retry-After": "5"})
    try:
        stream = view_stream(the_session(), counter, current_app.config["TC_KEEPALIVE_S"],
                             current_app.config["TC_RETRY_MS"])
    except BaseException:
        counter.release()
        raise
    return Response(stream, mimetype="text/event-stream", headers={
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
    })


# --------------------------------------------------------------------------- referee


def json_body(required: bool = True) -> dict:
    """The request's JSON object, or a 4xx saying what is wrong with it; parsed
    once per request (a guarded operation's revision check reads it first)."""
    if "json_body" not in g:
        g.json_body = _parsed_body()
    data: dict | None = g.json_body
    if data is None:
        if required:
            raise ApiError(400, "this operation needs a JSON object in the request body")
        return {}
    return data


def _parsed_body() -> dict | None:
    """The request body as a JSON object (None: no body), or a 4xx."""
    raw = request.get_data(cache=True)               # 413 past MAX_CONTENT_LENGTH
    if not raw.strip():
        return None
    if not request.is_json:
        raise ApiError(415, "send the body as JSON (Content-Type: application/json)")
    try:                                             # size already bounded; UTF-8 and nesting checked here
        data = jsonio.loads(raw, "the body", max_bytes=None)
    except jsonio.InputError as e:                  # "the body: nested more than 64 levels deep ..."
        raise ApiError(400, str(e).replace("the body: not JSON:", "malformed JSON:")) from None
    if not isinstance(data, dict):
        raise ApiError(400, f"the body must be a JSON object, not {jsonio.json_kind(data)}")
    return data


def _field(data: dict, name: str, kind: type, what: str) -> Any:
    if name not in data:
        raise ApiError(400, f"missing field {name!r}: {what}")
    value = data[name]
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise ApiError(400, f"field {name!r} must be {what}")
    return value


def _run(op: str, call, *args: Any):
    """Run a referee operation; the rules' refusals are 409, bad requests 400, and
    the companion's own trouble (the journal cannot be written) 503."""
    try:
        result = call(*args)
    except IllegalAction as e:
        raise ApiError(409, e.reason) from None
    except getattr(the_session(), "UNAVAILABLE", ()) as e:    # the journal cannot be written: nothing changed
        raise ApiError(503, f"{op}: {e}") from None
    except (ValueError, KeyError, TypeError) as e:
        reason = e.args[0] if e.args and isinstance(e.args[0], str) else str(e)
        raise ApiError(400, tr("{op}: {reason}", op=op, reason=reason)) from None
    body: dict[str, Any] = {"ok": True, "op": op}
    try:
        if result is not None:
            json.dumps(result)
            body["result"] = result
    except (TypeError, ValueError):
        pass
    body["view"] = the_session().view()
    log.info("referee %s from %s", op, request.remote_addr)
    return jsonify(body)


def new_game(op: str = "new", method: str = "new_game"):
    """A new game (``new``), or one already under way on the table taken over as
    it lies (``takeover``): ``{"game": "GLC", "players": [...], "options": {...},
    "names": {"RED": "Ana", ...}}``."""
    data = json_body()
    game = _field(data, "game", str, "the game's code, e.g. \"GLC\"")
    players = _field(data, "players", list, "a list of seat colours, e.g. [\"RED\", \"BLUE\", \"GREEN\"]")
    if not players or not all(isinstance(p, str) for p in players):
        raise ApiError(400, "field 'players' must be a non-empty list of seat colours")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ApiError(400, "field 'options' must be an object of option names to values")
    names = data.get("names", {})
    if not isinstance(names, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in names.items()):
        raise ApiError(400, "field 'names' must be an object of seat colours to names, e.g. {\"RED\": \"Ana\"}")
    allowed = {"game", "players", "options", "names"} | ({"answers"} if op == "takeover" else set())
    extra = set(data) - allowed
    if extra:
        raise ApiError(400, f"unknown field(s): {', '.join(sorted(extra))}")
    names = {k.strip().upper(): v for k, v in names.items()}
    seats = [p.strip().upper() for p in players]
    if op == "takeover":
        answers = data.get("answers", {})
        if not isinstance(answers, dict):
            raise ApiError(400, "field 'answers' must be an object of question keys to answers")
        return _run(op, _take_over, game, seats, options, names, answers)
    return _run(op, getattr(the_session(), method), game, seats, options, names)


def _take_over(*args: Any) -> Any:
    """The session's take-over; questions the table cannot answer are no
    refusal: they come back as ``{"questions": [...]}`` (also in the referee
    view's ``takeover_questions``), to be answered with ``takeover_answers``."""
    try:
        return the_session().take_over(*args)
    except Unanswered as e:
        return {"questions": [q.to_json() for q in e.questions]}


def _action_op(op: str, method: str):
    data = json_body()
    action = _field(data, "action", dict, "a JSON action object with a \"type\"")
    extra = set(data) - {"action", "revision"}
    if extra:
        raise ApiError(400, f"unknown field(s): {', '.join(sorted(extra))}")
    return _run(op, getattr(the_session(), method), action)


def _plain_op(op: str, method: str):
    json_body(required=False)                        # a body, if any, must still be sound
    return _run(op, getattr(the_session(), method))


def confirm():
    """Confirm the reading; after moves the camera missed, ``{"choice": n}`` picks
    the n-th explanation of the referee view's ``choices``."""
    data = json_body(required=False) or {}
    extra = set(data) - {"choice", "revision"}
    if extra:
        raise ApiError(400, f"unknown field(s): {', '.join(sorted(extra))}")
    choice = data.get("choice")
    if choice is not None and (isinstance(choice, bool) or not isinstance(choice, int)):
        raise ApiError(400, "choice must be a whole number (1 for the first explanation)")
    return _run("confirm", the_session().confirm, choice)


def takeover_answers():
    """Answers to the questions a waiting take-over asks (the referee view's
    ``takeover_questions``): ``{"answers": {"turn": "RED", ...}}``."""
    data = json_body()
    answers = _field(data, "answers", dict, "an object of question keys to answers, e.g. {\"turn\": \"RED\"}")
    extra = set(data) - {"answers"}
    if extra:
        raise ApiError(400, f"unknown field(s): {', '.join(sorted(extra))}")
    return _run("takeover_answers", the_session().answer_take_over, answers)


def fill_in():
    """A card's missing words (``{"payload", "field", "value"}``, one of the referee
    view's ``missing_texts``), kept for the next games."""
    data = json_body()
    extra = set(data) - {"payload", "field", "value"}
    if extra:
        raise ApiError(400, f"unknown field(s): {', '.join(sorted(extra))}")
    args = [_field(data, k, str, f"the card's {k}") for k in ("payload", "field", "value")]
    return _run("fill_in", the_session().fill_in, *args)


def voice() -> Response:
    """The referee's voice: ``{"muted": true|false}`` and/or ``{"volume": 0-100}``,
    applied at once and kept for the session (the config file is not changed)."""
    data = json_body()
    extra = set(data) - {"muted", "volume"}
    if extra:
        raise ApiError(400, f"unknown field(s): {', '.join(sorted(extra))}")
    if not data:
        raise ApiError(400, "give muted (true or false) or volume (a whole number from 0 to 100)")
    muted, volume = data.get("muted"), data.get("volume")
    if "muted" in data and not isinstance(muted, bool):
        raise ApiError(400, f"muted must be true or false, not {json.dumps(muted)[:40]}")
    if "volume" in data and (isinstance(volume, bool) or not isinstance(volume, int) or not 0 <= volume <= 100):
        raise ApiError(400, f"volume must be a whole number from 0 to 100 (per cent), not {json.dumps(volume)[:40]}")
    if the_session().voice_state() is None:
        raise ApiError(409, "this table has no voice: [voice] enabled is off, or espeak-ng or the speaker is "
                            "missing (the log says which)")
    return _run("voice", the_session().set_voice, muted, volume)


OPERATIONS = {
    "new": new_game,
    "takeover": lambda: new_game("takeover", "take_over"),
    "apply": lambda: _action_op("apply", "apply"),
    "correct": lambda: _action_op("correct", "correct"),
    "confirm": confirm,
    "undo": lambda: _plain_op("undo", "undo"),
    "end": lambda: _plain_op("end", "end_game"),
    "reopen": lambda: _plain_op("reopen", "reopen"),
    "fill_in": fill_in,
    "takeover_answers": takeover_answers,
    "voice": voice,
}


#: the operations a request sent again, or a console left on an old view, must
#: not do: given the ``revision`` of the view the console showed
#: (``{"revision": "3f2a9c01b7de"}``, :func:`companion.live.views.revision`),
#: each is refused (409) once the game has changed since; without one (curl,
#: scripts) they run as asked
GUARDED = frozenset({"apply", "correct", "confirm", "undo", "end", "reopen"})
#: one referee operation at a time, so that the check of ``revision`` and the change are one step
_ONE_AT_A_TIME = threading.Lock()


def _check_revision() -> None:
    """409 when the body's ``revision`` is not the game's now (see :data:`GUARDED`)."""
    given = json_body(required=False).get("revision")
    if given is None:
        return
    if not isinstance(given, str):
        raise ApiError(400, "revision must be the text of the view's revision, as the console showed it")
    if given != the_session().view().get("revision"):
        raise ApiError(409, tr("the game changed since the console showed it: look at it again, then tap again"))


@bp.route(f"/referee/<any({', '.join(OPERATIONS)}):op>", methods=["POST"])
@referee_required
def referee_op(op: str):
    with _ONE_AT_A_TIME:
        if op in GUARDED:
            _check_revision()
        return OPERATIONS[op]()


@bp.get("/referee/view")
@referee_required
def referee_view():
    """The referee's view: the public view plus what it hides (each prompt's
    ``detail``, secret cards by name in ``table``); the console reads it after
    every change. Never served without the PIN."""
    return _json_view(the_session().referee_view())


@bp.get("/referee/form")
@referee_required
def referee_form():
    """The console's form for one action (``?type=haunt``): each field's choices,
    the legal ones now, the companion's best guess (:mod:`models.action_form`)."""
    type_name = request.args.get("type", "")
    if not type_name or len(type_name) > 64:
        raise ApiError(400, "give the action's type, e.g. /api/referee/form?type=haunt")
    return _run("form", the_session().action_form, type_name)


@bp.get("/referee/check")
@referee_required
def referee_check():
    """200 when the request proves the referee (the console uses it)."""
    return jsonify({"ok": True})
