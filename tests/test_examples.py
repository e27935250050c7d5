"""The example files travel with the package: ``ulti example NAME`` prints them from any directory.

The checkout's ``examples/`` is the package's ``ulti_solver/examples/``
(a link), so the README and the tests see the same files that a wheel
installs.
"""

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from ulti_solver.cli.app import COMMANDS
from ulti_solver.deal import parse_deal, parse_hand
from ulti_solver.example_files import EXAMPLES, ExampleError, example_path, example_text

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_EXAMPLES = ROOT / "ulti_solver" / "examples"


def test_every_example_file_is_described_and_every_description_has_a_file():
    assert sorted(p.stem for p in PACKAGE_EXAMPLES.glob("*.txt")) == sorted(EXAMPLES)
    for name in EXAMPLES:
        assert example_text(name) == (PACKAGE_EXAMPLES / f"{name}.txt").read_text(encoding="utf-8")


def test_the_checkout_examples_folder_is_the_package_s():
    """examples/ is a link to the package's examples in a checkout, a copy in an sdist: the same files."""
    top = {path.name: path.read_bytes() for path in (ROOT / "examples").glob("*.txt")}
    assert top == {path.name: path.read_bytes() for path in PACKAGE_EXAMPLES.glob("*.txt")}


def test_the_examples_hold_what_they_say():
    assert str(parse_deal(example_text("deal"))) == "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"
    assert parse_deal(example_text("discard")).before_discard
    assert parse_hand(example_text("hand").strip()) == parse_deal(example_text("deal")).hands[0]


def test_an_unknown_example_is_an_input_error_with_a_suggestion():
    with pytest.raises(ExampleError, match="unknown example 'dael'; did you mean 'deal'"):
        example_path("dael")


def test_ulti_example_lists_them_and_prints_one(ulti, bad_input):
    listing = ulti("example")
    assert listing.exit_code == 0
    for name, text in EXAMPLES.items():
        assert any(line.split()[:1] == [name] and text in line for line in listing.stdout.splitlines())
    assert ulti("example", "deal").stdout == example_text("deal")
    assert ulti("example", "batch").stdout == example_text("batch")
    bad_input(ulti("example", "nope"), "unknown example 'nope'")


def test_the_example_files_speak_of_ulti_example_not_of_a_path():
    for name in EXAMPLES:
        assert "examples/" not in example_text(name), name


def test_the_examples_are_package_data_of_the_wheel_and_the_sdist():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["ulti_solver"]
    assert "examples/*.txt" in patterns
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert "recursive-include ulti_solver/examples *.txt" in manifest
    assert "example" in COMMANDS


@pytest.mark.slow  # builds the wheel (the Cython core too): some 10-30 s
def test_the_built_wheel_holds_every_example(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in EXAMPLES:
        assert f"ulti_solver/examples/{name}.txt" in names


def test_the_readme_quick_start_runs_outside_the_checkout(tmp_path):
    """The README's first command after 'pip install .': from a folder with no examples/ in it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = re.search(r"```\n(.*?)\n```", readme, re.S).group(1).splitlines()[0]
    command = first.removeprefix("pip install . && ")
    assert command.startswith("ulti ") and "examples/" not in command
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "ulti").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m ulti_solver "$@"\n')
    (bin_dir / "ulti").chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "value            -12" in done.stdout
