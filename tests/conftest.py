"""Shared fixtures: the program as a test runs it, and the positions the search tests start from.

The tests test the built product.  Two settings make sure of it, for this
process and every ``python -m ulti_solver`` a test starts: the core is
required (a missing build fails at once instead of crawling on the
reference), and the working directory is not put on ``sys.path``
(``PYTHONSAFEPATH``, Python 3.11+), so a command started from the
repository root runs the installed package, not the source tree beside it.

Only fixtures live here; a test takes them as arguments (no test module
imports this file):

- ``impl``: each search implementation in turn, for the tests that must hold on both.
- ``endgame``: a position with a few tricks left, and a full deal it can have come from.
- ``ulti``: ``ulti ARGS`` run in this process by click's CliRunner, stdout and stderr apart.
- ``ulti_json``: the same, its exit status checked, its output read back as JSON lines.
- ``bad_input``: checks a run refused as bad input (exit status 2, one ``Error:`` line).
- ``ulti_process``: ``ulti ARGS`` in a fresh process, for what CliRunner cannot stand in
  for (process pools, Dask, encodings of the real streams); ``ulti_argv`` is its command
  line, for a test that talks to the process while it runs (pipes, signals).

The tests read English output unless they ask for Hungarian (``--lang hu``),
so a Hungarian ``LANG`` on the machine does not change what they read.
"""

import json
import os
import subprocess
import sys

import pytest

os.environ.setdefault("ULTI_SOLVER_IMPL", "core")
os.environ["PYTHONSAFEPATH"] = "1"
os.environ.setdefault("ULTI_LANG", "en")

IMPLEMENTATIONS = ["core", "reference"]


@pytest.fixture(params=IMPLEMENTATIONS)
def impl(request):
    """The name of a search implementation; the core must be built (see test_core_is_built)."""
    return request.param


@pytest.fixture(scope="session")
def endgame():
    """``endgame(declarer, seat1, seat2, leader=0, so_far=None)``: a position with a few tricks
    left, and a full deal it can have come from, as ``(deal, position)``.

    ``so_far`` defaults to: the declarer took every trick played so far,
    without card points.
    The cards already played are dealt back to the hands in card order, and
    the talon gets two cards without points, so that R16 and the marriages
    stay out of the way unless a test puts them in on purpose.
    """
    from ulti_solver.cards import BB_ALL, BB_POINT_CARDS, cards_of, popcount
    from ulti_solver.deal import Deal, parse_hand
    from ulti_solver.position import Outcome, Position

    def build(declarer, seat1, seat2, leader=0, so_far=None):
        hands = tuple(parse_hand(h) for h in (declarer, seat1, seat2))
        assert popcount(hands[0]) == popcount(hands[1]) == popcount(hands[2])
        gone = BB_ALL & ~(hands[0] | hands[1] | hands[2])
        plain = [c for c in cards_of(gone) if not (BB_POINT_CARDS >> c) & 1]
        talon_cards = plain[:2] if len(plain) >= 2 else list(cards_of(gone))[:2]
        talon = sum(1 << c for c in talon_cards)
        rest = [c for c in cards_of(gone & ~talon)]
        full = list(hands)
        for seat in range(3):
            while popcount(full[seat]) < 10:
                full[seat] |= 1 << rest.pop(0)
        if so_far is None:
            so_far = Outcome(declarer_tricks=10 - popcount(hands[0]))
        return Deal(tuple(full), talon), Position(hands, leader, so_far)

    return build


@pytest.fixture(scope="session")
def ulti():
    """``ulti(*ARGS, input=None, env=None, exit_code=None)``: runs ``ulti ARGS`` in this
    process with click's CliRunner and returns its Result, stdout and stderr kept apart.

    ``input`` is stdin (text or bytes); ``env`` sets environment variables for the run;
    with ``exit_code`` the exit status is asserted first (showing what was printed if it
    differs).  Exceptions are not caught: an internal error fails the test with its traceback.
    """
    from click.testing import CliRunner

    from ulti_solver.cli import main

    try:
        runner = CliRunner(mix_stderr=False)  # click 8.0 mixes them unless told
    except TypeError:  # click >= 8.2 always keeps them apart
        runner = CliRunner()

    def run(*args, input=None, env=None, exit_code=None):
        result = runner.invoke(main, list(args), input=input, env=env, catch_exceptions=False)
        if exit_code is not None:
            assert result.exit_code == exit_code, result.stdout + result.stderr
        return result

    return run


@pytest.fixture(scope="session")
def ulti_json(ulti):
    """``ulti_json(*ARGS, input=None, env=None, exit_code=0)``: runs ``ulti ARGS``, asserts
    its exit status (0 unless told: a batch with a bad line ends with 2) and returns its
    stdout read back, one JSON value a line."""

    def run(*args, input=None, env=None, exit_code=0):
        result = ulti(*args, input=input, env=env, exit_code=exit_code)
        return [json.loads(line) for line in result.stdout.splitlines()]

    return run


@pytest.fixture(scope="session")
def bad_input():
    """``bad_input(RESULT, *WORDS)``: asserts that a run of ``ulti`` (the Result of ``ulti``
    or the CompletedProcess of ``ulti_process``) was refused as bad input, as the contract
    says: exit status 2, nothing on stdout, and on stderr exactly one line, an ``Error:``
    line without a traceback, that holds each of WORDS as written.  Returns that line."""

    def check(result, *words):
        status = result.returncode if isinstance(result, subprocess.CompletedProcess) else result.exit_code
        assert status == 2, (status, result.stdout, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
        assert lines[0].startswith("Error: "), lines[0]
        assert result.stdout == "", result.stdout
        for word in words:
            assert word in lines[0], (word, lines[0])
        return lines[0]

    return check


@pytest.fixture(scope="session")
def ulti_argv():
    """``ulti_argv(*ARGS)``: the command line of the real program, ``python -m ulti_solver ARGS``,
    for a test that starts it with subprocess.Popen and talks to it while it runs."""

    def argv(*args):
        return [sys.executable, "-m", "ulti_solver", *args]

    return argv


@pytest.fixture(scope="session")
def ulti_process(ulti_argv):
    """``ulti_process(*ARGS, env=None, **options)``: runs ``ulti ARGS`` in a fresh process to its
    end and returns the CompletedProcess.

    Output is captured as text and the run is given 10 minutes unless ``options`` (those of
    subprocess.run: ``input``, ``text``, ``timeout``, ``cwd``...) say otherwise; ``env`` sets
    environment variables over this process's.
    """

    def run(*args, env=None, **options):
        options = {"capture_output": True, "text": True, "timeout": 600, **options}
        return subprocess.run(ulti_argv(*args), env=None if env is None else {**os.environ, **env}, **options)

    return run
