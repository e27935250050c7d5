"""Seeded random deals and endgames, for tests and benchmarks."""

from __future__ import annotations

import random
from typing import Optional

from .bids import Bid
from .cards import cards_of, hand_of
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
