"""The broadcast of views: the table's public view rebuilt after every change,
the LEDs switched to match it, and the view handed to every subscriber (a
Server-Sent Events client: :class:`Subscription`) and listener (``on_change``:
the event publisher, the live-update hub). Also the referee's view, which is
never published.

The public view never names hidden information: a card of a secret kind on the
table keeps its place and kind but not its payload, and a tag fault names it
only by its kind (:mod:`companion.live.secret_tags`).
"""
from __future__ import annotations

import collections
import copy
import logging
import threading
from collections.abc import Callable
from typing import Any

from models.engine import Prompt
from models.reflection import reflection_prompts
from models.text import plain_copy, tr

from .camera_loop import CameraLoop
from .secret_tags import game_of, kind_noun, secret_kind
from .state import TableState
from .views import lights, public_view

log = logging.getLogger(__name__)


class Subscription:
    """A queue of views for one listener (a Server-Sent Events client): every
    published view, in order. A listener that falls ``maxlen`` views behind loses
    the oldest ones, never the newest."""

    def __init__(self, broadcast: Broadcast, maxlen: int = 256):
        self._broadcast = broadcast
        self._queue: collections.deque[dict[str, Any]] = collections.deque(maxlen=maxlen)
        self._cond = threading.Condition()
        self.closed = False

    def put(self, view: dict[str, Any]) -> None:
        with self._cond:
            self._queue.append(view)
            self._cond.notify_all()

    def get(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next view, or None after ``timeout`` seconds (or once closed)."""
        with self._cond:
            if not self._queue and not self.closed:
                self._cond.wait(timeout)
            return self._queue.popleft() if self._queue else None

    def close(self) -> None:
        with self._cond:
            self.closed = True
            self._cond.notify_all()
        self._broadcast.unsubscribe(self)

    def __enter__(self) -> Subscription:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Broadcast:
    """The views of one table: built from its :class:`TableState` and its
    camera's health, published to every subscriber and listener."""

    def __init__(self, table: TableState, camera: CameraLoop):
        self.table = table
        self.camera = camera
        self._view_lock = threading.Lock()     # the published view and the subscribers
        self._subs: list[Subscription] = []
        self._listeners: list[Callable[[dict[str, Any]], None]] = []
        self._seq = 0
        self._view: dict[str, Any] = {}
        #: the referee's voice's public state (``companion.voice.Voice.state``), or None: no voice
        self.voice_state: Callable[[], dict[str, Any]] | None = None

    def publish(self) -> None:
        """Bump seq, rebuild the view, hand it to every subscriber and listener."""
        with self.table.lock:
            with self._view_lock:
                self._seq += 1
            view = self._build_view()
            with self._view_lock:
                view["seq"] = self._seq
                self._view = view
                subs = list(self._subs)
        for sub in subs:
            sub.put(view)
        for cb in list(self._listeners):
            try:
                cb(view)
            except Exception as e:
                log.warning("view listener: %s", e)

    def view(self) -> dict[str, Any]:
        """The public view (never hidden information); a fresh copy. Keys:

        ``seq`` (one more for every published view), ``time``, ``game``
        ({code, title, slug} or None), ``game_id`` (journal), ``players``,
        ``names`` (seat colour -> the player's name, where given),
        ``status`` (see :mod:`companion.live.session`), ``settling`` (something
        on the table is moving), ``over``, ``ended``, ``state`` (the game's
        public view), ``layout`` (the expected table, in the game's terms),
        ``table`` (the last settled snapshot: table_mm and every tag's payload,
        x_mm, y_mm, angle_deg), ``prompts``, ``events`` (recent, newest last;
        each with ``kind`` = the journal entry's kind and ``entry`` = its seq
        when it came from one), ``score`` (Scoreboard JSON), ``camera`` (ok,
        fps, frames, errors, bad_frames (frames the pipeline could not use),
        skipped (unreadable files a replay skipped), rejected, calibrated,
        source, ended, missing (no frame since start: the camera is retried),
        retry_s, last_error), ``faults`` (codes seen twice, stray codes, in
        plain words), ``indicators`` (seats {colour: lit}, status
        green|amber|red, buzzer, virtual), ``reflections`` (where a lamp's
        reflection hides a card: x_mm, y_mm and the warning's text, which
        ``prompts`` begins with) and ``voice`` (the referee's voice: muted,
        volume, speaker, lang, said (the latest sentence's number) and kind;
        None when the table has no voice)."""
        with self._view_lock:
            return copy.deepcopy(self._view)

    def referee_view(self) -> dict[str, Any]:
        """The referee's view (the console, behind the PIN): the public view plus
        what it hides from everyone else: each prompt's ``detail`` (a Love card
        by its name), every sighting's payload, faults naming secret cards;
        ``actions_now``: the action types the rules allow now, in the game's
        order (the console's action list starts at the first);
        ``referee`` is True. Never published to the public stream."""
        t = self.table
        with t.lock:
            view = self.view()
            missing: list[Any] = []
            now: list[str] = []
            if t.engine is not None and t.state is not None and not t.ended:
                missing = t.engine.missing_texts(t.state)
                allowed = {a.type for a in t.engine.legal_actions(t.state)}
                now = [a.type for a in t.engine.actions if a.type in allowed]
            view.update(referee=True, table=self.table_json(referee=True), missing_texts=missing, actions_now=now,
                        prompts=[p.to_referee_json() for p in self.reflections() + t.prompts],
                        faults=self.faults(referee=True),
                        choices=[{"actions": [a.to_json() for a in f.actions],
                                  "lines": [e.text for e in f.events] or [str(a) for a in f.actions]}
                                 for f in t.choices],
                        takeover_questions=[q.to_json() for q in t.questions] if t.late is not None else [])
        copied: dict[str, Any] = plain_copy(view)
        return copied

    def subscribe(self, maxlen: int = 256) -> Subscription:
        """A queue that receives every view published from now on."""
        sub = Subscription(self, maxlen)
        with self._view_lock:
            self._subs.append(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        with self._view_lock:
            if sub in self._subs:
                self._subs.remove(sub)

    def on_change(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call ``callback(view)`` after every publish (in the publishing thread)."""
        self._listeners.append(callback)

    def public_status(self) -> str:
        """One of :data:`companion.live.views.STATUSES`."""
        t = self.table
        if self.camera.lost:
            return "camera_lost"
        if t.engine is None:
            return "no_game"
        if t.over():
            return "over"
        return t.status

    def _build_view(self) -> dict[str, Any]:
        """Switch the LEDs for the current status, then build the public view."""
        t = self.table
        status = self.public_status()
        told = self.reflections()
        prompts = told + t.prompts
        offer = t.offer if t.offer is not None and (t.engine is None or t.ended) else None
        offered = list(offer.players) if offer is not None and offer.ready else []
        want = lights(status, prompts, t.settling, warn=bool(told), offered=offered)
        seats = offered or t.players
        if t.indicators is not None:
            t.indicators.show_turn(want["seats"])
            t.indicators.show_status(want["status"])
            ind = t.indicators.state()
            indicators = {"seats": ind["seats"], "status": ind["status"], "buzzer": ind["buzzer"],
                          "virtual": ind["mock"], "cue": t.cue}
        else:
            indicators = {"seats": {p: p in want["seats"] for p in seats}, "status": want["status"],
                          "buzzer": False, "virtual": True, "cue": t.cue}
        view = public_view(seq=self._seq, engine=t.engine, state=t.state, game_id=t.game_id,
                           players=t.players, names=t.names, status=status, settling=t.settling,
                           table=self.table_json(referee=False), prompts=prompts, events=t.events,
                           score=t.score_json(), ended=t.ended, camera=self.camera.health,
                           faults=self.faults(), indicators=indicators,
                           reflections=[{"x_mm": x, "y_mm": y, "text": p.text}
                                        for (x, y), p in zip(t.glare.values(), told)],
                           offer=offer.to_json() if offer is not None else None)
        view["voice"] = self.voice_state() if self.voice_state is not None else None
        return view

    def reflections(self) -> list[Prompt]:
        """A warning for each tag a lamp's reflection hides now, in the game's
        words (:mod:`models.reflection`: which card and where; a hidden card
        is "a card", named only in the referee's ``detail``), in the order of
        ``table.glare``."""
        t = self.table
        return reflection_prompts(list(t.glare), t.engine, t.state, lambda p: game_of(p, t.engine))

    def table_json(self, referee: bool) -> dict[str, Any] | None:
        """The last settled snapshot: every tag and where it lies. In the public
        view a card of a secret kind keeps its place and kind but not its payload
        (``{"payload": null, "kind": "love", "secret": true, ...}``); the
        referee's view names it."""
        snap = self.table.snapshot
        if snap is None:
            return None
        sightings = []
        for s in snap.sightings:
            item: dict[str, Any] = {"payload": s.payload, "x_mm": round(s.x_mm, 1), "y_mm": round(s.y_mm, 1),
                                    "angle_deg": round(s.angle_deg, 1)}
            kind = secret_kind(s.payload, self.table.engine)
            if kind is not None:
                item.update(kind=kind, secret=True)
                if not referee:
                    item["payload"] = None
            sightings.append(item)
        return {"table_mm": list(getattr(snap, "table_mm", self.table.config.table_mm)), "sightings": sightings}

    def faults(self, referee: bool = False) -> list[str]:
        """The tag faults in words; a card of a secret kind is named only for the referee."""
        engine = self.table.engine

        def secret(p: str) -> str | None:
            kind = None if referee else secret_kind(p, engine)
            return kind_noun(p, kind, engine) if kind is not None else None

        out: list[str] = []
        for p in self.table.duplicates:
            noun = secret(p)
            out.append(tr("A {noun} is seen twice at once: a second copy or a misprinted tag; remove one", noun=noun)
                       if noun is not None else
                       tr("{tag} is seen twice at once: a second copy or a misprinted tag; remove one",
                          tag=f"{p[:1].upper()}{p[1:]}"))
        for p, (_, reason) in sorted(self.table.rejected.items()):
            noun = secret(p)
            out.append(tr("A code that is not a tag of this table was seen (a {noun}): {reason}", noun=noun,
                          reason=reason) if noun is not None else
                       tr("A code that is not a tag of this table was seen ({code!r}): {reason}", code=p,
                          reason=reason))
        return out
