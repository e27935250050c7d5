"""Partition search (cext/table.pxi): entries that answer positions differing in where low cards lie.

A table entry of the core fixes the holders of only the cards its result
depended on, so positions that differ elsewhere find and use it.  Here
pairs of positions that differ in just that -- two unplayed cards of one
suit below the ober swapped between two seats, the same cards played --
are solved one after the other on one table, and every answer of both is
held to the reference search's (R9-R34), for both searches of the core:
the goal search (components, whole bid, points, silent achievements) and
the value search.
"""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from strategies import cases

from ulti_solver import search
from ulti_solver.bids import parse_bid
from ulti_solver.cards import LEAVES, card_rank, card_suit
from ulti_solver.deal import Deal, parse_deal
from ulti_solver.play import PlayRules
from ulti_solver.position import PlayError, parse_play, replay
from ulti_solver.scoring import Scoring
from ulti_solver.search.core import CoreGame
from ulti_solver.variants import make_rules

#: Cards below the ober: swapping them changes no marriage (R15).
LOW_RANKS = range(4)  # 7, 8, 9, unter


def answers(deal, case, position, impl):
    solution = search.solve(
        deal,
        case.bid,
        case.trump,
        rules=case.rules,
        position=position,
        silent=True,
        value=True,
        kontra=case.kontra,
        impl=impl,
    )
    return (solution.components, solution.joint, solution.declarer_points, solution.silent, solution.value_total)


def swapped(deal: Deal, seat_a: int, card_a: int, seat_b: int, card_b: int) -> Deal:
    hands = list(deal.hands)
    hands[seat_a] = hands[seat_a] & ~(1 << card_a) | (1 << card_b)
    hands[seat_b] = hands[seat_b] & ~(1 << card_b) | (1 << card_a)
    return Deal(tuple(hands), deal.talon)


@st.composite
def sibling_cases(draw):
    """A drawn position, and the same deal with two low cards of one suit swapped between two
    seats that still hold them, replayed with the same cards (the swap must keep them legal)."""
    case = draw(cases(cards_left=st.integers(4, 12)))
    held = [
        (seat, card)
        for seat in range(3)
        for card in range(32)
        if (case.position.hands[seat] >> card) & 1 and card_rank(card) in LOW_RANKS
    ]
    pairs = [(a, b) for a in held for b in held if a[0] < b[0] and card_suit(a[1]) == card_suit(b[1])]
    assume(pairs)
    (seat_a, card_a), (seat_b, card_b) = draw(st.sampled_from(pairs))
    other = swapped(case.deal, seat_a, card_a, seat_b, card_b)
    try:
        position = replay(other, case.play, case.played)
    except PlayError:  # a swapped card changes what R9-R11 allowed earlier
        assume(False)
    return case, other, position


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(sibling_cases())
def test_r9_to_r34_positions_differing_in_low_cards_each_get_their_own_answers(pair):
    case, other, position = pair
    first = answers(case.deal, case, case.position, "core")
    second = answers(other, case, position, "core")  # on the table the first left
    assert first == answers(case.deal, case, case.position, "reference"), case
    assert second == answers(other, case, position, "reference"), (case, other)


#: Six tricks into a party in leaves, and the same deal with the acorns 9 and 7 of seats 1 and
#: 2 swapped: in the four tricks left neither card can change anything, so the second position
#: is answered by the first one's entry for the whole game.  (Keyed on every holder, as the
#: table was before partition search, the two share no entry at the start.)
DEAL = "KO9.A9.T98.O8 AU7.K.KU7.K97 8.TU87.AO.ATU T.O.-.-"
SIBLING = "KO9.A9.T98.O8 AU7.K.KU7.KU7 8.TU87.AO.AT9 T.O.-.-"
PLAYED = "BA BK B8 B9 LK B7 HA H8 HO HU LO H9 AA A8 A7 LA L9 L7"


def test_r34_a_position_that_differs_only_in_low_cards_is_answered_from_the_table():
    bid = parse_bid("party")
    play = PlayRules.for_game(bid, LEAVES, rules=make_rules())
    games = []
    for text in (DEAL, SIBLING):
        deal = parse_deal(text)
        games.append(CoreGame(Scoring(deal, bid, LEAVES), replay(deal, play, parse_play(PLAYED))))
    search.forget_positions()
    first, second = (game.value_total() for game in games)
    assert games[0].search.nodes > 1 and games[1].search.nodes == 1
    for game, value in zip(games, (first, second)):
        reference = search.value_total(game.scoring.deal, bid, LEAVES, position=game.position, impl="reference")
        assert value == reference
