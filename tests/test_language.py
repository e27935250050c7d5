"""The program in Hungarian (INTERFACE.md "Language"): the catalogs, the choice of language,
what stays English, and what a Hungarian player reads.

The catalog tests read the .po files as Babel does: a text without a
translation, a translation that drops or adds a placeholder, or a fuzzy
one fails here, and so does a text marked in the code (or a --help page)
that the catalog lacks.  The output tests run the commands the README
shows, in Hungarian, and look for English words left in what they print.
"""

from __future__ import annotations

import ast
import inspect
import json
import os
import re
import string
import subprocess
import sys
import unicodedata
from importlib import import_module
from pathlib import Path

import pytest
from click.testing import CliRunner
from readme_examples import long_example, readme_commands

from ulti_solver import i18n
from ulti_solver.cli import main
from ulti_solver.cli.app import COMMANDS

babel = pytest.importorskip("babel", reason="the catalog tests read the .po files with Babel (the test extra)")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ulti_solver"
LOCALE = PACKAGE / "locale"
CATALOG = LOCALE / "hu" / "LC_MESSAGES" / "ulti_solver.po"
CLICK_CATALOG = LOCALE / "hu" / "LC_MESSAGES" / "click.po"
EXAMPLES = PACKAGE / "examples"
DEAL = (EXAMPLES / "deal.txt").read_text().strip()
HAND = (EXAMPLES / "hand.txt").read_text().strip()
DISCARD = (EXAMPLES / "discard.txt").read_text().strip()


def help_page(*args):
    """``ulti ARGS`` in this process while the tests are collected (fixtures do not exist yet):
    (exit status, stdout, stderr) of a help page."""
    try:
        runner = CliRunner(mix_stderr=False)
    except TypeError:  # click >= 8.2 keeps them apart
        runner = CliRunner()
    result = runner.invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def run(ulti):
    """``run(*ARGS, env=None)``: ``ulti ARGS`` in this process, as (exit status, stdout, stderr)."""

    def run(*args, env=None):
        result = ulti(*args, env=env)
        return result.exit_code, result.stdout, result.stderr

    return run


def shell(command: str, language: str, cwd: Path, extra_env=None):
    """A README or --help command line in bash, ``ulti`` being this Python's ``-m ulti_solver``."""
    env = dict(os.environ, ULTI_LANG=language, **(extra_env or {}))
    env["PATH"] = f"{cwd / 'bin'}{os.pathsep}{env['PATH']}"
    return subprocess.run(
        ["bash", "-o", "pipefail", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=180
    )


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    folder = tmp_path_factory.mktemp("magyar")
    (folder / "bin").mkdir()
    ulti = folder / "bin" / "ulti"
    ulti.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m ulti_solver "$@"\n')
    ulti.chmod(0o755)
    return folder


# -- the catalogs ------------------------------------------------------------------------------


def catalog(path: Path):
    with open(path, "rb") as handle:
        return read_po(handle)


def entries(path: Path):
    """(message, [msgid per form], [msgstr per form]) of every text of a catalog."""
    for message in catalog(path):
        if not message.id:
            continue
        ids = list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]
        strings = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]
        yield message, ids, strings


def fields(text: str) -> set:
    """The placeholder names of a format template: ``{card}``, ``{count:,}`` and ``{word!r}`` name card, count, word."""
    return {name.split(".")[0].split("[")[0] for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("path", [CATALOG, CLICK_CATALOG], ids=["ulti_solver", "click"])
def test_every_text_has_a_hungarian_translation_that_is_not_fuzzy(path):
    assert not catalog(path).fuzzy, f"{path.name}: the catalog's header is marked fuzzy"
    missing = [ids[0] for message, ids, strings in entries(path) if not all(s.strip() for s in strings)]
    fuzzy = [ids[0] for message, ids, _ in entries(path) if message.fuzzy]
    assert not missing, f"{len(missing)} texts without Hungarian, e.g. {missing[:3]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy translations, e.g. {fuzzy[:3]}"


@pytest.mark.parametrize("path", [CATALOG, CLICK_CATALOG], ids=["ulti_solver", "click"])
def test_no_translation_drops_or_adds_a_placeholder(path):
    """Each form keeps exactly the placeholders of its English (a plural form those of the plural)."""
    wrong = []
    for _message, ids, strings in entries(path):
        for index, text in enumerate(strings):
            english = ids[min(index, len(ids) - 1)]
            percent = set(re.findall(r"%\((\w+)\)s", english)) != set(re.findall(r"%\((\w+)\)s", text))
            if fields(english) != fields(text) or percent:
                wrong.append((english, text))
    assert not wrong, f"{len(wrong)} translations with other placeholders, e.g. {wrong[0]}"


@pytest.mark.parametrize("path", [CATALOG, CLICK_CATALOG], ids=["ulti_solver", "click"])
def test_babel_s_own_checks_pass_so_pybabel_compile_says_nothing(path):
    problems = [(message.id, errors) for message, errors in catalog(path).check()]
    assert not problems, problems[:3]


def test_the_translations_are_written_with_precomposed_accents():
    """A column is measured in characters: 'é' must be one, not 'e' and a combining accent."""
    loose = [s for _m, _ids, strings in entries(CATALOG) for s in strings if unicodedata.normalize("NFC", s) != s]
    assert not loose


def extracted():
    """(context, msgid) of every text Babel extracts from the package, with babel.cfg as pybabel reads it."""
    from babel.messages import frontend
    from babel.messages.extract import DEFAULT_KEYWORDS

    parse = getattr(frontend, "parse_mapping_cfg", None) or frontend.parse_mapping
    with open(ROOT / "babel.cfg", encoding="utf-8") as config:
        method_map, options_map = parse(config)
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(PACKAGE), method_map, options_map, keywords=DEFAULT_KEYWORDS
    ):
        found.add((context, message if isinstance(message, str) else tuple(message)))
    return found


def test_the_catalog_has_every_text_the_code_marks_and_nothing_else():
    """A text marked in the code (or a command's help page) that the catalog lacks shows in English:
    extract and update (README, Development) before translating it."""
    in_catalog = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog(CATALOG) if m.id}
    found = extracted()
    assert found - in_catalog == set(), f"not in the catalog: {sorted(found - in_catalog, key=str)[:5]}"
    assert in_catalog - found == set(), (
        f"in the catalog but no longer in the code: {sorted(in_catalog - found, key=str)[:5]}"
    )


def error_classes() -> set:
    """The names of the exceptions whose message a person reads: every input error, and click's."""
    from ulti_solver.errors import UltiInputError

    for path in PACKAGE.rglob("*.py"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if not module.endswith(("__main__", "i18n_extract")) and "board" not in module:
            import_module(module)
    names, todo = set(), [UltiInputError]
    while todo:
        kind = todo.pop()
        names.add(kind.__name__)
        todo += kind.__subclasses__()
    return names | {
        "BadInput",
        "BadParameter",
        "UsageError",
        "ClickException",
        "Busy",
        "ClusterLost",
        "BoardInputError",
    }


def words_in(node) -> bool:
    """Whether a message written in place (a string, an f-string, a sum of them) has words in it;
    ``f"--kontra: {exc}"`` has none: an option's name and a marked message."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(re.search(r"[A-Za-z]{2}", re.sub(r"--?[a-z][a-z0-9-]*", "", node.value)))
    if isinstance(node, ast.JoinedStr):
        return any(words_in(part) for part in node.values if isinstance(part, ast.Constant))
    if isinstance(node, ast.BinOp):
        return words_in(node.left) or words_in(node.right)
    return False


def test_every_message_a_person_reads_is_marked():
    """``raise DealError("...")`` or an f-string would print English whatever the language:
    an error's message is L_(...) (a library error, put into words when printed) or _(...)."""
    readable = error_classes()
    unmarked = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args):
                continue
            func = node.exc.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in readable and words_in(node.exc.args[0]):
                unmarked.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not unmarked, f"unmarked messages: {unmarked}"


# -- choosing the language ---------------------------------------------------------------------


SOLVE = ["solve", DEAL, "--bid", "party", "--trump", "bells"]


def says_hungarian(out: str) -> bool:
    return "felvevő" in out and "declarer" not in out


@pytest.mark.parametrize(
    "args, env, hungarian",
    [
        (["--lang", "hu", *SOLVE], {}, True),
        ([*SOLVE, "--lang", "hu"], {}, True),
        ([*SOLVE, "--lang=hu"], {}, True),
        (["--lang", "HU", *SOLVE], {}, True),
        (SOLVE, {"ULTI_LANG": "hu"}, True),
        (SOLVE, {"ULTI_LANG": "", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "hu_HU.UTF-8"}, True),
        (SOLVE, {"ULTI_LANG": "", "LANGUAGE": "", "LC_ALL": "hu_HU.UTF-8", "LANG": "en_US.UTF-8"}, True),
        (SOLVE, {"ULTI_LANG": "", "LANGUAGE": "", "LC_ALL": "C", "LANG": "hu_HU.UTF-8"}, False),
        (SOLVE, {"ULTI_LANG": "", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}, False),
        (SOLVE, {"ULTI_LANG": "en", "LANG": "hu_HU.UTF-8"}, False),
        (["--lang", "en", *SOLVE], {"ULTI_LANG": "hu"}, False),
        ([*SOLVE, "--lang", "en"], {"LANG": "hu_HU.UTF-8", "ULTI_LANG": ""}, False),
    ],
)
def test_lang_then_ulti_lang_then_the_locale_choose_the_language(run, args, env, hungarian):
    status, out, err = run(*args, env=env)
    assert status == 0, err
    assert says_hungarian(out) == hungarian, out[:400]


def test_ulti_lang_hu_alone_is_the_help_page_as_bare_ulti_is(run):
    status, out, _ = run("--lang", "hu")
    assert status == 0 and out.startswith("Használat: ") and "Parancsok:" in out


def test_a_language_the_program_does_not_speak_is_one_line_of_bad_input(run):
    status, out, err = run("--lang", "de", *SOLVE)
    assert status == 2 and "'--lang'" in err and len(err.strip().splitlines()) == 1
    status, out, err = run(*SOLVE, env={"ULTI_LANG": "klingon"})
    assert status == 2 and "ULTI_LANG='klingon'" in err
    status, out, err = run("--lang", "en", *SOLVE, env={"ULTI_LANG": "klingon"})  # --lang decides: no error
    assert status == 0


def test_each_run_chooses_afresh_and_leaves_the_language_as_it_found_it(run):
    """A Hungarian run in a process (a test, the board) does not make the next one Hungarian."""
    assert says_hungarian(run("--lang", "hu", *SOLVE)[1])
    assert "declarer" in run(*SOLVE)[1]
    assert os.environ.get("LANGUAGE") != "hu"
    assert i18n._language != "hu"


def test_help_errors_and_click_s_own_words_follow_the_language_wherever_lang_stands(run):
    status, out, _ = run("solve", "--help", "--lang", "hu")
    assert status == 0 and out.startswith("Használat: ") and "solve [KAPCSOLÓK] DEAL..." in out.splitlines()[0]
    assert "Példák:" in out and "Kapcsolók:" in out and "[kötelező]" in out
    _, _, err = run("--lang", "hu", "solve", DEAL)
    assert err.startswith("Hiba: Hiányzó kapcsoló '--bid'.")
    _, _, err = run("--lang", "hu", "solv")
    assert "Nincs ilyen parancs: 'solv'; erre gondoltál: 'solve'?" in err
    assert run("--lang", "hu", "--version")[1].startswith("ulti, ") and "verzió" in run("--lang", "hu", "--version")[1]


def test_every_command_takes_lang_and_every_help_text_is_translated():
    """A new command (ulti bid, ulti kontra) must be an UltiCommand with its help and options marked."""
    from ulti_solver.cli.language import UltiCommand, help_text

    untranslated = []
    with i18n.using("hu"):
        for name, module in COMMANDS.items():
            command = import_module(f"ulti_solver.cli.{module}").command
            assert isinstance(command, UltiCommand), name
            assert any("--lang" in p.opts for p in command.params), name
            if i18n._(inspect.cleandoc(command.help)) == inspect.cleandoc(command.help):
                untranslated.append(f"{name}: the help page")
            for param in command.params:
                if param.help and help_text(param) == param.help:
                    untranslated.append(f"{name} {param.opts[0]}")
    assert not untranslated, untranslated


# -- JSON stays English -------------------------------------------------------------------------


def record(line: int) -> str:
    return (EXAMPLES / "games.txt").read_text().splitlines()[line - 1]


JSON_COMMANDS = {
    "solve": ["solve", DEAL, "--bid", "40-100 ulti", "--value", "--silent", "--json"],
    "solve-play": ["solve", DEAL, "--bid", "party", "--trump", "bells", "--play", "BT BA BU"]
    + ["--cards", "--line", "--value", "--kontra", "party", "--json"],
    "best": ["best", DEAL, "--top", "3", "--json", "--quiet"],
    "discards": ["discards", DISCARD, "--bid", "betli", "--top", "3", "--value", "--json", "-j", "1", "--quiet"],
    "batch-bad-lines": ["batch", str(EXAMPLES / "bad-lines.txt"), "--bid", "party", "--json", "-j", "1", "--quiet"],
    "batch-csv": ["batch", str(EXAMPLES / "bad-lines.txt"), "--bid", "party", "--csv", "-j", "1", "--quiet"],
    "settle": ["settle", "--bid", "betli", "--made", "-", "--kontra", "1:betli=2", "--json"],
    "simulate": ["simulate", HAND, "--talon", "LU,A8", "--bid", "party", "--samples", "5", "-j", "1", "--json"]
    + ["--quiet"],
    "play": ["play", "8.A97.A97.ATO", "--seat", "1", "--bid", "party", "--trump", "bells", "--play", "BT BA BU"]
    + ["--samples", "5", "--json", "--quiet"],
    "bid": [
        "bid",
        "AKU7.T9.OU.AK97",
        "--bid",
        "betli",
        "--samples",
        "10",
        "--top",
        "2",
        "-j",
        "1",
        "--json",
        "--quiet",
    ],
    "kontra": ["kontra", "KO98.AT8.T.U8", "--seat", "1", "--bid", "ulti", "--trump", "leaves", "--samples", "10"]
    + ["-j", "1", "--json", "--quiet"],
    "rules": ["rules", "--json"],
    "rules-word": ["rules", "kontra", "--json"],
    "rules-id": ["rules", "R34", "--json"],
}


@pytest.mark.parametrize("name", list(JSON_COMMANDS))
def test_json_and_csv_are_byte_for_byte_the_same_in_hungarian(run, name):
    """JSON keys and values (the error messages of bad lines too) and CSV stay English, for scripts."""
    english = run("--lang", "en", *JSON_COMMANDS[name])
    hungarian = run("--lang", "hu", *JSON_COMMANDS[name])
    assert hungarian[1] == english[1]
    assert hungarian[0] == english[0]


def test_analyse_file_json_keeps_its_bad_lines_english_and_its_stderr_hungarian(run, tmp_path):
    games = tmp_path / "games.txt"
    games.write_text(record(8) + "\nnot a game\n", encoding="utf-8")
    english = run("--lang", "en", "analyse", "--file", str(games), "--json", "--quiet")
    hungarian = run("--lang", "hu", "analyse", "--file", str(games), "--json", "--quiet")
    assert hungarian[1] == english[1] and '"error": "a game record is DEAL' in english[1]
    table = run("--lang", "hu", "analyse", "--file", str(games), "--quiet")
    assert "2. sor: a játszmafeljegyzés alakja DEAL | BID | SUIT | CARDS" in table[2]


# -- what a Hungarian player reads: no English word left ------------------------------------------


WORD = re.compile(r"[^\W\d_]+")
#: Words that are the same in both languages because the program reads them or they are notation:
#: rank and suit letters of the deal and card notation (A97.TK8, ♣A, PA), R of a rule id, x of
#: a kontra's "x2", and the bid, component, rulebook, table and variant names the options take
#: (--bid ulti, --kontra party, --rules ultiblog, --table classic), which are printed as such.
NOTATION = re.compile(r"^(?:[ATKOUXFHBLPZM]{1,8}|[A-Z]|x|s|p)$")
#: Names the program reads as they are: options (--tls-key), variants (talon-to-declarer), examples'
#: names (bad-lines), addresses (http://...): taken out of a line before its words are read.
NAMES = re.compile(r"--?[a-z][\w-]*|\b[a-z0-9]+(?:-[a-z0-9]+)+\b|\w+://\S+")
READ_WORDS = {
    "ulti",
    "betli",
    "durchmars",
    "kontra",
    "rekontra",
    "szubkontra",
    "hirschkontra",
    "talon",
    "ultiblog",
    "tournament",
    "classic",
    "rablo",
    "seed",
    "random",  # the bots' SPECs (ulti game --bot, ulti match --bot)
    "simple",
    "pimc",
    "alphamu",
    "αμ",  # the search's name (Cazenave and Ventos), Greek in every language
    *COMMANDS,
}
#: A word with a Hungarian accent is Hungarian (rablóulti), whatever text brought it.
ACCENTED = re.compile(r"[áéíóöőúüű]", re.I)
#: The keywords of a game record's text form (ulti_solver.game.notation), read in any language.
RECORD_KEYWORDS = {"game", "deal", "auction", "declarer", "kontra", "play", "concede", "result"}
#: What the output of a README command may quote that is not the program's words: its own file names.
QUOTED = {"games", "html"}


def words(text: str) -> set:
    return {word.lower() for word in WORD.findall(text)}


def hungarian_words() -> set:
    """The words the Hungarian texts add to the English ones: a translation's words less those of its
    English (option names and values, examples, which both share), and the Hungarian rules' words
    less the English rules' (the variant names, the glossary's English column)."""
    found = set()
    for _m, ids, strings in entries(CATALOG):
        english = set().union(*(words(text) for text in ids))
        for text in strings:
            found |= words(text) - english
    english = set().union(*(words(text) for _m, ids, _s in entries(CATALOG) for text in ids))
    rules = words((ROOT / "docs" / "rules.hu.md").read_text(encoding="utf-8"))
    return found | (rules - english)


def leftovers(text: str, hungarian: set) -> set:
    """Words of ``text`` that no Hungarian text brings and that are not notation or words the program reads."""
    found = set()
    for line in text.splitlines():
        if line.lstrip().startswith(("{", '"')):
            continue  # a JSON line: English on purpose
        if line.split(" ", 1)[0] in RECORD_KEYWORDS:
            continue  # a line of a game record's text form: notation, English keywords on purpose
        for raw in WORD.findall(NAMES.sub(" ", line)):
            word = raw.lower()
            metavar = raw.isupper() and len(raw) > 2  # NAME, TABLE: the placeholders of a usage
            known = word in READ_WORDS or word in QUOTED or word in hungarian or ACCENTED.search(word)
            if not (NOTATION.match(raw) or metavar or known):
                found.add(raw)
    return found


#: The pages whose examples are English: each runs in Hungarian too, once a command.
ENGLISH_PAGES = ("README.md", "docs/commands.md")


def hungarian_readme_outputs(scratch, long: bool = False):
    """Each example of the English pages run in Hungarian: the README's quick ones, or with
    ``long`` those that wait for the slow tests (the long ones, tests/readme_examples.py, and
    those of docs/commands.md, whose Hungarian twins docs/commands.hu.md checks line for line)."""
    outputs = {}
    for page in ENGLISH_PAGES:
        for number, command in readme_commands(ROOT / page):
            waits = long_example(command) or page != "README.md"  # docs/commands.md: slow, as the README's
            if waits == long and command not in {run[0] for run in outputs.values()}:
                outputs[f"{page}:{number}"] = (command, shell(command, "hu", scratch))
    return outputs


@pytest.fixture(scope="module")
def readme_in_hungarian(scratch):
    return hungarian_readme_outputs(scratch)


def test_no_english_word_is_left_in_the_output_of_any_readme_example(readme_in_hungarian):
    assert_no_english_word_left(readme_in_hungarian)


@pytest.mark.slow
def test_no_english_word_is_left_in_the_output_of_the_long_readme_examples(scratch):
    outputs = hungarian_readme_outputs(scratch, long=True)
    assert outputs  # ulti bid at its defaults, at least
    assert_no_english_word_left(outputs)
    for number, (command, done) in outputs.items():
        assert done.returncode in ((0,) if long_example(command) else (0, 2)), (number, command, done.stderr)
        assert "Traceback" not in done.stderr, (number, done.stderr)
        if "--json" not in command.split() and "--print-url" not in command:
            assert not [line for line in done.stdout.splitlines() if len(line) > TABLE_WIDTH]


def assert_no_english_word_left(outputs) -> None:
    hungarian = hungarian_words()
    left = {}
    for number, (command, done) in outputs.items():
        text = done.stdout + done.stderr
        if "--json" in command.split():
            text = done.stderr
        found = leftovers(text, hungarian)
        if found:
            left[number] = (command[:60], sorted(found))
    assert not left, left


def test_every_readme_example_runs_in_hungarian_as_in_english(readme_in_hungarian):
    for number, (command, done) in readme_in_hungarian.items():
        assert "Traceback" not in done.stderr, (number, done.stderr)
        assert done.returncode in (0, 2), (number, command, done.stderr)


# -- width and alignment with accented letters -----------------------------------------------------


#: The widest a table line may be, in characters: a terminal of 100 columns.
TABLE_WIDTH = 100


def test_every_line_of_the_readme_examples_fits_100_columns_in_hungarian(readme_in_hungarian):
    wide = []
    for number, (command, done) in readme_in_hungarian.items():
        if "--json" in command.split() or "--print-url" in command:
            continue
        wide += [(number, line) for line in done.stdout.splitlines() if len(line) > TABLE_WIDTH]
    assert not wide, wide[:3]


def column_starts(header: str):
    """Where the columns of a table line start: after two spaces or more (characters, not bytes)."""
    return [m.start() for m in re.finditer(r"(?:(?<=\s\s)|^\s*)\S", header)]


def assert_columns_line_up(lines, right=()):
    """Every cell of every row starts (left-aligned columns) or ends (right-aligned ones) where its
    column does, counted in characters: 'é' and '♥' are one each, as on a terminal."""
    header, *rows = lines
    starts = column_starts(header)
    for row in rows:
        for index, start in enumerate(starts):
            if index in right:
                continue
            if start < len(row) and row[start] != " ":
                assert start == 0 or row[start - 1] == " ", (row, start)


def table_after(out: str, heading: str):
    lines = out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.strip().startswith(heading))
    table = []
    for line in lines[first:]:
        if not line.strip():
            break
        table.append(line)
    return table


def test_tables_line_up_in_characters_with_accented_headings_and_words(run):
    _, out, _ = run("--lang", "hu", "solve", DEAL, "--bid", "party", "--trump", "bells", "--play", "BT BA BU")
    assert "felvevő pontjai" in out
    hands = table_after(out, "♥ piros")
    assert_columns_line_up(hands)
    answers = table_after(out, "tök")
    assert_columns_line_up(answers)
    assert all(len(line) <= TABLE_WIDTH for line in out.splitlines())
    assert any(len(line.encode()) > len(line) for line in hands)  # bytes would misplace the columns

    _, out, _ = run(
        "--lang", "hu", "solve", DEAL, "--bid", "party", "--trump", "bells", "--play", "BT BA BU", "--cards"
    )
    assert_columns_line_up(table_after(out, "lap  parti"))


def test_aligned_pads_by_characters():
    from ulti_solver.render.tables import aligned

    lines = aligned([["érték", "ütés"], ["-12", "ő"], ["felvevő pontjai", "x"]])
    assert [line.index(cell) for line, cell in zip(lines, ["ütés", "ő", "x"])] == [19, 19, 19]


# -- start-up: English reads no catalog ---------------------------------------------------------------


def opened_catalogs(language: str) -> list:
    """The .mo files a one-deal ``ulti solve`` opens, in a fresh interpreter (an audit hook sees every open)."""
    script = f"""
import sys
opened = []
def hook(event, args):
    if event == "open" and str(args[0]).endswith(".mo"):
        opened.append(str(args[0]))
sys.addaudithook(hook)
from ulti_solver.cli import main
try:
    main(["solve", {DEAL!r}, "--bid", "party", "--trump", "bells", "--lang", {language!r}])
except SystemExit:
    pass
import ulti_solver.i18n as i18n
print("OPENED", opened, sorted(i18n._loaded))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    line = done.stdout.splitlines()[-1]
    assert line.startswith("OPENED"), done.stdout + done.stderr
    return line


def test_english_opens_no_catalog_and_hungarian_opens_its_own():
    english = opened_catalogs("en")
    assert english == "OPENED [] []"
    hungarian = opened_catalogs("hu")
    assert "ulti_solver.mo" in hungarian and "click.mo" in hungarian and "['hu']" in hungarian


# -- the rules reference, the report and the board ---------------------------------------------------


def test_the_hungarian_rules_reference_has_every_rule_of_the_english_one():
    from ulti_solver import rules_reference as reference

    english, hungarian = reference.reference("en"), reference.reference("hu")
    assert [r.id for r in hungarian.rules] == [r.id for r in english.rules]
    assert [r.title for r in hungarian.rules] != [r.title for r in english.rules]
    assert len(hungarian.glossary) >= len(english.glossary)
    assert (ROOT / "docs" / "rules.hu.md").read_text(encoding="utf-8") == reference.reference_text("hu")


def test_ulti_rules_speaks_hungarian_and_its_json_stays_english(run):
    _, out, _ = run("--lang", "hu", "rules", "R30")
    assert out.startswith("R30 Ki fizet kinek: S védőnként")
    _, out, _ = run("--lang", "hu", "rules", "bedobás")
    assert "Szószedet:" in out and "bedobás, Drop (concede)" in out
    assert run("--lang", "hu", "rules", "R30", "--json")[1] == run("rules", "R30", "--json")[1]
    _, out, _ = run("--lang", "hu", "rules", "silent 100")  # an English word finds the Hungarian rules
    assert "R25 Csendes száz" in out


def test_the_report_page_is_in_the_language_of_the_run():
    from ulti_solver.analysis.replay import analyse_game
    from ulti_solver.record import parse_record
    from ulti_solver.report import game_data, report_html

    game = parse_record(record(8))
    with i18n.using("hu"):
        page = report_html([game_data(analyse_game(game.deal, game.bid, game.trump, game.cards))])
    assert '<html lang="hu">' in page
    assert "Minden lap a nyílt lapos érték szerint megítélve" in page
    assert '"Value after every card":"Az érték minden lap után"' in page  # a script's text, translated
    assert '"bid_text":"ulti"' in page and '"trump_text":"zöld"' in page and '"trump":"leaves"' in page
    assert "[[" not in page[: page.index("<script")]  # every text of the template filled in
    with i18n.using("en"):
        english = report_html([game_data(analyse_game(game.deal, game.bid, game.trump, game.cards))])
    assert '<html lang="en">' in english and '"text":{}' in english


def test_every_text_of_the_pages_scripts_has_a_translation():
    from ulti_solver.report.scripts import _SCRIPT_TEXT, PAGE_SCRIPTS, static_text

    texts = {json.loads(f'"{m.group(1)}"') for p, n in PAGE_SCRIPTS for m in _SCRIPT_TEXT.finditer(static_text(n, p))}
    with i18n.using("hu"):
        untranslated = sorted(t for t in texts if i18n._(t) == t and t not in ("Kontra", "talon"))
    assert not untranslated


def test_the_board_page_is_in_the_language_of_the_run():
    pytest.importorskip("starlette")
    from ulti_solver.board.page import board_page
    from ulti_solver.board.server import Limits

    with i18n.using("hu"):
        page = board_page(Limits())
    assert '<html lang="hu">' in page and "Ulti tábla" in page and "Legjobb játékmenet" in page
    assert "[[" not in page[: page.index("<script")] and '"components":{"party":"parti"' in page


# -- the --help examples, in Hungarian ----------------------------------------------------------------


#: Where a Hungarian help page's examples start, as "Start here:" and "Examples:" in English.
HEADINGS = {"en": ("Start here:", "Examples:"), "hu": ("Kezdésnek:", "Példák:")}


def help_examples(page, language: str):
    """The command lines under a help page's examples heading (as tests/test_help_examples.py reads them)."""
    _, out, _ = help_page("--lang", language, *page, "--help")
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() in HEADINGS[language])
    examples, current = [], None
    for line in lines[start + 1 :]:
        text = line.strip()
        if current is not None:
            current = current[:-1].rstrip() + " " + text
        elif text.startswith("ulti ") or " | ulti " in text:
            current = text
        elif not text:
            break
        else:
            continue
        if not current.endswith("\\"):
            examples.append(current)
            current = None
    return examples


PAGES = [()] + [(name,) for name in COMMANDS]


@pytest.mark.parametrize("page", PAGES, ids=[" ".join(p) or "ulti" for p in PAGES])
def test_the_hungarian_help_pages_show_the_same_examples(page):
    """The Hungarian page runs the examples the English one does (and test_help_examples.py runs those)."""
    assert help_examples(page, "hu") == help_examples(page, "en")


def all_hungarian_examples():
    return [
        pytest.param(" ".join(page) or "ulti", example, id=f"{' '.join(page) or 'ulti'}: {example[:60]}")
        for page in PAGES
        for example in help_examples(page, "hu")
    ]


@pytest.mark.slow  # some 40 examples, a process each: 'pytest -m slow' runs them
@pytest.mark.parametrize("page, example", all_hungarian_examples())
def test_every_help_example_runs_in_hungarian(page, example, scratch):
    done = shell(example, "hu", scratch)
    assert done.returncode == 0, f"{page}: {example}\n{done.stderr[-2000:]}"
    assert "Traceback" not in done.stderr


# -- Hungarian as Hungarians write it (issue 31 item 10) ----------------------------------------


def _hungarian_strings():
    with CATALOG.open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if message.id:
            yield from (message.string if isinstance(message.string, tuple) else (message.string,))


def test_item10_hungarian_decimals_take_a_comma_and_thousands_a_space(run):
    status, out, _err = run("--lang", "hu", "settle", "--bid", "betli", "--made", "-", "--kontra", "1:betli=2")
    assert status == 0 and "-12,5" in out and "-12.5" not in out
    status, _out, err = run("--lang", "hu", "play", "8.A97.A97.ATO", "--seat", "1", "--bid", "party", "--samples", "0")
    assert status == 2 and re.search(r"1[ \u00a0]000[ \u00a0]000", err), err
    status, out, _err = run("settle", "--bid", "betli", "--made", "-", "--kontra", "1:betli=2")
    assert "-12.5" in out  # English keeps its point


def test_item10_hungarian_decimals_in_a_play_table(run):
    args = ["play", "8.A97.A97.ATO", "--seat", "1", "--bid", "party", "--trump", "bells", "--play", "BT BA BU"]
    status, out, _err = run("--lang", "hu", *args, "--samples", "20")
    assert status == 0 and re.search(r"[+-]\d,\d\d ± \d,\d\d", out) and not re.search(r"\d\.\d\d", out)


def test_item10_hungarian_decimals_in_the_bid_advice(run):
    """ulti bid's table, verdict and worth write 0,47 in Hungarian, as play and kontra do."""
    args = ["bid", "T8.AT7.TO9.AU87", "--bid", "party", "--samples", "20", "-j", "1"]
    status, out, _err = run("--lang", "hu", *args)
    assert status == 0 and re.search(r"[+-]\d,\d\d ± \d,\d\d", out) and not re.search(r"\d\.\d\d", out), out
    assert "klasszikus értéktábla" in out and "classic" not in out


def test_item10_a_standard_error_is_standard_hiba_not_szoras():
    assert not [text for text in _hungarian_strings() if "szórás" in text]
    assert "szórás" not in (PACKAGE / "data" / "rules.hu.md").read_text(encoding="utf-8")  # ulti rules


def test_item10_no_english_seed_or_suit_names_in_hungarian_prose():
    strings = list(_hungarian_strings())
    assert not [text for text in strings if re.search(r"\(seed\b|(?<!-)\bseed \d|magja \(seed\)", text)]
    assert not [text for text in strings if "a hearts pirossá" in text or "(bells, leaves vagy acorns)" in text]


def test_item10_the_party_is_parti_as_the_seeds_say_and_the_value_table_is_named_in_hungarian(run):
    status, out, _err = run("--lang", "hu", "settle", "--bid", "party", "--trump", "bells", "--made", "party")
    assert status == 0 and "parti, tök adu" in out and "passz" not in out
    assert "klasszikus" in out and "classic" not in out
    status, out, _err = run("--lang", "hu", "solve", DEAL, "--bid", "party", "--trump", "bells", "--value")
    assert "klasszikus értéktábla" in out and "classic értéktábla" not in out


def test_item10_the_board_menu_names_the_value_tables_in_hungarian():
    from ulti_solver.board.page import board_meta

    class Limits:
        body_bytes = 1

    with i18n.using("hu"):
        assert board_meta(Limits())["table_words"] == {"classic": "klasszikus", "tournament": "verseny"}
    assert board_meta(Limits())["table_words"] == {"classic": "classic", "tournament": "tournament"}
