"""Game records (``ulti analyse --file``): every line that is not a game is a bad line, named, and the rest go on.

A JSON record's fields may hold any JSON value; whatever they hold, the
reader answers with a record or an input error that names the field,
never another exception (a fuzz over every field).  A file of records
goes on past a bad line and exits 2 at the end; stopped, it says how far
it got.
"""

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ulti_solver.errors import UltiInputError
from ulti_solver.record import GameRecord, RecordError, parse_record
from ulti_solver.variants import DEFAULT_RULES

ROOT = Path(__file__).resolve().parent.parent
DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"
#: A short game (a party in bells, three cards): quick to analyse.
GOOD = {"deal": DEAL, "bid": "party", "trump": "bells", "play": ["BT", "BA", "BU"]}


def record(**fields) -> str:
    return json.dumps({**GOOD, **fields})


@pytest.mark.parametrize(
    "line, words",
    [
        (record(trump=7), ['"trump" is 7', "suit"]),
        (record(play=None), ['"play" is null', "list"]),
        (record(play=[["BT"], "BA"]), ['"play": card 1 is ["BT"]']),
        (record(play={"BT": 1}), ['"play" is {"BT": 1}']),
        (record(deal=5), ['"deal" is 5']),
        (record(deal=[DEAL]), ['"deal" is ["A97']),
        (record(bid=None), ['"bid" is null']),
        (record(bid=True), ['"bid" is true']),
        (json.dumps([GOOD]), ["an object", "not a list"]),
        ("[" * 100_000, ["nested too deeply"]),
        ('{"deal": ' + "1" * 5000 + "}", ["not a JSON game record"]),
        ('{"deal": "x",', ["not a JSON object"]),
    ],
)
def test_a_wrongly_typed_json_field_is_a_record_error_naming_it(line, words):
    with pytest.raises(RecordError) as info:
        parse_record(line)
    message = str(info.value)
    assert "\n" not in message and len(message) < 300
    for word in words:
        assert word in message, message


def test_a_good_json_record_and_its_line_form_read_the_same():
    as_json = parse_record(record())
    assert as_json == parse_record(f"{DEAL} | party | bells | BT BA BU") == parse_record(record(play="BT BA BU"))
    assert isinstance(as_json, GameRecord) and len(as_json.cards) == 3


# -- any JSON value in any field --------------------------------------------------------------------------------

#: Text that is sometimes a real field, sometimes nearly one.
WORDS = st.sampled_from(
    [DEAL, "party", "ulti", "40-100 ulti", "betli", "red party", "bells", "leaves", "hearts", "-", "", "BT", "♦T",
     "BT BA BU", "BT,BA", "XX", "A97.TK8.O8.U9", "12", "null", DEAL.replace("8", "7")]
)  # fmt: skip
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20) | WORDS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
FIELD = st.one_of(JSON, WORDS, st.lists(WORDS | JSON, max_size=31))


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(["deal", "bid", "trump", "play", "cards", "extra"]), FIELD), st.data())
def test_any_json_value_in_any_field_is_a_record_or_an_input_error(fields, data):
    base = data.draw(st.sampled_from([{}, GOOD]))
    line = json.dumps({**base, **fields})
    try:
        game = parse_record(line)
    except UltiInputError:
        return
    try:
        game.check(rules=DEFAULT_RULES)  # and the cards it read are checked as the analysis checks them
    except UltiInputError:
        pass


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=80), JSON.map(json.dumps), st.lists(WORDS, max_size=5).map(" | ".join)))
def test_any_line_is_a_record_or_an_input_error(line):
    try:
        parse_record(line)
    except UltiInputError:
        pass


# -- ulti analyse --file ------------------------------------------------------------------------------------------


def test_analyse_file_goes_on_past_wrongly_typed_json_lines(tmp_path, ulti):
    """A mistyped field ("trump": 7) makes a bad line like any other, not an internal error: the games after it
    are analysed."""
    bad = [record(trump=7), record(play=None), record(play=[["BT"]]), record(deal=5), json.dumps([GOOD])]
    path = tmp_path / "games.txt"
    path.write_text("\n".join([record(), *bad, record(), ""]))
    result = ulti("analyse", "--file", str(path), "--json", "--quiet")
    assert result.exit_code == 2, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    errors = {row["line"]: row["error"] for row in rows if isinstance(row.get("error"), str)}  # not a card's flag
    assert sorted(errors) == [2, 3, 4, 5, 6]
    assert '"trump"' in errors[2] and '"play"' in errors[3] and '"play"' in errors[4] and '"deal"' in errors[5]
    summaries = [row["line"] for row in rows if "summary" in row]
    assert summaries == [1, 7]  # the good lines before and after the bad ones
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr


def test_an_interrupted_analyse_file_says_how_far_it_got(monkeypatch, tmp_path, ulti):
    from ulti_solver.cli import analyse as command

    real = command.analyse_game
    calls = []

    def stopping_at_the_third_game(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(command, "analyse_game", stopping_at_the_third_game)
    path = tmp_path / "games.txt"
    path.write_text("\n".join(["# a session", record(), record(trump=7), record(), record(), record(), ""]))
    result = ulti("analyse", "--file", str(path), "--json", "--quiet")
    assert result.exit_code == 130
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["line"] for row in rows if "summary" in row] == [2, 4]
    assert result.stderr.strip() == (
        "Interrupted at line 5: 3 of 5 lines done (2 games analysed, 1 bad line (3)); the games above are complete."
    )


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def rest_of(process: subprocess.Popen, timeout: float = 120):
    """(stdout, stderr) of a process after a ``readline()`` of its stdout, to the end.

    Not ``communicate()``: it reads the pipes' descriptors, past the lines that ``readline()``
    already took into the stream's buffer (under load the first read brings several lines),
    and those lines are lost.  The stream itself returns its buffer first.  stderr is read
    after stdout: a stopped command writes one line there, far less than a pipe holds."""
    process.stdin.close()
    out = process.stdout.read()
    err = process.stderr.read()
    process.wait(timeout=timeout)
    return out, err


def test_rest_of_a_process_keeps_the_lines_read_with_the_first(tmp_path):
    """Two lines written at once, one taken by ``readline()``: the other is in the stream's buffer.
    ``communicate()`` would return ``''`` here (what made the SIGTERM test below flaky)."""
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdout.write('one\\ntwo\\n'); sys.stdout.flush()"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout.readline() == "one\n"
    assert rest_of(process) == ("two\n", "")


def test_sigterm_to_analyse_file_from_stdin_says_how_far_it_got(ulti_argv):
    games = "\n".join([record()] * 200) + "\n"  # within the pipe's buffer: the write does not wait
    process = subprocess.Popen(
        ulti_argv("analyse", "--file", "-", "--json", "--quiet"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    process.stdin.write(games)
    process.stdin.flush()
    first = process.stdout.readline()  # the first game is analysed: the run is under way
    assert json.loads(first)["line"] == 1
    process.send_signal(signal.SIGTERM)
    out, err = rest_of(process)
    assert process.returncode == 143
    done = sum("summary" in json.loads(line) for line in [first, *out.splitlines()])
    said = f"{done} game{'s' if done != 1 else ''} analysed; the games above are complete."
    # Stopped inside a game it names the line; between two games (reading the next line) there is none.
    assert err.strip() in (f"Interrupted at line {done + 1}: {said}", f"Interrupted: {said}"), err
