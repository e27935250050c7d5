"""The documented examples as the tests run them: every ``$ ulti ...`` line of a code block, and its output.

A page shows an example as a fenced code block: a ``$ COMMAND`` line, then the output the
command prints, up to the next ``$`` line or the end of the block.  A line ``...`` stands for
any number of lines the page leaves out (zero or more).  The output shown is what a terminal
shows: the command's stdout, then its stderr (a summary, a message, an error).

tests/test_readme.py runs every example and compares its output with the page's block, so a
page cannot drift from the program; tests/test_language.py reads the commands too.  Examples
that search for seconds run with the slow tests (``pytest -m slow``), so that the fast suite
stays quick.

When the program's output changes on purpose, rewrite the blocks from it and review the diff::

    python tests/readme_examples.py --update                 # every page
    python tests/readme_examples.py --update README.md       # one page
    python tests/readme_examples.py --update --fast          # leave out the slow examples

``--update`` keeps each ``...``: the lines between two of them become the output's lines they
align with (difflib), so check ``git diff``.
"""

from __future__ import annotations

import difflib
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The pages with examples, and the language their examples run in.
PAGES = {
    "README.md": "en",
    "README.hu.md": "hu",
    "docs/commands.md": "en",
    "docs/commands.hu.md": "hu",
}
#: Examples this long to run wait for ``pytest -m slow``: ulti bid at its 200 worlds, the
#: analyses that value each card on 100 worlds, ulti kontra and ulti play at their 200 worlds.
LONG = re.compile(r"(^|\| )ulti (bid (?!.*--samples)|kontra |play |analyse .*--knowable)")
#: The line of a block that stands for lines left out.
ELLIPSIS = "..."
ERROR_STARTS = ("Error:", "Hiba:")


@dataclass
class Example:
    """One ``$ COMMAND`` of a page and the output the page shows under it."""

    page: str
    number: int  # the line number of the '$' line
    command: str
    shown: list[str]  # the lines shown under it, '...' included

    @property
    def language(self) -> str:
        return PAGES.get(self.page, "en")

    @property
    def shows_error(self) -> bool:
        return bool(self.shown) and self.shown[0].startswith(ERROR_STARTS)


def page_examples(path: Path) -> list[Example]:
    """Every example of the page at ``path`` (a '$' line in a fenced block that runs ulti)."""
    page = path.relative_to(ROOT).as_posix() if path.is_absolute() else path.as_posix()
    found: list[Example] = []
    inside, current = False, None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("```"):
            inside, current = not inside, None
        elif inside and line.startswith("$ "):
            current = None
            if re.search(r"(^|\| )ulti ", line[2:]):
                current = Example(page, number, line[2:], [])
                found.append(current)
        elif inside and current is not None:
            current.shown.append(line)
    for example in found:
        while example.shown and not example.shown[-1].strip():
            example.shown.pop()
    return found


def readme_commands(path: Path):
    """(line number, command) of every example of a page."""
    return [(example.number, example.command) for example in page_examples(path)]


def all_examples() -> list[Example]:
    return [example for page in PAGES if (ROOT / page).exists() for example in page_examples(ROOT / page)]


def long_example(command: str) -> bool:
    return LONG.search(command) is not None


def marks(command: str):
    """The marks of a test running ``command``: slow when it is a long example."""
    return [pytest.mark.slow] if long_example(command) else []


def scratch_bin(folder: Path) -> Path:
    """A folder holding an ``ulti`` that is this interpreter's ``python -m ulti_solver``."""
    bin_dir = folder / "bin"
    bin_dir.mkdir(exist_ok=True)
    ulti = bin_dir / "ulti"
    ulti.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m ulti_solver "$@"\n')
    ulti.chmod(0o755)
    return bin_dir


def run(example: Example, folder: Path) -> subprocess.CompletedProcess:
    """Run the example as a user would, in ``folder`` (no examples/ there: as after pip install)."""
    env = dict(
        os.environ,
        PATH=f"{scratch_bin(folder)}{os.pathsep}{os.environ['PATH']}",
        ULTI_LANG=example.language,
        PYTHONUTF8="1",
    )
    for name in ("ULTI_DEBUG", "COLUMNS", "LINES"):  # the caller's terminal (or pytest-xdist's) is not the page's
        env.pop(name, None)
    return subprocess.run(
        ["bash", "-o", "pipefail", "-c", example.command],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def printed(example: Example, done: subprocess.CompletedProcess) -> list[str]:
    """The lines the page's block is to show: what a terminal shows, stdout then stderr."""
    lines = [line.rstrip() for line in (done.stdout + done.stderr).splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _segments(shown: list[str]) -> list[list[str]]:
    parts: list[list[str]] = [[]]
    for line in shown:
        if line.strip() == ELLIPSIS:
            parts.append([])
        else:
            parts[-1].append(line.rstrip())
    return parts


def matches(shown: list[str], actual: list[str]) -> bool:
    """Does the output ``actual`` read as ``shown``, each '...' standing for zero or more lines?"""
    parts = _segments(shown)
    if len(parts) == 1:
        return parts[0] == actual
    first, *middle, last = parts
    if actual[: len(first)] != first or len(actual) < len(first) + len(last):
        return False
    end = len(actual) - len(last)
    if last and actual[end:] != last:
        return False
    position = len(first)
    for part in middle:
        for start in range(position, end - len(part) + 1):
            if actual[start : start + len(part)] == part:
                position = start + len(part)
                break
        else:
            return False
    return True


def _aligned(flat: list[str], actual: list[str]) -> list[tuple[int, int]]:
    """For each line of ``flat``, the lines ``[lo, hi)`` of ``actual`` it became (difflib's alignment)."""
    spans = [(0, 0)] * len(flat)
    matcher = difflib.SequenceMatcher(None, flat, actual, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        for k in range(i1, i2):
            if tag == "equal":
                spans[k] = (j1 + k - i1, j1 + k - i1 + 1)
            elif tag == "replace":
                spans[k] = _replaced(flat, actual, k, i1, i2, j1, j2, spans)
            else:  # deleted: an empty span where it stood
                spans[k] = (j1, j1)
    return spans


def _replaced(flat, actual, k, i1, i2, j1, j2, spans) -> tuple[int, int]:
    """The span of a changed line: the most like it of the lines that replaced its block, in order,
    else its share of them."""
    after = spans[k - 1][1] if k > i1 else j1
    likeness = [(difflib.SequenceMatcher(None, flat[k], actual[j]).ratio(), j) for j in range(after, j2)]
    best = max(likeness, default=(0.0, after))
    if best[0] >= 0.6:
        return (best[1], best[1] + 1)
    share = (j1 + (k - i1) * (j2 - j1) // (i2 - i1), j1 + (k - i1 + 1) * (j2 - j1) // (i2 - i1))
    return (max(after, share[0]), max(after, share[1]))


def fitted(shown: list[str], actual: list[str]) -> list[str]:
    """The block as it should read now: ``actual`` with the page's '...' kept where they stand.

    Each part between two '...' becomes the lines of ``actual`` that it aligns with (lines
    added inside it included); the first part starts at the output's start, the last ends at
    its end."""
    parts = _segments(shown)
    if len(parts) == 1:
        return list(actual)
    spans = _aligned([line for part in parts for line in part], actual)
    result: list[str] = []
    index, position = 0, 0
    for number, part in enumerate(parts):
        if number:
            result.append(ELLIPSIS)
        if not part:
            continue
        start = 0 if number == 0 else max(position, spans[index][0])
        end = len(actual) if number == len(parts) - 1 else max(start, spans[index + len(part) - 1][1])
        result += actual[start:end]
        index, position = index + len(part), end
    return result


def difference(example: Example, actual: list[str]) -> str:
    """A unified diff from the page's block to what it should read, for a failing test."""
    lines = difflib.unified_diff(
        example.shown,
        fitted(example.shown, actual),
        f"{example.page} (line {example.number + 1}, as shown)",
        "the program's output now",
        lineterm="",
    )
    return "\n".join(lines)


def update(page: Path, folder: Path, fast: bool = False) -> int:
    """Rewrite the page's output blocks from the program; the number of blocks changed."""
    lines = page.read_text(encoding="utf-8").splitlines()
    changed = 0
    for example in reversed(page_examples(page)):  # from the end, so earlier numbers hold
        if fast and long_example(example.command):
            continue
        actual = printed(example, run(example, folder))
        if matches(example.shown, actual):
            continue
        start = example.number  # the index of the first output line
        lines[start : start + len(example.shown)] = fitted(example.shown, actual)
        changed += 1
        print(f"{example.page}:{example.number}: {example.command}")
    page.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return changed


def main(argv: list[str]) -> int:
    if "--update" not in argv:
        print(__doc__)
        return 2
    fast = "--fast" in argv
    names = [name for name in argv if not name.startswith("--")] or [page for page in PAGES if (ROOT / page).exists()]
    with tempfile.TemporaryDirectory() as folder:
        total = sum(update((ROOT / name).resolve(), Path(folder), fast) for name in names)
    print(f"{total} block(s) rewritten; review them with git diff")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
