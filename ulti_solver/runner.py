"""Running many solves: in this process, a local pool, or a Dask cluster, results in input order.

Every long command (batch, discards, best, simulate) hands its work to a
runner as a function and a list of items; the runner returns the results
in input order, each as soon as it and those before it are done.  The
choice of back end never changes a result: work is deterministic per
item, and the order is the input's.

* ``jobs == 1``: in this process (no start-up cost, easy to debug);
* ``jobs > 1``: a pool of worker processes, or of threads
  (``kind="thread"``: the core searches without the GIL);
* ``cluster="tcp://host:port"``: a Dask distributed cluster (the optional
  ``cluster`` extra), the items shipped in chunks big enough that the
  scheduler's overhead per task stays small.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Callable, Iterable, Iterator, List, Optional, Sequence

from .errors import UltiInputError


class ClusterError(UltiInputError):
    """A cluster that cannot be used: the extra is not installed, or the address does not answer."""


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the main process and end without a word when stopped."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))


def chunk_size(total: Optional[int], jobs: int, most: int = 32) -> int:
    """Chunks big enough to hide the pipe's cost, small enough to share the work and stream."""
    if total is None:
        return 4
    return max(1, min(most, total // (jobs * 8)))


def _run_chunk(func: Callable, chunk: Sequence) -> List:
    """One task of a cluster: a whole chunk, so each task is worth shipping."""
    return [func(item) for item in chunk]


def _chunks(items: Iterable, size: int) -> Iterator[list]:
    chunk: list = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


@contextmanager
def ordered_results(func: Callable, items: Iterable, jobs: int = 1, chunksize: int = 8, *,
                    kind: str = "process", cluster: Optional[str] = None,
                    cluster_chunk: int = 128) -> Iterator[Iterator]:
    """``func(item)`` for every item, in input order, each as soon as it and those before it are done.

    ``chunksize`` items go to a local worker at a time, ``cluster_chunk`` to
    a cluster task (enough work that the scheduler's ~1 ms per task is small).

    On leaving the block, normally or by Ctrl-C, SIGTERM or a broken pipe,
    the workers are stopped so nothing runs on after the program.
    """
    if cluster:
        with _cluster_results(func, items, cluster, cluster_chunk) as results:
            yield results
        return
    if jobs <= 1:
        yield map(func, items)
        return
    if kind == "thread":
        with ThreadPoolExecutor(jobs) as pool:
            yield pool.map(func, items)
        return
    pool = multiprocessing.Pool(jobs, initializer=_quiet_worker)
    try:
        yield pool.imap(func, items, chunksize)
    finally:
        pool.terminate()
        pool.join()


def connect(address: str):
    """A Dask client for ``address``, or a one-line :class:`ClusterError` saying why not."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("--cluster needs Dask: pip install \"ulti-solver[cluster]\"") from None
    if not address.startswith(("tcp://", "tls://", "inproc://", "ws://", "wss://")):
        raise ClusterError(f"a cluster address looks like tcp://HOST:PORT, not {address!r}")
    try:
        return Client(address, timeout="5s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {' '.join(str(exc).split())}") from None


@contextmanager
def _cluster_results(func: Callable, items: Iterable, address: str, chunksize: int) -> Iterator[Iterator]:
    """Results from a Dask cluster: one task per chunk, collected in input order.

    Dask re-runs the task of a worker that is lost (``allowed_failures``),
    so a lost worker costs time, never a result.
    """
    client = connect(address)
    futures = []
    try:
        futures = [client.submit(_run_chunk, func, chunk, pure=False) for chunk in _chunks(items, chunksize)]

        def collect():
            for future in futures:
                yield from future.result()

        yield collect()
    finally:
        for future in futures:
            future.cancel()
        client.close()
