"""The threads a frame's work shares with this one: the small tags' crops
(:func:`.smalltags.recover`), and the lens's learning, between frames
(:class:`.pipeline.Pipeline`). zxing-cpp and OpenCV let go of Python's lock
while they work, so two threads decode two crops at once::

    >>> done = pool().submit(sum, [1, 2, 3])
    >>> done.result()
    6

One pool for the process, one thread fewer than the machine has cores (this
thread is the other); a table's frame never waits for a task of another
table's that has not started (:func:`settle`).
"""
from __future__ import annotations

import contextlib
import functools
import os
import threading
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor

import cv2


@functools.cache
def pool() -> ThreadPoolExecutor:
    """The shared threads (one fewer than the machine's cores, at least one)."""
    return ThreadPoolExecutor(max_workers=max(1, (os.cpu_count() or 1) - 1), thread_name_prefix="frame-work")


def settle(helpers: Iterable[Future]) -> None:
    """Wait for ``helpers`` that started (their errors are raised here); those
    that never started (the pool busy with another table's frame) are cancelled."""
    for h in helpers:
        if not h.cancel():
            h.result()


class _Alone:
    """How many crop phases have OpenCV's threads off now, and how many
    threads OpenCV had before the first of them (tables in one process, such
    as ``companion demo --tables``, overlap)."""

    lock = threading.Lock()
    holders = 0
    before = 0


@contextlib.contextmanager
def opencv_alone(threads: int) -> Iterator[None]:
    """OpenCV's own threads off while ``threads`` (> 1) of ours decode crops,
    back as they were once no table's crops are being decoded: on a crop's
    small pictures OpenCV's threads spun between calls on the cores our
    threads need (measured: two crop threads 1.0x one with them on, 1.5x with
    them off), while the whole-frame steps (a 12 MP frame's grey copy: 2.3 ms
    on two threads, 4.9 ms on one) keep them."""
    if threads <= 1:
        yield
        return
    with _Alone.lock:
        if _Alone.holders == 0:
            _Alone.before = cv2.getNumThreads()
            cv2.setNumThreads(1)
        _Alone.holders += 1
    try:
        yield
    finally:
        with _Alone.lock:
            _Alone.holders -= 1
            if _Alone.holders == 0:
                cv2.setNumThreads(_Alone.before)
