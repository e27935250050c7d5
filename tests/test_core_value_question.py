"""The value question's classes of pasts and bounds per class (cext/value.pxi), against their definition.

The core groups pasts that give the same S in every future and bounds S
per class, units still out and trump seven out, to end a search early
(R34).  It works these out by rows and running extremes; here they are
worked out future by future, as the definition reads, for tables drawn at
random (few distinct values, so that many pasts fall together) and for
tables of real games.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import bids, rules

from ulti_solver import _core, pricing
from ulti_solver.dealing import random_deal
from ulti_solver.scoring import Scoring

PASTS = range(80)


def future(final, past, k, dec, dfn, aces, seven):
    """S once a future with these facts follows ``past`` (value.pxi's _future_value)."""
    units = min(9, (past >> 3) + k)
    dec, dfn = bool((past >> 2) & 1 or dec), bool((past >> 1) & 1 or dfn)
    return final[_core.final_index(units, dec, dfn, aces and not past & 1, seven)]


def row(final, past):
    return [
        future(final, past, k, dec, dfn, aces, seven)
        for k in range(10)
        for dec in (False, True)
        for dfn in (False, True)
        for aces in (False, True)
        for seven in range(3)
    ]


def expected_bounds(final, past, available, seven_out):
    """The least and most S of the futures that can follow with ``available`` units out:
    points come with tricks, and whoever takes no trick leaves every unit to the other."""
    values = [
        future(final, past, k, dec, dfn, aces, seven)
        for k in range(available + 1)
        for dec in (False, True)
        for dfn in (False, True)
        if (dec or dfn) and (dec or k == 0) and (dfn or k == available)
        for aces in (False, True)
        for seven in range(3 if seven_out else 1)
    ]
    return min(values), max(values)


def check_question(final):
    question = _core.ValueQuestion(final, 0, True)
    rows = {past: row(final, past) for past in PASTS}
    for past in PASTS:
        first = next(q for q in PASTS if rows[q] == rows[past])
        assert question.class_of(past) == first, past
        for available in range(11):
            for seven_out in (False, True):
                assert question.bounds(past, available, seven_out) == expected_bounds(
                    final, first, available, seven_out
                ), (past, available, seven_out)
    assert question.classes == len({question.class_of(p) for p in PASTS})


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(-3, 3), min_size=240, max_size=240))
def test_r34_classes_and_bounds_of_any_table_follow_their_definition(final):
    check_question(final)


@settings(max_examples=25, deadline=None)
@given(bid=bids, the_rules=rules, seed=st.integers(0, 2**32 - 1), pick=st.integers(0, 2))
def test_r34_classes_and_bounds_of_real_games_follow_their_definition(bid, the_rules, seed, pick):
    from strategies import trump_for

    scoring = Scoring(random_deal(random.Random(seed)), bid, trump_for(bid, pick), rules=the_rules)
    check_question(pricing.final_values(scoring))
