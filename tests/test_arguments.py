"""Wrong arguments to the public functions: an input error that names the argument, never a crash.

Each public function is called with every argument either good or drawn
from a pool of wrong values (other types, values out of range, other
library objects); only a result, an :class:`UltiInputError` or a
``TypeError`` may come out, never an AttributeError, IndexError or
KeyError from deep inside, and an argument error names its argument.
Values that have a type but no meaning (``samples <= 0``, ``top < 0``)
are refused by name too, not run.
"""

import inspect
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ulti_solver as api
from ulti_solver import UltiInputError
from ulti_solver.checks import ArgumentError
from ulti_solver.play import PlayRules

DEAL_TEXT = "A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8"
DEAL = api.parse_deal(DEAL_TEXT)
PARTY = api.parse_bid("party")
RULES = api.make_rules()
START = api.start_of_play(DEAL)
PLAY = PlayRules.for_game(PARTY, 1, rules=RULES)
#: 27 cards of a party in bells: one trick left, so a best line is quick.
LATE = "HA H8 HU H7 B7 HO B9 BU BK H9 BA HK L7 LK L8 HT B8 L9 BT LA BO LO AO LT A7 A9 AT"
LATE_POSITION = api.replay(DEAL, PLAY, api.parse_play(LATE))

#: Values of every wrong kind: other types, out of range, other library objects, near misses.
WRONG = [None, 0, -1, 4, 7, 2**70, -(2**70), 1.5, math.nan, True, False, "", " ", "xx", "12", b"party",
         [], [1, 2], [[1]], [None], (1, 2, 3), {}, {"a": 1}, object(), DEAL, PARTY, RULES, START, PLAY,
         "party", DEAL_TEXT, "bells", "HK,BK", ["HK", 5], [PARTY, 3]]  # fmt: skip


def arg(*good):
    """An argument: one of the good values, or any wrong one."""
    return st.one_of(st.sampled_from(good), st.sampled_from(WRONG))


CALLS = {
    "solve": (
        api.solve,
        [arg(DEAL, DEAL_TEXT), arg(PARTY, "party"), arg(1, "bells"), arg(RULES, None, "tournament")],
        {"position": arg(None, START, "BT BA"), "silent": arg(False, True), "value": arg(False, True),
         "kontra": arg(None, "party"), "impl": arg(None, "core")},
    ),
    "value": (
        api.value,
        [arg(DEAL, DEAL_TEXT), arg(PARTY, "ulti"), arg(2, "leaves"), arg(RULES, None)],
        {"position": arg(None, START), "impl": arg(None, "core")},
    ),
    "solve_bid": (api.solve_bid, [arg(DEAL, DEAL_TEXT), arg(PARTY, "party"), arg(None, 1, "bells"), arg(RULES)], {}),
    "settle": (
        api.settle,
        [arg(PARTY, "party", "40-100 ulti"), arg(1, "leaves"), arg("party", "-", ["party"], ()), arg("-", ())],
        {"table": arg(None, "classic", "tournament"), "kontra": arg(None, "party"), "rules": arg(RULES, None)},
    ),
    "best_bids": (
        api.best_bids,
        [arg(DEAL, DEAL_TEXT), arg(RULES, None)],
        {"top": arg(1, 3), "bids": arg(None, ["party"], [PARTY], "party"), "on_progress": arg(None, print)},
    ),
    "analyse_game": (
        api.analyse_game,
        [arg(DEAL, DEAL_TEXT), arg(PARTY, "party"), arg(1, "bells"), arg(["BT", "BA", "BU"], "BT BA BU", [])],
        {"rules": arg(RULES, None)},
    ),
    "card_values": (
        api.card_values,
        [arg(DEAL, DEAL_TEXT), arg(PARTY, "party"), arg(1, "bells"), arg(RULES, None), arg(START, "BT BA")],
        {},
    ),
    "best_line": (
        api.best_line,
        [arg(DEAL, DEAL_TEXT), arg(PARTY, "party"), arg(1, "bells"), arg(RULES, None), arg(LATE_POSITION, LATE)],
        {},
    ),
    "replay": (api.replay, [arg(DEAL, DEAL_TEXT), arg(PLAY), arg(["BT"], "BT BA", [])], {"start": arg(None, START)}),
    "start_of_play": (api.start_of_play, [arg(DEAL, DEAL_TEXT)], {}),
    "Constraints": (
        api.Constraints,
        [arg("A97.TK8.O8.U9"), arg("LU,A8", None), arg(0, "HK", None), arg(0, None), arg((), "1:hearts", ((1, 0),))],
        {},
    ),
    "simulate": (
        api.simulate,
        [arg(api.Constraints("A97.TK8.O8.U9", "LU,A8"), "A97.TK8.O8.U9 LU A8"), arg(2, 3)],
        {"bids": arg(["party"], "party"), "trump": arg(None, "bells"), "seed": arg(0, 5), "rules": arg(RULES, None),
         "jobs": arg(1), "cluster": arg(None), "on_progress": arg(None, print), "spread_after": arg(None, 0.5)},
    ),
    "parse_deal": (api.parse_deal, [arg(DEAL_TEXT)], {}),
    "parse_bid": (api.parse_bid, [arg("party")], {}),
    "parse_trump": (api.parse_trump, [arg("bells", None)], {}),
    "parse_play": (api.parse_play, [arg("BT BA")], {}),
    "parse_record": (api.parse_record, [arg(f"{DEAL_TEXT} | party | bells | BT BA")], {}),
    "make_rules": (api.make_rules, [arg(None, "tournament"), arg((), ["free-seven"]), arg(None, "classic")], {}),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(CALLS))
def test_wrong_arguments_raise_an_input_error_or_type_error(name):
    function, positional, keywords = CALLS[name]
    arguments = [*inspect.signature(function).parameters, "the bid", "the trump", "the play", "the hand", "the talon"]
    arguments += ["seat 1", "seat 2"]  # Constraints names its parts as a player says them

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(st.tuples(*positional), st.fixed_dictionaries(keywords))
    def call(args, kwargs):
        try:
            function(*args, **kwargs)
        except ArgumentError as exc:  # ours: it names the argument
            message = str(exc)
            assert "\n" not in message and len(message) < 400
            assert any(name in message for name in arguments), message
        except (UltiInputError, TypeError):
            pass

    call()


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: api.simulate(api.Constraints("A97.TK8.O8.U9", "LU,A8"), 0, bids="party"), ["samples", "from 1"]),
        (lambda: api.simulate(api.Constraints("A97.TK8.O8.U9", "LU,A8"), -3, bids="party"), ["samples", "-3"]),
        (lambda: api.simulate(api.Constraints("A97.TK8.O8.U9", "LU,A8"), 10**25, bids="party"), ["1,000,000"]),
        (lambda: api.simulate(api.Constraints("A97.TK8.O8.U9", "LU,A8"), 3, jobs=10**6), ["jobs", "per core"]),
        (lambda: api.best_bids(DEAL, top=-1), ["top", "at least 0"]),
        (lambda: api.best_bids(DEAL, top="3"), ["top", "whole number"]),
        (lambda: api.solve(DEAL, PARTY, None), ["trump", "bells, leaves or acorns"]),
        (lambda: api.solve(DEAL, api.parse_bid("betli"), 2), ["trump", "without trump"]),
        (lambda: api.solve(DEAL, PARTY, 7), ["trump", "0-3"]),
        (lambda: api.solve(5, PARTY, 1), ["deal", "not 5"]),
        (lambda: api.solve(DEAL, PARTY, 1, silent="yes"), ["silent", "True or False"]),
        (lambda: api.card_values(DEAL, PARTY, 1, rules=RULES, position=None), ["position"]),
        (lambda: api.settle(PARTY, 1, 5), ["made", "list of strings"]),
        (lambda: api.parse_bid(["party"]), ["bid", "string"]),
        (lambda: api.make_rules(None, None), ["variants"]),
    ],
)
def test_a_wrong_value_names_its_argument(call, words):
    """A value of the right type that means nothing (samples 0, top -1) is refused, not run, and a
    wrong type is named, not met by an AttributeError, IndexError or KeyError further in."""
    with pytest.raises(UltiInputError) as info:
        call()
    assert isinstance(info.value, TypeError) or not isinstance(info.value, ArgumentError)
    for word in words:
        assert word in str(info.value), str(info.value)


def test_a_position_of_another_deal_is_refused():
    other = api.parse_deal("8.A97.A97.ATO A97.TK8.O8.U9 TKOU.OU.TK.K7 -.-.U.8")
    with pytest.raises(ArgumentError, match="position holds cards that the deal does not give"):
        api.solve(other, PARTY, 1, position=START)
