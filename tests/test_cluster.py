"""A real Dask cluster on 127.0.0.1: the same output as a local run, in order, and a lost worker retried."""

import operator
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

try:
    import distributed
except ImportError:
    pytest.skip("the cluster extra (distributed) is not installed", allow_module_level=True)

from ulti_solver.analysis.simulate import simulate
from ulti_solver.bids import parse_bid
from ulti_solver.deal import parse_hand
from ulti_solver.dealing import Constraints
from ulti_solver.runner import ClusterError, connect, ordered_results, task_size

pytestmark = pytest.mark.cluster

ROOT = Path(__file__).resolve().parent.parent
HAND = (ROOT / "examples" / "hand.txt").read_text().strip()
SIMULATE = [
    "simulate",
    HAND,
    "--talon",
    "LU,A8",
    "--bid",
    "party",
    "--trump",
    "leaves",
    "--samples",
    "500",
    "--seed",
    "11",
    "--json",
]
BATCH = ["batch", str(ROOT / "examples" / "batch.txt"), "--bid", "party", "--json"]


@pytest.fixture(scope="module")
def cluster():
    """(scheduler address, a client): two worker processes of one thread each."""
    # No dashboard; the scheduler's small HTTP server on a free port, not on 8787 (which may be taken).
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
        ) as local,
        distributed.Client(local) as client,
    ):
        client.wait_for_workers(2, timeout=120)
        yield local.scheduler_address, client


def ulti(*args, **popen):
    return subprocess.run(
        [sys.executable, "-m", "ulti_solver", *args], capture_output=True, text=True, timeout=600, cwd=ROOT, **popen
    )


@pytest.fixture(scope="module")
def local_simulation():
    result = ulti(*SIMULATE, "-j", "1", "--quiet")
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 1
    return result.stdout


def test_simulate_on_the_cluster_is_byte_identical_to_a_local_run(cluster, local_simulation):
    address, _ = cluster
    result = ulti(*SIMULATE, "--cluster", address)
    assert result.returncode == 0, result.stderr
    assert result.stdout == local_simulation
    assert "Solved 500 samples" in result.stderr


def test_batch_on_the_cluster_is_byte_identical_to_a_local_run(cluster):
    address, _ = cluster
    local = ulti(*BATCH, "-j", "1", "--quiet")
    remote = ulti(*BATCH, "--cluster", address, "--quiet")
    assert local.returncode == remote.returncode == 0, local.stderr + remote.stderr
    assert remote.stdout and remote.stdout == local.stdout


def test_batch_from_stdin_on_the_cluster_streams_the_same_lines(cluster):
    address, _ = cluster
    text = (ROOT / "examples" / "batch.txt").read_text()
    local = ulti("batch", "-", "--bid", "party", "--json", "-j", "1", "-q", input=text)
    remote = ulti("batch", "-", "--bid", "party", "--json", "--cluster", address, "-q", input=text)
    assert remote.returncode == 0 and remote.stdout == local.stdout


def test_results_come_back_in_input_order_in_many_small_tasks(cluster):
    address, client = cluster
    with ordered_results(operator.neg, range(1000), cluster=client, cluster_chunk=25) as results:
        assert list(results) == [-i for i in range(1000)]
    with ordered_results(abs, iter(range(-300, 0)), cluster=address, cluster_chunk=20) as results:  # no len()
        assert list(results) == list(range(300, 0, -1))


def test_tasks_hold_enough_work_and_spread_over_the_workers():
    assert task_size(2000, 250, threads=2) == 250  # plenty of tasks already: the full size
    assert task_size(300, 250, threads=2) == 62  # few tasks: smaller, but never under a quarter
    assert task_size(40, 250, threads=2) == 62
    assert task_size(None, 250, threads=8) == 250  # a stream: the full size
    assert task_size(10, 1, threads=64) == 1


def test_the_python_api_on_the_cluster_gives_the_same_records(cluster):
    address, client = cluster
    constraints = Constraints(parse_hand(HAND), parse_hand("LU,A8"))
    bids = [parse_bid("party"), parse_bid("betli")]
    local = simulate(constraints, 80, bids=bids, seed=3)
    on_client = simulate(constraints, 80, bids=bids, seed=3, cluster=client)
    on_address = simulate(constraints, 80, bids=bids, seed=3, cluster=address)
    expected = [t.as_json(local.hand) for t in local.ranked()]
    assert [t.as_json(on_client.hand) for t in on_client.ranked()] == expected
    assert [t.as_json(on_address.hand) for t in on_address.ranked()] == expected
    assert client.status == "running"  # a client passed in is left open


def test_a_worker_address_is_not_a_scheduler(cluster):
    _, client = cluster
    worker = next(iter(client.scheduler_info()["workers"]))
    with pytest.raises(ClusterError, match="Worker"):
        connect(worker)


def test_an_unreachable_scheduler_is_one_line_at_once():
    with pytest.raises(ClusterError) as info:
        connect("tcp://127.0.0.1:1")
    assert "\n" not in str(info.value) and "127.0.0.1:1" in str(info.value)


def test_a_killed_worker_is_retried_and_no_sample_is_lost(cluster, local_simulation):
    """Kill a worker process while it runs a task: Dask runs the task again, the output is the same."""
    address, client = cluster
    client.wait_for_workers(2, timeout=120)
    run = subprocess.Popen(
        [sys.executable, "-m", "ulti_solver", *SIMULATE, "--cluster", address, "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        victim = None
        deadline = time.monotonic() + 120
        while victim is None and run.poll() is None and time.monotonic() < deadline:
            busy = [worker for worker, tasks in client.processing().items() if tasks]
            if busy:
                victim = busy[0]
            else:
                time.sleep(0.02)
        assert victim is not None, "the simulation never reached the cluster"
        pid = client.run(os.getpid, workers=[victim])[victim]
        os.kill(pid, signal.SIGKILL)
        out, err = run.communicate(timeout=600)
    finally:
        if run.poll() is None:
            run.kill()
            run.communicate()
    assert run.returncode == 0, err
    assert out == local_simulation
    # The scheduler did put back a task of the dead worker (its log is internal: check it where there is one).
    try:
        again = client.run_on_scheduler(_tasks_put_back)
    except AttributeError:
        again = None
    assert again is None or again > 0


def _tasks_put_back(dask_scheduler) -> int:
    """How many chunk tasks went from a worker back to the scheduler (released while processing or held)."""
    return sum(
        1
        for entry in dask_scheduler.transition_log
        if "_run_chunk" in str(entry[0]) and entry[1] in ("processing", "memory") and entry[2] == "released"
    )
