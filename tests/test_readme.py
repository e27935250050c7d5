"""The README's examples run as written: every ``$ ...`` line of its code blocks that runs ``ulti``.

README.hu.md's examples too, in Hungarian (``ULTI_LANG=hu``, as that page sets it).

A new user copies them; each must exit 0 (or, where the README shows a
bad-input example, 2 with one line on stderr), and a table fits a
terminal of 100 columns.  They run in a scratch folder outside the
checkout, without its ``examples/`` (as after ``pip install``), with
``ulti`` standing for this interpreter's ``python -m ulti_solver``.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from readme_examples import marks, readme_commands

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: Each README and the language its examples run in.
READMES = {"README.md": "en", "README.hu.md": "hu"}


#: The commands whose text output is a table, and the widest a table line may be.
TABLE_COMMANDS = ("solve", "best", "discards", "batch", "simulate", "analyse", "settle", "play", "bid", "kontra")
TABLE_WIDTH = 100


def readme_and_first_commands(name: str = "README.md"):
    """(line number, command) of every README example, and the README's first command."""
    found = readme_commands(ROOT / name)
    if name == "README.md":
        lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
        first = next(n for n, line in enumerate(lines, start=1) if line.startswith("pip install . && ulti "))
        found.append((first, lines[first - 1].split(" && ", 1)[1]))
    return found


def all_readme_commands():
    return [
        pytest.param(name, number, command, marks=marks(command), id=f"{name}:{number}")
        for name in READMES
        for number, command in readme_and_first_commands(name)
    ]


def table_command(command: str) -> bool:
    """Does this command print a table (no --json or --csv)?"""
    words = command.split()
    ulti = words.index("ulti")
    return words[ulti + 1] in TABLE_COMMANDS and "--json" not in words and "--csv" not in words


def test_the_readme_starts_with_its_two_commands():
    first = re.search(r"```\n(.*?)\n```", README, re.S).group(1).splitlines()
    assert first[0].startswith("pip install . && ulti ")
    assert first[1] == 'pip install ".[test]" && pytest'


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    folder = tmp_path_factory.mktemp("readme")  # no examples/ here: they come from 'ulti example'
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    ulti = bin_dir / "ulti"
    ulti.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m ulti_solver "$@"\n')
    ulti.chmod(0o755)
    return folder


@pytest.mark.parametrize("name, number, command", all_readme_commands())
def test_readme_example_runs(scratch, name, number, command):
    env = dict(os.environ, PATH=f"{scratch / 'bin'}{os.pathsep}{os.environ['PATH']}", ULTI_LANG=READMES[name])
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command], cwd=scratch, env=env, capture_output=True, text=True, timeout=120
    )
    lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
    shown_after = lines[number] if number < len(lines) else ""  # the README's next line: the output shown
    if shown_after.startswith(("Error:", "Hiba:")) or "bad-lines" in command:  # examples of bad input: exit 2
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr
    else:
        assert done.returncode == 0, f"{name} line {number}: {command}\n{done.stderr}"
        assert "Traceback" not in done.stderr
    if table_command(command):
        wide = [line for line in done.stdout.splitlines() if len(line) > TABLE_WIDTH]
        assert not wide, f"{name} line {number}: {len(wide)} lines wider than {TABLE_WIDTH} columns: {wide[0]!r}"


def test_the_readme_python_example_runs_and_prints_what_it_says(capsys):
    code = re.search(r"```python\n(.*?)```", README, re.S).group(1)
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "ulti bells 5"
