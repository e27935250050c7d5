"""The Cython core against the reference search, on random endgames and full deals.

Every answer must agree: each component, the whole bid (R24), the
declarer's points and the silent achievements (R25-R27), under every
rulebook and variant switch.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from ulti_solver import search as solver
from ulti_solver.bids import parse_bid
from ulti_solver.cards import ACORNS, BELLS, HEARTS, LEAVES
from ulti_solver.dealing import biased_deal, random_deal, random_position
from ulti_solver.variants import RULEBOOKS, VARIANTS, make_rules

TRUMP_BIDS = ["party", "ulti", "40-100", "20-100", "four-aces", "durchmars", "40-100 ulti",
              "20-100 ulti four-aces", "ulti durchmars", "four-aces ulti", "40-100 four-aces durchmars"]
NO_TRUMP_BIDS = ["betli", "colorless durchmars"]
RULES = [make_rules(book) for book in RULEBOOKS] + [make_rules(variants=[v]) for v in VARIANTS]


def test_core_is_built():
    """CI must test the product, not only the oracle: the extension has to import."""
    assert solver.core_built(), "ulti_solver._core is missing: the Cython build failed"
    assert solver.implementation() == "core"


def test_core_goal_flags_match_the_compiler():
    from ulti_solver import goals
    for name in ("G_ULTI", "G_ACES", "G_ALL_TRICKS", "G_NO_TRICKS", "G_SEVEN_NOT_LAST",
                 "G_SEVEN_BEATEN", "G_ONE_TRICK"):
        assert getattr(solver._core, name) == getattr(goals, name)


def answers(solution):
    return solution.components, solution.joint, solution.declarer_points, solution.silent


def check_agree(deal, bid, trump, rules, position=None):
    core = solver.solve(deal, bid, trump, rules, position=position, silent=True, impl="core")
    reference = solver.solve(deal, bid, trump, rules, position=position, silent=True, impl="reference")
    assert answers(core) == answers(reference), (str(deal), str(bid), trump, str(rules), position)


def check_endgame(seed, bid_text, tricks_left, rules, deal_maker):
    """Deal with ``deal_maker``, play random cards down to ``tricks_left`` tricks, compare."""
    rng = random.Random(seed)
    bid = parse_bid(bid_text)
    trump = rng.choice([HEARTS, BELLS, LEAVES, ACORNS]) if bid.has_trump else None
    deal = deal_maker(rng, bid, trump)
    check_agree(deal, bid, trump, rules, random_position(rng, deal, bid, trump, tricks_left, rules))


def uniform_deal(rng, bid, trump):
    return random_deal(rng)


ANY_BID = st.sampled_from(TRUMP_BIDS + NO_TRUMP_BIDS)
def examples(count):
    """Hypothesis settings for searches that take their time: ``count`` cases, no deadline."""
    return settings(max_examples=count, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@examples(300)
@given(seed=st.integers(0, 2**32 - 1), tricks_left=st.integers(2, 5), bid=ANY_BID,
       rules=st.sampled_from(RULES))
def test_random_endgames_agree(seed, tricks_left, bid, rules):
    check_endgame(seed, bid, tricks_left, rules, uniform_deal)


@examples(40)
@given(seed=st.integers(0, 2**32 - 1), bid=ANY_BID, rules=st.sampled_from(RULES))
def test_six_trick_endgames_agree(seed, bid, rules):
    check_endgame(seed, bid, 6, rules, uniform_deal)


@examples(300)
@given(seed=st.integers(0, 2**32 - 1), tricks_left=st.integers(2, 7), bid=ANY_BID,
       rules=st.sampled_from(RULES))
def test_biased_endgames_agree(seed, tricks_left, bid, rules):
    """Deals tilted toward the bid, so that made and failed components both occur."""
    check_endgame(seed, bid, tricks_left, rules, biased_deal)


FULL_DEALS = [("40-100 ulti", 1), ("40-100 ulti", 3), ("ulti", 3), ("ulti", 7), ("four-aces", 0),
              ("four-aces", 1), ("durchmars", 0), ("durchmars", 1), ("betli", 10), ("betli", 11),
              ("20-100", 7), ("20-100", 8), ("party", 1), ("party", 3)]


@pytest.mark.parametrize("bid, seed", FULL_DEALS)
def test_full_deals_agree(bid, seed):
    """Whole deals from the opening lead (seeds picked so the reference takes seconds)."""
    rng = random.Random(seed)
    bid = parse_bid(bid)
    trump = rng.choice([HEARTS, BELLS, LEAVES, ACORNS]) if bid.has_trump else None
    deal = biased_deal(rng, bid, trump)
    check_agree(deal, bid, trump, make_rules())


@pytest.mark.parametrize("book", ["tournament", "classic", "rablo"])
def test_full_deals_agree_under_each_rulebook(book):
    for bid_text, seed in [("ulti", 3), ("party", 3), ("durchmars", 0)]:
        rng = random.Random(seed)
        bid = parse_bid(bid_text)
        trump = rng.choice([HEARTS, BELLS, LEAVES, ACORNS])
        check_agree(biased_deal(rng, bid, trump), bid, trump, make_rules(book))
