"""Stopping on SIGTERM (systemd, ``kill``) and SIGINT (Ctrl-C), one way for every
command that serves the page.

While the web server runs, a signal asks it to close: its event loop ends by
itself and the command's ``finally`` closes the journal, releases the camera and
removes temporary files. Raising ``KeyboardInterrupt`` inside the event loop
instead surfaces wherever the loop happens to be, and can end the process by
the signal itself with the cleanup half done. Before the server runs (or after
it stopped), a signal unwinds as Ctrl-C does::

    serving: list = []
    restore = stop_on_signals(serving)
    serving.append(server)
    server.run()            # returns once a signal closed it
    restore()
"""
from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from typing import Any


def stop_on_signals(serving: list[Any]) -> Callable[[], None]:
    """Install the handlers (main thread only: elsewhere this does nothing).
    ``serving`` holds the running servers, if any (anything with ``close()``:
    the page, and its HTTPS twin when there is one).
    Returns a function that puts the previous handlers back."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    before = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT)}

    def stop(signum: int, frame: Any) -> None:
        if serving:
            for server in serving:
                server.close()
        else:
            raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def restore() -> None:
        for s, handler in before.items():
            signal.signal(s, handler)
    return restore
