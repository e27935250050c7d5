"""The ``ulti`` command line against the contract in INTERFACE.md.

Every test runs the real command through click's CliRunner and checks
the real output: JSON that parses back, exit statuses, line numbers.
"""

import csv
import io
import json
from pathlib import Path

import pytest

from ulti_solver.bids import parse_bid
from ulti_solver.cli import app as cli_app
from ulti_solver.cli import solve as solve_command
from ulti_solver.deal import parse_deal
from ulti_solver.search import solve_bid
from ulti_solver.variants import make_rules

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"
BEFORE_DISCARD = "K.K97.AKO87.AO9 TU8.AU8.U9.T8 AO97.TO.T.KU7"
INTERFACE_FIELDS = {"deal", "bid", "trump", "components", "joint", "declarer_points"}
#: A deal where the rulebooks disagree on the party in acorns (R16): see README.
TALON_TEN_DEAL = "AK7.T98.TU.KO T.AK7.AK7.U87 OU98.OU.98.A9 -.-.O.T"


def write(tmp_path, text, name="deals.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# -- help ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command", [[], ["solve"], ["batch"], ["discards"], ["best"], ["settle"], ["analyse"], ["simulate"], ["rules"]]
)
def test_every_command_teaches_with_examples(command, ulti):
    result = ulti(*command, "--help")
    assert result.exit_code == 0
    heading = "Examples:" if command else "Start here:"
    assert heading in result.stdout
    examples = result.stdout.split(heading, 1)[1]
    assert f"ulti {command[0] if command else 'solve'}" in examples
    for option in {
        "solve": [
            "--bid",
            "--trump",
            "--variant",
            "--rules",
            "--json",
            "--silent",
            "--value",
            "--play",
            "--cards",
            "--line",
            "--table",
        ],
        "batch": ["--bid", "--trump", "--json", "--csv", "--jobs", "--quiet", "--value", "--cluster"],
        "discards": ["--bid", "--trump", "--json", "--top", "--value"],
        "best": ["--top", "--bid", "--json", "--rules", "--table"],
        "settle": ["--bid", "--trump", "--made", "--silent", "--table", "--json"],
        "analyse": ["--bid", "--trump", "--play", "--file", "--json"],
        "simulate": [
            "--talon",
            "--seat1",
            "--seat2",
            "--void",
            "--bid",
            "--trump",
            "--discard",
            "--samples",
            "--seed",
            "--jobs",
            "--cluster",
            "--json",
        ],
    }.get("".join(command), []):
        assert option in result.stdout


def test_every_command_is_listed_in_the_group_help(ulti):
    out = ulti("--help").stdout.split("Commands:", 1)[1]
    listed = {line.split()[0] for line in out.splitlines() if line.strip()}
    assert listed == {
        "solve",
        "batch",
        "discards",
        "best",
        "settle",
        "analyse",
        "game",
        "bot",
        "match",
        "simulate",
        "play",
        "bid",
        "kontra",
        "board",
        "rules",
        "example",
    }


def test_bare_ulti_prints_its_help_as_a_page(ulti):
    result = ulti()
    assert result.exit_code == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Usage: ")
    assert "Start here:" in [line.strip() for line in lines]
    assert any(line.strip().startswith("ulti solve ") for line in lines)
    assert len(lines) > 20


def test_solve_dash_h_prints_the_help(ulti):
    result = ulti("solve", "-h")
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.startswith("Usage: ") and "Examples:" in result.stdout


# -- solve --------------------------------------------------------------------------


def test_solve_json_has_every_interface_field(ulti_json):
    [data] = ulti_json("solve", DEAL, "--bid", "40-100 ulti", "--trump", "leaves", "--json")
    assert INTERFACE_FIELDS <= set(data)
    assert data["deal"] == DEAL
    assert data["bid"] == "40-100 ulti"
    assert data["trump"] == "leaves"
    assert set(data["components"]) == {"40-100", "ulti"}
    assert all(set(v) == {"makeable"} and isinstance(v["makeable"], bool) for v in data["components"].values())
    assert isinstance(data["joint"]["makeable"], bool)
    assert isinstance(data["declarer_points"], int)
    assert data["rules"] == {"book": "ultiblog", "variants": [], "table": "classic"}


def test_solve_json_agrees_with_the_library(ulti_json):
    deal, bid = parse_deal(DEAL), parse_bid("ulti")
    expected = [s.as_json() for s in solve_bid(deal, bid, None, rules=make_rules())]
    assert ulti_json("solve", DEAL, "--bid", "ulti", "--json") == expected


def test_r29_a_trump_bid_without_trump_is_solved_for_bells_leaves_acorns(ulti_json):
    objects = ulti_json("solve", DEAL, "--bid", "ulti", "--json")
    assert [o["trump"] for o in objects] == ["bells", "leaves", "acorns"]
    assert all(set(o["components"]) == {"party", "ulti"} for o in objects)  # R22


def test_r28_trump_hearts_makes_the_bid_red(ulti_json):
    [data] = ulti_json("solve", DEAL, "--bid", "ulti", "--trump", "piros", "--json")
    assert data["trump"] == "hearts" and data["bid"] == "red ulti"


def test_betli_has_no_trump_and_no_points(ulti_json):
    [data] = ulti_json("solve", DEAL, "--bid", "betli", "--json")
    assert data["trump"] is None and data["declarer_points"] is None
    assert set(data["components"]) == {"betli"}


def test_r16_rulebook_changes_the_answer(ulti_json):
    default = ulti_json("solve", TALON_TEN_DEAL, "--bid", "party", "--trump", "acorns", "--json")[0]
    tournament = ulti_json(
        "solve", TALON_TEN_DEAL, "--bid", "party", "--trump", "acorns", "--rules", "tournament", "--json"
    )[0]
    assert default["joint"]["makeable"] is False and tournament["joint"]["makeable"] is True
    assert tournament["declarer_points"] == default["declarer_points"] + 10
    assert tournament["rules"] == {"book": "tournament", "variants": ["talon-to-declarer"], "table": "tournament"}
    variant = ulti_json(
        "solve", TALON_TEN_DEAL, "--bid", "party", "--trump", "acorns", "--variant", "talon-to-declarer", "--json"
    )[0]
    assert variant["joint"] == tournament["joint"]


def test_silent_adds_the_silent_achievements(ulti_json):
    [data] = ulti_json("solve", DEAL, "--bid", "party", "--trump", "leaves", "--silent", "--json")
    assert {"declarer-100", "defenders-100", "durchmars"} <= set(data["silent"])


def test_solve_human_output_shows_hands_and_answers(ulti):
    result = ulti("solve", DEAL, "--bid", "40-100 ulti", "--trump", "leaves")
    assert result.exit_code == 0
    out = result.stdout
    for text in (
        "declarer",
        "seat 1",
        "seat 2",
        "talon",
        "hearts",
        "acorns",
        "leaves",
        "40-100",
        "ulti",
        "whole bid",
        "declarer points",
        "ultiblog",
    ):
        assert text in out
    # The declarer lacks the leaves king: lost before play (R17).
    assert "R17" in out and "R19" in out
    rows = [line.split() for line in out.splitlines()]
    assert ["40-100", "no"] in rows and ["ulti", "no"] in rows
    assert ["declarer", "points", "20"] in rows


def test_solve_accepts_the_deal_split_in_words_and_a_void_hand_unquoted(ulti, ulti_json):
    words = DEAL.split()
    joined = ulti_json("solve", *words, "--bid", "party", "--trump", "bells", "--json")
    assert joined == ulti_json("solve", DEAL, "--bid", "party", "--trump", "bells", "--json")
    # A hand starting with '-' (void in hearts) is a hand, not an option.
    void = "-.TKOU8.TO8.U9 8.A97.A97.ATO ATKOU97.-.K.K7 -.-.U.8"
    assert ulti("solve", *void.split(), "--bid", "betli").exit_code == 0


def test_solve_reads_the_deal_from_stdin(ulti_json):
    assert ulti_json("solve", "-", "--bid", "betli", "--json", input=DEAL + "\n")[0]["deal"] == DEAL


def test_a_deal_without_talon_gets_the_missing_cards_as_talon(ulti_json):
    [data] = ulti_json("solve", " ".join(DEAL.split()[:3]), "--bid", "betli", "--json")
    assert data["deal"] == DEAL


@pytest.mark.parametrize(
    "args, words",
    [
        ([DEAL.replace("K7 ", "K8 "), "--bid", "party"], ["deal", "8"]),
        (["A97.TK8.O8.U9 8.A97.A97.AT TKOU.OU.TK.K7", "--bid", "party"], ["seat 1", "9 cards"]),
        ([DEAL, "--bid", "party ultii"], ["ultii"]),
        ([DEAL, "--bid", "40-100 20-100"], ["40-100", "20-100"]),
        ([DEAL, "--bid", "ulti", "--trump", "spades"], ["spades"]),
        ([DEAL, "--bid", "betli", "--trump", "leaves"], ["betli", "trump"]),
        ([DEAL, "--bid", "party", "--variant", "no-such"], ["no-such", "free-seven"]),
        ([DEAL, "--bid", "party", "--rules", "no-such"], ["no-such", "tournament"]),
        ([BEFORE_DISCARD, "--bid", "party"], ["12 cards", "discards"]),
        ([DEAL], ["--bid"]),
        ([DEAL, "--bid", "party", "--trum", "leaves"], ["--trum"]),
    ],
)
def test_bad_input_exits_2_with_one_line(args, words, bad_input, ulti):
    bad_input(ulti("solve", *args), *words)


def test_an_internal_error_exits_1_without_traceback(monkeypatch, ulti):
    def broken(*args, **kwargs):
        raise RuntimeError("core exploded")

    monkeypatch.setattr(solve_command, "solve", broken)
    monkeypatch.delenv("ULTI_DEBUG", raising=False)
    result = ulti("solve", DEAL, "--bid", "party")
    assert result.exit_code == 1
    assert "internal error" in result.stderr and "core exploded" in result.stderr
    assert "Traceback" not in result.stderr


# -- batch --------------------------------------------------------------------------

MIXED = f"""\
# comment line 1

{DEAL}
{DEAL} | betli
   # an indented comment
{DEAL} | 40-100 ulti | acorns
{DEAL} | red party
"""


def test_batch_output_is_in_input_order_with_file_line_numbers(tmp_path, ulti_json):
    objects = ulti_json("batch", write(tmp_path, MIXED), "--bid", "ulti", "--trump", "leaves", "--json", "-j", "1")
    assert [(o["line"], o["bid"], o["trump"]) for o in objects] == [
        (3, "ulti", "leaves"),  # --bid and --trump
        (4, "betli", None),  # --trump ignored: betli has no trump
        (6, "40-100 ulti", "acorns"),  # the line's own bid and trump
        (7, "red party", "hearts"),  # red names hearts itself (R28)
    ]
    assert all(INTERFACE_FIELDS <= set(o) for o in objects)


def test_batch_without_trump_solves_every_non_red_trump(tmp_path, ulti_json):
    objects = ulti_json("batch", write(tmp_path, DEAL + "\n"), "--bid", "party", "--json", "-j", "1")
    assert [o["trump"] for o in objects] == ["bells", "leaves", "acorns"]


def test_batch_bad_line_is_reported_and_the_rest_still_print(tmp_path, ulti_json):
    text = f"{DEAL} | party | bells\n\n{DEAL} | ulti 40-100 20-100\n# x\n{DEAL} | betli\n"
    objects = ulti_json("batch", write(tmp_path, text), "--json", "-j", "1", exit_code=2)
    assert objects[0]["line"] == 1 and objects[0]["trump"] == "bells"
    assert set(objects[1]) == {"line", "error"} and objects[1]["line"] == 3
    assert "40-100" in objects[1]["error"]
    assert objects[2]["line"] == 5 and objects[2]["bid"] == "betli"


def test_batch_human_mode_reports_bad_lines_on_stderr(tmp_path, ulti):
    text = f"{DEAL} | betli\n{DEAL} | betli | leaves\nnot a deal | party\n"
    result = ulti("batch", write(tmp_path, text), "-j", "1")
    assert result.exit_code == 2
    assert "line 2:" in result.stderr and "line 3:" in result.stderr
    assert "drop 'leaves' from the line" in result.stderr  # the line's trump, not --trump
    rows = result.stdout.splitlines()
    assert rows[0].split()[:2] == ["line", "deal"]
    assert len(rows) == 3 and rows[1].split() == ["1", *DEAL.split()]  # the line's deal, then its game below it
    assert rows[2].split()[:3] == ["betli", "no", "trump"]
    assert "Solved 1 deal (1 game with" in result.stderr and "2 bad lines: 2, 3" in result.stderr


def test_batch_without_any_bid_is_a_bad_line(tmp_path, ulti_json):
    """No --bid and no '| BID' on the line: that line is bad, and the message says both ways out."""
    [bad] = ulti_json("batch", write(tmp_path, f"# no bid anywhere\n{DEAL}\n"), "--json", "-j", "1", exit_code=2)
    assert set(bad) == {"line", "error"} and bad["line"] == 2
    assert bad["error"].startswith("no bid")
    assert "DEAL | BID" in bad["error"] and "--bid" in bad["error"]


def test_batch_reads_stdin(tmp_path, ulti_json):
    objects = ulti_json("batch", "-", "--bid", "betli", "--json", "-j", "1", input=MIXED)
    assert [o["line"] for o in objects] == [3, 4, 6, 7]


def test_batch_csv_has_a_header_and_one_row_per_deal_and_trump(tmp_path, ulti):
    result = ulti("batch", write(tmp_path, MIXED), "--bid", "ulti", "--csv", "-j", "1")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0])[:4] == ["line", "deal", "bid", "trump"]
    assert {"joint", "declarer_points", "ulti", "betli", "error"} <= set(rows[0])
    assert [(r["line"], r["trump"]) for r in rows] == [
        ("3", "bells"),
        ("3", "leaves"),
        ("3", "acorns"),
        ("4", ""),
        ("6", "acorns"),
        ("7", "hearts"),
    ]
    assert rows[3]["betli"] in ("true", "false") and rows[3]["ulti"] == ""


def test_batch_with_two_workers_matches_one(tmp_path, ulti):
    lines = [f"{DEAL} | {bid}" for bid in ("party", "betli", "ulti", "durchmars", "40-100", "four-aces")] * 3
    path = write(tmp_path, "\n".join(lines) + "\nbad line\n")
    one = ulti("batch", path, "--json", "-j", "1")
    two = ulti("batch", path, "--json", "-j", "2")
    assert one.exit_code == two.exit_code == 2
    assert two.stdout == one.stdout
    assert json.loads(two.stdout.splitlines()[-1]) == {
        "line": 19,
        "error": json.loads(one.stdout.splitlines()[-1])["error"],
    }


def test_batch_rejects_json_with_csv_and_a_missing_file(tmp_path, bad_input, ulti):
    bad_input(ulti("batch", write(tmp_path, MIXED), "--json", "--csv"), "--json", "--csv")
    bad_input(ulti("batch", str(tmp_path / "missing.txt"), "--bid", "party"), "missing.txt")
    bad_input(ulti("batch", write(tmp_path, MIXED), "--bid", "nonsense"), "nonsense")


def test_batch_quiet_prints_no_summary(tmp_path, ulti):
    result = ulti("batch", write(tmp_path, MIXED), "--bid", "betli", "--quiet", "-j", "1")
    assert result.exit_code == 0 and result.stderr == ""


# -- discards -----------------------------------------------------------------------


def test_discards_solves_66_discards_per_trump_best_first(ulti_json):
    objects = ulti_json("discards", BEFORE_DISCARD, "--bid", "40-100 ulti", "--json", "-j", "1")
    assert len(objects) == 3 * 66
    for trump in ("bells", "leaves", "acorns"):
        pairs = [tuple(o["discard"]) for o in objects if o["trump"] == trump]
        assert len(pairs) == len(set(pairs)) == 66
    keys = [
        (o["joint"]["makeable"], sum(c["makeable"] for c in o["components"].values()), o["declarer_points"])
        for o in objects
    ]
    assert keys == sorted(keys, reverse=True)
    assert objects[0]["discard"] == ["HK", "BK"] and objects[0]["trump"] == "leaves"
    assert INTERFACE_FIELDS <= set(objects[0])


def test_discards_marks_talon_points_and_broken_marriages(ulti_json):
    objects = ulti_json(
        "discards", *BEFORE_DISCARD.split(), "--bid", "40-100", "--trump", "leaves", "--json", "-j", "1"
    )
    assert len(objects) == 66
    by_discard = {tuple(o["discard"]): o for o in objects}
    assert by_discard[("LA", "L8")]["ace_or_ten_in_talon"] is True  # R16
    assert by_discard[("LA", "L8")]["talon_points"] == 10
    assert by_discard[("LK", "L8")]["breaks_marriage"] is True  # R17
    assert by_discard[("LK", "L8")]["components"]["40-100"]["makeable"] is False
    assert by_discard[("B9", "B7")]["breaks_marriage"] is False
    assert by_discard[("B9", "B7")]["ace_or_ten_in_talon"] is False
    # The deal reported is the one after the discard.
    assert by_discard[("B9", "B7")]["deal"] == "K.K.AKO87.AO9 TU8.AU8.U9.T8 AO97.TO.T.KU7 -.97.-.-"


def table_rows(out):
    """The numbered rows of a discards table."""
    return [line.split() for line in out.splitlines() if line.startswith(" ") and line.split()[0].isdigit()]


def test_discards_table_top_n_and_marks(ulti):
    result = ulti("discards", BEFORE_DISCARD, "--bid", "40-100", "--trump", "leaves", "--top", "66", "-j", "1")
    assert result.exit_code == 0
    rows = table_rows(result.stdout)
    assert [int(r[0]) for r in rows] == list(range(1, 67))
    assert any("R16" in line for line in result.stdout.splitlines())
    assert any("R17" in line for line in result.stdout.splitlines())
    top = ulti("discards", BEFORE_DISCARD, "--bid", "40-100", "--trump", "leaves", "--top", "3", "-j", "1")
    assert "the best 3 of 66" in top.stdout
    assert len(table_rows(top.stdout)) == 3


def test_discards_reads_a_played_deal_as_picking_up_the_talon(ulti_json):
    objects = ulti_json("discards", DEAL, "--bid", "betli", "--json", "-j", "1")
    assert len(objects) == 66
    assert any(parse_deal(o["deal"]) == parse_deal(DEAL) for o in objects)  # discarding the real talon


@pytest.mark.parametrize(
    "args, words",
    [
        (["A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.7", "--bid", "party"], ["deal"]),
        ([BEFORE_DISCARD, "--bid", "betli", "--trump", "bells"], ["betli"]),
        ([BEFORE_DISCARD, "--bid", "party", "--rules", "none"], ["none", "ultiblog"]),
    ],
)
def test_discards_bad_input_exits_2(args, words, bad_input, ulti):
    bad_input(ulti("discards", *args, "-j", "1"), *words)


# -- rules --------------------------------------------------------------------------


def test_rules_lists_every_rulebook_and_variant_in_words(ulti):
    result = ulti("rules")
    assert result.exit_code == 0
    for name in (
        "ultiblog",
        "tournament",
        "classic",
        "rablo",
        "durchmars-ten-high",
        "free-seven",
        "talon-to-declarer",
        "marriage-needs-trick",
        "R3",
        "R12",
        "R15",
        "R16",
    ):
        assert name in result.stdout
    data = json.loads(ulti("rules", "--json").stdout)
    assert data["rulebooks"]["tournament"]["variants"] == ["talon-to-declarer"]
    assert data["variants"]["free-seven"]["rule"] == "R12"


# -- the shipped examples ---------------------------------------------------------------


def test_example_files_hold_valid_deals(ulti_json):
    assert not parse_deal((EXAMPLES / "deal.txt").read_text()).before_discard
    assert parse_deal((EXAMPLES / "discard.txt").read_text()).before_discard
    objects = ulti_json("batch", str(EXAMPLES / "batch.txt"), "--bid", "party", "--json", "-j", "1")
    assert len({o["line"] for o in objects}) == 11


def test_example_bad_lines_fail_where_their_comments_say(ulti_json):
    path = EXAMPLES / "bad-lines.txt"
    announced = {
        int(line.split()[2].rstrip(":")) for line in path.read_text().splitlines() if line.startswith("# line ")
    }
    objects = ulti_json("batch", str(path), "--bid", "party", "--json", "-j", "1", exit_code=2)
    failed = {o["line"] for o in objects if "error" in o}
    assert failed == announced and len(announced) == 8


def test_the_command_list_summaries_are_each_command_s_own_first_line(ulti):
    """``ulti --help`` lists the commands without importing them (cli/app.py SUMMARIES)."""
    from importlib import import_module

    for name, module in cli_app.COMMANDS.items():
        command = import_module(f"ulti_solver.cli.{module}").command
        assert cli_app.SUMMARIES[name] == command.help.strip().splitlines()[0], name
    assert "Rank every bid" in ulti("--help").stdout


# -- the notation the tables print, read back --------------------------------------------------


def test_play_reads_the_cards_as_the_tables_print_them(ulti_json):
    letters = ulti_json("solve", DEAL, "--bid", "party", "--trump", "bells", "--play", "BT BA BU", "--json")
    symbols = ulti_json("solve", DEAL, "--bid", "party", "--trump", "bells", "--play", "♦T ♦A ♦U", "--json")
    assert symbols == letters and symbols[0]["play"] == ["BT", "BA", "BU"]


def test_trump_and_void_take_the_suit_symbol(ulti, ulti_json):
    assert ulti_json("solve", DEAL, "--bid", "party", "--trump", "♠", "--json")[0]["trump"] == "leaves"
    args = ["A97.TK8.O8.U9", "--talon", "♠U,♣8", "--void", "1:♥", "--bid", "party", "--trump", "♦"]
    assert ulti("simulate", *args, "--samples", "2", "--quiet").exit_code == 0


def test_an_error_names_the_card_as_the_tables_do(ulti, bad_input):
    result = ulti("solve", DEAL, "--bid", "party", "--trump", "bells", "--play", "BT BA LK")
    bad_input(result, "card 3 (♠K, trick 1)", "follow suit with ♦O ♦U (R9)")
    result = ulti("solve", DEAL.replace("-.-.U.8", "-.-.U.7"), "--bid", "party")
    bad_input(result, "card ♣7 is in both seat 2's hand and the talon")


def test_an_error_falls_back_to_letters_where_stderr_cannot_show_the_symbols(ulti_process):
    args = ["solve", DEAL, "--bid", "party", "--trump", "bells", "--play", "BT BA LK"]
    done = ulti_process(*args, env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 2
    assert "card 3 (LK, trick 1): seat 2 may not play it: it must follow suit with BO BU (R9)" in done.stderr


# -- commands: suggestions and completion ---------------------------------------------------------


@pytest.mark.parametrize("typed, meant", [("solv", "solve"), ("anlyse", "analyse"), ("sim", "simulate")])
def test_a_mistyped_command_gets_a_did_you_mean(typed, meant, bad_input, ulti):
    bad_input(ulti(typed, DEAL), f"No such command '{typed}'; did you mean '{meant}'?")


@pytest.fixture
def complete(ulti_process):
    """``complete(WORDS, INDEX)``: what bash completion offers for word INDEX of WORDS."""

    def offered(words: str, index: int) -> str:
        done = ulti_process(env={"_ULTI_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(index)})
        assert done.returncode == 0, done.stderr
        return done.stdout

    return offered


def test_shell_completion_works_through_the_lazy_command_group(complete, ulti_process):
    assert "plain,solve" in complete("ulti so", 1).splitlines()
    assert "plain,example" in complete("ulti ex", 1).splitlines()
    assert "plain,--trump" in complete("ulti solve --tr", 2).splitlines()  # the command is imported to complete it
    script = ulti_process(env={"_ULTI_COMPLETE": "bash_source"}).stdout
    assert "_ulti_completion" in script


def test_the_readme_and_the_help_tell_how_to_switch_completion_on(ulti):
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert 'eval "$(_ULTI_COMPLETE=bash_source ulti)"' in readme
    assert "_ULTI_COMPLETE=bash_source ulti" in ulti("--help").stdout
