"""Hidden information stays hidden: the contract over all five games.

For each game a stretch of its documented script is played (docs/games/), then
every action that carries a secret (a Love card dealt, a ghost chosen face
down...) is applied by the referee through the real API, undone, corrected back
in, the table is shown to the session with a secret card lying face up, the
reading is confirmed and the game ended. After every step each public output
(:func:`public_outputs`: every page and JSON answer served without the PIN, and
the live stream) is searched for the secret values and for any text built from
an action (``deal_love(player='RED', love='L5')``). ``companion rules --json``,
run as a real process on the same script, is searched too.

A game whose actions carry no secret says so in :data:`PLAYS` and is played
through the same steps all the same; a registered game with no entry there is
played through the first moves of a random game from its own ``legal_actions``,
its secrets derived from its ``secret_kinds`` (:func:`play_of`).
"""
from __future__ import annotations

import html
import itertools
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from companion.event.broker import Mosquitto, write_broker
from companion.event.broker_url import BrokerURL
from companion.event.publisher import TablePublisher
from companion.examples import example_script
from companion.live.session import Session
from companion.service.network import free_ports
from models.engine import Event
from models.registry import game_classes, get_game
from models.table import Placement, Sighting, Snapshot
from tests.support.mqtt import Listener, wait
from tests.support.referee import REFEREE
from tests.web.conftest import make_config
from web import create_app

ROOT = Path(__file__).resolve().parents[2]
#: the shape of an action's repr: no public text may be built from one
ACTION_REPR = re.compile(r"\b[a-z_]+\([a-z_]+=")


@dataclass(frozen=True)
class Play:
    """One game's secrets: how much of its example (its page's script, played by
    the game's ``example_players``) to play first, the secret-carrying actions
    (applied one change each), the values that must never be public, face-up
    placements of secret cards the camera may catch, and what is secret, in words."""

    code: str
    prefix: int                              # script actions played before the secrets
    actions: tuple[dict[str, Any], ...]      # the secret-carrying actions (or, with none, plain ones)
    secrets: tuple[str, ...]                 # values no public output may name
    hidden: str                              # what the game hides, and how the actions keep it
    face_up: tuple[Placement, ...] = field(default=())   # secret cards the camera catches face up
    told: tuple[str, str] = ("", "")         # what a prompt then says: publicly, and to the referee


PLAYS = [
    Play("GLC", 12,
         ({"type": "deal_love", "player": "RED", "love": "L5"},
          {"type": "deal_love", "player": "BLUE", "love": "L2"},
          {"type": "choose", "player": "RED", "ghost": 7}),
         ("L5", "GLC:LOVE:L5", "Loves Lollipops", "L2", "GLC:LOVE:L2", "Loves Licorice", "R7", "GLC:GHOST:R7"),
         "each player's Love card (deal_love) and the ghost chosen face down (choose with a ghost)",
         (Placement("GLC:LOVE:L5", 190.0, 520.0),),         # RED's Love card face up at RED's seat
         ("Take a Love card away", "Take Love card L5 away")),
    Play("GAH", 24,
         ({"type": "discard", "player": "RED", "count": 1},),
         (),
         "the cards in hand and the cards discarded for a fresh draw: discard names only how many "
         "(the table sees that), never which cards, so no action carries a secret"),
    Play("GVG", 6,
         ({"type": "peek", "player": "RED", "house": 8}, {"type": "trick", "player": "BLUE", "house": 1}),
         ("GVG:ID:GHOUL1", "GHOUL1", "Ghoul 1"),
         "identity cards (never told to the companion before they are turned up) and Tricks played "
         "face down (told without their card): no action carries a secret",
         (Placement("GVG:ID:GHOUL1", 90.0, 100.0),),        # RED's identity card face up at RED's seat
         ("RED: keep your identity card face down", "RED: keep your identity card face down")),
    Play("CCR", 11,
         ({"type": "take", "player": "BLUE", "sweets": ["B05", "H05"]},
          {"type": "steal", "player": "GREEN", "victim": "BLUE", "pocket": "B05"}),
         (),
         "none known to the companion: the face-down favourites tiles are told only once turned up"),
    Play("TCG", 2,
         ({"type": "move_avatar", "player": "RED", "to": "B3"},),
         (),
         "nothing: The Closest Ghost has no hidden information"),
]


#: how many moves of a random game a registered game without an entry in PLAYS is played through
DERIVED_MOVES = 8


def play_of(code: str) -> Play:
    """The game's entry in :data:`PLAYS`, or one derived from the game itself: the
    first moves of a random game played from its ``legal_actions`` (the contract's
    driver, by its example's players), and as secrets every component of its
    ``secret_kinds`` that none of those moves' states shows face up. A new game
    needs no edit here; an entry of its own adds what a derived one cannot know
    (a secret card caught face up by the camera, what a prompt then says)."""
    from tests.contract.drivers import random_game
    from tests.support.contract import secret_names

    given = next((p for p in PLAYS if p.code == code), None)
    if given is not None:
        return given
    game = get_game(code)
    steps = list(itertools.islice(random_game(game, list(game.example_players), 0), DERIVED_MOVES))
    actions = tuple(a.to_json() for _, step, _ in steps for a in step)
    states = [before for before, _, _ in steps] + [after for _, _, after in steps[-1:]]
    secrets = set.intersection(*(secret_names(game, s) for s in states)) if states else set()
    return Play(code, 0, actions, tuple(sorted(secrets)),
                f"whatever its secret kinds ({', '.join(sorted(game.secret_kinds)) or 'none'}) keep face down")


def script_of(play: Play) -> list[dict[str, Any]]:
    return example_script(play.code)


def legal_prefix(play: Play) -> list[dict[str, Any]]:
    """The script's first ``prefix`` actions that the rules accept (a documented
    script shows an illegal move or two on purpose)."""
    from models.engine import IllegalAction
    if not play.prefix:                 # a derived play starts at the setup: no script needed
        return []
    game = get_game(play.code)
    state = game.setup(list(game.example_players), {})
    out = []
    for a in script_of(play)[:play.prefix]:
        try:
            state, _ = game.apply(state, game.parse_action(a))
        except IllegalAction:
            continue
        out.append(a)
    return out


def leaks(text: str, secrets: tuple[str, ...]) -> list[str]:
    """The secrets ``text`` names (whole words only), and any action repr in it."""
    text = html.unescape(text)
    found = [s for s in secrets if re.search(rf"(?<![A-Za-z0-9]){re.escape(s)}(?![A-Za-z0-9])", text)]
    return found + ACTION_REPR.findall(text)


# --------------------------------------------------------------------------- the public outputs


class Stream:
    """The live stream (``/api/events``) read through the real app: every message
    it sent since the game began."""

    def __init__(self, client):
        self.resp = client.get("/api/events", buffered=False)
        assert self.resp.status_code == 200
        self.chunks: Iterator[bytes] = iter(self.resp.response)
        self.messages: list[str] = []
        self.last = -1

    def read_to(self, seq: int) -> list[str]:
        """Read until the message with id ``seq`` arrived (keep-alives come every 50 ms)."""
        for _ in range(10_000):
            if self.last >= seq:
                return self.messages
            chunk = next(self.chunks).decode()
            if chunk.startswith("id: "):
                self.messages.append(chunk)
                self.last = int(chunk.split("\n", 1)[0][4:])
        raise AssertionError(f"the stream never sent view {seq}")

    def close(self) -> None:
        self.resp.close()


class Broadcast:
    """Event mode's MQTT messages: the session publishes as table t1 to a real
    Mosquitto (companion.event.publisher), and a spectator's read-only login
    collects everything the broker delivers."""

    def __init__(self, session: Session, folder):
        port, ws_port = free_ports(2)
        setup = write_broker(folder / "broker", event="secrets", tables=["t1"], port=port,
                             ws_port=ws_port, bind="127.0.0.1")
        self.broker = Mosquitto(setup).start()
        self.publisher = TablePublisher(session, BrokerURL.parse(setup.url("t1")), event="secrets", table="t1",
                                        view_interval_s=0.01)
        self.publisher.start()
        self.spy = Listener(setup, "viewer", "tc/secrets/#")

    def read_to(self, seq: int) -> str:
        """Every message so far, once the view ``seq`` (or a later one) arrived."""

        def arrived() -> bool:
            return any(t.endswith("/view") and json.loads(p)["view"]["seq"] >= seq for t, p, _ in self.spy.messages)
        wait(arrived, 10, f"view {seq} over MQTT")
        return "\n".join(p.decode() for _, p, _ in self.spy.messages)

    def close(self) -> None:
        self.spy.close()
        self.publisher.close()
        self.broker.stop()


def public_outputs(app, client, session: Session, stream: Stream, broadcast: Broadcast) -> dict[str, str]:
    """Every output anyone may read without the referee PIN, by name: each page
    and JSON answer the app serves to a GET without arguments (a route added later
    is searched too; the PIN-protected ones answer 401 or a login page), in
    English, German and Spanish (a translation must hide what the English does),
    the live stream's messages so far, and every MQTT message of event mode so far."""
    out: dict[str, str] = {}
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.arguments or rule.rule == "/api/events":
            continue
        out[rule.rule] = client.get(rule.rule).get_data(as_text=True)
        for lang in ("de", "es"):
            out[f"{rule.rule} ({lang})"] = client.get(rule.rule, headers={"Accept-Language": lang}).get_data(
                as_text=True)
    out["/api/events"] = "".join(stream.read_to(session.view()["seq"]))
    out["mqtt"] = broadcast.read_to(session.view()["seq"])
    return out


def referee_outputs(client) -> dict[str, str]:
    """What the referee sees behind the PIN (secrets may show here)."""
    return {"/api/referee/view": client.get("/api/referee/view", headers=REFEREE).get_data(as_text=True)}


# --------------------------------------------------------------------------- the contract


@pytest.fixture
def session(tmp_path) -> Iterator[Session]:
    s = Session(make_config(tmp_path), indicators=False)
    yield s
    s.close()


def snapshot(session: Session, extra: tuple[Placement, ...]) -> Snapshot:
    """What a perfect camera sees: the game's own arrangement plus ``extra`` face up."""
    placements = list(session.engine.arrange(session.state)) + list(extra)
    return Snapshot(0.0, tuple(Sighting(p.payload, p.x_mm, p.y_mm, p.angle_deg) for p in placements if p.face_up),
                    table_mm=(900.0, 600.0))


@pytest.mark.parametrize("code", [c.code for c in game_classes()])
def test_no_public_output_names_a_secret(code, session, tmp_path):
    check_play(play_of(code), session, tmp_path)


def test_a_game_without_an_entry_is_checked_on_a_play_derived_from_it(session, tmp_path, monkeypatch):
    """Ghosts Love Candy as if it had no entry: its derived play deals Love cards
    (a secret the table never shows) and no public output names them."""
    monkeypatch.setattr(sys.modules[__name__], "PLAYS", [p for p in PLAYS if p.code != "GLC"])
    play = play_of("GLC")
    assert len(play.actions) == DERIVED_MOVES and any(a["type"] == "deal_love" for a in play.actions)
    assert {a["love"] for a in play.actions if a["type"] == "deal_love"} <= set(play.secrets)
    check_play(play, session, tmp_path)


def check_play(play: Play, session: Session, tmp_path: Path, process: bool = True) -> None:
    """Play ``play`` through the referee's API and search every public output
    after every step (see the module docstring); ``process``: also run
    ``companion rules --json`` on it as a real process."""
    players = list(get_game(play.code).example_players)
    app = create_app(session, keepalive_s=0.05)
    client = app.test_client()
    seen: list[tuple[str, str, str]] = []     # (step, output, text)

    def look(step: str) -> None:
        for name, text in public_outputs(app, client, session, stream, broadcast).items():
            seen.append((step, name, text))

    def referee(op: str, body: dict | None = None, ok: tuple[int, ...] = (200,)) -> Any:
        r = client.post(f"/api/referee/{op}", headers=REFEREE, json=body)
        assert r.status_code in ok, f"{op}: {r.status_code} {r.get_data(as_text=True)}"
        return r

    referee("new", {"game": play.code, "players": players})
    stream = Stream(client)
    broadcast = Broadcast(session, tmp_path)
    try:
        prefix = legal_prefix(play)
        if prefix:
            session.apply(prefix)
        look("the game so far")
        for a in play.actions:
            referee("apply", {"action": a})
            look(f"apply {a['type']}")
        for a in reversed(play.actions):
            referee("undo")
            look(f"undo {a['type']}")
        for a in play.actions:
            referee("correct", {"action": a})
            look(f"correct {a['type']}")
        session._on_snapshot(snapshot(session, play.face_up))      # the camera's settled table
        # and the tracker reports a secret card seen twice at once (a second copy)
        session.monitor.note_faults(SimpleNamespace(rejected=[], duplicates=[p.payload for p in play.face_up], t=0.0))
        session.broadcast.publish()
        look("the camera sees the table")
        if play.face_up:    # not blind: the referee is told which card lies face up, the others only that one does
            detail = referee_outputs(client)["/api/referee/view"]
            assert leaks(detail, play.secrets), detail
            assert play.told[1] in detail
            assert any(f.startswith(f"{play.face_up[0].payload} is seen twice") for f in json.loads(detail)["faults"])
            public = client.get("/api/state").get_json()
            assert any(p["text"].startswith(play.told[0]) for p in public["prompts"]), public["prompts"]
            kind = session.engine.count_kind(play.face_up[0].payload)
            assert {"payload": None, "kind": kind, "secret": True}.items() <= public["table"]["sightings"][-1].items()
            anonymous = client.get("/api/referee/view")
            assert anonymous.status_code == 401 and not leaks(anonymous.get_data(as_text=True), play.secrets)
        referee("confirm", ok=(200, 409))
        look("confirm")
        referee("end")
        look("end")
    finally:
        stream.close()
        broadcast.close()

    # not blind in translation: the German and Spanish outputs really are other words
    last = {name: text for _, name, text in seen}
    assert last["/api/state (de)"] != last["/api/state"] != last["/api/state (es)"]
    undone = [e for e in session.view()["events"] if e.get("kind") == "undo"]
    assert len(undone) == len(play.actions) and all(e["text"].startswith("Undone: ") for e in undone)
    problems = [(step, name, leaks(text, play.secrets)) for step, name, text in seen if leaks(text, play.secrets)]
    assert problems == [], f"{play.code} hides {play.hidden}; public outputs name it: {problems[:5]}"

    if not process:                     # a game registered in this process only: no other process knows it
        return
    # companion rules --json, a real process, on the same script
    script = tmp_path / "script.json"
    script.write_text(json.dumps(prefix + list(play.actions)))
    out = subprocess.run([sys.executable, "-m", "companion", "rules", play.code, "--players", ",".join(players),
                          str(script), "--json"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert '"ok": false' not in out.stdout
    assert leaks(out.stdout, play.secrets) == []


def test_the_search_is_not_blind():
    # it finds a secret named as a word and an action's repr, and nothing in a plain text
    assert leaks('{"text": "GLC:LOVE:L5 lies face up"}', ("GLC:LOVE:L5",)) == ["GLC:LOVE:L5"]
    assert leaks("Undone: deal_love(player='RED', love='L5')", ()) == ["deal_love(player="]
    assert leaks("RED's Love card is noted (secret); LICO5 on slot 2", ("L5",)) == []


class QuietGame(type(get_game("GLC"))):
    """Ghosts Love Candy whose deal_love says nothing (a game may apply an action
    without an event): the session must still not repeat the action in public."""

    def _apply(self, state, action) -> list[Event]:
        events = super()._apply(state, action)
        return [] if action.type == "deal_love" else events


def test_an_action_without_events_is_announced_without_its_values(session):
    session.new_game("GLC", ["RED", "BLUE", "GREEN"], {})
    session.engine = QuietGame()
    session.apply({"type": "deal_love", "player": "RED", "love": "L5"})
    session.correct({"type": "deal_love", "player": "BLUE", "love": "L2"})
    texts = [e["text"] for e in session.view()["events"]]
    assert leaks(json.dumps(session.view()), ("L5", "L2")) == []
    assert texts[-2:] == ["Change applied", "Correction applied"]
    last = session.journal.entries(session.game_id)[-1].seq
    session.undo()
    assert session.view()["events"][-1]["text"] == f"Undone: the last change (entry {last})"
