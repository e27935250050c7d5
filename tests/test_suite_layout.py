"""How the test suite is put together: what tests share are fixtures, taken as arguments.

conftest.py files hold fixtures only, and no test module imports one (pytest hands a fixture
to the test that names it); plain modules of shared code (strategies.py, worlds_brute.py,
browser/chromium.py) are imported as modules.  Files are named by what they test, not by when
or why their tests were written.
"""

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
MODULES = sorted(path for path in TESTS.rglob("*.py") if path.name != "conftest.py")
CONFTESTS = sorted(TESTS.rglob("conftest.py"))
#: Modules that run the program while the tests are collected, before any fixture exists.
COLLECTION_TIME_RUNNERS = {
    "test_help_examples.py": "reads each --help page to list the examples it runs",
    "test_language.py": "reads each Hungarian --help page to list the examples it runs",
}
#: Words that date a file instead of naming its subject.
HISTORY_WORDS = {"rough", "newer", "older", "regression", "regressions", "issue", "issues", "bugs", "fixes", "misc"}


def imported_modules(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(TESTS)))
def test_no_test_module_imports_conftest_or_the_cli_runner(path):
    """The runner of ``ulti`` is conftest's ``ulti`` fixture; a test takes it (or ``ulti_json``,
    ``bad_input``...) as an argument instead of wrapping CliRunner again."""
    imported = set(imported_modules(path))
    assert "conftest" not in imported
    if path.name not in COLLECTION_TIME_RUNNERS:
        assert "click.testing" not in imported


@pytest.mark.parametrize("path", CONFTESTS, ids=lambda path: str(path.relative_to(TESTS)))
def test_a_conftest_defines_fixtures_only(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    functions = [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    assert functions
    for function in functions:
        assert any("fixture" in ast.unparse(decorator) for decorator in function.decorator_list), function.name
    assert not [node.name for node in tree.body if isinstance(node, ast.ClassDef)]


def test_test_files_are_named_by_subject():
    dated = [path.name for path in MODULES if HISTORY_WORDS & set(path.stem.split("_"))]
    assert dated == []
