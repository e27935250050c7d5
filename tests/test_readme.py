"""The README's examples run as written: every ``$ ulti ...`` line of its code blocks.

A new user copies them; each must exit 0 (or, where the README shows a
bad-input example, 2 with one line on stderr).  They run in a scratch
folder outside the checkout, without its ``examples/`` (as after ``pip
install``), with ``ulti`` standing for this interpreter's ``python -m
ulti_solver``.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def readme_commands():
    """(line number, command) of every '$ ulti' line inside a fenced code block."""
    found, inside = [], False
    for number, line in enumerate(README.splitlines(), start=1):
        if line.startswith("```"):
            inside = not inside
            continue
        if inside and line.startswith("$ ulti"):
            found.append((number, line[2:]))
    return found


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


@pytest.mark.parametrize("number, command", readme_commands(), ids=[str(n) for n, _ in readme_commands()])
def test_readme_example_runs(scratch, number, command):
    env = dict(os.environ, PATH=f"{scratch / 'bin'}{os.pathsep}{os.environ['PATH']}")
    done = subprocess.run(["bash", "-c", command], cwd=scratch, env=env, capture_output=True, text=True, timeout=120)
    lines = README.splitlines()
    shown_after = lines[number] if number < len(lines) else ""  # the README's next line: the output shown
    if shown_after.startswith("Error:") or "bad-lines" in command:  # examples of bad input: exit 2
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr
    else:
        assert done.returncode == 0, f"README line {number}: {command}\n{done.stderr}"
        assert "Traceback" not in done.stderr


def test_the_readme_python_example_runs_and_prints_what_it_says(capsys):
    code = re.search(r"```python\n(.*?)```", README, re.S).group(1)
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "ulti bells 5"
