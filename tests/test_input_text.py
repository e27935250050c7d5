"""The text the commands read: line ends, a byte-order mark, the encoding of stdin, and input far
too long to quote.

A carriage return inside a batch line is blank space, not a line break, so line numbers stay
those of the file; a BOM is not a card; stdin is UTF-8 whatever the locale says; and an input of
10 MB is quoted only in part, in an error of under 1 kB that says how long the input was.
"""

import json

import pytest

DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"


# -- a carriage return inside a batch line -----------------------------------------------------


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


# -- a byte-order mark on stdin, and its encoding ------------------------------------------------


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


# -- input far too long to quote ---------------------------------------------------------------


@pytest.mark.slow
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
