"""The voice's queue: urgent first, an illegal move cuts a turn short, nothing
twice in a row, one sentence at a time, a quick run of changes summarised.
The clock is a fake one: nothing sleeps."""
from __future__ import annotations

import threading

from companion.voice.queue import Said, SpeechQueue
from companion.voice.sentences import PRIORITY


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def after(self, s: float) -> None:
        self.now += s


def said(kind: str, text: str) -> Said:
    return Said(kind, text, PRIORITY[kind])


def speak_all(q: SpeechQueue, clock: Clock) -> list[str]:
    """Take and finish every sentence due, as the voice's thread would."""
    out = []
    clock.after(1.0)
    while (s := q.take()) is not None:
        out.append(s.text)
        q.done(s)
        clock.after(1.0)
    return out


def test_the_most_urgent_goes_first() -> None:
    clock = Clock()
    q = SpeechQueue(clock=clock)
    q.put(said("turn", "RED: your turn"))
    q.put(said("fix", "Move the WEREWOLF to RED's stash."))
    q.put(said("over", "Game over: GREEN wins with 43 points."))
    q.put(said("illegal", "Not allowed: it is RED's turn, not BLUE's."))
    assert speak_all(q, clock) == ["Not allowed: it is RED's turn, not BLUE's.",
                                   "Game over: GREEN wins with 43 points.",
                                   "Move the WEREWOLF to RED's stash.", "RED: your turn"]


def test_an_illegal_move_cuts_a_turn_short_and_the_turn_is_said_again_after() -> None:
    clock = Clock()
    q = SpeechQueue(clock=clock)
    q.put(said("turn", "RED: your turn"))
    clock.after(1.0)
    turn = q.take()
    assert turn is not None and not q.cut.is_set()
    q.put(said("illegal", "Not allowed: it is RED's turn, not BLUE's."))
    assert q.cut.is_set()                         # the speaker stops mid-word
    assert q.take() is None                       # nothing talks over itself: the turn is still ending
    q.done(turn)
    assert speak_all(q, clock) == ["Not allowed: it is RED's turn, not BLUE's.", "RED: your turn"]


def test_a_turn_does_not_cut_an_illegal_move_short() -> None:
    clock = Clock()
    q = SpeechQueue(clock=clock)
    q.put(said("illegal", "Not allowed."))
    first = q.take()
    q.put(said("turn", "BLUE: your turn"))
    assert first is not None and not q.cut.is_set()
    q.done(first)
    assert speak_all(q, clock) == ["BLUE: your turn"]


def test_nothing_is_said_twice_in_a_row() -> None:
    clock = Clock()
    q = SpeechQueue(clock=clock)
    q.put(said("turn", "RED: your turn"))
    assert speak_all(q, clock) == ["RED: your turn"]
    q.put(said("turn", "RED: your turn"))
    assert speak_all(q, clock) == []
    q.put(said("turn", "BLUE: your turn"))
    q.put(said("illegal", "Not allowed."))
    assert speak_all(q, clock) == ["Not allowed.", "BLUE: your turn"]
    q.put(said("turn", "RED: your turn"))             # not in a row any more: said again
    assert speak_all(q, clock) == ["RED: your turn"]


def test_the_same_sentence_while_it_is_spoken_is_not_said_again() -> None:
    clock = Clock()
    q = SpeechQueue(clock=clock)
    q.put(said("turn", "RED: your turn"))
    clock.after(1.0)
    s = q.take()
    assert s is not None
    q.put(said("turn", "RED: your turn"))
    q.done(s)
    assert speak_all(q, clock) == []


def test_a_quick_run_of_turns_is_summarised_as_the_latest() -> None:
    clock = Clock()
    q = SpeechQueue(clock=clock)
    for seat in ("RED", "BLUE", "GREEN", "YELLOW"):
        q.put(said("turn", f"{seat}: your turn"))
        clock.after(0.05)                           # faster than a turn waits for a newer one
        assert q.take() is None
    assert speak_all(q, clock) == ["YELLOW: your turn"]


def test_turns_passed_on_while_a_sentence_is_spoken_are_summarised() -> None:
    clock = Clock()
    q = SpeechQueue(clock=clock)
    q.put(said("over", "Game over."))
    first = q.take()
    assert first is not None
    q.put(said("turn", "RED: your turn"))
    q.put(said("turn", "BLUE: your turn"))
    q.put(said("fix", "Move ghost B6 to the discard."))
    q.put(said("fix", "Move ghost G3 to the discard."))
    q.done(first)
    assert speak_all(q, clock) == ["Move ghost G3 to the discard.", "BLUE: your turn"]


def test_an_illegal_move_is_due_at_once_and_a_turn_after_a_short_wait() -> None:
    clock = Clock()
    q = SpeechQueue(clock=clock)
    q.put(said("turn", "RED: your turn"))
    assert q.take() is None
    q.put(said("illegal", "Not allowed."))
    s = q.take()
    assert s is not None and s.kind == "illegal"


def test_a_waiting_sentence_can_be_dropped_and_a_closed_queue_releases_its_reader() -> None:
    clock = Clock()
    q = SpeechQueue(clock=clock)
    q.put(said("camera", "Camera lost."))
    q.drop("camera")
    assert q.idle and speak_all(q, clock) == []
    got: list[object] = []
    reader = threading.Thread(target=lambda: got.append(q.wait_take()))
    reader.start()
    q.close()
    reader.join(5.0)
    assert got == [None]


def test_muting_stops_the_sentence_at_once_and_it_is_not_said_again() -> None:
    clock = Clock()
    q = SpeechQueue(clock=clock)
    q.put(said("turn", "RED: your turn"))
    clock.after(1.0)
    turn = q.take()
    assert turn is not None
    q.hush()                                       # the referee muted the speaker
    assert q.cut.is_set()
    q.done(turn)
    assert speak_all(q, clock) == [] and q.idle    # it counts as said
    q.put(said("turn", "RED: your turn"))
    assert speak_all(q, clock) == []               # ... so not twice in a row either


def test_voice_on_is_said_every_time_it_is_unmuted() -> None:
    clock = Clock()
    q = SpeechQueue(clock=clock)
    for _ in range(2):
        q.put(said("voice", "Voice on"))
        assert speak_all(q, clock) == ["Voice on"]
