"""The program in a pipeline: a reader that goes away, and a signal to stop.

``| head -3`` closes the pipe while the program has far more to write; SIGTERM stops a parallel
batch.  Either way the program ends cleanly: no traceback, no "internal error", whole lines of
output, and the status a shell expects (0 for a closed pipe, 143 for SIGTERM, with a summary of
how far it got).  These need a real process, so they start ``python -m ulti_solver``.
"""

import json
import random
import signal
import subprocess
from pathlib import Path

import pytest

from ulti_solver.dealing import random_deal

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"


@pytest.fixture(scope="module")
def long_batch(tmp_path_factory):
    """3000 different deals with a three-trump bid: far more output than a pipe holds, seconds of work."""
    rng = random.Random(20240601)
    path = tmp_path_factory.mktemp("batch") / "long.txt"
    path.write_text("".join(f"{random_deal(rng)} | 40-100 ulti\n" for _ in range(3000)), encoding="utf-8")
    return str(path)


# -- a reader that closes the pipe early --------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["batch", "{long}", "--json", "-j", "2"],  # results written inside the pool and progress-bar blocks
        ["batch", "{long}", "--json", "-j", "1"],
        ["batch", "{long}"],  # the table, then the summary on stderr
        ["discards", (EXAMPLES / "discard.txt").read_text().strip(), "--bid", "40-100 ulti", "--json"],
    ],
    ids=["batch-j2", "batch-j1", "batch-table", "discards"],
)
def test_a_reader_that_stops_after_a_few_lines_ends_the_program_quietly(command, long_batch, ulti_argv):
    """``| head -3``: the program stops at the closed pipe with status 0 and nothing on stderr."""
    args = [word.replace("{long}", long_batch) for word in command]
    process = subprocess.Popen(ulti_argv(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = [process.stdout.readline() for _ in range(3)]
    process.stdout.close()  # the reader is gone; the program has far more to write than the pipe holds
    stderr = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=60) == 0, stderr
    assert stderr == ""
    assert all(line.endswith(b"\n") for line in first)


def test_a_reader_gone_before_the_first_line_ends_solve_quietly(ulti_argv):
    """``| true``: even the first write fails; no "internal error", no exit-time flush message."""
    process = subprocess.Popen(
        ulti_argv("solve", DEAL, "--bid", "ulti", "--json"), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    process.stdout.close()
    stderr = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=60) == 0, stderr
    assert stderr == ""


# -- SIGTERM during a parallel batch -------------------------------------------------------


def test_sigterm_stops_a_parallel_batch_with_its_summary_and_status_143(long_batch, tmp_path, ulti_argv):
    with open(tmp_path / "stderr.txt", "w+b") as errors:
        process = subprocess.Popen(
            ulti_argv("batch", long_batch, "--json", "-j", "2"), stdout=subprocess.PIPE, stderr=errors
        )
        first = process.stdout.readline()  # the workers are running and results are flowing
        try:
            process.wait(timeout=1)  # about a second of work, then the signal
        except subprocess.TimeoutExpired:
            pass
        process.send_signal(signal.SIGTERM)
        rest = process.stdout.read()  # through the reader's buffer, which holds more than one line
        process.stdout.close()
        process.wait(timeout=60)
        errors.seek(0)
        stderr = errors.read().decode()
    assert process.returncode == 143, stderr
    assert "Interrupted after " in stderr
    assert "Traceback" not in stderr and "Error" not in stderr
    # What was printed is whole lines, in input order, each deal with its three trumps.
    objects = [json.loads(line) for line in (first + rest).splitlines()]
    numbers = [o["line"] for o in objects]
    assert numbers == sorted(numbers) and numbers[0] == 1
    assert len(objects) < 3 * 3000  # stopped, not finished
