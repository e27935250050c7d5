"""Ctrl-C and SIGTERM held back for a moment, so that what they stop stays whole.

A stop must not land between writing a game's last line and counting it
(the summary would miscount what is printed), nor while a pool of workers
starts (they would be left running with no pool to stop them).  Python
runs signal handlers in the main thread only, between two steps of its
code, so a handler that notes the signal and returns holds it back; the
caller acts on it once the block is done.
"""

from __future__ import annotations

import signal
from contextlib import contextmanager
from typing import Iterator, List

#: The signals that stop a command (app.py turns SIGTERM into a stop like Ctrl-C).
STOPS = frozenset({signal.SIGINT, signal.SIGTERM})


@contextmanager
def held_stops() -> Iterator[List[int]]:
    """Ctrl-C and SIGTERM noted, not acted on, during the block: the list of those that
    arrived, for the caller to raise once it is safe.  Outside the main thread, where no
    handler can be set, nothing is held."""
    import threading

    arrived: List[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield arrived
        return
    handlers = {signum: signal.signal(signum, lambda signum, frame: arrived.append(signum)) for signum in STOPS}
    try:
        yield arrived
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)  # None: set outside Python


@contextmanager
def stops_wait() -> Iterator[None]:
    """The block runs to its end; a Ctrl-C or SIGTERM that came meanwhile acts after it."""
    with held_stops() as arrived:
        yield
    for signum in dict.fromkeys(arrived):
        signal.raise_signal(signum)
