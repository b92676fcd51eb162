"""What the voice says about a change: from the public view before and the
public view after, the few short sentences worth saying aloud, each of one
:data:`KINDS` kind.

Only the public view is read (the page's own prompts, status words and scores),
so nothing said can name a card the page may not show. The sentences are the
page's own where the page has them (its prompts, "Camera lost", "{seat}: your
turn", "Winner"), from the page's catalog, and new ones only where the page has
none::

    said = announcements(before_view, after_view)
    [(u.kind, str(u.text)) for u in said]
    # [('illegal', "Not allowed: haunt: it is RED's turn, not BLUE's."), ...]
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from models.text import Text, and_list, concat, tr, trn

#: what the voice speaks of, most urgent first (:data:`PRIORITY`)
KINDS = ("illegal", "camera", "over", "fix", "offer", "glare", "voice", "turn")
#: a higher number is more urgent: it is said first, and cuts a less urgent sentence short
#: (``voice``: the voice's own "Voice on" when it is unmuted)
PRIORITY = {"illegal": 4, "camera": 4, "over": 3, "fix": 2, "offer": 2, "glare": 2, "voice": 2, "turn": 1}
#: at most this many of the page's prompts are read out for one change (the page shows the rest)
MAX_PROMPTS = 2
#: the keys a game's public state names whose turn it is by (as the page reads them, common.js whoseTurn)
TURN_KEYS = ("turn", "current", "current_player", "to_move", "active")


@dataclass(frozen=True)
class Utterance:
    """One thing to say: its kind (:data:`KINDS`), the sentence (a
    :class:`~models.text.Text`, translated when it is spoken) and its urgency."""

    kind: str
    text: Any
    priority: int

    @classmethod
    def of(cls, kind: str, text: Any) -> Utterance:
        return cls(kind, text, PRIORITY[kind])


def page(msgid: str, /, **params: Any) -> Text:
    """One of the page's own sentences (``web/locale``, said by its scripts as
    ``TC.t``), to be translated by the page's catalog."""
    return Text(msgid.format(**params), msgid=msgid, params=params, domain="web")


def _own_turn(view: Mapping[str, Any] | None) -> list[str]:
    """Whose turn the game's own public state says (one of :data:`TURN_KEYS`)."""
    state = (view or {}).get("state") or {}
    for key in TURN_KEYS:
        v = state.get(key) if isinstance(state, dict) else None
        if isinstance(v, str) and v:
            return [v]
        if isinstance(v, list) and v and all(isinstance(x, str) for x in v):
            return list(v)
    return []


def whose_turn(view: Mapping[str, Any] | None) -> list[str]:
    """The seats whose turn the page shows (common.js ``TC.whoseTurn``): the
    lit seat LEDs, else the game's own turn; while the table is out of sync or
    the camera is lost, the game's own turn (the LEDs then light whoever must
    put something back). Only seats of the game's players."""
    if not view or not view.get("game") or view.get("status") == "over":
        return []
    players = list(view.get("players") or [])
    own = _own_turn(view)
    if view.get("status") in ("out_of_sync", "camera_lost") and own:
        return own
    seats = (view.get("indicators") or {}).get("seats") or {}
    lit = [p for p in players if seats.get(p)]
    return lit or own


def _named(view: Mapping[str, Any], seats: Sequence[str]) -> list[str]:
    """Each seat as the players know it: its player's name where given, else the seat."""
    names = view.get("names") or {}
    labels = ((view.get("score") or {}).get("labels") or {})
    return [str(names.get(s) or labels.get(s) or s) for s in seats]


def _cue(view: Mapping[str, Any] | None) -> int:
    cue = ((view or {}).get("indicators") or {}).get("cue") or {}
    return int(cue.get("n") or 0) if cue.get("name") == "illegal" else 0


def _prompts(view: Mapping[str, Any], levels: Sequence[str]) -> list[Any]:
    return [p["text"] for p in view.get("prompts") or [] if p.get("level") in levels and p.get("text")]


def _closed(text: Any) -> Any:
    """A prompt as a spoken sentence: with a full stop when it has none (the
    page shows prompts as lines; read one after another they need a pause)."""
    return text if str(text).rstrip().endswith((".", "!", "?")) else concat(text, ".")


def _a_few(texts: Sequence[Any]) -> Any:
    """The first :data:`MAX_PROMPTS` sentences, and how many more the page shows."""
    shown = [_closed(t) for t in texts[:MAX_PROMPTS]]
    more = len(texts) - len(shown)
    if more:
        shown.append(trn("One more thing to do: see the page.", "{n} more things to do: see the page.", more))
    return concat(*shown, sep=" ")


def turn_sentence(view: Mapping[str, Any], seats: Sequence[str]) -> Text:
    """``RED: your turn`` (the page's words), or several seats at once."""
    names = _named(view, seats)
    if len(names) == 1:
        return page("{seat}: your turn", seat=names[0])
    return tr("{seats}: your turn, each of you", seats=and_list(names))


def over_sentence(view: Mapping[str, Any]) -> Any:
    """The end of the game and the winner: the game's own closing prompt where it
    has one ("Game over: GREEN wins with 43 points"), else the page's words
    for the final scores ("Game over. Winner: GREEN", a tie)."""
    own = _prompts(view, ("info",))
    if own:
        return concat(*map(_closed, own[:MAX_PROMPTS]), sep=" ")
    score = view.get("score") or {}
    winners = _named(view, list(score.get("winners") or []))
    if not winners:
        return page("Game over")
    if score.get("tie"):
        return concat(page("Game over"), page("A tie between {players}.", players=and_list(winners)), sep=". ")
    return concat(page("Game over"), concat(page("Winner"), and_list(winners), sep=": "), sep=". ")


def camera_sentence(view: Mapping[str, Any]) -> Text:
    """The page's banner for a camera that stopped (or never answered)."""
    if (view.get("camera") or {}).get("missing"):
        return concat(page("Camera missing, retrying"),
                      page("Check that the camera is connected and enabled. The companion keeps trying by itself."),
                      sep=". ")
    return concat(page("Camera lost"),
                  page("Check the camera cable and that nothing blocks the lens. It reconnects by itself."),
                  sep=". ")


def announcements(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> list[Utterance]:
    """What to say about the change from ``before`` (None: nothing heard yet) to
    ``after``, most urgent first:

    * ``camera``: the camera stopped (the status turned to camera_lost);
    * ``illegal``: a move the rules refuse, or a table that does not match
      (the session's "illegal" cue sounded): the page's error prompts, which
      say what is wrong and how to put it right;
    * ``over``: the game ended, and who won;
    * ``fix``: a chore or a choice the players must finish before the game
      goes on (status waiting with new prompts);
    * ``offer``: with no game open, the game the table's tags offer, or why
      none can start (two games' tags, too few seats), when that changes;
    * ``glare``: a lamp's reflection newly hides a card (the page's warning,
      which names a hidden card only as "a card");
    * ``turn``: the game moved the turn on (its own turn in the public state:
      that seat), or a seat is to move that was not before (every seat to move;
      a round whose players finish one by one is not read out again).
    """
    out: list[Utterance] = []
    prev = before or {}
    status, was = after.get("status"), prev.get("status")
    if status == "camera_lost" and was != "camera_lost":
        out.append(Utterance.of("camera", camera_sentence(after)))
        return out
    if status == "out_of_sync" and (_cue(after) != _cue(before) or was != "out_of_sync"):
        wrong = _prompts(after, ("error", "warning")) + _prompts(after, ("todo",))
        out.append(Utterance.of("illegal", _a_few(wrong) if wrong else page(
            "The table does not match the game. Put it back as shown.")))
    if status == "over" and was != "over" and after.get("game"):
        out.append(Utterance.of("over", over_sentence(after)))
        return out
    offer = (after.get("offer") or {}).get("text")
    if offer and str(offer) != str((prev.get("offer") or {}).get("text") or ""):
        out.append(Utterance.of("offer", offer))
        return out
    hidden = [r["text"] for r in after.get("reflections") or [] if r.get("text")]
    seen = {str(r.get("text")) for r in prev.get("reflections") or []}
    new = [t for t in hidden if str(t) not in seen]
    if new:
        out.append(Utterance.of("glare", _a_few(new)))
    if status == "waiting":
        todo = _prompts(after, ("todo", "warning", "error"))
        old = set(map(str, _prompts(prev, ("todo", "warning", "error")))) if was == "waiting" else set()
        if todo and set(map(str, todo)) != old:
            out.append(Utterance.of("fix", _a_few(todo)))
    turn = whose_turn(after)
    if status in ("out_of_sync", "camera_lost", "over") or not turn:
        return out
    turn_before = [] if prev.get("status") == "over" else whose_turn(before)
    own = _own_turn(after)
    if own and own != _own_turn(before) and status != "out_of_sync":
        out.append(Utterance.of("turn", turn_sentence(after, own)))       # the game moved the turn on
    elif any(s not in turn_before for s in turn):
        out.append(Utterance.of("turn", turn_sentence(after, turn)))      # someone new is to move
    return out
