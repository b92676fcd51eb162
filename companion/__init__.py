"""The appliance: tag decoding, calibration, tracking, the session loop, the
journal, configuration and the command line. Wires ``models``, ``hardware`` and
``web`` together (docs/architecture.md)."""

import os as _os

__version__ = "0.1.0"

# numpy's BLAS (OpenBLAS) runs a product on every core and then keeps the other
# cores spinning for about 0.1 s: cores the small tags' crop workers need
# (companion/vision/recovery.py), and on a Pi, heat. The products here are
# small (the lens's fit, 2,000 x 82), so one thread. Read when numpy is first
# imported, which this package is the first to do.
_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
