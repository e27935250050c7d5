"""Options on the command line: an unknown option is named as one, never read as part of a deal
(nor a hand that starts with '-' as an option); an option given twice is refused; and
ULTI_SOLVER_IMPL, the one setting read from the environment, is checked as an option is.
"""

import json
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEAL = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"
#: A hand void in hearts written first: '-.' must read as a hand, not as an option.
VOID_IN_HEARTS = "-.TKOU8.TO8.U9 8.A97.A97.ATO ATKOU97.-.K.K7 -.-.U.8"


# -- unknown options, and hands that look like options --------------------------------------


@pytest.mark.parametrize("option", ["-j", "-x", "-q"])
def test_an_unknown_short_option_is_named_not_read_as_a_hand(option, ulti, bad_input):
    line = bad_input(ulti("solve", DEAL, "--bid", "party", option, "2"))
    assert f"'{option}'" in line and "option" in line.lower()
    assert "deal" not in line.lower()


def test_an_unknown_option_wins_over_a_missing_bid(ulti, bad_input):
    line = bad_input(ulti("solve", DEAL, "-q"))
    assert "'-q'" in line and "--bid" not in line


def test_a_hand_void_in_hearts_given_as_words_is_still_a_hand(ulti):
    result = ulti("solve", *VOID_IN_HEARTS.split(), "--bid", "betli", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["deal"] == VOID_IN_HEARTS


@pytest.mark.parametrize("command", ["play", "solve"])
def test_item19_an_option_after_double_dash_is_read_as_cards_and_said_so(command, ulti, bad_input):
    """After '--' every word is an argument: '--talon' there is not "no such option, did you mean '--talon'"."""
    cards = ["A97.TK8.O8.U9"] if command == "play" else DEAL.split()
    line = bad_input(ulti(command, *cards, "--bid", "party", "--trump", "bells", "--", "--talon", "x"))
    assert "'--talon' comes after '--'" in line and "not as an option" in line
    assert "Did you mean" not in line


def test_item19_a_mistyped_option_before_double_dash_still_gets_its_did_you_mean(ulti, bad_input):
    bad_input(ulti("solve", DEAL, "--bid", "party", "--trum", "bells"), "No such option '--trum'", "'--trump'")


# -- numbers that are not numbers (issue 31 item 20) --------------------------------------------


@pytest.mark.parametrize("seconds", ["nan", "NaN", "inf", "1e400"])
def test_item20_time_refuses_nan_and_infinity(seconds, ulti, bad_input):
    bad_input(ulti("bid", "--time", seconds, "A97.TK8.O8.U9.KO"), "'--time'", "not a finite number")


@pytest.mark.parametrize("seconds", ["-1", "-inf"])
def test_item20_time_refuses_a_negative_number(seconds, ulti, bad_input):
    bad_input(ulti("bid", "--time", seconds, "A97.TK8.O8.U9.KO"), "'--time'", "x>=0")


def test_item20_every_float_option_refuses_nan_and_infinity():
    """Every command's float options go through FiniteFloat: click's own float types take nan and inf."""
    import click

    from ulti_solver.cli import main
    from ulti_solver.cli.options import FiniteFloat

    ctx = click.Context(main)
    floats = [
        (name, param.name)
        for name in main.list_commands(ctx)
        for param in main.get_command(ctx, name).params
        if isinstance(param.type, (click.types.FloatParamType, click.FloatRange))
    ]
    assert floats, "no float option found: the check would check nothing"
    for name, option in floats:
        param = next(p for p in main.get_command(ctx, name).params if p.name == option)
        assert isinstance(param.type, FiniteFloat), f"ulti {name} {option}"


# -- options given twice -------------------------------------------------------------------------


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


# -- the implementation variable -----------------------------------------------------------------


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
