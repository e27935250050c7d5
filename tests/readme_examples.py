"""The READMEs' examples as the tests run them: every ``$ ulti ...`` line of a code block.

Shared by tests/test_readme.py (each runs as written) and tests/test_language.py (no English
word left in their Hungarian output).  Examples that search for seconds (``ulti bid`` at its
defaults) run with the slow tests, so that the README's test command stays quick.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: An example this long to run waits for ``pytest -m slow``: ulti bid at its 200 worlds.
LONG = re.compile(r"(^|\| )ulti bid (?!.*--samples)")


def readme_commands(path: Path):
    """(line number, command) of every '$ ...' line that runs ulti inside a fenced code block."""
    found, inside = [], False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("```"):
            inside = not inside
        elif inside and line.startswith("$ ") and re.search(r"(^|\| )ulti ", line[2:]):
            found.append((number, line[2:]))
    return found


def long_example(command: str) -> bool:
    return LONG.search(command) is not None


def marks(command: str):
    """The marks of a test running ``command``: slow when it is a long example."""
    return [pytest.mark.slow] if long_example(command) else []
