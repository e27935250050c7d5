"""The Cython core against the reference search: every answer, at every kind of position.

Positions are drawn by hypothesis (tests/strategies.py) so that a
disagreement shrinks to a short play from a simple deal.  Every answer
must agree: each component, the whole bid (R24), the declarer's points,
the silent achievements (R25-R27) and the value (R34), under every
rulebook, variant and value table, at trick boundaries and in the middle
of a trick.  The long cases (more tricks left, whole deals) are marked
``slow``; CI runs them.
"""

import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import cases

from ulti_solver import search
from ulti_solver.analysis.replay import card_values
from ulti_solver.bids import parse_bid
from ulti_solver.cards import ACORNS, BELLS, HEARTS, LEAVES
from ulti_solver.dealing import biased_deal, random_deal
from ulti_solver.search.core import legal_mask
from ulti_solver.variants import make_rules


def examples(count):
    """Hypothesis settings for searches that take their time: ``count`` cases, no deadline."""
    return settings(max_examples=count, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=False)


def test_core_is_built():
    """CI must test the product, not only the oracle: the extension has to import."""
    assert search.core_built(), "ulti_solver._core is missing: the Cython build failed"
    assert search.implementation() == "core"


def answers(solution):
    return (
        solution.components,
        solution.joint,
        solution.declarer_points,
        solution.silent,
        solution.value_total,
        solution.concede_total,
    )


def check_agree(case):
    game = (case.deal, case.bid, case.trump)
    core = search.solve(
        *game, rules=case.rules, position=case.position, silent=True, value=True, kontra=case.kontra, impl="core"
    )
    reference = search.solve(
        *game, rules=case.rules, position=case.position, silent=True, value=True, kontra=case.kontra, impl="reference"
    )
    assert answers(core) == answers(reference), case


@examples(150)
@given(cases(cards_left=st.integers(1, 9)))
def test_r9_to_r34_positions_agree(case):
    """Up to three tricks left, at a trick boundary or inside a trick."""
    check_agree(case)


@examples(150)
@given(cases(cards_left=st.integers(1, 9), biased=True))
def test_biased_positions_agree(case):
    """Deals tilted toward the bid, so that made and failed components both occur."""
    check_agree(case)


DURCHMARS_BIDS = st.sampled_from([parse_bid(text) for text in ("durchmars", "colorless durchmars", "ulti durchmars")])


@examples(150)
@given(cases(cards_left=st.integers(3, 15), bid_strategy=DURCHMARS_BIDS, biased=True))
def test_r21_durchmars_positions_agree(case):
    """Durchmars deals, where the core gives up as soon as a defender holds a card above
    all of the declarer's in one of his suits (settled.pxi, _declarer_must_lose_a_lead)."""
    check_agree(case)


@examples(150)
@given(cases(cards_left=st.integers(1, 9), kontra=True))
def test_r36_to_r39_kontra_positions_agree(case):
    """Kontras on every component, joint and individual, every level: the value under them (R39)."""
    check_agree(case)


@examples(100)
@given(cases(cards_left=st.integers(1, 9), biased=True, kontra=True))
def test_r38_biased_kontra_positions_agree(case):
    check_agree(case)


@examples(100)
@given(cases(cards_left=st.sampled_from([4, 5, 7, 8, 10, 11])))
def test_positions_after_one_and_two_cards_of_a_trick_agree(case):
    """The trick in progress holds one or two cards: its cards, points and winner still count."""
    assert len(case.position.trick) in (1, 2)
    check_agree(case)


@examples(80)
@given(cases(cards_left=st.integers(2, 8)))
def test_r34_card_values_agree(case):
    """The value after each legal card, as ``solve --cards`` reports it."""
    core = card_values(case.deal, case.bid, case.trump, rules=case.rules, position=case.position, impl="core")
    reference = card_values(case.deal, case.bid, case.trump, rules=case.rules, position=case.position, impl="reference")
    assert core == reference, case


@examples(400)
@given(cases(cards_left=st.integers(1, 30)))
def test_r9_to_r12_legal_moves_match_move_by_move(case):
    """Perft-style: the Python and Cython move generators agree on every drawn position."""
    if case.position.finished:
        return
    assert legal_mask(case.position, case.play) == case.position.legal(case.play), case


def test_threads_give_the_same_answers_as_one_thread():
    """Each thread searches with its own engine (table), so parallel solves do not interfere."""
    rng = random.Random(11)
    bid = parse_bid("40-100 ulti")
    games = [(random_deal(rng), rng.choice([BELLS, LEAVES, ACORNS])) for _ in range(40)]
    alone = [answers(search.solve(d, bid, t, value=True)) for d, t in games]
    results = [None, None]

    def work(slot, part):
        results[slot] = [answers(search.solve(d, bid, t, value=True)) for d, t in part]

    threads = [threading.Thread(target=work, args=(slot, games[slot::2])) for slot in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    together = [None] * len(games)
    together[0::2], together[1::2] = results[0], results[1]
    assert together == alone


# -- The long cases -------------------------------------------------------------------------


@pytest.mark.slow
@examples(120)
@given(cases(cards_left=st.integers(10, 15)))
def test_four_and_five_trick_positions_agree(case):
    check_agree(case)


@pytest.mark.slow
@examples(120)
@given(cases(cards_left=st.integers(10, 18), biased=True))
def test_biased_positions_up_to_six_tricks_agree(case):
    check_agree(case)


FULL_DEALS = [
    ("40-100 ulti", 1),
    ("40-100 ulti", 3),
    ("ulti", 3),
    ("ulti", 7),
    ("four-aces", 0),
    ("four-aces", 1),
    ("durchmars", 0),
    ("durchmars", 1),
    ("betli", 10),
    ("betli", 11),
    ("20-100", 7),
    ("20-100", 8),
    ("party", 1),
    ("party", 3),
]


def check_full_deal(bid_text, seed, rules, value=False, kontra=None):
    rng = random.Random(seed)
    bid = parse_bid(bid_text)
    trump = rng.choice([HEARTS, BELLS, LEAVES, ACORNS]) if bid.has_trump else None
    if trump == HEARTS:
        bid = parse_bid("red " + bid_text)
    deal = biased_deal(rng, bid, trump)
    core = search.solve(deal, bid, trump, rules=rules, silent=True, value=value, kontra=kontra, impl="core")
    reference = search.solve(deal, bid, trump, rules=rules, silent=True, value=value, kontra=kontra, impl="reference")
    assert answers(core) == answers(reference), (str(deal), str(bid), trump, str(rules), kontra)


@pytest.mark.slow
@pytest.mark.parametrize("bid, seed", FULL_DEALS)
def test_full_deals_agree(bid, seed):
    """Whole deals from the opening lead (seeds picked so the reference takes seconds)."""
    check_full_deal(bid, seed, make_rules())


@pytest.mark.slow
@pytest.mark.parametrize("book", ["tournament", "classic", "rablo"])
def test_full_deals_agree_under_each_rulebook(book):
    for bid_text, seed in [("ulti", 3), ("party", 3), ("durchmars", 0)]:
        check_full_deal(bid_text, seed, make_rules(book))


@pytest.mark.slow
@pytest.mark.parametrize(
    "bid, seed, table",
    [
        ("betli", 10, "classic"),
        ("durchmars", 0, "tournament"),
        ("40-100 ulti", 3, "classic"),
        ("20-100", 8, "tournament"),
    ],
)
def test_r34_full_deal_values_agree(bid, seed, table):
    """The value of whole deals, searched plainly by the reference."""
    check_full_deal(bid, seed, make_rules(table=table), value=True)


@pytest.mark.slow
@pytest.mark.parametrize("book", ["ultiblog", "tournament", "classic", "rablo"])
@pytest.mark.parametrize("table", ["classic", "tournament"])
def test_r34_full_deal_values_agree_under_every_rulebook_and_table(book, table):
    for bid_text, seed in [("ulti", 3), ("four-aces", 0)]:
        check_full_deal(bid_text, seed, make_rules(book, table=table), value=True)


@pytest.mark.slow
@pytest.mark.parametrize(
    "bid, seed, book, kontra",
    [
        ("ulti", 3, "ultiblog", "ulti=2"),
        ("ulti", 7, "tournament", "party=3"),
        ("40-100 ulti", 3, "ultiblog", "40-100, ulti=2"),
        ("four-aces", 0, "classic", "all=4"),
        ("betli", 10, "ultiblog", "1:betli=2, 2:betli"),
        ("durchmars", 0, "classic", "1:durchmars=3"),
        ("20-100", 8, "tournament", "20-100=hirschkontra"),
    ],
)
def test_r39_full_deal_values_under_kontra_agree(bid, seed, book, kontra):
    """Whole deals valued under joint and individual kontras (R36-R39), by both searches."""
    check_full_deal(bid, seed, make_rules(book), value=True, kontra=kontra)
