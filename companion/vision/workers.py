"""The threads a frame's work shares with this one: the candidate filter and
the small tags' crops beside the frame's decode and after it
(:class:`.smalltags.Recovery`), and the lens's learning, between frames
(:mod:`.lens_learning`). zxing-cpp and OpenCV let go of Python's lock
while they work, so two threads decode two crops at once::

    >>> done = beside(sum, [1, 2, 3])
    >>> done.result()
    6

One pool for the process, one thread fewer than the machine has cores (this
thread is the other); a table's frame never waits for a task of another
table's that has not started (:func:`settle`). A task runs on another core
than the thread that gave it (:func:`beside`).

OpenCV's own threads are off for the whole process, set once here, at import,
before any frame: on a crop's small pictures they spun between calls on the
cores our threads need (two crop threads read no faster than one with them
on, 1.5x with them off). They used to be turned off only while crops were
decoded and back on after, but the candidate filter on the worker thread may
outlast its frame, and changing OpenCV's thread count while another thread
is inside OpenCV crashes Debian's OpenCV 4.6 (SIGSEGV in a soak run, and in
two seconds of a loop that does only that). A 12 MP grey copy then takes
4.9 ms instead of 2.3, and raw zxing-cpp's the same.
"""
from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

import cv2

T = TypeVar("T")

if cv2.getNumThreads() != 1:       # once, at import: `companion run` imports this before its other threads start
    cv2.setNumThreads(1)


@functools.cache
def pool() -> ThreadPoolExecutor:
    """The shared threads (one fewer than the machine's cores, at least one)."""
    return ThreadPoolExecutor(max_workers=max(1, (os.cpu_count() or 1) - 1), thread_name_prefix="frame-work")


def beside(fn: Callable[..., T], *args: Any) -> Future[T]:
    """Run ``fn(*args)`` on the pool, on another core than this thread's.

    Left to itself, Linux wakes a pool thread on the core of the thread that
    woke it, and a short task there shares that core with the frame's decode
    instead of taking the idle one: measured, a 4.4 ms decode at 2304x1296
    took 7.7 ms beside a 3.3 ms candidate filter in two runs of three (the
    two in turn on one core), and 4.1-4.6 ms with the task kept off the
    decode's core. So the task runs with every core but this thread's
    allowed (Linux; elsewhere, as the pool runs it)."""
    cpu = _this_cpu()
    return pool().submit(_away, cpu, fn, *args) if cpu is not None else pool().submit(fn, *args)


def _away(cpu: int, fn: Callable[..., T], *args: Any) -> T:
    tid = threading.get_native_id()
    try:
        allowed = os.sched_getaffinity(tid)
        others = allowed - {cpu}
        if others:
            os.sched_setaffinity(tid, others)
    except OSError:                  # a sandbox that forbids it: run where the pool runs
        return fn(*args)
    try:
        return fn(*args)
    finally:
        if others:
            with contextlib.suppress(OSError):
                os.sched_setaffinity(tid, allowed)


@functools.cache
def _getcpu() -> Callable[[], int] | None:
    if not hasattr(os, "sched_setaffinity") or (os.cpu_count() or 1) < 2:
        return None
    try:
        return ctypes.CDLL(None).sched_getcpu
    except (OSError, AttributeError):
        return None


def _this_cpu() -> int | None:
    """The core this thread runs on now (None: not known here)."""
    getcpu = _getcpu()
    cpu = getcpu() if getcpu is not None else -1
    return cpu if cpu >= 0 else None


def settle(helpers: Iterable[Future]) -> None:
    """Wait for ``helpers`` that started (their errors are raised here); those
    that never started (the pool busy with another table's frame) are cancelled."""
    for h in helpers:
        if not h.cancel():
            h.result()
