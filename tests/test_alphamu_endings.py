"""Endings where R43's card is wrong: hand-checked ones, and the set found by search.

R43 credits the player with knowing, at each later card, which world he is
in.  In these endings that credit changes the card: the exact reference
(ulti_solver.alphamu.exact: one strategy for every world he cannot tell
apart) says another card is better, and αμ at its defaults must choose a
best card by it.  tests/data/fusion_endings.jsonl is the output of
benchmarks/fusion_endings.py: endings of three tricks, every world counted.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from ulti_solver.alphamu import Ending
from ulti_solver.alphamu.advice import SearchSpec
from ulti_solver.alphamu.exact import exact_values
from ulti_solver.alphamu.fronts import front_value
from ulti_solver.alphamu.search import AlphaMu
from ulti_solver.bids import parse_bid
from ulti_solver.cards import card_name, parse_card
from ulti_solver.deal import parse_deal
from ulti_solver.knowledge import information_set
from ulti_solver.position import parse_play
from ulti_solver.search import world_totals

FUSION = Path(__file__).parent / "data" / "fusion_endings.jsonl"
#: The issue's bar: alphamu finds a best card in at least this share of the set.
BAR = 0.9


def _ending(deal, bid, trump, played, seat):
    info = information_set(parse_deal(deal), parse_bid(bid), trump, played=parse_play(played), seat=seat)
    return Ending.of(info, list(info.worlds()))


def _single_dummy(ending):
    """R43: each card's mean over the worlds of the double-dummy total after it, the player's way."""
    values = {}
    for card in ending.legal_cards():
        totals = world_totals(list(ending.worlds), ending.bid, ending.trump, played=[*ending.played, card])
        values[card] = Fraction(ending.sign * sum(totals), len(totals))
    return values


def _chosen(ending) -> int:
    """The card αμ at its defaults plays (the lowest of equals)."""
    fronts = AlphaMu(ending, SearchSpec().depth_for(ending.tricks_left)).card_fronts()
    values = {card: front_value(front, ending.world_weights()) for card, front in fronts.items()}
    top = max(values.values())
    return min(card for card, value in values.items() if value == top)


# -- hand-checked ------------------------------------------------------------------------------


def test_r43_a_guess_that_single_dummy_credits_the_declarer_with_winning():
    # A party in bells; the declarer has 50 points, and only the last trick's 10 are left, so the
    # game is the last trick.  He holds ♥K ♥U ♠O and leads the eighth trick; the defenders hold
    # ♥9 ♥8 ♥7, the ♠U (seat 2: seat 1 showed no leaves above the nine), the ♣9 and the only trump,
    # the bells under.  Ten worlds, as the under, the ♣9 and the hearts lie.
    ending = _ending(
        "AKU.T7.TO9.AT T87.OU8.K8.KO O9.K9.AU7.U97 -.A.-.8",
        "party",
        1,
        "HA HT HO AT AK A7 B7 B8 BK AU AA AO LT LK LA L7 L9 L8 BT BO B9",
        0,
    )
    heart, ober = parse_card("HU"), parse_card("LO")
    # The ♠O: where seat 1 holds the under (six worlds) he ruffs it and must then lead a heart
    # into the declarer's king and under: the last trick is the declarer's, six made.  Where seat
    # 2 holds it, the ober wins, but seat 2 ruffs the next heart and leads the last trick: lost.
    # After a heart the declarer must guess, next trick, where the under is; R43 guesses right in
    # every world and makes seven, but one strategy for all ten makes only four.
    r43 = _single_dummy(ending)
    assert (r43[heart], r43[ober]) == (Fraction(4, 5), Fraction(2, 5))  # 7 and 6 of 10 made, +-2 each
    exact = exact_values(ending)
    assert (exact[heart], exact[ober]) == (Fraction(-2, 5), Fraction(2, 5))  # 4 and 6 of 10
    assert _chosen(ending) == ober


def test_r43_a_defender_ruffs_low_when_the_high_ruff_leaves_him_a_guess():
    # A party in bells: the declarer leads the ♣8 to the eighth trick, seat 1 throws a heart, and
    # seat 2, with ♦K ♦7 ♠7 and no acorns, must ruff (R10).  Two of the ♦T ♦U ♦8 ♣A are with the
    # declarer, two in the talon: six worlds.  Ruffing with the king wins more where the declarer
    # holds the acorns ace -- if the defender then knows it; R43 says he does.
    ending = _ending(
        "OU.A8.K8.ATK8 T987.O.OU9.OU AK.K97.AT7.97 -.TU.-.-",
        "party",
        1,
        "HO HT HA A9 AK AU AT AO A7 LK L9 LT LA L8 LO HK HU H9 B9 BA BO A8 H7",
        2,
    )
    king, seven = parse_card("BK"), parse_card("B7")
    r43 = _single_dummy(ending)
    assert (r43[king], r43[seven]) == (4, 2)  # the declarer's total, minus: the defenders' way
    exact = exact_values(ending)
    assert (exact[king], exact[seven]) == (Fraction(4, 3), 2)
    assert _chosen(ending) == seven


# -- the set found by search -------------------------------------------------------------------


def _fusion_set():
    return [json.loads(line) for line in FUSION.read_text(encoding="utf-8").splitlines() if line.strip()]


def _check(item) -> bool:
    """The ending's stored values are right, R43's card loses, and whether αμ's card is best."""
    ending = _ending(item["deal"], item["bid"], item["trump"], item["played"], item["seat"])
    exact = exact_values(ending)
    assert {card_name(c): str(v) for c, v in exact.items()} == item["exact"]
    r43 = _single_dummy(ending)
    assert {card_name(c): str(v) for c, v in r43.items()} == item["single_dummy"]
    best, top = max(exact.values()), max(r43.values())
    assert all(exact[card] < best for card in r43 if r43[card] == top)
    return exact[_chosen(ending)] == best


def test_the_set_of_endings_where_r43_loses_is_at_least_a_hundred():
    assert len(_fusion_set()) >= 100


def _fewest_worlds(count: int):
    """The endings of the set with the fewest worlds: the quick ones, for the quick run."""
    return sorted(_fusion_set(), key=lambda item: (item["worlds"], item["seed"]))[:count]


@pytest.mark.parametrize("index", range(3))
def test_alphamu_finds_a_best_card_where_r43_loses(index):
    assert _check(_fewest_worlds(3)[index])


@pytest.mark.slow
def test_alphamu_finds_a_best_card_in_nine_of_ten_endings_where_r43_loses():
    found = [_check(item) for item in _fusion_set()]
    assert sum(found) >= BAR * len(found)
