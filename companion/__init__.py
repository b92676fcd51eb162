"""The appliance: tag decoding, calibration, tracking, the session loop, the
journal, configuration and the command line. Wires ``models``, ``hardware`` and
``web`` together (docs/architecture.md)."""

import os as _os

__version__ = "0.1.0"

# numpy's BLAS (OpenBLAS) runs a product on every core and then keeps the other
# cores spinning for about 0.1 s: cores the small tags' crop workers need
# (companion/vision/smalltags.py), and on a Pi, heat. The products here are
# small (the lens's fit, 2,000 x 82), so one thread. Read when numpy is first
# imported, which this package is the first to do.
_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def _keep_freed_memory() -> None:
    """Ask glibc's malloc to keep the memory a frame frees for the next frame,
    not hand it back to the kernel: a frame's big buffers (a 12 MP grey copy,
    zxing-cpp's own) were fresh pages every frame, and the page faults cost a
    fifth of a full pass's decode (measured: a grey copy 8 ms fresh against
    2.7 ms reused, a decode 25 ms against 20). Buffers up to 32 MB (glibc's
    most) come from the heap, which is trimmed only past 256 MB free; the RSS
    this keeps is a frame's peak, measured by ``make soak``. Elsewhere (musl,
    macOS) nothing."""
    import ctypes
    import ctypes.util
    try:
        mallopt = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").mallopt
    except (OSError, AttributeError):
        return
    m_trim_threshold, m_mmap_threshold = -1, -3
    mallopt(m_mmap_threshold, 32 * 1024 * 1024)
    mallopt(m_trim_threshold, 256 * 1024 * 1024)


_keep_freed_memory()
