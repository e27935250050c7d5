"""Work run on this machine: in this process, or a pool of worker processes or threads.

* ``jobs == 1``: in this process (no start-up cost, easy to debug);
* ``jobs > 1``: a pool of worker processes, or of threads
  (``kind="thread"``: the core searches without the GIL); with
  ``spread_after``, the work starts in this process and the pool takes
  over only once it has run that long: a pool costs about 0.07 s to start
  and its workers begin with empty tables, which is more than a short job
  (the 198 solves of ``ulti discards``) takes in this process.

The results come in input order; the workers are stopped when the block
that asked for them is left, normally or by Ctrl-C, SIGTERM or a broken pipe.
"""

from __future__ import annotations

import os
import signal
import time
from contextlib import contextmanager
from typing import Any, Callable, Generator, Iterable, Iterator, Optional

from ..stops import STOPS, held_stops


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


#: Worker processes allowed per core: a few more than the cores can hide a worker that waits,
#: many more only share the same cores and cost some 20 MB each.
JOBS_PER_CORE = 4


def max_jobs() -> int:
    """The most worker processes ``-j`` may ask for here: :data:`JOBS_PER_CORE` per core."""
    return JOBS_PER_CORE * default_jobs()


#: Seconds a job with no ``-j`` runs in this process before a pool takes over the rest:
#: about what starting a pool costs, so a short job never pays more than twice its time.
SPREAD_AFTER = 0.2


def jobs_plan(requested: Optional[int]):
    """(jobs, spread_after) for :func:`ordered_results` from a command's ``-j``.

    ``-j N`` means N workers from the start; no ``-j`` means every core, but
    only once the work has lasted :data:`SPREAD_AFTER` seconds in this process.
    """
    if requested is None:
        return default_jobs(), SPREAD_AFTER
    return requested, None


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the main process and end without a word when stopped."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a Python handler can miss a SIGTERM sent while it waits on a lock
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)  # held back while the pool started


def chunk_size(total: Optional[int], jobs: int, most: int = 32) -> int:
    """Chunks big enough to hide the pipe's cost, small enough to share the work and stream."""
    if total is None:
        return 4
    return max(1, min(most, total // (jobs * 8)))


@contextmanager
def local_results(
    func: Callable,
    items: Iterable,
    jobs: int = 1,
    chunksize: int = 8,
    *,
    kind: str = "process",
    spread_after: Optional[float] = None,
) -> Iterator[Iterator]:
    """``func(item)`` for every item, in input order, in this process or a local pool (the module)."""
    if jobs <= 1:
        yield map(func, items)
        return
    if kind == "thread":
        from concurrent.futures import ThreadPoolExecutor  # imported here: most runs need no pool

        with ThreadPoolExecutor(jobs) as pool:
            yield pool.map(func, items)
        return
    if spread_after is not None:
        results = _spreading_results(func, items, jobs, chunksize, spread_after)
        try:
            yield results
        finally:
            results.close()  # stops the pool, if one was started
        return
    with _process_pool(jobs) as pool:
        yield pool.imap(func, items, chunksize)


@contextmanager
def _process_pool(jobs: int):
    """A pool of ``jobs`` worker processes, stopped on leaving (normally or not)."""
    import multiprocessing  # imported here: most runs need no pool

    # A Ctrl-C or SIGTERM while the workers start would stop this process with workers running and
    # no pool to stop them (they hold stdout open, so a reader waits for ever): the two signals are
    # held back until the pool exists, then arrive where the finally below stops it.  Masked, they
    # reach neither this thread nor the workers forked meanwhile; a thread started earlier (a
    # library's) may still take one, so its Python handler is also held (stops.held_stops).
    held = hasattr(signal, "pthread_sigmask")
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOPS) if held else set()
    pool = None
    try:
        with held_stops() as arrived:
            pool = multiprocessing.Pool(jobs, initializer=_quiet_worker)
        if held:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        for signum in arrived:
            signal.raise_signal(signum)  # its own handler now, with the pool in hand
        yield pool
    finally:
        if held:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        if pool is not None:
            pool.terminate()
            pool.join()


def _spreading_results(
    func: Callable, items: Iterable, jobs: int, chunksize: int, spread_after: float
) -> Generator[Any, None, None]:
    """``func(item)`` in this process until ``spread_after`` seconds have passed, then in a pool.

    The pool forks from this process, so its workers start with everything
    this process has imported and the table its solves have filled (a
    ``fork`` start; elsewhere they start afresh, which changes no answer).
    Callers must not run threads of their own meanwhile: forking a process
    that runs threads is what Python warns against.
    """
    rest = iter(items)
    started = time.monotonic()
    for item in rest:
        yield func(item)
        if time.monotonic() - started >= spread_after:
            break
    else:
        return
    with _process_pool(jobs) as pool:
        yield from pool.imap(func, rest, chunksize)
