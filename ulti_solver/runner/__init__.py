"""Running many solves: in this process, a local pool, or a Dask cluster, results in input order.

Every command and function that spreads work hands it to a :class:`Runner`
as a function and a list of items; the runner returns the results in
input order, each as soon as it and those before it are done.  The choice
of back end never changes a result: work is deterministic per item, and
the order is the input's.  Where it runs is :mod:`.local` (this process
or a pool) or :mod:`.cluster` (a Dask cluster).

The runner also owns what every run shares: the cluster's client (opened
once for a command, closed quietly at its end, even when its scheduler
is gone), how a run stopped (:meth:`Runner.stop_status`: Ctrl-C 130,
SIGTERM 143, a lost scheduler 1) and the one progress callback
(:data:`OnProgress`).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterable, Iterator, List, Optional, Sequence, Sized

from .cluster import (
    CONNECT_TIMEOUT,
    ClusterAddress,
    ClusterError,
    ClusterLost,
    close_quietly,
    cluster_results,
    cluster_threads,
    connect,
    task_size,
)
from .local import (
    JOBS_PER_CORE,
    SPREAD_AFTER,
    chunk_size,
    default_jobs,
    jobs_plan,
    local_results,
    max_jobs,
)

__all__ = [
    "CONNECT_TIMEOUT",
    "JOBS_PER_CORE",
    "SPREAD_AFTER",
    "ClusterAddress",
    "ClusterError",
    "ClusterLost",
    "OnProgress",
    "Runner",
    "chunk_size",
    "close_quietly",
    "cluster_threads",
    "connect",
    "default_jobs",
    "jobs_plan",
    "max_jobs",
    "ordered_results",
    "report_progress",
    "runner_for",
    "task_size",
]

#: The one progress callback of every function that takes long: ``on_progress(done, total)``,
#: called after each step with the steps done so far and the steps asked for (worlds, samples,
#: cards or candidates, as the function's docstring says).  ``total`` may grow during a run
#: (``advise_bid``'s runoff doubles its worlds); a caller draws a bar with it, or ignores it.
OnProgress = Callable[[int, int], None]

#: Exit status of a run stopped by a lost scheduler: not the input (2), not a stop (130, 143).
LOST = 1
#: Exit status of a Ctrl-C; a SIGTERM's stop carries its own (``exit_code`` 143).
INTERRUPTED = 130


def report_progress(on_progress: Optional[OnProgress], done: int, total: int) -> None:
    """Call ``on_progress(done, total)`` when there is one: the one place every function reports."""
    if on_progress is not None:
        on_progress(done, total)


@contextmanager
def ordered_results(
    func: Callable,
    items: Iterable,
    jobs: int = 1,
    chunksize: int = 8,
    *,
    kind: str = "process",
    cluster=None,
    cluster_chunk: int = 128,
    spread_after: Optional[float] = None,
) -> Iterator[Iterator]:
    """``func(item)`` for every item, in input order, each as soon as it and those before it are done.

    ``chunksize`` items go to a local worker at a time, ``cluster_chunk`` to
    a cluster task: enough work that the scheduler's cost per task (about a
    millisecond) is small.  ``cluster`` is a scheduler address or a
    ``distributed.Client`` (left open), or a :class:`ClusterAddress`; see
    :func:`.cluster.cluster_results`.
    ``spread_after`` (seconds, process pools only): solve in this process
    first and start the pool for what is left once that much time has
    passed; ``None`` starts it at once.

    On leaving the block, normally or by Ctrl-C, SIGTERM or a broken pipe,
    the workers are stopped so nothing runs on after the program.
    """
    if cluster is not None:
        with cluster_results(func, items, cluster, cluster_chunk) as results:
            yield results
        return
    with local_results(func, items, jobs, chunksize, kind=kind, spread_after=spread_after) as results:
        yield results


class Runner:
    """Where a run's work goes: ``jobs`` local workers, or a Dask ``cluster``; one per run.

    ``cluster`` is an address (connected on first use and closed when the
    runner is), a :class:`ClusterAddress`, or a ``distributed.Client``
    (left open: its owner closes it).  ``spread_after`` as for
    :func:`ordered_results`.  Use it as a context manager, or call
    :meth:`close`: a client it opened is closed quietly, even when its
    scheduler went away.
    """

    def __init__(self, jobs: int = 1, cluster=None, *, spread_after: Optional[float] = None):
        self.jobs = max(1, jobs)
        self.spread_after = spread_after
        self._address = cluster if isinstance(cluster, (str, ClusterAddress)) else None
        self.client = None if self._address is not None else cluster

    @classmethod
    def for_command(cls, jobs: Optional[int], cluster, *, spread: bool = True) -> Runner:
        """A command's runner from its ``-j`` and ``--cluster``.

        No ``-j`` means every core, once the work has lasted a moment in this
        process (:func:`jobs_plan`); with ``spread=False`` it means this
        process alone (work of short tasks that a pool's start would not pay
        for).  The cluster is reached now, so an address that cannot be used
        is bad input (:class:`ClusterError`, exit 2) before any work."""
        workers, spread_after = jobs_plan(jobs) if spread or jobs is not None else (1, None)
        runner = cls(workers, cluster, spread_after=spread_after)
        if cluster is not None:
            runner.connect()
        return runner

    @property
    def spreads(self) -> bool:
        """Whether work leaves this process (a pool or a cluster)."""
        return self.jobs > 1 or self.on_cluster

    @property
    def on_cluster(self) -> bool:
        return self.client is not None or self._address is not None

    def connect(self):
        """The cluster's client, opened on first use (:class:`ClusterError` when it cannot be)."""
        if self.client is None and self._address is not None:
            self.client = connect(self._address)
        return self.client

    def threads(self) -> int:
        """How many items run at once: the cluster's worker threads, or ``jobs``."""
        return cluster_threads(self.connect()) if self.on_cluster else self.jobs

    @contextmanager
    def results(
        self, func: Callable, items: Iterable, chunksize: int = 1, *, cluster_chunk: int = 1, spread: bool = True
    ) -> Iterator[Iterator]:
        """``func(item)`` for every item, in input order (:func:`ordered_results`), on no more
        workers than items; ``spread=False`` starts the pool at once, never in this process first."""
        workers = max(1, min(self.jobs, len(items))) if isinstance(items, Sized) else self.jobs
        with ordered_results(
            func,
            items,
            workers,
            chunksize,
            cluster=self.connect(),
            cluster_chunk=cluster_chunk,
            spread_after=self.spread_after if spread else None,
        ) as results:
            yield results

    def run(self, func: Callable, items: Sequence) -> List:
        """Every ``func(item)``, in input order, as a list."""
        with self.results(func, items) as results:
            return list(results)

    def close(self) -> None:
        """Close the cluster's client if this runner opened it."""
        if self._address is not None and self.client is not None:
            close_quietly(self.client)
            self.client = None

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @staticmethod
    def stop_status(exc: BaseException) -> int:
        """The exit status of a run that ``exc`` stopped: 1 for a lost scheduler
        (:class:`ClusterLost`), 143 for SIGTERM, 130 for Ctrl-C."""
        if isinstance(exc, ClusterLost):
            return LOST
        return getattr(exc, "exit_code", INTERRUPTED)


@contextmanager
def runner_for(runner: Optional[Runner], jobs: int, cluster, spread_after: Optional[float] = None) -> Iterator[Runner]:
    """The runner a function was given (left open), or one of its ``jobs``, ``cluster`` and
    ``spread_after`` for the time of the block (a client it opens is closed on leaving)."""
    if runner is not None:
        yield runner
        return
    with Runner(jobs, cluster, spread_after=spread_after) as own:
        yield own
