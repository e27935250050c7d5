"""Every example that a ``--help`` page shows runs, exactly as printed, and exits 0.

People copy these lines into a shell, so they are run the same way: with
``bash -c``, from a fresh directory outside the checkout, with no
``examples`` folder (after ``pip install`` there is none: the examples
come from ``ulti example``; a ``> out.csv`` in an example lands there, not
in the repository), and ``ulti`` on the PATH as a small script that runs
this Python's ``-m ulti_solver``.  The examples are read from the help pages
themselves (``ulti --help``: "Start here:"; each command: "Examples:"),
so a new example is tested as soon as it is written.  Together they take
over 30 s, so they are marked ``slow``; the check that every page has
examples to run stays in the default run.
"""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ulti_solver import cli
from ulti_solver.cli.app import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
#: Where a help page's examples start: the group's "Start here:", a command's "Examples:".
HEADINGS = ("Start here:", "Examples:")


def help_page(command):
    result = CliRunner().invoke(cli.main, [*command, "--help"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def examples_in(page: str):
    """The command lines under the page's heading: lines starting 'ulti ' (or piping into one),
    a line ending in a backslash joined with the next."""
    lines = page.splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip() in HEADINGS]
    assert starts, "no examples on this page"
    examples, current = [], None
    for line in lines[starts[0] + 1 :]:
        text = line.strip()
        if current is not None:  # the previous line ended in a backslash
            current = current[:-1].rstrip() + " " + text
        elif text.startswith("ulti ") or " | ulti " in text:
            current = text
        elif not text:
            break  # the block ends at the first blank line
        else:
            continue
        if not current.endswith("\\"):
            examples.append(current)
            current = None
    return examples


def all_examples():
    pages = [()] + [(name,) for name in COMMANDS]
    return [
        pytest.param(" ".join(page) or "ulti", example, id=f"{' '.join(page) or 'ulti'}: {example[:60]}")
        for page in pages
        for example in examples_in(help_page(list(page)))
    ]


@pytest.fixture(scope="module")
def shell_dir(tmp_path_factory):
    """A scratch directory outside the checkout, with nothing in it but ``ulti`` on the PATH."""
    root = tmp_path_factory.mktemp("examples")
    assert ROOT not in root.resolve().parents
    bin_dir = root / "bin"
    bin_dir.mkdir()
    ulti = bin_dir / "ulti"
    ulti.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m ulti_solver "$@"\n')
    ulti.chmod(ulti.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    return root, env


def test_every_help_page_has_examples():
    """Guards the extraction below: each page yields some commands, each of them for 'ulti'."""
    for page in [()] + [(name,) for name in COMMANDS]:
        examples = examples_in(help_page(list(page)))
        assert examples, page
        assert all("ulti " in example for example in examples)


def test_no_help_example_needs_a_checkout():
    """After ``pip install`` there is no ``examples/`` folder: the help reaches the examples
    through ``ulti example NAME``, which works from any directory."""
    for page in [()] + [(name,) for name in COMMANDS]:
        for example in examples_in(help_page(list(page))):
            assert "examples/" not in example, f"{' '.join(page) or 'ulti'}: {example}"


def test_an_example_runs_from_a_directory_without_examples(shell_dir):
    """One help example, in the default run: the deal comes from the package, not from a folder."""
    root, env = shell_dir
    assert not (root / "examples").exists()
    done = subprocess.run(
        ["bash", "-c", 'set -o pipefail; ulti solve "$(ulti example deal)" --bid party --trump bells --json'],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert '"deal": "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"' in done.stdout


@pytest.mark.slow  # some 40 examples, each a new process, over 30 s together: 'pytest -m slow' runs them
@pytest.mark.parametrize("page, example", all_examples())
def test_help_example_runs(page, example, shell_dir):
    root, env = shell_dir
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {example}"], cwd=root, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, f"{page}: {example}\n{done.stderr[-2000:]}"
