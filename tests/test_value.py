"""The double-dummy value (R34) and the compiled settlement tables, on both searches.

The value is the minimax of S (R30-R33) over the game tree, not a sum of
separate answers; the core reads S off a table of every final outcome
(``pricing.final_values``), which must equal the settlement of that outcome.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import bids, rules

from ulti_solver import pricing
from ulti_solver.bids import parse_bid
from ulti_solver.cards import ACORNS, BELLS
from ulti_solver.deal import parse_deal
from ulti_solver.dealing import random_deal
from ulti_solver.play import PlayRules
from ulti_solver.position import parse_play, replay, start_of_play
from ulti_solver.pricing import FINALS, final_outcome
from ulti_solver.scoring import Scoring
from ulti_solver.search import solve
from ulti_solver.search.core import value_question
from ulti_solver.settlement import SettlementError, component_units, game_total, game_value

#: A 40-100 ulti in acorns, three tricks before the end (found by search, checked by both searches).
TWO_GOALS_DEAL = "K.-.A8.ATKOU87 AO8.KOU9.OU9.- U97.AT87.K7.9 T.-.T.-"
TWO_GOALS_PLAY = "A8 LO A9 B8 AA B9 AT HO H9 LA L9 L7 AK BO LK AU BK BA AO LU HU"


def test_r34_the_value_is_not_the_sum_of_each_component_s_best(impl):
    """R24, R34: the declarer (HK L8 A7) can make the 40-100 or the ulti, not both.

    He has 40 card points, the talon's 20 count for the defenders: 40-100
    needs 20 more (R17), which only the heart ace or the bells ten bring;
    winning them spends the tempo the trump seven needs in the last trick
    (R19).  So each component alone is makeable, and the sum of each one's
    best (+4 and +4) is 8, but one strategy gets only one of them: S = 4 - 4 = 0.
    """
    deal, bid = parse_deal(TWO_GOALS_DEAL), parse_bid("40-100 ulti")
    position = replay(deal, PlayRules.for_game(bid, ACORNS), parse_play(TWO_GOALS_PLAY))
    solution = solve(deal, bid, ACORNS, position=position, value=True, impl=impl)
    assert solution.components == {"40-100": True, "ulti": True}
    assert solution.joint is False
    each_best = sum(component_units(bid, c, "classic")[0] for c in solution.components)
    assert each_best == 8
    assert solution.value == 0


def test_r30_a_finished_game_is_worth_its_settlement(impl):
    """With all 30 cards played the value is the settlement of what happened."""
    rng = random.Random(5)
    deal, bid = random_deal(rng), parse_bid("party")
    play = PlayRules.for_game(bid, BELLS)
    position = start_of_play(deal)
    while not position.finished:
        position = position.after(min(position.legal(play).bit_length() - 1, 31), play)
    scoring = Scoring(deal, bid, BELLS)
    assert solve(deal, bid, BELLS, position=position, value=True, impl=impl).value == game_value(
        scoring, position.so_far
    )


def test_r32_the_table_prices_a_lost_bid(impl):
    """The declarer holds no side-suit king and ober: 20-100 is lost before play (R18),
    8 per defender in ``classic`` and 16 in ``tournament`` (R32).  His trump seven can still
    win the tenth trick (the ulti of the test above is makeable), a silent ulti worth +2
    in both tables (R26, R33): S = -6 and -14."""
    from ulti_solver.variants import make_rules

    deal, bid = parse_deal(TWO_GOALS_DEAL), parse_bid("20-100")
    position = replay(deal, PlayRules.for_game(bid, ACORNS), parse_play(TWO_GOALS_PLAY))
    values = [
        solve(deal, bid, ACORNS, rules=make_rules(table=t), position=position, value=True, impl=impl).value
        for t in ("classic", "tournament")
    ]
    assert values == [-6, -14]


@settings(max_examples=60, deadline=None)
@given(bid=bids, the_rules=rules, seed=st.integers(0, 2**32 - 1), pick=st.integers(0, 2))
def test_r30_to_r33_compiled_finals_equal_the_settlement(bid, the_rules, seed, pick):
    """Every one of the 240 final outcomes the core reads the total from is priced as the settlement prices it."""
    from strategies import trump_for

    trump = trump_for(bid, pick)
    scoring = Scoring(random_deal(random.Random(seed)), bid, trump, rules=the_rules)
    compiled = pricing.final_values(scoring)
    for facts, value in zip(FINALS, compiled):
        try:
            assert value == game_total(scoring, final_outcome(*facts)), facts
        except SettlementError:
            # Facts no game can end with: a defender's seven winning the tenth trick when the
            # declarer took every trick, and the like (R26, R27).  The core never reaches them.
            units, declarer_trick, defender_trick, all_aces, seven = facts
            assert seven and not (declarer_trick and defender_trick), facts


@pytest.mark.parametrize("past_units", [0, 4])
def test_r34_bounds_hold_every_final_value(past_units):
    """The core's per-class bounds contain S of every future that can follow (value.pxi)."""
    from ulti_solver import _core

    scoring = Scoring(random_deal(random.Random(3)), parse_bid("40-100 ulti"), BELLS)
    question = value_question(scoring)
    finals = pricing.final_values(scoring)
    past = _core.past_index(past_units, True, True, False)
    low, high = question.bounds(past, 10 - past_units, True)
    reachable = [
        finals[_core.final_index(past_units + k, True, True, aces, seven)]
        for k in range(10 - past_units)
        for aces in (False, True)
        for seven in range(3)
    ]
    assert low <= min(reachable) and max(reachable) <= high


@pytest.mark.parametrize(
    "bid, trump, units, aces",
    [
        ("party", BELLS, True, False),
        ("durchmars", BELLS, False, False),
        ("four-aces", BELLS, True, True),  # R22: four aces plays the party
        ("betli", None, False, False),
    ],
)
def test_r34_the_table_key_keeps_the_points_only_where_s_reads_them(bid, trump, units, aces):
    """value.pxi keys positions without the aces and tens when S reads neither (R30-R33)."""
    deal = parse_deal("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8")  # no ace in the talon
    question = value_question(Scoring(deal, parse_bid(bid), trump))
    assert (question.units_matter, question.aces_matter) == (units, aces)
