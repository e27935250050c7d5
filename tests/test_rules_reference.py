"""The player's reference of the rules (docs/rules.md) and ``ulti rules R34`` / ``ulti rules WORD``.

Messages cite rule ids; these tests hold the reference to them: every id
R1-R50 once and in order, every id the program cites present, the
Hungarian terms of the seed texts there, the packaged copy the same file,
and the command that prints a rule doing so in a player's terminal.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from ulti_solver import rules_reference
from ulti_solver.bids import parse_bid
from ulti_solver.cli.app import COMMANDS, main
from ulti_solver.errors import UltiInputError
from ulti_solver.render.markdown import markdown_lines

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"
PACKAGED = ROOT / "ulti_solver" / "data" / "rules.md"
REFERENCE = rules_reference.parse_reference(DOC.read_text(encoding="utf-8"))
RULE_COUNT = 50

#: Hungarian terms of the seed texts that the reference must give beside the English words.
HUNGARIAN_TERMS = [
    "felvevő",
    "védő",
    "adu",
    "tromf",
    "talon",
    "talonozás",
    "béla",
    "negyven",
    "húsz",
    "negyvenszáz",
    "húszszáz",
    "passz",
    "parti",
    "csendes száz",
    "csendes ulti",
    "csendes durchmars",
    "bukott",
    "kontra",
    "rekontra",
    "szubkontra",
    "hirschkontra",
    "mordkontra",
    "terített",
    "színtelen",
    "piros",
    "tök",
    "zöld",
    "makk",
    "ütés",
    "lépés",
    "színre szín",
    "színhiány",
    "felülütés",
    "überelés",
    "bedobás",
    "renonsz",
    "jelentés",
    "négy ász",
    "rebetli",
    "közös",
    "egyéni",
    "egység",
    "ulti-bukási különdíj",
    "utolsó ütés",
]


def is_bid(text: str) -> bool:
    """Whether text is a bid (`ulti durchmars`), not a command (`ulti best`)."""
    try:
        parse_bid(text)
    except UltiInputError:
        return False
    return True


# -- the reference itself ---------------------------------------------------------------


def test_every_rule_id_is_in_the_reference_once_and_in_order():
    headings = re.findall(r"^### (R\d+) ", DOC.read_text(encoding="utf-8"), re.M)
    assert headings == [f"R{n}" for n in range(1, RULE_COUNT + 1)]
    assert [rule.id for rule in REFERENCE.rules] == headings
    assert all(rule.title and len(rule.text) > 80 for rule in REFERENCE.rules)


def cited_ids(text: str):
    """Every rule number a text cites, ranges (R14-R18, R36-39) counted by both ends."""
    return {int(n) for match in re.finditer(r"\bR(\d+)(?:-R?(\d+))?\b", text) for n in match.groups() if n}


def test_every_rule_the_program_cites_is_in_the_reference():
    known = {rule.number for rule in REFERENCE.rules}
    sources = sorted((ROOT / "ulti_solver").rglob("*.py")) + [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    cited = {}
    for path in sources:
        for number in cited_ids(path.read_text(encoding="utf-8")):
            cited.setdefault(number, path.relative_to(ROOT))
    assert cited, "the grep found no rule ids: the pattern is wrong"
    missing = {f"R{n}": str(path) for n, path in cited.items() if n not in known}
    assert not missing


def test_the_rules_cite_only_rules_that_exist():
    known = {rule.number for rule in REFERENCE.rules}
    for rule in REFERENCE.rules:
        assert cited_ids(rule.text) <= known, rule.id


@pytest.mark.parametrize("term", HUNGARIAN_TERMS)
def test_a_hungarian_term_is_given_in_the_rules(term):
    """Each term appears, accents and all, in some rule, so that 'ulti rules TERM' finds it."""
    assert len(HUNGARIAN_TERMS) >= 25
    assert any(term in f"{rule.title}\n{rule.text}" for rule in REFERENCE.rules), term
    assert rules_reference.rules_mentioning(term, REFERENCE)


def test_the_glossary_gives_english_hungarian_and_meaning():
    assert len(REFERENCE.glossary) >= 25
    for entry in REFERENCE.glossary:
        assert entry.english and entry.hungarian and entry.meaning, entry
    english = {entry.english for entry in REFERENCE.glossary}
    assert {"declarer", "defender", "trump", "marriage", "party", "kontra", "concede"} <= english


def test_the_reference_explains_the_numbers_the_program_prints():
    text = DOC.read_text(encoding="utf-8")
    numbers = text.split("## What the program's numbers mean")[1].split("\n## ")[0]
    for phrase in ("units per defender", "D + T_D", "points", "double dummy", "single dummy", "hindsight loss",
                   "knowable loss", "null-window"):  # fmt: skip
        assert phrase in numbers, phrase
    assert "the declarer pays each defender" in numbers


def test_commands_the_reference_names_exist():
    """Only today's commands and options, and those INTERFACE.md names for kontra and the player's view."""
    being_built = {"play", "bid", "kontra"}
    text = DOC.read_text(encoding="utf-8")
    named = {word for word in re.findall(r"`ulti (\w+)", text) if not is_bid(f"ulti {word}")}
    assert named and named <= set(COMMANDS) | being_built, named - set(COMMANDS)
    options = set()
    for name in COMMANDS:
        command = main.get_command(click.Context(main), name)
        options.update(opt for param in command.params for opt in getattr(param, "opts", ()))
    mentioned = set(re.findall(r"`(--[a-z-]+)", text))
    assert mentioned and mentioned <= options | {"--kontra"}, mentioned - options


def test_the_packaged_reference_is_docs_rules_md():
    """docs/rules.md is the one to edit; the package ships a copy (cp docs/rules.md ulti_solver/data/)."""
    assert PACKAGED.read_bytes() == DOC.read_bytes()
    assert rules_reference.reference_text() == DOC.read_text(encoding="utf-8")


def test_the_reference_is_package_data_in_the_wheel_and_the_sdist():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'\[tool\.setuptools\.package-data\]\s*(#.*\n)*\s*ulti_solver = \[[^\]]*"data/\*\.md"', pyproject)
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert "include ulti_solver/data/*.md" in manifest
    assert any(line.split()[:2] == ["recursive-include", "docs"] and "*.md" in line.split() for line in manifest)


# -- ulti rules R34 ---------------------------------------------------------------------


def test_a_rule_by_its_id_prints_its_title_and_text(ulti):
    result = ulti("rules", "R34")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "R34 The double-dummy value"
    assert "the S the declarer can be sure of" in " ".join(line.strip() for line in lines)
    assert "*" not in result.stdout  # Markdown emphasis is not shown


def test_a_range_and_several_ids_print_each_rule_once_in_the_order_asked(ulti):
    result = ulti("rules", "R36-R39", "R14", "r37", "R2,R3")
    assert result.exit_code == 0, result.stderr
    titles = [line.split()[0] for line in result.stdout.splitlines() if re.match(r"R\d+ ", line)]
    assert titles == ["R36", "R37", "R38", "R39", "R14", "R2", "R3"]


def test_a_rule_as_json(ulti):
    result = ulti("rules", "R34", "R30", "--json")
    data = json.loads(result.stdout)
    assert [rule["id"] for rule in data["rules"]] == ["R34", "R30"]
    assert set(data["rules"][0]) == {"id", "title", "text"}
    assert data["rules"][0]["title"] == "The double-dummy value"
    assert "per defender" in data["rules"][1]["text"]


@pytest.mark.parametrize("args", [["R99"], ["R0"], ["R45-R51"]])
def test_an_unknown_rule_id_is_one_line_naming_the_known_ones(args, ulti, bad_input):
    bad_input(ulti("rules", *args), "R1-R50", "no rule R")


@pytest.mark.parametrize("args", [["R34", "kontra"], [""], ["--list", "R3"]])
def test_ids_mixed_with_words_or_nothing_to_look_for_is_an_error(args, ulti, bad_input):
    bad_input(ulti("rules", *args))


def test_a_rule_is_wrapped_to_the_terminal_and_never_wider_than_100_columns(ulti):
    for columns, limit in (("200", 100), ("60", 60)):
        result = ulti("rules", "R1-R50", env={"COLUMNS": columns})
        assert result.exit_code == 0
        # Aligned tables and verbatim examples are not wrapped; every sentence is.
        prose = [line for line in result.stdout.splitlines() if "  " not in line.strip()]
        assert prose and max(len(line) for line in prose) <= limit
        assert max(len(line) for line in result.stdout.splitlines()) <= 100


def test_the_value_table_prints_as_aligned_columns(ulti):
    lines = ulti("rules", "R32").stdout.splitlines()
    row = next(line for line in lines if line.strip().startswith("20-100 "))
    assert row.split() == ["20-100", "8", "/", "8", "8", "/", "16"]
    assert not any(set(line.strip()) <= set("|-: ") and line.strip() for line in lines)


# -- ulti rules WORD --------------------------------------------------------------------


def test_a_word_finds_the_rules_that_mention_it_titles_first(ulti):
    result = ulti("rules", "kontra")
    assert result.exit_code == 0
    printed = [line.split()[0] for line in result.stdout.splitlines() if re.match(r"R\d+ ", line)]
    assert printed[:4] == ["R36", "R37", "R38", "R39"]
    assert "R36, R37, R38, R39" in result.stdout.splitlines()[0]


@pytest.mark.parametrize(
    "word, rule",
    [("party", "R14"), ("passz", "R14"), ("csendes", "R25"), ("marriage", "R15"), ("béla", "R15"),
     ("bela", "R15"), ("talon", "R6"), ("value", "R32"), ("Szintelen", "R3"), ("silent 100", "R25")],
)  # fmt: skip
def test_words_english_or_hungarian_accents_optional(word, rule):
    found = [r.id for r in rules_reference.rules_mentioning(word, REFERENCE)]
    assert rule in found, found


def test_a_word_is_found_at_the_start_of_a_word_only():
    """'ulti' is the game's word, not the middle of 'multiplied'."""
    found = rules_reference.rules_mentioning("ulti", REFERENCE)
    assert all(re.search(r"(?<!\w)ulti", f"{r.title} {r.text}".lower()) for r in found)
    assert "multipl" in rules_reference.reference_text()


def test_a_word_in_json_and_the_glossary(ulti):
    data = json.loads(ulti("rules", "felvevő", "--json").stdout)
    assert data["rules"] and data["rules"][0]["id"] == "R5"
    assert any(entry["english"] == "declarer" for entry in data["glossary"])


def test_item12_a_word_no_rule_mentions_is_bad_input_with_a_did_you_mean(ulti, bad_input):
    """An unknown topic is an error (exit 2), as an unknown rule id (R99) is."""
    line = bad_input(ulti("rules", "kontrra"), "no rule mentions 'kontrra'", "did you mean: kontra")
    assert "ulti rules --list" in line
    bad_input(ulti("rules", "zzzz"), "no rule mentions 'zzzz'", "ulti rules --list")
    bad_input(ulti("rules", "zzzz", "--json"), "no rule mentions 'zzzz'")
    bad_input(ulti("rules", "R99"), "there is no rule R99")


def test_the_list_of_rules(ulti):
    result = ulti("rules", "--list")
    ids = re.findall(r"^  (R\d+) ", result.stdout, re.M)
    assert ids == [f"R{n}" for n in range(1, RULE_COUNT + 1)]
    data = json.loads(ulti("rules", "--list", "--json").stdout)
    assert data["rules"][33] == {"id": "R34", "title": "The double-dummy value"}


def test_plain_ulti_rules_still_lists_rulebooks_and_points_to_the_rules(ulti):
    result = ulti("rules")
    assert "Rulebooks (--rules BOOK)" in result.stdout
    pointer = [line for line in result.stdout.splitlines() if "ulti rules R34" in line]
    assert pointer and "ulti rules WORD" in pointer[0] and len(pointer[0]) <= 100


def fresh(statement: str, env=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", statement], capture_output=True, text=True, env={**os.environ, **(env or {})}
    )


def test_plain_ulti_rules_does_not_read_the_reference():
    """The reference is parsed only when a rule is asked for."""
    done = fresh(
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from ulti_solver.cli import main\n"
        "assert CliRunner().invoke(main, ['rules']).exit_code == 0\n"
        "print('ulti_solver.rules_reference' in sys.modules)"
    )
    assert done.stdout.strip() == "False", done.stderr


def test_a_terminal_without_the_accents_gets_the_rule_without_them(ulti_process):
    done = ulti_process("rules", "R1", env={"PYTHONIOENCODING": "ascii"}, text=False)
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("ascii")
    assert "felso" in text and "tok" in text


def test_markdown_for_the_terminal():
    text = (
        "A *béla* is **two** cards, `ulti rules R15`:\n\n"
        "- one item that is long enough\n  to go on\n- two\n\n"
        "    A97.TK8 8.A97\n    declarer\n\n"
        "| a | bb |\n|---|---|\n| 10 | 2 |"
    )
    assert markdown_lines(text, 20, "  ") == [
        "  A béla is two",
        "  cards, `ulti rules",
        "  R15`:",
        "",
        "  - one item that is",
        "    long enough to",
        "    go on",
        "  - two",
        "",
        "      A97.TK8 8.A97",
        "      declarer",
        "",
        "  a   bb",
        "  10  2",
    ]


#: What a text may not cite: files of the developers' contract that the repository does not have,
#: and the source texts by number outside the rules page, which defines them ("cited as seeds").
MISSING_FILES = re.compile(r"RULES\.md|INTERFACE\.md|seed-tables|shared/|\bseeds?/")
SOURCE_NUMBER = re.compile(r"\bseed 00[0-3]\b")


def test_no_text_of_the_program_cites_a_file_it_does_not_ship():
    """Help and messages cite docs/rules.md and 'ulti rules' (every marked text is in the catalog)."""
    catalog = (ROOT / "ulti_solver" / "locale" / "hu" / "LC_MESSAGES" / "ulti_solver.po").read_text(encoding="utf-8")
    texts = re.findall(r'^msg(?:id|str) "(.*)"$', catalog, re.M)
    assert len(texts) > 100
    cited = [text for text in texts if MISSING_FILES.search(text) or SOURCE_NUMBER.search(text)]
    assert not cited, cited[:3]


def test_no_page_cites_a_file_the_repository_does_not_have():
    pages = [ROOT / "README.md", ROOT / "README.hu.md", ROOT / "BENCHMARKS.md", *sorted((ROOT / "docs").glob("*.md"))]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert not MISSING_FILES.search(text), (page.name, MISSING_FILES.search(text).group())
        prose = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)  # 'ulti rules' output quotes the rules
        if not page.name.startswith("rules"):
            assert not SOURCE_NUMBER.search(prose), (page.name, SOURCE_NUMBER.search(prose).group())
