"""One worlds protocol for bid, kontra, play and knowable analysis (R42).

Each question's worlds -- a hand before the discard, a seat's view, the union of views a
20-100 leaves open, deals given -- is counted, ranked and drawn the same way, and a
:class:`WorldSource` turns world indices into deals the same way for all of them.
"""

import pytest

from ulti_solver.analysis.bid_worlds import HandWorlds, hand_worlds
from ulti_solver.analysis.kontra_advice import worlds_for
from ulti_solver.bids import parse_bid
from ulti_solver.cards import BELLS, cards_of
from ulti_solver.deal import parse_deal, parse_hand
from ulti_solver.dealing import Constraints, sample_deal
from ulti_solver.knowledge import information_set
from ulti_solver.knowledge.source import GivenWorlds, Worlds, WorldSource, drawn
from ulti_solver.variants import make_rules

DEAL = parse_deal("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8")
RULES = make_rules()


def every_kind():
    """One set of worlds of each kind the questions ask about."""
    hand = parse_hand("8.A97.A97.ATO")
    return {
        "hand before the discard": HandWorlds(Constraints(parse_hand("T8.AT7.TO9.AU87"))),
        "a seat's view": information_set(DEAL, parse_bid("party"), BELLS, [], 1, rules=RULES),
        "a union of views": worlds_for(hand, 1, parse_bid("20-100"), BELLS, None, None, rules=RULES),
        "deals given": GivenWorlds(
            tuple(sample_deal(Constraints(parse_hand("T8.AT7.TO9.AU87")), 2, i) for i in range(3))
        ),
    }


@pytest.mark.parametrize("kind", list(every_kind()))
def test_r42_every_kind_of_worlds_follows_the_one_protocol(kind):
    worlds = every_kind()[kind]
    assert isinstance(worlds, Worlds)
    count = worlds.count()
    assert count >= 1
    drawn_source, exact_source = WorldSource(worlds, seed=7), WorldSource(worlds, exact=True)
    for index in range(4):
        assert drawn_source.deal(index) == worlds.world(7, index)  # the draw of (seed, index) alone
        rank = min(index * 997, count - 1)
        assert exact_source.deal(rank) == worlds.world_at(rank)  # exact: rank order


def test_r42_a_union_of_views_is_ranked_view_after_view_and_drawn_by_rank():
    hand = parse_hand("8.A97.A97.ATO")
    twenty = worlds_for(hand, 1, parse_bid("20-100"), BELLS, None, None, rules=RULES)
    first, second = twenty.sets
    assert twenty.world_at(first.count()) == second.world_at(0)
    assert twenty.world_at(first.count() - 1) == first.world_at(first.count() - 1)
    assert [twenty.world(3, i) for i in range(5)] == [drawn(twenty, 3, i) for i in range(5)]


def test_r42_deals_given_are_each_counted_once_when_exact():
    deals = tuple(sample_deal(Constraints(parse_hand("T8.AT7.TO9.AU87")), 1, i) for i in range(6))
    source = WorldSource(GivenWorlds(deals), exact=True)
    assert source.deals(range(6)) == list(deals)


def test_r42_the_bid_s_worlds_are_the_hand_s_through_the_protocol():
    constraints = Constraints(parse_hand("T8.AT7.TO9.AU87"))
    source = hand_worlds(constraints, 5)
    assert source.deals(range(3)) == [sample_deal(constraints, 5, i) for i in range(3)]
    pair = tuple(sorted(cards_of(constraints.hand))[:2])
    assert source.after(pair, [2]) == [sample_deal(constraints, 5, 2).discard(*pair)]
