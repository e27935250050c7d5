"""Rough edges of the command line that users ran into: each one pinned so it stays fixed.

Every test here failed on the old main (commit 8a92672, the single
``cli.py``): broken pipes ended with exit status 1, a bare ``ulti`` printed
its help flattened into one error line, a carriage return shifted batch
line numbers, SIGTERM killed ``batch -j 2`` without its summary, ``-q``
was read as part of the deal, a 10 MB deal came back as a 10 MB error
line, ``ULTI_SOLVER_IMPL=bogus`` was an "internal error", a BOM broke
``solve -``, ``--rules`` could be given twice, and "the talon has 1
cards".  (Solving examples in every ``--help`` is tests/test_help_examples.py.)

Pipes and signals need a real process, so those tests run
``python -m ulti_solver`` with subprocess; the rest use click's CliRunner.
"""

import json
import random
import signal
import subprocess
from pathlib import Path

import pytest

from ulti_solver.dealing import random_deal

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"
#: The same deal as card lists, with the spaces after the commas that people type.
DEAL_AS_SPACED_LISTS = (
    "HA, H9, H7, BT, BK, B8, LO, L8, AU, A9 / H8, BA, B9, B7, LA, L9, L7, AA, AT, AO / "
    "HT, HK, HO, HU, BO, BU, LT, LK, AK, A7"
)
#: A hand void in hearts written first: '-.' must read as a hand, not as an option.
VOID_IN_HEARTS = "-.TKOU8.TO8.U9 8.A97.A97.ATO ATKOU97.-.K.K7 -.-.U.8"


@pytest.fixture(scope="module")
def long_batch(tmp_path_factory):
    """3000 different deals with a three-trump bid: far more output than a pipe holds, seconds of work."""
    rng = random.Random(20240601)
    path = tmp_path_factory.mktemp("batch") / "long.txt"
    path.write_text("".join(f"{random_deal(rng)} | 40-100 ulti\n" for _ in range(3000)), encoding="utf-8")
    return str(path)


# -- a. a reader that closes the pipe early ------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["batch", "{long}", "--json", "-j", "2"],  # results written inside the pool and progress-bar blocks
        ["batch", "{long}", "--json", "-j", "1"],
        ["batch", "{long}"],  # the table, then the summary on stderr
        ["discards", (EXAMPLES / "discard.txt").read_text().strip(), "--bid", "40-100 ulti", "--json"],
    ],
    ids=["batch-j2", "batch-j1", "batch-table", "discards"],
)
def test_a_reader_that_stops_after_a_few_lines_ends_the_program_quietly(command, long_batch, ulti_argv):
    """``| head -3``: the program stops at the closed pipe with status 0 and nothing on stderr."""
    args = [word.replace("{long}", long_batch) for word in command]
    process = subprocess.Popen(ulti_argv(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = [process.stdout.readline() for _ in range(3)]
    process.stdout.close()  # the reader is gone; the program has far more to write than the pipe holds
    stderr = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=60) == 0, stderr
    assert stderr == ""
    assert all(line.endswith(b"\n") for line in first)


def test_a_reader_gone_before_the_first_line_ends_solve_quietly(ulti_argv):
    """``| true``: even the first write fails; no "internal error", no exit-time flush message."""
    process = subprocess.Popen(
        ulti_argv("solve", DEAL, "--bid", "ulti", "--json"), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    process.stdout.close()
    stderr = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=60) == 0, stderr
    assert stderr == ""


# -- b. bare 'ulti' ---------------------------------------------------------------------


def test_bare_ulti_prints_its_help_as_a_page(ulti):
    result = ulti()
    assert result.exit_code == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Usage: ")
    assert "Start here:" in [line.strip() for line in lines]
    assert any(line.strip().startswith("ulti solve ") for line in lines)
    assert len(lines) > 20


# -- c. a carriage return inside a batch line -----------------------------------------------

CR_BATCH = (
    f"{DEAL}\r| party | bells\n"  # a stray CR: blank space in line 1, not a line break
    "bad one\n"
    f"{DEAL} | betli\n"
    "bad two\r\n"  # a Windows line end on line 4
    "bad three\n"
)


@pytest.mark.parametrize("from_stdin", [False, True], ids=["file", "stdin"])
def test_a_carriage_return_does_not_shift_the_line_numbers(tmp_path, from_stdin, ulti):
    if from_stdin:
        result = ulti("batch", "-", "--json", "-j", "1", input=CR_BATCH.encode())
    else:
        path = tmp_path / "cr.txt"
        path.write_bytes(CR_BATCH.encode())
        result = ulti("batch", str(path), "--json", "-j", "1")
    assert result.exit_code == 2
    objects = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(o["line"], "error" in o) for o in objects] == [(1, False), (2, True), (3, False), (4, True), (5, True)]
    assert objects[0]["bid"] == "party" and objects[0]["trump"] == "bells"
    assert "bad two" in objects[3]["error"] and "bad three" in objects[4]["error"]


# -- d. SIGTERM during a parallel batch --------------------------------------------------------


def test_sigterm_stops_a_parallel_batch_with_its_summary_and_status_143(long_batch, tmp_path, ulti_argv):
    with open(tmp_path / "stderr.txt", "w+b") as errors:
        process = subprocess.Popen(
            ulti_argv("batch", long_batch, "--json", "-j", "2"), stdout=subprocess.PIPE, stderr=errors
        )
        first = process.stdout.readline()  # the workers are running and results are flowing
        try:
            process.wait(timeout=1)  # about a second of work, then the signal
        except subprocess.TimeoutExpired:
            pass
        process.send_signal(signal.SIGTERM)
        rest = process.stdout.read()  # through the reader's buffer, which holds more than one line
        process.stdout.close()
        process.wait(timeout=60)
        errors.seek(0)
        stderr = errors.read().decode()
    assert process.returncode == 143, stderr
    assert "Interrupted after " in stderr
    assert "Traceback" not in stderr and "Error" not in stderr
    # What was printed is whole lines, in input order, each deal with its three trumps.
    objects = [json.loads(line) for line in (first + rest).splitlines()]
    numbers = [o["line"] for o in objects]
    assert numbers == sorted(numbers) and numbers[0] == 1
    assert len(objects) < 3 * 3000  # stopped, not finished


# -- e. unknown short options ------------------------------------------------------------------


@pytest.mark.parametrize("option", ["-j", "-x", "-q"])
def test_an_unknown_short_option_is_named_not_read_as_a_hand(option, ulti, bad_input):
    line = bad_input(ulti("solve", DEAL, "--bid", "party", option, "2"))
    assert f"'{option}'" in line and "option" in line.lower()
    assert "deal" not in line.lower()


def test_an_unknown_option_wins_over_a_missing_bid(ulti, bad_input):
    line = bad_input(ulti("solve", DEAL, "-q"))
    assert "'-q'" in line and "--bid" not in line


def test_solve_dash_h_prints_the_help(ulti):
    result = ulti("solve", "-h")
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.startswith("Usage: ") and "Examples:" in result.stdout


def test_a_hand_void_in_hearts_given_as_words_is_still_a_hand(ulti):
    result = ulti("solve", *VOID_IN_HEARTS.split(), "--bid", "betli", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["deal"] == VOID_IN_HEARTS


# -- f. short excerpts in messages ---------------------------------------------------------------


@pytest.mark.parametrize("where", ["argument", "stdin", "batch line", "bid", "command name"])
def test_a_10_mb_input_gives_a_short_error_line(tmp_path, where, ulti, bad_input):
    huge = DEAL + " " + "x" * 10_000_000
    if where == "argument":
        result = ulti("solve", huge, "--bid", "party")
    elif where == "stdin":
        result = ulti("solve", "-", "--bid", "party", input=huge)
    elif where == "batch line":
        path = tmp_path / "huge.txt"
        path.write_text(huge + " | party\n")
        result = ulti("batch", str(path), "--json", "-j", "1", "--quiet")
        assert len(result.stdout) < 1024 and "characters" in json.loads(result.stdout)["error"]
    elif where == "bid":  # 100 kB: suggesting a near bid word takes seconds on 10 MB
        result = ulti("solve", DEAL, "--bid", "x" * 100_000)
    else:
        result = ulti("x" * 10_000_000)
    assert result.exit_code == 2
    assert len(result.stderr.encode()) < 1024
    if where != "batch line":
        assert "characters" in bad_input(result)  # says how long the input was


# -- g. a bad ULTI_SOLVER_IMPL -----------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [["solve", DEAL, "--bid", "party"], ["batch", str(EXAMPLES / "batch.txt"), "--bid", "party", "-j", "2"]],
    ids=["solve", "batch"],
)
def test_a_bad_implementation_variable_is_bad_input_naming_it(command, ulti, bad_input):
    result = ulti(*command, env={"ULTI_SOLVER_IMPL": "bogus"})
    line = bad_input(result)
    assert "ULTI_SOLVER_IMPL" in line and "bogus" in line and "internal" not in line
    assert result.stdout == ""  # said before any result or header


# -- h. a byte-order mark on stdin ---------------------------------------------------------------


@pytest.mark.parametrize(
    "command", [["solve", "-", "--bid", "betli", "--json"], ["batch", "-", "--bid", "betli", "--json", "-j", "1"]]
)
def test_a_bom_on_stdin_is_not_a_card(command, ulti):
    result = ulti(*command, input=b"\xef\xbb\xbf" + DEAL.encode() + b"\n")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[0])["deal"] == DEAL


def test_stdin_is_utf8_whatever_the_locale(ulti_process):
    """A BOM read as Latin-1 would be three letters; stdin is read as UTF-8 bytes, as batch reads it."""
    done = ulti_process(
        "solve",
        "-",
        "--bid",
        "betli",
        "--json",
        env={"PYTHONIOENCODING": "latin-1"},
        input=b"\xef\xbb\xbf" + DEAL.encode() + b"\n",
        text=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr.decode()
    assert json.loads(done.stdout)["deal"] == DEAL


# -- i. options given twice ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["solve", DEAL, "--bid", "party"],
        ["batch", str(EXAMPLES / "batch.txt"), "--bid", "party"],
        ["settle", "--bid", "party", "--made", "party"],
    ],
    ids=["solve", "batch", "settle"],
)
@pytest.mark.parametrize(
    "option, values", [("--rules", ("classic", "tournament")), ("--table", ("classic", "tournament"))]
)
def test_rules_and_table_given_twice_are_rejected(command, option, values, ulti, bad_input):
    line = bad_input(ulti(*command, option, values[0], option, values[1]))
    assert option in line and "once" in line


# -- k. messages in words ------------------------------------------------------------------------


def test_r6_one_card_is_one_card(ulti, bad_input):
    line = bad_input(ulti("solve", "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.-", "--bid", "party"))
    assert "the talon has 1 card;" in line and "1 cards" not in line


@pytest.mark.parametrize(
    "text", [DEAL_AS_SPACED_LISTS, DEAL_AS_SPACED_LISTS.replace(" / ", " "), DEAL_AS_SPACED_LISTS.replace(", ", " , ")]
)
def test_card_lists_may_have_spaces_around_the_commas(text, ulti):
    result = ulti("solve", text, "--bid", "betli", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["deal"] == DEAL


@pytest.mark.parametrize(
    "text, found", [("A97.TK8 8.A97.A97.ATO", "2 groups"), (DEAL + " -.-.-.- -.-.-.-", "6 groups")]
)
def test_r5_a_wrong_number_of_groups_says_what_a_deal_is(text, found, ulti, bad_input):
    line = bad_input(ulti("solve", text, "--bid", "party"))
    for words in ("three hands", "declarer, seat 1, seat 2", "optionally the talon", "spaces or '/'", found):
        assert words in line
