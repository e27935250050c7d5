"""The local runner: results in input order, whichever back end solves them.

The pool's start is what a short job cannot afford, so with
``spread_after`` the work starts in this process and a pool takes over
only once it has run that long; these tests pin where each item ran.
"""

import multiprocessing
import os
import signal
import threading
import time

import pytest

from ulti_solver.runner import (
    JOBS_PER_CORE,
    SPREAD_AFTER,
    ClusterLost,
    Runner,
    default_jobs,
    jobs_plan,
    max_jobs,
    ordered_results,
    runner_for,
)
from ulti_solver.runner.local import _process_pool


def pid_and(item):
    """Which process solved ``item`` (module level, so pool workers can be sent it)."""
    return os.getpid(), item


def test_no_jobs_given_means_every_core_after_spread_after():
    assert jobs_plan(None) == (default_jobs(), SPREAD_AFTER)


def test_jobs_given_means_that_many_workers_from_the_start():
    assert jobs_plan(3) == (3, None)


def test_one_job_solves_everything_here_in_order():
    with ordered_results(pid_and, range(50), jobs=1) as results:
        done = list(results)
    assert [item for _, item in done] == list(range(50))
    assert {pid for pid, _ in done} == {os.getpid()}


def test_a_pool_from_the_start_solves_nothing_here():
    with ordered_results(pid_and, range(50), jobs=2, chunksize=4) as results:
        done = list(results)
    assert [item for _, item in done] == list(range(50))
    assert os.getpid() not in {pid for pid, _ in done}


def test_a_short_job_never_starts_a_pool():
    with ordered_results(pid_and, range(50), jobs=2, spread_after=60.0) as results:
        done = list(results)
    assert [item for _, item in done] == list(range(50))
    assert {pid for pid, _ in done} == {os.getpid()}
    assert multiprocessing.active_children() == []


def test_a_long_job_hands_the_rest_to_a_pool_in_order():
    # spread_after=0: the first item is solved here, then the pool takes over.
    with ordered_results(pid_and, iter(range(200)), jobs=2, chunksize=4, spread_after=0.0) as results:
        done = list(results)
    assert [item for _, item in done] == list(range(200))
    assert done[0][0] == os.getpid()
    assert os.getpid() not in {pid for pid, _ in done[1:]}


def test_leaving_early_stops_the_pool():
    with ordered_results(pid_and, range(10_000), jobs=2, chunksize=4, spread_after=0.0) as results:
        for _, item in results:
            if item == 20:
                break
    assert multiprocessing.active_children() == []


def test_an_error_here_ends_the_run_and_starts_no_pool():
    def fails_at_three(item):
        if item == 3:
            raise ValueError("three")
        return item

    seen = []
    with pytest.raises(ValueError, match="three"):
        with ordered_results(fails_at_three, range(10), jobs=2, spread_after=60.0) as results:
            for item in results:
                seen.append(item)
    assert seen == [0, 1, 2]
    assert multiprocessing.active_children() == []


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="needs POSIX signal masks")
@pytest.mark.parametrize("other_thread", [False, True], ids=["alone", "beside-a-thread"])
def test_a_stop_while_the_pool_starts_leaves_no_worker_running(monkeypatch, other_thread):
    """Ctrl-C arriving as the workers start: the pool exists by the time it is handled, and is stopped.
    With a thread of another library running, which masks no signal, the kernel hands the Ctrl-C
    to that thread at once, and Python raises it in this one at its next check: still not before
    the pool is in hand."""
    if other_thread:
        done = threading.Event()
        threading.Thread(target=done.wait, daemon=True).start()
    real = multiprocessing.Pool
    started = []

    def pool_then_ctrl_c(*args, **kwargs):
        pool = real(*args, **kwargs)
        started.append(pool)
        os.kill(os.getpid(), signal.SIGINT)  # before _process_pool has the pool in hand
        return pool

    monkeypatch.setattr(multiprocessing, "Pool", pool_then_ctrl_c)
    try:
        with pytest.raises(KeyboardInterrupt):
            with _process_pool(2):
                time.sleep(5)  # not reached when the stop is handled on the way in
        workers = started[0]._pool
        for worker in workers:
            worker.join(timeout=10)
        assert workers and not any(worker.is_alive() for worker in workers)
    finally:
        for pool in started:
            pool.terminate()
        if other_thread:
            done.set()


def test_jobs_are_bounded_by_a_few_per_core():
    assert max_jobs() == JOBS_PER_CORE * default_jobs()


@pytest.mark.parametrize("command", ["batch", "simulate", "discards"])
@pytest.mark.parametrize("jobs", ["40", str(10**25)])
def test_more_jobs_than_a_few_per_core_are_refused_naming_the_bound(command, jobs, ulti, bad_input):
    """Each job is a process of its own: -j 40 on 2 cores would start 41 processes (813 MB)."""
    words = {
        "batch": ["examples/batch.txt", "--bid", "party"],
        "simulate": ["A97.TK8.O8.U9", "--talon", "LU,A8"],
        "discards": ["K.K97.AKO87.AO9 AT9.A.U9.KU8 TU8.TOU.T.T7", "--bid", "party"],
    }[command]
    if int(jobs) <= max_jobs():
        pytest.skip("a machine with that many cores")
    line = bad_input(ulti(command, *words, "-j", jobs), "-j", f"at most {max_jobs()}")
    assert len(line) < 300


# -- the one object a run goes through ------------------------------------------------------------


class FakeClient:
    """Stands in for a Dask client: records whether it was closed."""

    closed = False

    def close(self, timeout=None):
        self.closed = True


def test_a_runner_runs_in_input_order_here_and_in_a_pool():
    assert Runner(1).run(pid_and, range(5)) == [(os.getpid(), i) for i in range(5)]
    assert [item for _pid, item in Runner(2).run(pid_and, list(range(40)))] == list(range(40))


@pytest.mark.parametrize(
    "exc, status",
    [(KeyboardInterrupt(), 130), (type("Terminated", (KeyboardInterrupt,), {"exit_code": 143})(), 143)],
)
def test_a_stopped_run_exits_130_for_ctrl_c_and_143_for_sigterm(exc, status):
    assert Runner.stop_status(exc) == status


def test_a_lost_scheduler_exits_1():
    assert Runner.stop_status(ClusterLost("lost the Dask scheduler")) == 1


def test_a_client_the_runner_opened_is_closed_with_it_and_one_given_is_left_open():
    own = Runner(1, "tcp://127.0.0.1:1")
    own.client = FakeClient()  # as connect() would have opened it
    client = own.client
    with own:
        pass
    assert client.closed and own.client is None
    given = FakeClient()
    with Runner(1, given):
        pass
    assert not given.closed


def test_a_function_given_a_runner_leaves_it_open_and_builds_its_own_otherwise():
    given = Runner(3)
    with runner_for(given, 1, None) as run:
        assert run is given
    with runner_for(None, 2, None, 0.5) as run:
        assert (run.jobs, run.spread_after, run.on_cluster) == (2, 0.5, False)


def test_a_command_without_j_spreads_once_the_work_lasts_or_stays_here():
    assert (Runner.for_command(None, None).jobs, Runner.for_command(None, None).spread_after) == (
        default_jobs(),
        SPREAD_AFTER,
    )
    assert Runner.for_command(None, None, spread=False).jobs == 1
    assert Runner.for_command(3, None, spread=False).jobs == 3
