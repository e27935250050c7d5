"""The package without its compiled core: every command falls back to the reference search.

The README promises that a package whose Cython core did not build still answers, slowly,
with a warning.  These run ``ulti`` in a fresh process in which importing
``ulti_solver._core`` fails, as it does when the build failed, and compare the answers with
the core's.
"""

import json
import os
import subprocess
import sys

import pytest

DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"
#: ``ulti ARGS`` in a process where the compiled core cannot be imported.
HIDDEN = (
    "import sys; sys.modules['ulti_solver._core'] = None\n"
    "from ulti_solver.cli import main\n"
    "sys.argv = ['ulti', *sys.argv[1:]]\n"
    "main()\n"
)


def ulti_without_core(*args):
    """``ulti ARGS`` in a fresh process that cannot import the core and has not been told to need it."""
    env = {k: v for k, v in os.environ.items() if k != "ULTI_SOLVER_IMPL"}
    return subprocess.run([sys.executable, "-c", HIDDEN, *args], capture_output=True, text=True, env=env, timeout=300)


@pytest.mark.parametrize(
    "args",
    [
        ["solve", DEAL, "--bid", "betli", "--value"],
        ["solve", DEAL, "--bid", "colorless durchmars", "--value", "--play", "HA H8 HT"],
        ["best", DEAL, "--bid", "betli", "--bid", "colorless durchmars", "--top", "0"],
        ["settle", "--bid", "ulti", "--trump", "leaves", "--made", "ulti"],
    ],
    ids=["solve", "solve-position", "best", "settle"],
)
def test_commands_answer_without_the_core_as_they_do_with_it(args, ulti_process):
    without = ulti_without_core(*args, "--json")
    with_core = ulti_process(*args, "--json")
    assert without.returncode == 0, without.stderr
    assert [json.loads(line) for line in without.stdout.splitlines()] == [
        json.loads(line) for line in with_core.stdout.splitlines()
    ]
    if args[0] != "settle":  # a settlement searches nothing
        assert "core (ulti_solver._core) is not built" in without.stderr


def test_the_value_tables_need_no_core():
    """ulti_solver.pricing (R34's final outcomes) is plain Python: best.py's bounds read it."""
    code = (
        "import sys; sys.modules['ulti_solver._core'] = None\n"
        "from ulti_solver import pricing, parse_deal, parse_bid\n"
        "from ulti_solver.scoring import Scoring\n"
        f"print(len(pricing.final_values(Scoring(parse_deal({DEAL!r}), parse_bid('party'), 2))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == 240
