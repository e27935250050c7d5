"""Hypothesis strategies for deals, games and positions that shrink to a small failing case.

A deal is drawn as a permutation of the 32 cards (it shrinks toward the
sorted deck), a position as the choice among the legal cards at each
turn (it shrinks toward always playing the lowest legal card), so a
failure is reported as a short, readable play from a simple deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

from hypothesis import strategies as st

from ulti_solver.bids import HEARTS, NON_RED_TRUMPS, Bid, parse_bid
from ulti_solver.cards import card_name, cards_of, hand_of
from ulti_solver.deal import Deal
from ulti_solver.kontra import MAX_LEVEL, NO_KONTRA, Kontra, individual
from ulti_solver.play import PlayRules
from ulti_solver.position import Position, start_of_play
from ulti_solver.variants import RULEBOOKS, VALUE_TABLES, VARIANTS, Rules, make_rules

TRUMP_BIDS = [
    "party",
    "ulti",
    "40-100",
    "20-100",
    "four-aces",
    "durchmars",
    "40-100 ulti",
    "20-100 ulti four-aces",
    "ulti durchmars",
    "four-aces ulti",
    "40-100 four-aces durchmars",
    "red party",
    "red 40-100 ulti",
    "open durchmars",
    "20-100 open durchmars",
]
NO_TRUMP_BIDS = ["betli", "colorless durchmars", "red betli", "open colorless durchmars"]
ALL_RULES = [make_rules(book) for book in RULEBOOKS] + [make_rules(variants=[v]) for v in VARIANTS]


def deal_from_order(order) -> Deal:
    return Deal((hand_of(order[0:10]), hand_of(order[10:20]), hand_of(order[20:30])), hand_of(order[30:32]))


deals = st.permutations(list(range(32))).map(deal_from_order)
bids = st.sampled_from(TRUMP_BIDS + NO_TRUMP_BIDS).map(parse_bid)
rules = st.builds(
    lambda r, t: make_rules(r.book, r.switches, t), st.sampled_from(ALL_RULES), st.sampled_from(VALUE_TABLES)
)


@dataclass(frozen=True)
class Case:
    """A deal, a bid and trump, the rules, and a position of its play, all drawn together."""

    deal: Deal
    bid: Bid
    trump: Optional[int]
    rules: Rules
    position: Position
    played: Tuple[int, ...]
    kontra: Kontra = NO_KONTRA

    @property
    def play(self) -> PlayRules:
        return PlayRules.for_game(self.bid, self.trump, rules=self.rules)

    def __repr__(self) -> str:  # what hypothesis prints for a failing case
        return (
            f"Case(deal={str(self.deal)!r}, bid={str(self.bid)!r}, trump={self.trump}, rules={self.rules}, "
            f"played={' '.join(card_name(c) for c in self.played)!r}"
            + (f", kontra={self.kontra.as_json()}" if self.kontra else "")
            + ")"
        )


def trump_for(bid: Bid, pick: int) -> Optional[int]:
    if not bid.has_trump:
        return None
    return HEARTS if bid.red else NON_RED_TRUMPS[pick % 3]


@st.composite
def kontras(draw, bid: Bid, the_rules: Rules) -> Kontra:
    """Levels 0-4 for each component of ``bid`` (R36): one for both defenders where the kontra
    is joint, one each where it is individual (R37).  Shrinks toward no kontra."""
    levels = []
    for component in bid.ordered_components():
        if individual(bid, component, rules=the_rules):
            pair = (draw(st.integers(0, MAX_LEVEL)), draw(st.integers(0, MAX_LEVEL)))
        else:
            level = draw(st.integers(0, MAX_LEVEL))
            pair = (level, level)
        if any(pair):
            levels.append((str(component), pair))
    alone = tuple(str(c) for c in bid.ordered_components() if individual(bid, c, rules=the_rules))
    return Kontra(tuple(levels), alone)


@st.composite
def cases(draw, cards_left=st.integers(3, 12), bid_strategy=bids, rules_strategy=rules, biased=False, kontra=False):
    """A position with ``cards_left`` cards still to play (any number: it may end mid-trick).

    ``biased`` deals tilt toward the bid (the trump seven for ulti, aces for
    four aces, ...) so that made and failed components both occur; they are
    drawn from a seed and shrink less well than the uniform deals.  ``kontra``
    draws kontras on the bid's components too (R36-R38).
    """
    bid = draw(bid_strategy)
    trump = trump_for(bid, draw(st.integers(0, 2)))
    the_rules = draw(rules_strategy)
    deal = draw(biased_deals(bid, trump) if biased else deals)
    left = draw(cards_left)
    play = PlayRules.for_game(bid, trump, rules=the_rules)
    position = start_of_play(deal)
    played = []
    for _ in range(30 - left):
        legal = list(cards_of(position.legal(play)))
        card = legal[draw(st.integers(0, len(legal) - 1))]
        played.append(card)
        position = position.after(card, play)
    levels = draw(kontras(bid, the_rules)) if kontra else NO_KONTRA
    return Case(deal, bid, trump, the_rules, position, tuple(played), levels)


def biased_deals(bid: Bid, trump: Optional[int]):
    """Deals tilted toward the bid (ulti_solver.dealing.biased_deal), drawn from a seed."""
    import random

    from ulti_solver.dealing import biased_deal

    return st.integers(0, 2**32 - 1).map(lambda seed: biased_deal(random.Random(seed), bid, trump))
