"""The recover stage (:class:`companion.vision.smalltags.Recovery`) on the
patches the real candidate filter finds on a simulated table at 1.8 px per
module, decoded by the real zxing-cpp: two threads read what one reads within
the same budget, a patch over a code read already is not decoded again, and
the patches that failed their first step get their next ones in the same
frame while the budget lasts, before patches much less like a tag."""
import functools

import cv2

from companion.bench.vision import camera, frames_of, table_scene
from companion.vision import smalltags, workers
from companion.vision.decoders import raw_zxing, whole_frame
from companion.vision.search import search

EVERYTHING = 10 ** 9          # a pixel budget nothing reaches


@functools.cache
def patches():
    """A 2304x1296 frame of 60 cards with 21 mm tags (1.8 px per module):
    its grey copy, what the whole-frame decode read (the corner markers) and
    the candidate filter's patches, as new jobs."""
    frames, _ = frames_of(table_scene(21.4), camera((2304, 1296)), 1)
    found = search(frames[0].image, whole_frame(raw_zxing()), None, None, (900.0, 600.0), (15.0, 45.0))
    jobs = [smalltags.Job(c.box, "new", c.score) for c in found.candidates]
    assert len(jobs) >= 60 and len(found.detections) <= 8
    return found.grey, found.detections, jobs


def payloads(rec):
    return {d.payload for d in rec.detections}


def test_two_threads_read_what_one_reads_within_the_same_budget():
    grey, known, jobs = patches()
    one = smalltags.recover(grey, jobs, raw_zxing(), EVERYTHING, known=known, workers=1)
    two = smalltags.recover(grey, jobs, raw_zxing(), EVERYTHING, known=known, workers=2)
    assert len(payloads(one)) >= 30
    assert payloads(two) == payloads(one)
    # a patch taken while the other thread was still reading its tag (a second
    # box on it) is decoded once more than in one thread: a few at most
    assert one.tried <= two.tried <= one.tried + 5
    # a tight budget holds with two threads taking from it
    tight = smalltags.recover(grey, jobs, raw_zxing(), one.used_px // 3, known=known, workers=2)
    assert 0 < tight.used_px <= one.used_px // 3
    assert len(tight.later) > len(one.later)


def test_a_patch_over_a_code_read_is_not_decoded_again():
    grey, known, jobs = patches()
    first = smalltags.recover(grey, jobs, raw_zxing(), EVERYTHING, known=known)
    # the same patches again, with what the first call read known: only those
    # that read nothing the first time are tried
    again = smalltags.recover(grey, jobs, raw_zxing(), EVERYTHING, known=known + first.detections)
    assert payloads(again) == set()
    assert again.tried < first.tried - len(first.detections) // 2
    # and within one call, a patch over a code another patch read (two boxes
    # on one tag, a tag and its label) is skipped
    doubled = [j for pair in zip(jobs, jobs) for j in pair]
    twice = smalltags.recover(grey, doubled, raw_zxing(), EVERYTHING, known=known)
    assert payloads(twice) == payloads(first)
    assert twice.tried == first.tried + (first.tried - len(first.detections))


def test_patches_that_failed_go_round_again_while_the_budget_lasts():
    grey, known, jobs = patches()
    once = smalltags.recover(grey, jobs, raw_zxing(), EVERYTHING, known=known, rounds=1, retry_frames=10)
    rounds = smalltags.recover(grey, jobs, raw_zxing(), EVERYTHING, known=known, rounds=4, retry_frames=10)
    assert payloads(rounds) > payloads(once)
    assert rounds.tried > once.tried
    # one frame: each patch went four steps down its ladder (one in each round), tried on one frame
    assert max(j.step for j in rounds.later) == 4 > max(j.step for j in once.later) == 1
    assert {j.tries for j in rounds.later} == {j.tries for j in once.later} == {1}
    # a patch that failed its first step, worth AGAIN less a round, goes again
    # before a patch that looks much less like a tag has its first: with the
    # first turn's budget, some of the lowest are left for the next frame
    spent = smalltags.recover(grey, jobs, raw_zxing(), once.used_px, known=known, rounds=4, retry_frames=10)
    assert spent.used_px <= once.used_px
    again = [j for j in spent.later if j.step >= 2]
    waiting = [j for j in spent.later if j.tries == 0]
    assert again and waiting
    assert max(j.score for j in waiting) < max(j.score for j in again) * smalltags.AGAIN


def test_opencv_keeps_one_thread_while_frames_run_on_two():
    """OpenCV's thread count is set once, at import, and never changed while
    frames are read: changing it while the worker thread is inside OpenCV (a
    candidate filter that outlasts its frame) crashed Debian's OpenCV 4.6."""
    from companion.vision import Pipeline, PipelineConfig
    from hardware.frames import Frame
    assert cv2.getNumThreads() == 1
    frames, _ = frames_of(table_scene(21.4), camera((2304, 1296)), 3)
    pipe = Pipeline(PipelineConfig())
    counts = []
    for i, f in enumerate(frames):
        pipe.process(Frame(f.image, i / 14, i))
        counts.append(cv2.getNumThreads())
    pipe.join()
    assert counts == [1, 1, 1] and cv2.getNumThreads() == 1


def test_the_recover_stage_begun_beside_the_decode_reads_what_it_reads_after_it():
    """The candidate filter's patches offered from the worker thread while this
    one decodes (here: sleeps) are decoded there and then on both threads,
    and read what the same patches read given all at once."""
    import threading
    import time

    grey, known, jobs = patches()
    at_once = smalltags.recover(grey, jobs, raw_zxing(), EVERYTHING, known=known, workers=2)
    with smalltags.Recovery(None, raw_zxing(), EVERYTHING) as run:
        run.begin(grey, lambda: jobs, crops=True)
        time.sleep(0.005)                        # the decode this thread would be busy with
        run.knew(known)
        beside = run.finish(None, 2)
    assert payloads(beside) == payloads(at_once)
    assert beside.candidates == len(jobs)
    # a filter that ends after its frame: its patches are refused, handed back
    done = threading.Event()

    def slow():
        done.wait(5)
        return jobs
    with smalltags.Recovery(None, raw_zxing(), EVERYTHING) as run:
        filtering = run.begin(grey, slow)
        ended = run.finish(0.0, 2)               # no time at all: the frame does not wait
    done.set()
    handed, taken = filtering.result()
    assert ended.tried == 0 and not taken and handed == jobs


def test_a_task_beside_runs_off_the_core_of_the_thread_that_gave_it():
    import os
    everything = workers.pool().submit(os.sched_getaffinity, 0).result()
    cpu = workers._this_cpu()
    allowed = workers.beside(os.sched_getaffinity, 0).result()
    if cpu is not None and len(everything) > 1:
        assert cpu not in allowed and allowed == everything - {cpu}
    else:
        assert allowed == everything             # one core: nowhere else to go
    # and the pool's thread gets every core back for the next task
    assert workers.pool().submit(os.sched_getaffinity, 0).result() == everything
