"""Big buffers go back to the system when freed.

A camera frame is 12 to 36 MB (4608x2592 grey or colour), and several threads
allocate and free them: the camera reader, the session loop, the camera view's
renderer. glibc raises its mmap threshold each time such a buffer is freed, so
the next ones are carved from per-thread heaps that rarely shrink, and the
resident memory climbs a frame at a time. A fixed threshold of 1 MB keeps every
big buffer in a mapping of its own, unmapped on free (it also turns off the
dynamic adjustment). Measured with ``companion.soak.demo --camera 4608x2592`` over
5 minutes: the plateau went from 372 MB to 324 MB, with the peaks handed back.

The same can be set from outside with ``MALLOC_MMAP_THRESHOLD_=1048576``; this
module does it for every ``companion`` command::

    >>> big_buffers_unmapped()          # doctest: +SKIP
    True
"""
from __future__ import annotations

import ctypes
import ctypes.util

M_MMAP_THRESHOLD = -3          # glibc's mallopt parameter
THRESHOLD_BYTES = 1 << 20


def big_buffers_unmapped(threshold: int = THRESHOLD_BYTES) -> bool:
    """Fix glibc's mmap threshold at ``threshold`` bytes; True if it was set
    (False on a C library without ``mallopt``, such as musl: nothing changes)."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else ctypes.CDLL(None)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, threshold))
