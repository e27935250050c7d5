"""Seeded random deals and endgames, for tests and benchmarks."""

from __future__ import annotations

import random
from typing import Optional

from .bids import Bid
from .cards import ACE, KING, OBER, SEVEN, cards_of, hand_of, make_card
from .deal import Deal
from .reference import Game
from .rules import legal_moves
from .scoring import Outcome, Position
from .variants import DEFAULT_RULES, Rules


def random_deal(rng: random.Random) -> Deal:
    """A uniformly random 10/10/10 + 2 deal."""
    cards = list(range(32))
    rng.shuffle(cards)
    return Deal((hand_of(cards[0:10]), hand_of(cards[10:20]), hand_of(cards[20:30])), hand_of(cards[30:32]))


def random_position(rng: random.Random, deal: Deal, bid: Bid, trump: Optional[int],
                    tricks_left: int, rules: Rules = DEFAULT_RULES) -> Position:
    """Play random legal cards from the first lead until ``tricks_left`` tricks remain."""
    game = Game(deal, bid, trump, rules)
    hands = list(deal.hands)
    leader, summary = 0, Outcome()
    for _ in range(10 - tricks_left):
        trick = []
        for offset in range(3):
            seat = (leader + offset) % 3
            moves = list(cards_of(legal_moves(hands[seat], trick, game.play, seat == 0)))
            card = rng.choice(moves)
            hands[seat] &= ~(1 << card)
            trick.append(card)
        leader, summary = game._finish_trick(tuple(trick), leader, summary)
    return Position(tuple(hands), leader, summary)


def biased_deal(rng: random.Random, bid: Bid, trump: Optional[int]) -> Deal:
    """A random deal tilted toward ``bid``, so that both answers occur often.

    The declarer gets what the bid lives on -- the trump seven for ulti,
    the trump king and ober for 40-100, a plain marriage for 20-100, aces
    for four aces, top cards for durchmars, low cards for betli -- plus a
    few more trumps, and the rest of the hand drawn with high (or, for
    betli, low) ranks more likely.
    """
    components = bid.components
    wanted = set()
    if trump is not None:
        wanted.add(make_card(trump, SEVEN) if "ulti" in components else make_card(trump, ACE))
        strength = rng.randint(2, 5)
        wanted.update(make_card(trump, r) for r in rng.sample(range(8), strength))
        if "40-100" in components:
            wanted.update({make_card(trump, KING), make_card(trump, OBER)})
        if "20-100" in components:
            suit = rng.choice([s for s in range(4) if s != trump])
            wanted.update({make_card(suit, KING), make_card(suit, OBER)})
    if "four-aces" in components:
        wanted.update(rng.sample([make_card(s, ACE) for s in range(4)], rng.randint(3, 4)))
    if "durchmars" in components:
        wanted.update(make_card(s, ACE) for s in range(4) if rng.random() < 0.8)
    wanted = list(wanted)[:10]
    low = "betli" in components
    if low:
        wanted = []
    others = [c for c in range(32) if c not in wanted]
    weights = [(8 - (c & 7)) ** 2 if low else ((c & 7) + 1) ** 2 for c in others]
    while len(wanted) < 10:
        card = rng.choices(others, weights)[0]
        index = others.index(card)
        others.pop(index)
        weights.pop(index)
        wanted.append(card)
    rng.shuffle(others)
    return Deal((hand_of(wanted), hand_of(others[0:10]), hand_of(others[10:20])), hand_of(others[20:22]))
