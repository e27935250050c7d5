"""The public API as a type checker and a caller see it: keyword-only ``rules`` and ``kontra``,
and a package that mypy passes (configured in pyproject.toml; CI runs ``mypy ulti_solver``)."""

import ast
import importlib.util
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import ulti_solver
from ulti_solver import Deal, solve

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ulti_solver"
DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"
KEYWORD_ONLY = ("rules", "kontra")

#: Functions whose only subject is a kontra or rules value (a converter, a printer), or the
#: entries of the rules reference (``ulti rules``): the value is what they work on, not a
#: setting of the game, so it stays their first argument.
SUBJECTS = {"as_rules", "rules", "kontra_text", "rules_text", "_kontra_header", "rules_listing", "rules_lines"}


def _public_callables():
    for name in ulti_solver.__all__:
        value = getattr(ulti_solver, name)
        if inspect.isfunction(value):
            yield name, value
        elif inspect.isclass(value):
            for attr, member in vars(value).items():
                function = getattr(member, "__func__", member)
                if inspect.isfunction(function) and (not attr.startswith("_") or attr == "__init__"):
                    yield f"{name}.{attr}", function


def _positional(function, names=KEYWORD_ONLY):
    return [
        p.name
        for p in inspect.signature(function).parameters.values()
        if p.name in names and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]


def test_rules_and_kontra_are_keyword_only_in_every_public_function():
    positional = {name: found for name, function in _public_callables() if (found := _positional(function))}
    assert positional == {}


def test_rules_and_kontra_are_keyword_only_in_the_package_functions():
    """The same for every function of the package, so a new one does not bring the positional
    form back (the facade passes ``rules`` on by name to the functions below it)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name not in SUBJECTS:
                names = [a.arg for a in node.args.posonlyargs + node.args.args]
                found += [f"{relative}:{node.lineno} {node.name}({name})" for name in names if name in KEYWORD_ONLY]
    assert found == []


def test_rules_given_by_position_is_a_type_error_that_says_so():
    with pytest.raises(TypeError, match="positional argument"):
        solve(DEAL, "party", "bells", "ultiblog")


def test_rules_and_kontra_given_by_name_are_read_as_before():
    by_name = solve(Deal.parse(DEAL), "party", "bells", rules="ultiblog", kontra="party", value=True)
    assert (by_name.rules.book, by_name.kontra.level("party", 1)) == ("ultiblog", 1)


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (the dev extra has it)")
def test_the_package_passes_mypy():
    """Slow (a cold check takes a while on two cores): CI runs it, and ``mypy ulti_solver`` too."""
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "ulti_solver"], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
