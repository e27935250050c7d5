"""Start-up: each command imports only what it needs.

From the shell, the imports are most of a quick command's time (Python
and click alone take about half of a one-deal ``ulti solve``), so
the modules only some runs need are imported where they are used.  These
tests run a fresh interpreter and list what it imported.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "deal.txt"


def imported_after(statement: str) -> set:
    """The ``ulti_solver`` modules a fresh interpreter holds after running ``statement``."""
    listing = "print(json.dumps(sorted(m for m in sys.modules if m.startswith('ulti_solver'))))"
    script = f"import json, sys\n{statement}\n{listing}"
    done = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True)
    return set(json.loads(done.stdout))


def test_the_group_help_imports_no_command():
    modules = imported_after(
        "from click.testing import CliRunner\n"
        "from ulti_solver.cli import main\n"
        "assert CliRunner().invoke(main, ['--help']).exit_code == 0"
    )
    shared = ("ulti_solver.cli.app", "ulti_solver.cli.language")  # the group, --lang and the help's language
    commands = {m for m in modules if m.startswith("ulti_solver.cli.") and m not in shared}
    assert not commands
    assert "ulti_solver.search" not in modules


@pytest.mark.parametrize("command", ["solve", "batch", "discards"])
def test_a_solve_without_value_or_play_analysis_imports_neither(command):
    """R30-R34 (the settlement) and the play analysis load only with --value, --cards, --line."""
    modules = imported_after(f"import ulti_solver.cli.{command}")
    assert "ulti_solver.settlement" not in modules
    assert "ulti_solver.analysis.replay" not in modules


def test_a_solve_imports_the_settlement_once_a_value_is_asked():
    modules = imported_after(
        "from ulti_solver import solve, Deal, parse_bid\n"
        f"deal = Deal.parse(open({str(EXAMPLE)!r}).read())\n"
        "solve(deal, parse_bid('party'), 2, value=True)"
    )
    assert "ulti_solver.settlement" in modules


def test_a_core_solve_does_not_import_the_reference_search():
    """The reference is loaded only where it answers (ULTI_SOLVER_IMPL=reference, a finished game)."""
    modules = imported_after(
        "from ulti_solver import solve, Deal, parse_bid\n"
        f"deal = Deal.parse(open({str(EXAMPLE)!r}).read())\n"
        "solve(deal, parse_bid('40-100 ulti'), 2, impl='core')"
    )
    assert "ulti_solver.search" in modules
    assert "ulti_solver.search.reference" not in modules
