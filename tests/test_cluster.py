"""A real Dask cluster on 127.0.0.1: the same output as a local run, in order, and a lost worker retried."""

import json
import operator
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

try:
    import distributed
    import distributed.security
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


@pytest.fixture(scope="module")
def local_simulation(ulti_process):
    result = ulti_process(*SIMULATE, "-j", "1", "--quiet")
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 1
    return result.stdout


def test_simulate_on_the_cluster_is_byte_identical_to_a_local_run(cluster, local_simulation, ulti_process):
    address, _ = cluster
    result = ulti_process(*SIMULATE, "--cluster", address)
    assert result.returncode == 0, result.stderr
    assert result.stdout == local_simulation
    assert "Solved 500 samples" in result.stderr


def test_batch_on_the_cluster_is_byte_identical_to_a_local_run(cluster, ulti_process):
    address, _ = cluster
    local = ulti_process(*BATCH, "-j", "1", "--quiet")
    remote = ulti_process(*BATCH, "--cluster", address, "--quiet")
    assert local.returncode == remote.returncode == 0, local.stderr + remote.stderr
    assert remote.stdout and remote.stdout == local.stdout


def test_batch_from_stdin_on_the_cluster_streams_the_same_lines(cluster, ulti_process):
    address, _ = cluster
    text = (ROOT / "examples" / "batch.txt").read_text()
    local = ulti_process("batch", "-", "--bid", "party", "--json", "-j", "1", "-q", input=text)
    remote = ulti_process("batch", "-", "--bid", "party", "--json", "--cluster", address, "-q", input=text)
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


def test_a_killed_worker_is_retried_and_no_sample_is_lost(cluster, local_simulation, ulti_argv):
    """Kill a worker process while it runs a task: Dask runs the task again, the output is the same."""
    address, client = cluster
    client.wait_for_workers(2, timeout=120)
    run = subprocess.Popen(
        ulti_argv(*SIMULATE, "--cluster", address, "--quiet"),
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


# -- a scheduler lost in the middle of a run -------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def doomed_scheduler():
    """(address, scheduler process, test client): a scheduler of its own and one worker, for a test to kill."""
    address = f"tcp://127.0.0.1:{_free_port()}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": ROOT}
    scheduler = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "distributed.cli.dask_scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            address[-5:].lstrip(":"),
        ]
        + ["--no-dashboard"],
        **quiet,
    )
    worker = None
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                socket.create_connection(("127.0.0.1", int(address.rsplit(":", 1)[1])), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and scheduler.poll() is None, "the scheduler did not start"
                time.sleep(0.1)
        worker = subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1", "--no-nanny"]
            + ["--no-dashboard"],
            **quiet,
        )
        with distributed.Client(address, timeout="60s") as client:
            client.wait_for_workers(1, timeout=120)
            yield address, scheduler, client
    finally:
        for process in (scheduler, worker):
            if process is not None and process.poll() is None:
                process.kill()
            if process is not None:
                process.wait()


def _kill_after_two_chunks(argv, scheduler, client):
    """Start the command line ``argv``, let it finish two chunks on the cluster, then kill the
    scheduler: the run's (exit status, stdout, stderr)."""

    def _chunks_done(dask_scheduler) -> tuple:  # nested: sent by value to a scheduler that cannot import the tests
        log = [entry for entry in dask_scheduler.transition_log if "_run_chunk" in str(entry[0])]
        finished = sum(1 for entry in log if entry[2] == "memory")
        # A chunk the client has taken in is released or forgotten; on a loaded machine two chunks
        # can be done on the workers while the client has none of them yet (and nothing printed).
        taken = sum(1 for entry in log if entry[1] == "memory" and entry[2] in ("released", "forgotten"))
        return finished, taken

    run = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        deadline = time.monotonic() + 120
        while run.poll() is None and time.monotonic() < deadline:
            finished, taken = client.run_on_scheduler(_chunks_done)
            if finished >= 2 and taken >= 1:
                break
            time.sleep(0.05)
        assert run.poll() is None, "the run ended before the scheduler could be killed"
        scheduler.kill()
        out, err = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            run.kill()
            run.communicate()
    return run.returncode, out, err


@pytest.mark.slow  # seconds: the fast run stays under its 90 s
def test_a_lost_scheduler_ends_simulate_with_the_samples_solved_so_far(doomed_scheduler, ulti_process, ulti_argv):
    address, scheduler, client = doomed_scheduler
    args = ["simulate", HAND, "--talon", "LU,A8", "--bid", "party", "--samples", "100000", "--seed", "3", "--json"]
    argv = ulti_argv(*args, "--cluster", address, "--quiet")  # the loss is said anyway
    status, out, err = _kill_after_two_chunks(argv, scheduler, client)
    assert status == 1, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    rows = [json.loads(line) for line in out.splitlines()]
    solved = rows[0]["samples"]
    assert len(rows) == 3 and all(row["samples"] == solved for row in rows) and 1 <= solved < 100000
    assert err.startswith(f"Error: lost the Dask scheduler at {address}")
    assert f"stopped after {solved} of 100,000 samples x 3 games" in err
    # What was finished is kept as solved: the numbers of a complete run of that many samples.
    here = ulti_process(*args[:-4], str(solved), "--seed", "3", "--json", "-j", "1", "--quiet")
    assert here.stdout == out


@pytest.mark.slow  # seconds: the fast run stays under its 90 s
def test_a_lost_scheduler_ends_batch_with_the_lines_printed_and_how_far_it_got(doomed_scheduler, tmp_path, ulti_argv):
    address, scheduler, client = doomed_scheduler
    deals = [line for line in (ROOT / "examples" / "batch.txt").read_text().splitlines() if line and line[0] != "#"]
    path = tmp_path / "long.txt"
    path.write_text("\n".join(deals * 150) + "\n")
    argv = ulti_argv("batch", str(path), "--bid", "party", "--json", "--cluster", address)
    status, out, err = _kill_after_two_chunks(argv, scheduler, client)
    assert status == 1, err
    assert "Traceback" not in err
    lines = [json.loads(line)["line"] for line in out.splitlines()]
    done = len(set(lines))
    assert lines and lines == sorted(lines) and done < len(deals) * 150
    summary, *_, last = err.strip().splitlines()
    assert summary.startswith(f"Stopped after {done} deals")
    assert last == (
        f"Error: lost the Dask scheduler at {address} (the connection to it closed): stopped after {done} of "
        f"{len(deals) * 150} lines; the results above are complete up to line {lines[-1]} of the file"
    )


# -- TLS, and the cluster options ----------------------------------------------------------------------------------


def _signed_certificate(folder: Path, name: str) -> dict:
    """A certificate authority and a key and certificate it signed, made with openssl: their paths."""
    ca_key, ca, key, request, cert = (folder / f"{name}-{part}" for part in ("ca.key", "ca.pem", "key", "csr", "pem"))

    def openssl(*args):
        subprocess.run(["openssl", *args], check=True, capture_output=True, timeout=60)

    openssl(
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        ca_key,
        "-out",
        ca,
        "-days",
        "2",
        "-subj",
        f"/CN={name} CA",
    )
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", request, "-subj", "/CN=127.0.0.1")
    openssl("x509", "-req", "-in", request, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial", "-out", cert, "-days", "2")
    return {"ca": str(ca), "cert": str(cert), "key": str(key)}


@pytest.fixture(scope="module")
def tls_cluster(tmp_path_factory):
    """(tls:// address, its certificates, certificates another authority signed): one worker thread."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl makes the test certificates")
    folder = tmp_path_factory.mktemp("tls")
    own, other = _signed_certificate(folder, "own"), _signed_certificate(folder, "other")
    roles = {
        f"tls_{role}_{part}": own[kind]
        for role in ("scheduler", "worker", "client")
        for part, kind in (("cert", "cert"), ("key", "key"))
    }
    security = distributed.security.Security(tls_ca_file=own["ca"], require_encryption=True, **roles)
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tls://",
        host="127.0.0.1",
        security=security,
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
    ) as local:
        yield local.scheduler_address, own, other


def _certificates(files: dict) -> list:
    return ["--tls-ca-file", files["ca"], "--tls-cert", files["cert"], "--tls-key", files["key"]]


def test_simulate_over_tls_with_certificates_is_byte_identical_to_a_local_run(
    tls_cluster, local_simulation, ulti_process
):
    address, own, _ = tls_cluster
    result = ulti_process(*SIMULATE, "--cluster", address, *_certificates(own))
    assert result.returncode == 0, result.stderr
    assert result.stdout == local_simulation


def test_batch_over_tls_with_certificates_is_byte_identical_to_a_local_run(tls_cluster, ulti_process):
    address, own, _ = tls_cluster
    local = ulti_process(*BATCH, "-j", "1", "--quiet")
    remote = ulti_process(*BATCH, "--cluster", address, *_certificates(own), "--quiet")
    assert remote.returncode == 0, remote.stderr
    assert remote.stdout == local.stdout


def test_tls_without_certificates_says_which_options_give_them(tls_cluster, ulti_process, bad_input):
    address, _, _ = tls_cluster
    # A TLS scheduler without certificates: said at once, not after a client has waited 10 s to start.
    bad_input(ulti_process(*SIMULATE, "--cluster", address), "needs certificates", "--tls-ca-file")


def test_a_certificate_another_authority_signed_is_refused_in_one_line(tls_cluster, ulti_process, bad_input):
    address, _, other = tls_cluster
    bad_input(ulti_process(*SIMULATE, "--cluster", address, *_certificates(other)), address, "TLS handshake")


def test_a_key_that_is_not_the_certificate_s_is_named(tls_cluster, tmp_path, ulti_process, bad_input):
    address, own, _ = tls_cluster
    wrong = dict(own, key=own["ca"])  # a certificate where the key should be
    bad_input(ulti_process(*SIMULATE, "--cluster", address, *_certificates(wrong)), "TLS certificate", "key")


@pytest.mark.parametrize(
    "command",
    [
        SIMULATE,
        BATCH,
        ["discards", HAND + " -.-.U.- -.-.-.8", "--bid", "party"],
        ["play", HAND, "--talon", "LU,A8", "--bid", "party", "--trump", "leaves"],
        ["analyse", "--file", str(ROOT / "examples" / "games.txt"), "--knowable", "5"],
    ],
    ids=["simulate", "batch", "discards", "play", "analyse"],
)
def test_an_empty_cluster_address_is_refused(command, ulti_process, bad_input):
    bad_input(ulti_process(*command, "--cluster", ""), "--cluster", "empty")


def test_certificates_are_for_a_tls_scheduler_only(tmp_path, ulti_process, bad_input):
    pem = tmp_path / "some.pem"
    pem.write_text("")
    files = {"ca": str(pem), "cert": str(pem), "key": str(pem)}
    bad_input(ulti_process(*SIMULATE, "--cluster", "tcp://127.0.0.1:1", *_certificates(files)), "tls://")
    bad_input(ulti_process(*SIMULATE, "--tls-cert", str(pem)), "--tls-cert", "--cluster")
    missing = dict(files, ca=str(tmp_path / "missing.pem"))
    bad_input(ulti_process(*SIMULATE, "--cluster", "tls://127.0.0.1:1", *_certificates(missing)), "missing.pem")
