"""The benchmark's instruction count (ulti_solver/bench_count.py): what it needs and what it runs.

No test times anything; these check that the count says what is missing and
that the worker's two counting modes run the cases (or only parse them).
"""

import json
import os
import subprocess
import sys
from types import SimpleNamespace

import pytest

from ulti_solver import bench, bench_count


def test_instructions_without_valgrind_say_what_to_install(monkeypatch, capsys):
    monkeypatch.setattr(bench_count.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit) as stopped:
        bench.main(["--instructions", "--goal", "colorless", "--deals", "2"])
    assert "valgrind" in str(stopped.value) and "--instructions" in str(stopped.value)


@pytest.mark.parametrize("mode", ["--count", "--parse-only"])
def test_the_worker_counting_modes_run_quietly(mode, tmp_path):
    cases = bench.cases_for("colorless", "uniform", 3, 1) + bench.cases_for("points", "biased", 2, 1)
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(cases), encoding="utf-8")
    root = os.path.dirname(os.path.dirname(bench.__file__))
    env = dict(os.environ, PYTHONPATH=root)
    done = subprocess.run(
        [sys.executable, bench_count.WORKER, mode, str(path)], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""


def test_a_build_is_byte_compiled_before_it_is_counted(tmp_path):
    package = tmp_path / "ulti_solver"
    package.mkdir()
    (package / "solver_part.py").write_text("ANSWER = 42\n", encoding="utf-8")
    bench_count.compile_build(str(tmp_path))
    compiled = list((package / "__pycache__").glob("solver_part.*.pyc"))
    assert len(compiled) == 1


def test_shell_rows_run_the_build_they_are_given_not_the_working_directory(tmp_path, monkeypatch):
    """'python -m' puts the working directory ahead of PYTHONPATH: run from this checkout, a
    baseline's command would import this checkout's package (and time or count it twice)."""
    monkeypatch.delenv("PYTHONSAFEPATH", raising=False)  # conftest's guard against the same thing
    package = tmp_path / "ulti_solver"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "__main__.py").write_text(
        f"import sys, ulti_solver\nsys.exit(0 if ulti_solver.__file__.startswith({str(tmp_path)!r}) else 3)\n"
    )
    shell = bench.Shell(str(tmp_path))  # runs '--help' once
    shell.run("solve")  # the stub exits 0; this checkout's 'ulti solve' without a deal would exit 2


def test_a_baseline_without_a_command_gets_a_row_that_says_so(monkeypatch, capsys):
    """The whole-command rows name what an older baseline lacks (8a92672 has no 'ulti best')
    instead of stopping the benchmark after its long counts."""

    def count(root, *args):
        if root == "old" and args and args[0] == "best":
            raise RuntimeError("valgrind on 'ulti best' of old failed (exit 2): Error: No such command 'best'.")
        return 1000

    monkeypatch.setattr(bench_count, "command_instructions", count)
    bench.whole_command_instructions(SimpleNamespace(baseline="old"), "new")
    rows = capsys.readouterr().out.splitlines()
    best = [row for row in rows if row.startswith("ulti best")]
    assert len(best) == 1 and "the baseline has no such command" in best[0]
    assert all("1.000x" in row for row in rows[2:] if not row.startswith("ulti best"))
