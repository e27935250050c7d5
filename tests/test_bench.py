"""The benchmark (benchmarks/, beside the package): what it needs, what it runs, and that the
package never imports it.

No test times anything; these check that the instruction count says what
is missing, that the worker's two counting modes run the cases (or only
parse them), that a build is measured where it lives, and that no module
under ulti_solver/ imports a benchmark module.
"""

import ast
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import ulti_solver

ROOT = Path(__file__).resolve().parent.parent
if not (ROOT / "benchmarks").is_dir():
    pytest.skip("benchmarks/ is not beside the tests", allow_module_level=True)
# Appended, not prepended: the package under test stays the installed one.
sys.path.append(str(ROOT))

from benchmarks import bench, builds, cases, count  # noqa: E402

#: The directory holding the package under test: a worker started on it solves with it.
THIS_BUILD = os.path.dirname(os.path.dirname(os.path.abspath(ulti_solver.__file__)))


def test_instructions_without_valgrind_say_what_to_install(monkeypatch, capsys):
    monkeypatch.setattr(count.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit) as stopped:
        bench.main(["--instructions", "--goal", "colorless", "--deals", "2"])
    assert "valgrind" in str(stopped.value) and "--instructions" in str(stopped.value)


def test_a_baseline_without_the_package_is_named(tmp_path):
    with pytest.raises(SystemExit) as stopped:
        bench.main(["--baseline", str(tmp_path), "--goal", "colorless", "--deals", "2", "--no-extras"])
    assert str(tmp_path) in str(stopped.value) and "ulti_solver" in str(stopped.value)


def test_this_build_is_the_package_under_test():
    assert builds.this_build() == THIS_BUILD


@pytest.mark.parametrize("mode", ["--count", "--parse-only"])
def test_the_worker_counting_modes_run_quietly(mode, tmp_path):
    chosen = cases.cases_for("colorless", "uniform", 3, 1) + cases.cases_for("points", "biased", 2, 1)
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(chosen), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, builds.WORKER, mode, str(path)],
        env=builds.worker_env(THIS_BUILD),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""


def test_the_worker_times_every_kind_of_case_and_agrees_with_the_checksum():
    """A goal, the exact points, a whole bid and a value (R34): each kind of row is run here,
    since nothing else runs the benchmark's worker and a renamed search question breaks it."""
    chosen = (
        cases.cases_for("colorless", "biased", 2, 1)
        + cases.cases_for("points", "uniform", 1, 1)
        + cases.cases_for("40-100 ulti", "uniform", 1, 1)
        + [dict(case, kind="value") for case in cases.cases_for("ulti", "biased", 1, 1)]
    )
    assert {case["kind"] for case in chosen} == {"goal", "points", "whole", "value"}
    timed = builds.time_build(THIS_BUILD, chosen)
    assert len(timed["results"]) == 5
    assert timed["build"].startswith(THIS_BUILD)
    from benchmarks.stats import checksum

    assert checksum(timed["results"]) == timed["checksum"]


def test_a_build_is_byte_compiled_before_it_is_counted(tmp_path):
    package = tmp_path / "ulti_solver"
    package.mkdir()
    (package / "solver_part.py").write_text("ANSWER = 42\n", encoding="utf-8")
    count.compile_build(str(tmp_path))
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
    shell = builds.Shell(str(tmp_path))  # runs '--help' once
    shell.run("solve")  # the stub exits 0; this checkout's 'ulti solve' without a deal would exit 2


def test_a_baseline_without_a_command_gets_a_row_that_says_so(monkeypatch, capsys):
    """The whole-command rows name what an older baseline lacks (a build before 'ulti best'
    had no such command) instead of stopping the benchmark after its long counts."""

    def counted(root, *args):
        if root == "old" and args and args[0] == "best":
            raise RuntimeError("valgrind on 'ulti best' of old failed (exit 2): Error: No such command 'best'.")
        return 1000

    monkeypatch.setattr(count, "command_instructions", counted)
    count.whole_command_instructions(SimpleNamespace(baseline="old"), "new")
    rows = capsys.readouterr().out.splitlines()
    best = [row for row in rows if row.startswith("ulti best")]
    assert len(best) == 1 and "the baseline has no such command" in best[0]
    assert all("1.000x" in row for row in rows[2:] if not row.startswith("ulti best"))


#: Top-level names the benchmark's own modules would have if its folder were on sys.path.
BENCHMARK_FILES = {path.stem for path in (ROOT / "benchmarks").glob("*.py")} - {"__init__"}


def is_benchmark(name: str) -> bool:
    """Whether the module ``name`` is the benchmark's: the package 'benchmarks' and its modules,
    a module of its folder by its bare name, or one inside the package (its old place was
    ulti_solver.bench*)."""
    parts = name.split(".")
    return (
        parts[0] == "benchmarks"
        or (len(parts) == 1 and name in BENCHMARK_FILES)
        or (parts[0] == "ulti_solver" and any(part.startswith("bench") for part in parts[1:]))
    )


def imported_names(path: Path, package: str):
    """Every module ``path`` imports, and every name it imports from one, made absolute
    (``package`` is the package a relative import in ``path`` starts from)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):  # every import, those inside functions too
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                parts = package.split(".")
                module = ".".join(parts[: len(parts) - node.level + 1] + ([module] if module else []))
            yield module
            yield from (f"{module}.{alias.name}" for alias in node.names)


def test_no_module_of_the_package_imports_a_benchmark_module():
    """The benchmark lives beside the package, so a user's install neither carries nor needs it:
    no module of the package is a benchmark module or imports one."""
    found = []
    sources = sorted((ROOT / "ulti_solver").rglob("*.py"))
    assert len(sources) > 20
    for path in sources:
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        package = module if parts[-1] == "__init__" else module.rpartition(".")[0]
        if is_benchmark(module):
            found.append(f"{module} is a benchmark module")
        found += [f"{module} imports {name}" for name in imported_names(path, package) if is_benchmark(name)]
    assert found == []


def test_the_import_scan_sees_relative_and_nested_imports(tmp_path):
    """The scan above would catch the old layout: a relative import inside a function."""
    source = tmp_path / "bench_count.py"
    source.write_text("def f():\n    from .bench import Shell\n    from .. import benchmarks\n", encoding="utf-8")
    names = list(imported_names(source, "ulti_solver.analysis"))
    assert "ulti_solver.analysis.bench" in names and "ulti_solver.benchmarks" in names
    assert is_benchmark("ulti_solver.analysis.bench") and is_benchmark("ulti_solver.benchmarks")
    assert is_benchmark("ulti_solver.bench") and is_benchmark("benchmarks.count") and is_benchmark("worker")
    assert not is_benchmark("ulti_solver.batch") and not is_benchmark("ulti_solver.analysis.simulate")


def test_the_package_ships_no_benchmark_module():
    names = [m.name for m in pkgutil.walk_packages(ulti_solver.__path__, "ulti_solver.")]
    assert "ulti_solver.cli" in names
    assert [name for name in names if name.split(".")[-1].startswith("bench")] == []


def test_simulation_rows_count_one_sample_as_the_difference_of_two_runs(monkeypatch, capsys):
    """'ulti simulate' is counted twice, with N samples and with one: start-up and the first
    sample's imports fall out, and the rest over N - 1 is what one more sample costs."""

    def counted(root, *args):
        samples = int(args[args.index("--samples") + 1])
        assert "-j" in args and args[args.index("-j") + 1] == "1"
        return 1_000_000 + samples * (2000 if root == "new" else 4000)

    monkeypatch.setattr(count, "command_instructions", counted)
    count.simulate_instructions(SimpleNamespace(baseline="old", samples=2000), "new")
    rows = capsys.readouterr().out.splitlines()
    assert f"{count.COUNTED_SAMPLES} samples" in rows[1]
    assert [row.split()[0] for row in rows[2:]] == list(count.SIMULATED_BIDS)
    assert all(row.split()[-3:] == ["2,000", "4,000", "0.500x"] for row in rows[2:])
