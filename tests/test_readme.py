"""The documented examples run as written, and print what the pages show.

Every ``$ ...`` line of a code block that runs ``ulti`` in README.md, README.hu.md and the
docs/ pages with outputs (tests/readme_examples.py lists them; the Hungarian pages run with
``ULTI_LANG=hu``).  A new user copies them; each must exit 0 (or, where the page shows a
bad-input example, 2 with one line on stderr), a table fits a terminal of 100 columns, and
the output is the block's, line for line (``...`` standing for lines left out).  When it is
not, the failure shows the diff, and ``python tests/readme_examples.py --update`` rewrites
the blocks.  They run in a scratch folder outside the checkout, without its ``examples/``
(as after ``pip install``), with ``ulti`` standing for this interpreter's
``python -m ulti_solver``.
"""

import re
from pathlib import Path

import pytest
from readme_examples import (
    Example,
    all_examples,
    difference,
    fitted,
    marks,
    matches,
    page_examples,
    printed,
    run,
)

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")

#: The commands whose text output is a table, and the widest a table line may be.
TABLE_COMMANDS = ("solve", "best", "discards", "batch", "simulate", "analyse", "settle", "play", "bid", "kontra")
TABLE_WIDTH = 100


def table_command(command: str) -> bool:
    """Does this command print a table (no --json or --csv)?"""
    words = command.split()
    ulti = words.index("ulti")
    return words[ulti + 1] in TABLE_COMMANDS and "--json" not in words and "--csv" not in words


def test_the_readme_starts_with_its_two_commands():
    first = re.search(r"```\n(.*?)\n```", README, re.S).group(1).splitlines()
    assert first[0].startswith("pip install . && ulti ")
    assert first[1] == 'pip install ".[test]" && pytest'


def test_the_readme_shows_what_its_first_command_prints():
    """The first command's output is an example of its own, so the output test holds it."""
    first = re.search(r"```\n(.*?)\n```", README, re.S).group(1).splitlines()[0]
    command = first.split(" && ", 1)[1]
    assert command in [example.command for example in page_examples(ROOT / "README.md")]


@pytest.mark.skipif(not (ROOT / ".ci" / "run").is_file(), reason="needs the checkout's .ci/ (an sdist has none)")
def test_ci_runs_the_readmes_two_commands_as_written():
    first = re.search(r"```\n(.*?)\n```", README, re.S).group(1).splitlines()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert first[0] in ci and first[1] in ci


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    return tmp_path_factory.mktemp("readme")  # no examples/ here: they come from 'ulti example'


#: Each (command, language) run once: README.md shows some of the examples of docs/commands.md.
RUNS: dict = {}


@pytest.mark.parametrize(
    "example",
    [
        pytest.param(example, marks=marks(example.command), id=f"{example.page}:{example.number}")
        for example in all_examples()
    ],
)
def test_readme_example_runs_and_prints_its_block(scratch, example: Example):
    key = (example.command, example.language)
    if key not in RUNS:
        RUNS[key] = run(example, scratch)
    done = RUNS[key]
    where = f"{example.page} line {example.number}: {example.command}"
    if example.shows_error or "bad-lines" in example.command:  # examples of bad input: exit 2
        assert done.returncode == 2, f"{where}\n{done.stderr}"
    else:
        assert done.returncode == 0, f"{where}\n{done.stderr}"
    assert "Traceback" not in done.stderr
    if table_command(example.command):
        wide = [line for line in done.stdout.splitlines() if len(line) > TABLE_WIDTH]
        assert not wide, f"{where}: {len(wide)} lines wider than {TABLE_WIDTH} columns: {wide[0]!r}"
    actual = printed(example, done)
    assert matches(example.shown, actual), (
        f"{where}\nThe block is out of date (python tests/readme_examples.py --update {example.page}):\n"
        + difference(example, actual)
    )


def test_every_page_with_outputs_has_examples():
    """A renamed page would otherwise silently drop out of the output test."""
    pages = {example.page for example in all_examples()}
    assert {"README.md", "README.hu.md", "docs/commands.md", "docs/commands.hu.md"} <= pages


@pytest.mark.parametrize(
    "shown, actual, expected",
    [
        (["a", "b"], ["a", "b"], True),
        (["a", "b"], ["a", "c"], False),
        (["a", "...", "z"], ["a", "b", "c", "z"], True),
        (["a", "...", "z"], ["a", "z"], True),
        (["a", "...", "z"], ["a", "b"], False),
        (["...", "c", "..."], ["a", "b", "c", "d"], True),
        (["...", "x", "..."], ["a", "b", "c", "d"], False),
        (["a", "..."], ["b", "a"], False),
        (["a", "...", "b", "...", "c"], ["a", "c", "b"], False),
    ],
)
def test_an_ellipsis_stands_for_any_lines_and_nothing_else_does(shown, actual, expected):
    assert matches(shown, actual) is expected


def test_an_updated_block_keeps_its_ellipses_and_matches():
    shown = ["Title", "...", "  value  -12", "  rows 2", "...", "end"]
    actual = ["Title", "x", "y", "  value  -13", "  rows 2", "z", "end"]
    new = fitted(shown, actual)
    assert new == ["Title", "...", "  value  -13", "  rows 2", "...", "end"]
    assert matches(new, actual)


def test_the_python_page_example_runs_and_prints_what_it_says(capsys):
    page = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", page, re.S).group(1)
    exec(compile(code, "docs/python.md", "exec"), {})
    printed_lines = capsys.readouterr().out.splitlines()
    assert printed_lines[0] == "ulti bells 5"
    shown = [line[2:] for line in code.splitlines() if line.startswith("# ")]  # a line printed, as the page shows it
    assert shown and all(line in printed_lines for line in shown), [line for line in shown if line not in printed_lines]


def test_the_python_page_s_whole_game_runs_and_reads_back(capsys):
    page = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    code = page.split("## A whole game", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/python.md", "exec"), {})
    printed = capsys.readouterr().out
    assert printed.startswith("(4, -8, 4)\ngame ultiblog\n") and "result 0: +4, 1: -8, 2: +4" in printed


def github_anchor(heading: str) -> str:
    """The anchor GitHub (and mkdocs, for these headings) gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("name", ["README.md", "README.hu.md"])
def test_every_link_of_the_readmes_leads_somewhere(name):
    """mkdocs checks the links of docs/ (mkdocs build --strict); the READMEs are outside it."""
    for target in re.findall(r"\]\(([^)\s]+)\)", (ROOT / name).read_text(encoding="utf-8")):
        if re.match(r"[a-z]+://", target):
            continue
        path, _, anchor = target.partition("#")
        page = ROOT / path if path else ROOT / name
        assert page.exists(), f"{name}: {target}"
        if anchor:
            headings = re.findall(r"^#+ (.*)$", page.read_text(encoding="utf-8"), re.M)
            assert anchor in {github_anchor(heading) for heading in headings}, f"{name}: {target}"


def test_the_python_page_s_alphamu_runs_and_prints_what_it_says(capsys):
    page = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    code = page.split("## One strategy", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/python.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed == [
        "{'HU': '-2/5', 'HK': '-2/5', 'LO': '2/5'}",
        "True {'HU': '4/5', 'HK': '4/5', 'LO': '2/5'}",
    ]
